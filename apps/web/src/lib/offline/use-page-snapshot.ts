import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session/use-session.ts';
import { keepPageSnapshot, pageSnapshotsSupported, revealApp } from './page-snapshot.ts';

/** How long after the page's figures are drawn (or change) its picture is kept: the lazy parts below them settle first. */
export const PAGE_SNAPSHOT_DELAY_MS = 1000;

/**
 * For a page whose main content is drawn (`drawn`), as of `drawnAt` (when what it shows last changed,
 * e.g. its queries' update times): removes the picture painted at start-up (page-snapshot.ts), since the
 * page now shows its figures itself, and keeps a new picture of it for the next open: a moment after it
 * is drawn, and again when the golfer leaves the app (hidden or closed), as it was last seen. A page
 * whose figures failed to load (`failed`) removes the picture too, and keeps none.
 */
export function usePageSnapshot(drawn: boolean, drawnAt: number, failed = false): void {
  const uid = useSession((s) => (s.status === 'loggedIn' ? s.user.uid : null));
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (failed) revealApp();
    if (!drawn) return undefined;
    revealApp();
    if (uid === null || !pageSnapshotsSupported()) return undefined;
    const keep = () => void keepPageSnapshot(uid, pathname + search);
    const keepWhenHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    const timer = setTimeout(keep, PAGE_SNAPSHOT_DELAY_MS);
    document.addEventListener('visibilitychange', keepWhenHidden);
    window.addEventListener('pagehide', keep);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', keepWhenHidden);
      window.removeEventListener('pagehide', keep);
    };
  }, [drawn, drawnAt, failed, uid, pathname, search]);
}
