/**
 * The one pass before any statistic: apply the spec's limits, then score every kept round once.
 */
import type { PlayerRound } from '../round.ts';
import { limitRounds } from './limits.ts';
import { DEFAULT_CATEGORY_BOUNDARIES, scoreRound } from '../engine/index.ts';
import { type ScoredPlayerRound, type StatsInput, type StatsOptions } from './types.ts';

/**
 * Limits the rounds, then scores each kept round once against the benchmark. Every statistic
 * function takes the result, so the API computes any number of statistics from one pass.
 * Throws (from the engine) on a round that breaks the contract's shot rules.
 */
export function prepareStats(rounds: readonly PlayerRound[], options: StatsOptions): StatsInput {
  const boundaries = options.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES;
  const { rounds: kept, limited } = limitRounds(rounds);
  const scored: ScoredPlayerRound[] = kept.map((r) => ({
    event_id: r.event_id,
    uid: r.uid,
    start: r.start,
    scored: scoreRound(r.round, options.benchmark, boundaries),
  }));
  const benchmark = scored[0]?.scored.benchmark ?? benchmarkLabel(options.benchmark);
  return { benchmark, limited, boundaries, rounds: scored };
}

/** The label of a benchmark when there is no scored round to ask (empty input). */
function benchmarkLabel(ref: StatsOptions['benchmark']): string {
  if (typeof ref === 'string') return ref;
  if ('targetScore' in ref) return `TARGET_${ref.targetScore}`;
  return `HANDICAP_${ref.handicapIndex}`;
}
