import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HandicapResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { STATS_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * GET /stats/handicap?players=: the World Handicap System index from the rated rounds the caller
 * may see (every one of them: the index is not narrowed by the selection or the range). Keyed
 * under the statistics, so a saved round or a logout drops it with them.
 */
export const handicapQuery = (uid: number | null) =>
  queryOptions({
    queryKey: [...STATS_QUERY_KEY, 'handicap', uid] as const,
    queryFn: () =>
      apiClient.get<HandicapResponse>('/stats/handicap', {
        query: { players: uid === null ? undefined : [uid] },
        fallbackMessage: 'Could not load the handicap index',
      }),
  });

/** The handicap of the page's player: `other` a coach's player (?uid=), null for the user's own. */
export function useHandicap(other: number | null) {
  return useQuery(handicapQuery(other));
}
