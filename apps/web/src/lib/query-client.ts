import { QueryClient } from '@tanstack/react-query';

/** Every statistics query key starts with this, so selection changes and logout can drop them together. */
export const STATS_QUERY_KEY = ['stats'] as const;

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
