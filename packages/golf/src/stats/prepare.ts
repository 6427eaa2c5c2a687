/**
 * The one pass before any statistic: apply the limits (15 players, 300 rounds), then score every kept
 * round once.
 */
import type { PlayerRound } from '../round.ts';
import { limitRounds } from './limits.ts';
import { DEFAULT_CATEGORY_BOUNDARIES, getBaseline, scoreRound } from '../engine/index.ts';
import { type ScoredPlayerRound, type StatsInput, type StatsOptions } from './types.ts';

/**
 * Limits the rounds, then scores each kept round once against the benchmark. Every statistic
 * function takes the result, so the API computes any number of statistics from one pass.
 * Throws (from the engine) on a round that breaks the round rules (engine/validate.ts).
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
  // With no round to score, ask the engine for the id it would have reported (and let it refuse a bad benchmark).
  const benchmark = scored[0]?.scored.benchmark ?? getBaseline(options.benchmark).id;
  return { benchmark, limited, boundaries, rounds: scored };
}
