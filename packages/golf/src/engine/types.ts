/**
 * Public types of the strokes-gained engine. The statistics module and the API import these names.
 */
import type { BenchmarkLevel } from '../benchmarks.ts';
import type { EndLie, MissDirection, StartLie } from '../round.ts';

/** A named benchmark level, or a custom level from a target score or a handicap (custom-sg-settings). */
export type BenchmarkRef = BenchmarkLevel | { targetScore: number } | { handicapIndex: number; courseRating: number; slope: number };

/** Expected strokes to hole out for one benchmark. */
export interface Baseline {
  /** 'TOUR' ... 'LPGA' for named levels; 'CUSTOM:<target>' for custom ones. */
  id: string;
  label: string;
  /** True when the figures come from the model rather than a published table. */
  derived: boolean;
  /** Where the figures come from, for display beside the benchmark. */
  source: string;
  /** lie T F R S H G; distance in yards off the green, feet on it */
  expected(lie: StartLie, distance: number): number;
}

/** Distance boundaries of the stat categories (custom-sg-settings). */
export interface CategoryBoundaries {
  /** Chips are shots from F, R, S of this many yards or less. */
  chipMaxYards: number;
  /** Short approaches: more than chipMaxYards up to and including this. */
  shortApproachMaxYards: number;
  /** Mid approaches: more than shortApproachMaxYards up to and including this; long beyond. */
  midApproachMaxYards: number;
  /** Short putts: under this many feet. */
  shortPuttMaxFeet: number;
  /** Mid putts: from shortPuttMaxFeet up to and including this; lag putts beyond. */
  midPuttMaxFeet: number;
}

export type StatCategory =
  | 'shortPutts'
  | 'midPutts'
  | 'longPutts'
  | 'fwChips'
  | 'roughChips'
  | 'sandChips'
  | 'shortApproach'
  | 'midApproach'
  | 'longApproach'
  | 'drive'
  | 'other';

/** Strokes gained by category; `chip.other` holds the `other` category. overall = tee + approach + chip + putt. */
export interface SgBreakdown {
  overall: number;
  tee: number;
  approach: { short: number; mid: number; long: number; overall: number };
  chip: { fairway: number; rough: number; sand: number; other: number; overall: number };
  putt: { short: number; mid: number; long: number; overall: number };
}

export interface ScoredShot {
  from: StartLie;
  to: EndLie;
  /** yards off green, feet on it */
  dist: number;
  miss?: MissDirection;
  /** distance of the next shot's start, same convention; 0 when holed; null after O */
  endDist: number | null;
  /** E(start) - E(end) - 1 - penalty, unrounded. */
  sg: number;
  category: StatCategory;
  /** Penalty strokes this shot incurred (1 after O, 1 after H followed by a drop, else 0). */
  penalty: number;
}

export interface ScoredHole {
  hole: number;
  par: number;
  /** Shots plus penalty strokes. */
  score: number;
  /** E(first shot's start) - score. By category: `sgBreakdownOf(shots)`. */
  sg: number;
  penalties: number;
  shots: ScoredShot[];
}

export interface ScoredRound {
  /** Baseline id the round was measured against. */
  benchmark: string;
  score: number;
  par: number;
  sg: SgBreakdown;
  holes: ScoredHole[];
}
