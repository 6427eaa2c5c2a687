import { onlineManager, QueryClient } from '@tanstack/react-query';

// TanStack Query takes the device as online until an offline event; an app opened with no network
// starts offline instead, so its queries wait (showing the data kept on the device) rather than fail.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/** Every statistics query key starts with this, so selection changes and logout can drop them together. */
export const STATS_QUERY_KEY = ['stats'] as const;

/**
 * What the statistics count changes with every saved, edited, moved, shared, unshared or deleted
 * round or event: each such write marks every statistics query stale, and those on screen load again
 * (otherwise the figures would lag the write until their 30 s freshness ran out).
 */
export function invalidateStatistics(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: STATS_QUERY_KEY });
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The api client already toasts failures; retrying a 4xx only repeats the toast.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient: QueryClient = createAppQueryClient();
