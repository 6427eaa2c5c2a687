import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatEndpoint, statsResponses } from '@holeout/contracts';
import { roundsInRange } from '@holeout/golf';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { playerRounds, useOtherPlayer } from '../lib/player-view.ts';
import { useRoundRange } from '../lib/round-range.ts';
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
 * The rounds a player page would count before its quick range: the selected rounds (or all), the
 * chosen benchmark. A player a coach opened (?uid=) is counted over every round they share with
 * the coach: the Events selection is the coach's own.
 */
function useViewParams(override: Partial<StatsParams>): StatsParams {
  const other = useOtherPlayer();
  return { ...useStatsParams(), ...(other === null ? {} : { rounds: undefined, players: [other] }), ...override };
}

/**
 * The view's params narrowed by the page's quick range (?range=): the player's rounds of the view
 * (GET /stats/scores) cut to the latest 5, the latest 10 or the season, sent as `rounds` with the
 * same players, so every figure of the page counts the same rounds. The view unchanged when the
 * range keeps every round; undefined while the view's rounds load. The range is one player's:
 * a call for several players (the team views) is never narrowed.
 */
function useRangedParams(base: StatsParams, applies: boolean): StatsParams | undefined {
  const [range] = useRoundRange();
  const uid = useSession((s) => s.user.uid);
  const narrowing = applies && range !== 'all';
  const view = useQuery({ ...statQuery('scores', base), enabled: narrowing });
  if (!narrowing) return base;
  if (!view.data) return undefined;
  const player = playerRounds(view.data.scores, base.players?.[0] ?? uid);
  const kept = roundsInRange(player, range);
  if (kept.length === 0 || (kept.length === player.length && view.data.scores.length === player.length)) return base;
  return { ...base, rounds: kept.map((round) => round.event_id) };
}

/**
 * One statistic for what the user is looking at: the selected rounds (or all), the chosen
 * benchmark and the page's quick range. While a new benchmark, selection or range loads, the
 * previous figures stay (no flash of blank).
 */
export function useStat<K extends StatEndpoint>(name: K, override: Partial<StatsParams> = {}) {
  const base = useViewParams(override);
  const ranged = useRangedParams(base, override.players === undefined);
  // While the range's rounds load, a key of its own: the view's cached figures are not the range's.
  const params = ranged ?? { ...base, rounds: [] };
  return useQuery({
    ...statQuery(name, params),
    enabled: ranged !== undefined,
    // Another player's figures are never shown under this one's name while theirs load.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePlayers(previousQuery.queryKey[2].players, params.players) ? keepPreviousData(previous) : undefined,
  });
}

/** The player's rounds a page chooses its quick range from (GET /stats/scores of the view, unnarrowed). */
export function useViewScores() {
  return useQuery(statQuery('scores', useViewParams({})));
}

function samePlayers(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  return (a ?? []).join(',') === (b ?? []).join(',');
}
