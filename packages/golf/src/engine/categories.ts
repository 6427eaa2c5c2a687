/**
 * Stat categories of a shot (README "Stat categories") and the strokes-gained breakdown arithmetic.
 */
import { roundTo } from '../display.ts';
import type { StartLie } from '../round.ts';
import type { CategoryBoundaries, SgBreakdown, StatCategory } from './types.ts';

/** Defaults: chips up to 50 yd; approaches short to 100, mid to 150, long beyond; putts short under 6 ft, mid to 20 ft. */
export const DEFAULT_CATEGORY_BOUNDARIES: CategoryBoundaries = Object.freeze({
  chipMaxYards: 50,
  shortApproachMaxYards: 100,
  midApproachMaxYards: 150,
  shortPuttMaxFeet: 6,
  midPuttMaxFeet: 20,
});

const BOUNDARY_LABELS: Record<keyof CategoryBoundaries, string> = {
  chipMaxYards: 'Chip distance',
  shortApproachMaxYards: 'Short approach distance',
  midApproachMaxYards: 'Mid approach distance',
  shortPuttMaxFeet: 'Short putt distance',
  midPuttMaxFeet: 'Mid putt distance',
};

/**
 * Checks category boundaries: every value a positive finite number, chips < short approach < mid approach
 * (yards) and short putts < mid putts (feet). Returns one message per problem; empty when valid.
 */
export function validateCategoryBoundaries(b: CategoryBoundaries): string[] {
  const messages: string[] = [];
  for (const key of Object.keys(BOUNDARY_LABELS) as (keyof CategoryBoundaries)[]) {
    const value: unknown = (b as unknown as Record<string, unknown>)[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      messages.push(`${BOUNDARY_LABELS[key]} (${key}) must be a positive number`);
    }
  }
  if (messages.length > 0) return messages;
  if (b.chipMaxYards >= b.shortApproachMaxYards) messages.push('Chip distance must be less than the short approach distance');
  if (b.shortApproachMaxYards >= b.midApproachMaxYards)
    messages.push('Short approach distance must be less than the mid approach distance');
  if (b.shortPuttMaxFeet >= b.midPuttMaxFeet) messages.push('Short putt distance must be less than the mid putt distance');
  return messages;
}

/**
 * The category of a shot from its start lie and distance (yards off the green, feet on it) on a hole of
 * `par`. Tee shots on par 4 and longer are drives; on par 3 they are approaches by distance. Chips are
 * F/R/S shots within chipMaxYards. Shots from H are approaches by distance beyond chipMaxYards; within
 * it they, and tee shots within chip range on a par 3, are other.
 */
export function categorise(from: StartLie, distance: number, par: number, b: CategoryBoundaries): StatCategory {
  switch (from) {
    case 'G':
      if (distance < b.shortPuttMaxFeet) return 'shortPutts';
      return distance <= b.midPuttMaxFeet ? 'midPutts' : 'longPutts';
    case 'H':
      // Played as it lies: near the green it is no chip of a known lie (other); farther, an approach by distance.
      return distance <= b.chipMaxYards ? 'other' : approachBand(distance, b);
    case 'T':
      if (par >= 4) return 'drive';
      return distance <= b.chipMaxYards ? 'other' : approachBand(distance, b);
    case 'F':
      return distance <= b.chipMaxYards ? 'fwChips' : approachBand(distance, b);
    case 'R':
      return distance <= b.chipMaxYards ? 'roughChips' : approachBand(distance, b);
    case 'S':
      return distance <= b.chipMaxYards ? 'sandChips' : approachBand(distance, b);
    default:
      return 'other';
  }
}

function approachBand(distance: number, b: CategoryBoundaries): StatCategory {
  if (distance <= b.shortApproachMaxYards) return 'shortApproach';
  return distance <= b.midApproachMaxYards ? 'midApproach' : 'longApproach';
}

/** A breakdown of zeros. */
export function emptySgBreakdown(): SgBreakdown {
  return {
    overall: 0,
    tee: 0,
    approach: { short: 0, mid: 0, long: 0, overall: 0 },
    chip: { fairway: 0, rough: 0, sand: 0, other: 0, overall: 0 },
    putt: { short: 0, mid: 0, long: 0, overall: 0 },
  };
}

