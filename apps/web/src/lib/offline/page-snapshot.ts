/**
 * A picture of a page as it was last drawn on this device, so the installed app shows its figures the
 * moment it opens: app-start.js (src/app-start.js) paints it (inert and hidden from assistive technology) over the
 * app before the app's scripts run, and the app removes it once it has drawn the page itself.
 *
 * The picture is the page's markup (with the theme's variables, which the app draws inside its root)
 * and the <html> element's attributes (colour scheme, theme), kept in
 * the local cache (so logout drops it with the other caches) for one user, one build of the app (class
 * names and styles change between builds) and one path, for at most 7 days, like the page data kept in
 * IndexedDB: it shows nothing those do not show a moment later. Test ids are renamed in the picture so
 * a page never holds two elements with one test id.
 */
import { currentBuild } from './app-build.ts';
import { localCache, type LocalCache } from '../cache.ts';
import { pageSnapshotShown } from './painted-snapshot.ts';

export { PAGE_SNAPSHOT_ELEMENT_ID, pageSnapshotShown, revealApp } from './painted-snapshot.ts';

/** Where the picture is kept (app-start.js reads it as holeout-cache:page-snapshot, cache version 2). */
export const PAGE_SNAPSHOT_CACHE_KEY = 'page-snapshot';
/** As long as the page data kept in IndexedDB. */
export const PAGE_SNAPSHOT_TTL_MS = 7 * 86_400_000;
/** A page larger than this is not kept: localStorage holds about 5 MB for everything. */
export const PAGE_SNAPSHOT_MAX_CHARS = 500_000;

export interface PageSnapshot {
  uid: number;
  build: string;
  path: string;
  savedAt: number;
  html: string;
  /** The <html> element's attributes (colour scheme, theme, language, direction). */
  attrs: Record<string, string>;
}

export interface PageSnapshotDeps {
  doc?: Document;
  cache?: LocalCache;
  build?: string;
  now?: () => number;
}

/**
 * Writes into `copy` (a deep clone of `live`) what its fields show now: markup carries a field's
 * first value, while what the golfer sees (the chosen benchmark, a checked box) lives in the element.
 */
function copyFieldState(live: Element, copy: Element): void {
  const fields = 'input, textarea, select';
  const twins = copy.querySelectorAll(fields);
  live.querySelectorAll(fields).forEach((field, i) => {
    const twin = twins[i];
    if (!twin) return;
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') twin.toggleAttribute('checked', field.checked);
      else twin.setAttribute('value', field.value);
    } else if (field instanceof HTMLTextAreaElement) twin.textContent = field.value;
    else if (field instanceof HTMLSelectElement)
      twin.querySelectorAll('option').forEach((option, j) => option.toggleAttribute('selected', field.options[j]?.selected ?? false));
  });
}

/**
 * Removes from `copy` (a deep clone of `live`) what the next open cannot show: elements of the page
 * that start below the first screen at the top of the page (it opens scrolled to the top, and the
 * picture does not scroll), so it paints and lays out only the first screen. Fixed and sticky elements
 * stay wherever the page is scrolled now.
 */
function cutBelowTheFold(live: Element, copy: Element, view: Window): void {
  const fold = view.innerHeight;
  const cut = (from: Element, to: Element) => {
    const twins = [...to.children];
    [...from.children].forEach((child, i) => {
      const twin = twins[i];
      if (!twin) return;
      const box = child.getBoundingClientRect();
      const top = box.top + view.scrollY;
      if (top < fold && box.bottom + view.scrollY <= fold) return;
      const position = view.getComputedStyle(child).position;
      if (position === 'fixed' || position === 'sticky') return;
      if (top >= fold) twin.remove();
      else cut(child, twin);
    });
  };
  cut(live, copy);
}

/**
 * Keeps the app's page as it is drawn now, for user `uid` at `path`. Nothing is kept while a picture
 * is still painted over the app (it would be a picture of the loading state under it), when the app
 * has no root element, or when the page is too large. Returns whether it kept one.
 */
export function keepPageSnapshot(uid: number, path: string, deps: PageSnapshotDeps = {}): boolean {
  const doc = deps.doc ?? document;
  const cache = deps.cache ?? localCache;
  if (pageSnapshotShown(doc)) return false;
  const root = doc.getElementById('root');
  if (!root) return false;
  const picture = root.cloneNode(true) as HTMLElement;
  copyFieldState(root, picture);
  const view = doc.defaultView;
  if (view) cutBelowTheFold(root, picture, view);
  // What says how the page is now (offline since 14:32) would be wrong at the next open.
  picture.querySelectorAll('[data-snapshot-skip]').forEach((element) => element.remove());
  const html = picture.innerHTML.replace(/\sdata-testid="/g, ' data-snapshot-testid="');
  if (html.length > PAGE_SNAPSHOT_MAX_CHARS) return false;
  const snapshot: PageSnapshot = {
    uid,
    build: deps.build ?? currentBuild(),
    path,
    savedAt: (deps.now ?? Date.now)(),
    html,
    attrs: Object.fromEntries([...doc.documentElement.attributes].map((attribute) => [attribute.name, attribute.value])),
  };
  try {
    cache.set(PAGE_SNAPSHOT_CACHE_KEY, snapshot, PAGE_SNAPSHOT_TTL_MS);
    return true;
  } catch {
    // A full localStorage keeps no picture; the app opens as it would without one.
    return false;
  }
}

/**
 * Whether pictures are worth keeping here: only a browser that can run the app's service worker ever
 * paints one (app-start.js paints it only when the offline copy serves the page; the native shell and
 * tests without a worker never do).
 */
export function pageSnapshotsSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof localStorage !== 'undefined';
}
