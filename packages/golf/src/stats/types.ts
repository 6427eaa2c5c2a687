/**
 * Shared shapes of the statistics module: what every statistic reads (a scored, limited list of
 * player rounds) and the options of the one pass that prepares it.
 */
import type { BenchmarkRef, CategoryBoundaries, ScoredRound } from '../engine/index.ts';

/** Statistics look at no more than 15 distinct players ... */
export const STATS_MAX_PLAYERS = 15;
/** ... and no more than 300 rounds ("records"). */
export const STATS_MAX_ROUNDS = 300;

/**
 * Rescaling factors: 100 for up-and-down and fairway-made values, 10 for miss grids and fairway left /
 * right. A value with factor 100 is a share of its attempts times
 * 100 (a percentage); a value with factor 10 is a share times 10, i.e. "how many out of every 10
 * counted shots".
 */
export const PERCENT_FACTOR = 100;
export const PER_TEN_FACTOR = 10;

/** One player's round after the engine scored it once; every statistic reads only these. */
export interface ScoredPlayerRound {
  event_id: number;
  uid: number;
  /** ISO 8601 start of the round event. */
  start: string;
  scored: ScoredRound;
}

/** What every statistic function takes: the rounds kept under the limits, oldest first. */
export interface StatsInput {
  /** The benchmark's label as the engine reports it (e.g. "TOUR"). */
  benchmark: string;
  /** True when rounds or players were cut to the limits (15 players, 300 rounds). */
  limited: boolean;
  boundaries: CategoryBoundaries;
  rounds: ScoredPlayerRound[];
}

export interface StatsOptions {
  /** The benchmark strokes gained are measured against. */
  benchmark: BenchmarkRef;
  /** Category boundaries (chip / approach / putt lengths); the engine's defaults when omitted. */
  boundaries?: CategoryBoundaries;
}

/** Every response body carries the limited flag: true when rounds or players were cut to the limits. */
export interface LimitedBody {
  limited: boolean;
}
