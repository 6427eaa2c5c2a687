import { queryOptions, useQueries } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import { BENCHMARK_LABELS, STATS_MAX_PLAYERS, STATS_MAX_ROUNDS, type BenchmarkLevel } from '@holeout/golf';
import { apiClient } from '../../../lib/api-client.ts';
import { STATS_QUERY_KEY } from '../../../lib/query-client.ts';

/** The part of GET /v4/stats/round_sg a list row needs. */
interface RoundSgAnswer {
  benchmark: string;
  rounds: Array<{ event_id: number; holes: number; sg: { overall: number } }>;
}

/** A listed round's strokes gained over the holes it had, against the viewer's own benchmark. */
export interface ListedRoundSg {
  total: number;
  /** The benchmark as people read it ("80 golfer"). */
  benchmark: string;
}

/** The rounds of a list the strokes gained are asked for: their ids and owners. */
type ListedRound = Pick<EventResponse, 'event_id' | 'uid'>;

/**
 * The listed rounds split into selections the statistics count in full: a selection is cut to
 * the STATS_MAX_PLAYERS players with the newest rounds and STATS_MAX_ROUNDS rounds, so each batch
 * holds at most that many owners and rounds (one batch for any list of one player or a page of 20).
 * Ids are sorted so a batch (and its cache key) does not depend on the list's order.
 */
export function roundSgBatches(rounds: readonly ListedRound[]): number[][] {
  const batches: Array<{ owners: Set<number>; ids: number[] }> = [];
  const unique = [...new Map(rounds.map((round) => [round.event_id, round])).values()].sort((a, b) => a.event_id - b.event_id);
  for (const round of unique) {
    const fits = batches.find(
      (batch) => batch.ids.length < STATS_MAX_ROUNDS && (batch.owners.has(round.uid) || batch.owners.size < STATS_MAX_PLAYERS),
    );
    const batch = fits ?? { owners: new Set<number>(), ids: [] };
    if (!fits) batches.push(batch);
    batch.owners.add(round.uid);
    batch.ids.push(round.event_id);
  }
  return batches.map((batch) => batch.ids);
}

/**
 * A round's total from its round_sg row: round_sg gives strokes gained per 18 holes (a 9-hole
 * round's doubled), so the round's own total is that figure times its holes over 18.
 */
export function roundSgTotal(row: { holes: number; sg: { overall: number } }): number {
  return (row.sg.overall * row.holes) / 18;
}

function benchmarkName(benchmark: string): string {
  return BENCHMARK_LABELS[benchmark as BenchmarkLevel] ?? benchmark;
}

/**
 * Strokes gained of the listed rounds, by event id, against the caller's own benchmark (none is
 * asked for). The statistics count only rounds the caller may see, so a round they may not see
 * is simply absent; a failure shows no figures rather than a toast, the list being what matters.
 */
export async function fetchListedRoundsSg(rounds: readonly ListedRound[]): Promise<Record<number, ListedRoundSg>> {
  const answers = await Promise.all(
    roundSgBatches(rounds).map((ids) =>
      apiClient.get<RoundSgAnswer>('/stats/round_sg', {
        query: { rounds: ids },
        quiet: true,
        fallbackMessage: 'Could not load strokes gained',
      }),
    ),
  );
  const byEvent: Record<number, ListedRoundSg> = {};
  for (const answer of answers) {
    for (const row of answer.rounds) byEvent[row.event_id] = { total: roundSgTotal(row), benchmark: benchmarkName(answer.benchmark) };
  }
  return byEvent;
}

/** Under the statistics key, so every write of a round or event (invalidateStatistics) refreshes the figures. */
export const listedRoundsSgQuery = (rounds: readonly ListedRound[]) => {
  const ids = rounds.map((round) => round.event_id).sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...STATS_QUERY_KEY, 'round_sg', 'listed', ids],
    queryFn: () => fetchListedRoundsSg(rounds),
    enabled: ids.length > 0,
  });
};

/** The strokes gained of every round on the loaded pages of a list: one request per page, not per round. */
export function useListedRoundsSg(pages: readonly (readonly EventResponse[])[]): Record<number, ListedRoundSg> {
  return useQueries({
    queries: pages.map((page) => listedRoundsSgQuery(page.filter((event) => event.event_type === 'ROUND'))),
    combine: (results) => Object.assign({}, ...results.map((result) => result.data ?? {})) as Record<number, ListedRoundSg>,
  });
}
