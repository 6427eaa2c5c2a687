import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long Back keeps trying to reach the old position while the page's content is still arriving. */
const RESTORE_FRAMES = 60;

/**
 * Where the window is after a navigation. A new page (a link, a redirect) opens at its top; Back and
 * Forward return each history entry to where it was left. A replace on the same path (a page keeping
 * its own state in the query string: the calendar's view, a chosen drill) and a link to an anchor
 * leave the scroll alone. The browser's own restoration is off: it would run before the page is drawn.
 */
export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previousPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember the position of the entry on screen; removed in the commit that replaces it, so the new
  // page's first layout never overwrites the old entry's position.
  useLayoutEffect(() => {
    const key = location.key;
    const remember = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useLayoutEffect(() => {
    const before = previousPath.current;
    const key = location.key;
    previousPath.current = location.pathname;
    if (before === null || location.hash) return undefined;
    const target = navigationType === 'POP' ? positions.current.get(key) : undefined;
    if (target !== undefined) {
      let frame = 0;
      let handle = 0;
      const attempt = () => {
        window.scrollTo(0, target);
        if (Math.abs(window.scrollY - target) > 1 && frame++ < RESTORE_FRAMES) handle = window.requestAnimationFrame(attempt);
      };
      attempt();
      return () => window.cancelAnimationFrame(handle);
    }
    // An entry replaced in place keeps its position; every other entry starts at the top. Either is
    // remembered at once, so Back and Forward find it even if the page is never scrolled.
    if (navigationType !== 'REPLACE' || before !== location.pathname) window.scrollTo(0, 0);
    positions.current.set(key, window.scrollY);
    return undefined;
  }, [location.key, location.pathname, location.hash, navigationType]);
}