/** Adds one shot's strokes gained to its category in `into` (sub-totals are left to finishBreakdown). */
export function addToCategory(into: SgBreakdown, category: StatCategory, sg: number): void {
  switch (category) {
    case 'drive':
      into.tee += sg;
      return;
    case 'shortApproach':
      into.approach.short += sg;
      return;
    case 'midApproach':
      into.approach.mid += sg;
      return;
    case 'longApproach':
      into.approach.long += sg;
      return;
    case 'fwChips':
      into.chip.fairway += sg;
      return;
    case 'roughChips':
      into.chip.rough += sg;
      return;
    case 'sandChips':
      into.chip.sand += sg;
      return;
    case 'other':
      into.chip.other += sg;
      return;
    case 'shortPutts':
      into.putt.short += sg;
      return;
    case 'midPutts':
      into.putt.mid += sg;
      return;
    case 'longPutts':
      into.putt.long += sg;
      return;
  }
}

/**
 * Strokes gained by category of some scored shots, in the breakdown shape of GET /v4/stats/sg: e.g. a hole's
 * (`sgBreakdownOf(hole.shots)`, whose overall is `hole.sg`). Computed on demand so that scoring a
 * season does not build a breakdown per hole that most callers never read.
 */
export function sgBreakdownOf(shots: readonly { category: StatCategory; sg: number }[]): SgBreakdown {
  const breakdown = emptySgBreakdown();
  for (const shot of shots) addToCategory(breakdown, shot.category, shot.sg);
  return finishBreakdown(breakdown);
}

/** Recomputes the sub-totals and overall from the leaf categories, so they always add up. */
export function finishBreakdown(b: SgBreakdown): SgBreakdown {
  b.approach.overall = b.approach.short + b.approach.mid + b.approach.long;
  b.chip.overall = b.chip.fairway + b.chip.rough + b.chip.sand + b.chip.other;
  b.putt.overall = b.putt.short + b.putt.mid + b.putt.long;
  b.overall = b.tee + b.approach.overall + b.chip.overall + b.putt.overall;
  return b;
}

/**
 * A new breakdown whose every field is `fn` of the same field of `a` (and of `b`, when given).
 * The one walker behind summing, scaling and rounding breakdowns.
 */
export function mapSgBreakdown(a: SgBreakdown, fn: (x: number, y: number) => number, b: SgBreakdown = a): SgBreakdown {
  return {
    overall: fn(a.overall, b.overall),
    tee: fn(a.tee, b.tee),
    approach: {
      short: fn(a.approach.short, b.approach.short),
      mid: fn(a.approach.mid, b.approach.mid),
      long: fn(a.approach.long, b.approach.long),
      overall: fn(a.approach.overall, b.approach.overall),
    },
    chip: {
      fairway: fn(a.chip.fairway, b.chip.fairway),
      rough: fn(a.chip.rough, b.chip.rough),
      sand: fn(a.chip.sand, b.chip.sand),
      other: fn(a.chip.other, b.chip.other),
      overall: fn(a.chip.overall, b.chip.overall),
    },
    putt: {
      short: fn(a.putt.short, b.putt.short),
      mid: fn(a.putt.mid, b.putt.mid),
      long: fn(a.putt.long, b.putt.long),
      overall: fn(a.putt.overall, b.putt.overall),
    },
  };
}

/** Field-by-field sum of two breakdowns (a new object). */
export function addSgBreakdown(a: SgBreakdown, b: SgBreakdown): SgBreakdown {
  return mapSgBreakdown(a, (x, y) => x + y, b);
}

/** Every field multiplied by `f` (a new object), e.g. 1 / rounds for a per-round average. */
export function scaleSgBreakdown(a: SgBreakdown, f: number): SgBreakdown {
  return mapSgBreakdown(a, (x) => x * f);
}

/** Every field rounded to 2 decimals: only at the output edge, so sums stay exact until then. */
export function roundSgBreakdown(a: SgBreakdown): SgBreakdown {
  return mapSgBreakdown(a, (x) => roundTo(x));
}
