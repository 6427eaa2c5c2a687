import { DEFAULT_PRODUCT_NAME } from '@holeout/golf';
import type { UIMatch } from 'react-router';

/** What a route tells the app frame about its page (the route's `handle`). */
export interface RouteMeta {
  /** The page's name, for document.title. */
  title: string;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** The title of the deepest matched route that names one. */
export function pageTitleOf(matches: readonly Pick<UIMatch, 'handle'>[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteMeta(handle)) return handle.title;
  }
  return undefined;
}

/** "My Profile · Holeout", or the product name alone when the page has no name. */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${DEFAULT_PRODUCT_NAME}` : DEFAULT_PRODUCT_NAME;
}
