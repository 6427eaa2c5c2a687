// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalCache } from '../cache.ts';
import {
  keepPageSnapshot,
  PAGE_SNAPSHOT_CACHE_KEY,
  PAGE_SNAPSHOT_ELEMENT_ID,
  PAGE_SNAPSHOT_MAX_CHARS,
  PAGE_SNAPSHOT_TTL_MS,
  pageSnapshotShown,
  revealApp,
  type PageSnapshot,
} from './page-snapshot.ts';

const NOW = 1_790_000_000_000;

function page(html: string): void {
  document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

function setup() {
  let clock = NOW;
  const cache = createLocalCache(
    () => localStorage,
    () => clock,
  );
  return { cache, deps: { cache, build: '/assets/index-abc.js', now: () => clock }, advance: (ms: number) => (clock += ms) };
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('keepPageSnapshot', () => {
  it('keeps the page for this user, build and path, with test ids renamed, without what says how it is now, and the root attributes', () => {
    const { cache, deps, advance } = setup();
    page(
      '<div role="status" data-snapshot-skip>Offline, shown as of 14:32</div><main><h1>Statistics</h1><div data-testid="sg-figures"><span data-testid="stat-value">-0.54</span></div></main>',
    );
    expect(keepPageSnapshot(7, '/home', deps)).toBe(true);
    const kept = cache.get<PageSnapshot>(PAGE_SNAPSHOT_CACHE_KEY);
    expect(kept).toMatchObject({ uid: 7, build: '/assets/index-abc.js', path: '/home', savedAt: NOW });
    expect(kept?.html).toBe(
      '<main><h1>Statistics</h1><div data-snapshot-testid="sg-figures"><span data-snapshot-testid="stat-value">-0.54</span></div></main>',
    );
    expect(kept?.html).not.toContain('data-testid');
    expect(kept?.attrs['data-mantine-color-scheme']).toBe('dark');
    // Kept as long as the page data, then gone.
    advance(PAGE_SNAPSHOT_TTL_MS + 1);
    expect(cache.get(PAGE_SNAPSHOT_CACHE_KEY)).toBeNull();
  });

  it('keeps nothing while a painted picture is still over the app, without a root, or for a page too large', () => {
    const { cache, deps } = setup();
    page('<p>loading</p>');
    const picture = document.createElement('div');
    picture.id = PAGE_SNAPSHOT_ELEMENT_ID;
    document.body.prepend(picture);
    expect(keepPageSnapshot(7, '/home', deps)).toBe(false);

    document.body.innerHTML = '<main>no root</main>';
    expect(keepPageSnapshot(7, '/home', deps)).toBe(false);

    page(`<p>${'x'.repeat(PAGE_SNAPSHOT_MAX_CHARS + 1)}</p>`);
    expect(keepPageSnapshot(7, '/home', deps)).toBe(false);
    expect(cache.get(PAGE_SNAPSHOT_CACHE_KEY)).toBeNull();
  });

  it('is dropped with the other cache entries (logout clears the cache)', () => {
    const { cache, deps } = setup();
    page('<p>figures</p>');
    keepPageSnapshot(7, '/home', deps);
    expect(localStorage.getItem(`holeout-cache:${PAGE_SNAPSHOT_CACHE_KEY}`)).not.toBeNull();
    cache.clear();
    expect(localStorage.getItem(`holeout-cache:${PAGE_SNAPSHOT_CACHE_KEY}`)).toBeNull();
  });
});

describe('keepPageSnapshot: fields as they show now', () => {
  it('keeps what each field shows, not the value it was first drawn with', () => {
    const { cache, deps } = setup();
    page(
      '<label>Benchmark <input name="benchmark" value="PGA Tour"></label><input type="checkbox" name="share"><textarea>first</textarea>' +
        '<select><option>Tour</option><option>80 golfer</option></select>',
    );
    (document.querySelector('input[name="benchmark"]') as HTMLInputElement).value = '80 golfer';
    (document.querySelector('input[name="share"]') as HTMLInputElement).checked = true;
    (document.querySelector('textarea') as HTMLTextAreaElement).value = 'now';
    (document.querySelector('select') as HTMLSelectElement).selectedIndex = 1;
    keepPageSnapshot(7, '/home', deps);
    const kept = new DOMParser().parseFromString(cache.get<PageSnapshot>(PAGE_SNAPSHOT_CACHE_KEY)!.html, 'text/html');
    expect((kept.querySelector('input[name="benchmark"]') as HTMLInputElement).value).toBe('80 golfer');
    expect((kept.querySelector('input[name="share"]') as HTMLInputElement).checked).toBe(true);
    expect(kept.querySelector('textarea')?.textContent).toBe('now');
    expect((kept.querySelector('select') as HTMLSelectElement).selectedIndex).toBe(1);
  });
});

describe('revealApp', () => {
  it('removes the painted picture and leaves the app', () => {
    page('<p>app</p>');
    const picture = document.createElement('div');
    picture.id = PAGE_SNAPSHOT_ELEMENT_ID;
    document.body.prepend(picture);
    expect(pageSnapshotShown()).toBe(true);
    revealApp();
    expect(pageSnapshotShown()).toBe(false);
    expect(document.getElementById('root')?.textContent).toBe('app');
    revealApp();
  });
});
