import { Alert } from '@mantine/core';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../lib/api-client.ts';

/**
 * When the page's data was loaded: the oldest load among the answers the page on screen shows (the
 * queries with an observer). Null when it shows none.
 */
export function shownAsOf(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined || query.state.dataUpdatedAt === 0) continue;
    oldest = oldest === null ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
  }
  return oldest;
}

/**
 * Whether the page on screen shows an answer whose reload got no answer at all (status 0): one bar of
 * signal, where the browser still says it is online but nothing comes back.
 */
export function showsUnanswered(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.getObserversCount() > 0 &&
        query.state.data !== undefined &&
        query.state.status === 'error' &&
        query.state.error instanceof ApiError &&
        query.state.error.status === 0,
    );
}

/** "14:32" for a time today, "24 Nov, 14:32" before, in the device's language. */
export function formatAsOf(at: number, now: number = Date.now(), locale?: string): string {
  const when = new Date(at);
  const today = new Date(now).toDateString() === when.toDateString();
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(when);
  if (today) return time;
  return `${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(when)}, ${time}`;
}

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

/**
 * The line above every signed-in page while the device is offline, or while the page's reloads get
 * no answer: what the page shows is what it loaded last (kept on the device), and when that was, as
 * a status message (WCAG 4.1.3).
 */
export function OfflineNotice() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());
  const subscribeQueries = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const asOf = useSyncExternalStore(subscribeQueries, () => shownAsOf(queryClient));
  const unanswered = useSyncExternalStore(subscribeQueries, () => showsUnanswered(queryClient));
  if (online && !unanswered) return null;
  return (
    <Alert role="status" color="yellow" variant="light" mb="md" p="xs" data-testid="offline-notice" data-snapshot-skip>
      {asOf === null ? 'Offline: nothing on this page has been kept on this device yet.' : `Offline, shown as of ${formatAsOf(asOf)}`}
    </Alert>
  );
}
