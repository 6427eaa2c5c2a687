import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatEndpoint, statsResponses } from '@holeout/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { useOtherPlayer } from '../lib/player-view.ts';
import { useStatsParams, type StatsParams } from '../lib/stats-view.ts';

/** The body of GET /v4/stats/{name}, as its zod schema in @holeout/contracts (statsResponses) defines it. */
export type StatBody<K extends StatEndpoint> = z.infer<(typeof statsResponses)[K]>;

/** GET /v4/stats/{name} with the selection, the players and the benchmark. */
export async function fetchStat<K extends StatEndpoint>(name: K, params: StatsParams): Promise<StatBody<K>> {
  return apiClient.get<StatBody<K>>(`/stats/${name}`, {
    query: {
      rounds: params.rounds && params.rounds.length > 0 ? params.rounds : undefined,
      players: params.players && params.players.length > 0 ? params.players : undefined,
      benchmark: params.benchmark ?? undefined,
    },
    fallbackMessage: 'Could not load your statistics',
  });
}

/** Keys start with STATS_QUERY_KEY, so a new selection or a logout drops every statistic at once. */
export const statQuery = <K extends StatEndpoint>(name: K, params: StatsParams) =>
  queryOptions({ queryKey: [...STATS_QUERY_KEY, name, params] as const, queryFn: () => fetchStat(name, params) });

/**
 * One statistic for what the user is looking at: the selected rounds (or all), the chosen benchmark.
 * A player a coach opened (?uid=) is counted over every round they share with the coach: the
 * Events selection is the coach's own. While a new benchmark or selection loads, the previous
 * figures stay (no flash of blank).
 */
export function useStat<K extends StatEndpoint>(name: K, override: Partial<StatsParams> = {}) {
  const other = useOtherPlayer();
  const params = { ...useStatsParams(), ...(other === null ? {} : { rounds: undefined, players: [other] }), ...override };
  return useQuery({
    ...statQuery(name, params),
    // Another player's figures are never shown under this one's name while theirs load.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePlayers(previousQuery.queryKey[2].players, params.players) ? keepPreviousData(previous) : undefined,
  });
}

function samePlayers(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  return (a ?? []).join(',') === (b ?? []).join(',');
}
