/**
 * Per-round figures read as a trend: the moving average of the latest rounds, the mean of the
 * rounds shown, and which rounds a quick range (the latest 5, the latest 10, the season) keeps.
 * Pure and unrounded; the pages round for display.
 */
import { SG_TREND_SEASON_DAYS } from './sg-trend.ts';

/** The moving average is over this many rounds: the round and the 4 before it. */
export const MOVING_AVERAGE_ROUNDS = 5;

const DAY_MS = 86_400_000;

/**
 * The moving average of per-round values, oldest round first: entry i is the mean of value i and
 * the `window` − 1 values before it. A round without a value (null: no drives that round) is
 * skipped, so the window reaches back over the rounds that have one; its own entry is null. An
 * entry is null too until `window` values have been seen (the first four rounds have no moving
 * average of 5).
 */
export function movingAverage(values: readonly (number | null)[], window = MOVING_AVERAGE_ROUNDS): Array<number | null> {
  const seen: number[] = [];
  return values.map((value) => {
    if (value === null) return null;
    seen.push(value);
    if (seen.length < window) return null;
    const last = seen.slice(-window);
    return last.reduce((sum, each) => sum + each, 0) / window;
  });
}

/** The mean of the values that are not null (the season mean of the rounds shown); null when none is. */
export function seasonMean(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
}

/** A round as the quick ranges see it: when it started, and its event id to order equal starts. */
export interface RangeRound {
  event_id: number;
  start: string;
}

/** The quick ranges of the statistics pages: every round, the latest 5, the latest 10, the season. */
export type RoundRange = 'all' | 'last5' | 'last10' | 'season';

/** Newest first by start; equal (or unreadable) starts by the higher event id, as the statistics' limits order them. */
function newestFirst(a: RangeRound, b: RangeRound): number {
  const byStart = Date.parse(b.start) - Date.parse(a.start);
  if (byStart !== 0 && !Number.isNaN(byStart)) return byStart;
  return b.event_id - a.event_id;
}

/**
 * The rounds a quick range keeps, oldest first: all of them; the latest 5 or 10 (all, when fewer);
 * or the season, the rounds of the SG_TREND_SEASON_DAYS (365) days up to and including the latest
 * round (the season of the team views' trend). Rounds come in any order.
 */
export function roundsInRange<T extends RangeRound>(rounds: readonly T[], range: RoundRange): T[] {
  const newest = [...rounds].sort(newestFirst);
  if (range === 'last5') return newest.slice(0, 5).reverse();
  if (range === 'last10') return newest.slice(0, 10).reverse();
  if (range === 'season') {
    const latest = newest.map((round) => Date.parse(round.start)).find((at) => Number.isFinite(at));
    if (latest === undefined) return newest.reverse();
    return newest.filter((round) => latest - Date.parse(round.start) <= SG_TREND_SEASON_DAYS * DAY_MS).reverse();
  }
  return newest.reverse();
}
