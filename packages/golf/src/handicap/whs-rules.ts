/**
 * The arithmetic of the World Handicap System, one rule a function: rounding, the score differential,
 * the course handicap, where handicap strokes fall, the count table for fewer than 20 scores, the expected
 * 9-hole differential and the soft and hard caps. `handicap-index.ts` walks a player's rounds with them.
 */

/** The slope of a course of standard difficulty: a differential is scaled to it. */
export const STANDARD_SLOPE = 113;
/** No Handicap Index is higher than this. */
export const MAX_HANDICAP_INDEX = 54;
/** The index is made from the most recent 20 differentials. */
export const SCORES_IN_RECORD = 20;
/** An index needs 3 scores of 18 holes (54 holes). */
export const MIN_SCORES_FOR_INDEX = 3;
/** An increase of more than this over the low index is halved (soft cap). */
export const SOFT_CAP = 3;
/** The index never rises more than this above the low index (hard cap). */
export const HARD_CAP = 5;
/** The low index is the lowest index of the days before the most recent score, this many of them. */
export const LOW_INDEX_DAYS = 365;

/**
 * Rounds to the nearest tenth with .05 going up, towards plus infinity, as WHS rounds differentials and
 * indexes (so -1.55 becomes -1.5). The product by 10 is first cut to 12 significant digits: 12.05 is stored as
 * 12.0499999..., and every true value here (a tenth of a stroke times 113 / slope) lies far further than that
 * from a rounding boundary, so the cut only removes binary drift.
 */
export function roundToTenth(value: number): number {
  const tenths = Math.floor(Number((value * 10).toPrecision(12)) + 0.5);
  return tenths === 0 ? 0 : tenths / 10;
}

/** Rounds to the nearest whole number with .5 going up, as WHS rounds a course handicap. */
export function roundToWhole(value: number): number {
  const whole = Math.floor(Number(value.toPrecision(12)) + 0.5);
  return whole === 0 ? 0 : whole;
}

/**
 * A score differential, unrounded: (113 / slope) x (adjusted gross score - course rating). The playing
 * conditions calculation of WHS needs every score of the day on the course, so it is taken as 0.
 */
export function scoreDifferential(adjustedGross: number, courseRating: number, slope: number): number {
  return (STANDARD_SLOPE / slope) * (adjustedGross - courseRating);
}

/**
 * Course handicap: the strokes a player with this index receives over the holes rated, index x slope / 113 +
 * (course rating - par), to the nearest whole number. For a 9-hole round pass half the index with the
 * 9-hole rating, slope and par.
 */
export function courseHandicap(index: number, slope: number, courseRating: number, par: number): number {
  return roundToWhole((index * slope) / STANDARD_SLOPE + (courseRating - par));
}

/**
 * Handicap strokes received on each hole (in the order given), from a course handicap and the holes' stroke
 * indexes: the holes are ranked by stroke index, every hole receives floor(handicap / holes) strokes and the
 * lowest-indexed holes one more until the handicap is spent. A plus handicap (below 0) is given back the
 * same way from the other end: the highest stroke indexes first. With 18 holes indexed 1-18 this is the
 * card's allocation (a 20 receives 2 on stroke index 1 and 2, 1 elsewhere).
 */
export function handicapStrokesByHole(strokeIndexes: readonly number[], handicap: number): number[] {
  const holes = strokeIndexes.length;
  const ranked = strokeIndexes.map((strokeIndex, position) => ({ strokeIndex, position })).sort((a, b) => a.strokeIndex - b.strokeIndex);
  const strokes = new Array<number>(holes).fill(0);
  const given = Math.abs(handicap);
  const each = Math.floor(given / holes);
  const extra = given % holes;
  const sign = handicap < 0 ? -1 : 1;
  ranked.forEach(({ position }, rank) => {
    const receivesExtra = handicap < 0 ? rank >= holes - extra : rank < extra;
    strokes[position] = sign * (each + (receivesExtra ? 1 : 0));
  });
  return strokes;
}

/** How the index is made from a count of differentials: how many of the lowest are averaged, and what is added. */
export interface DifferentialsRule {
  /** How many of the lowest differentials are averaged. */
  lowest: number;
  /** Added to their average (negative for the 3, 4 and 6 score records). */
  adjustment: number;
}

/**
 * The WHS table for a record of `scores` differentials (only the latest 20 count): 3 -> lowest 1 - 2.0,
 * 4 -> lowest 1 - 1.0, 5 -> lowest 1, 6 -> lowest 2 - 1.0, 7-8 -> lowest 2, 9-11 -> lowest 3, 12-14 -> lowest 4,
 * 15-16 -> lowest 5, 17-18 -> lowest 6, 19 -> lowest 7, 20 -> lowest 8. Null below 3: no index yet.
 */
export function differentialsRule(scores: number): DifferentialsRule | null {
  if (scores < MIN_SCORES_FOR_INDEX) return null;
  if (scores === 3) return { lowest: 1, adjustment: -2 };
  if (scores === 4) return { lowest: 1, adjustment: -1 };
  if (scores === 5) return { lowest: 1, adjustment: 0 };
  if (scores === 6) return { lowest: 2, adjustment: -1 };
  if (scores <= 8) return { lowest: 2, adjustment: 0 };
  if (scores <= 11) return { lowest: 3, adjustment: 0 };
  if (scores <= 14) return { lowest: 4, adjustment: 0 };
  if (scores <= 16) return { lowest: 5, adjustment: 0 };
  if (scores <= 18) return { lowest: 6, adjustment: 0 };
  if (scores === 19) return { lowest: 7, adjustment: 0 };
  return { lowest: 8, adjustment: 0 };
}

/**
 * The expected 9-hole score differential of a player with this index, added to a 9-hole differential to make
 * an 18-hole one (WHS since 2024). The governing bodies publish this as a table, not a formula; the table
 * follows 0.52 x index + 1.2 (a scratch player is expected 1.2 over the rating on nine holes, a 20.0 11.6),
 * which is what is used here.
 */
export function expectedNineHoleDifferential(index: number): number {
  return 0.52 * index + 1.2;
}

/** Which cap, if any, held an index down. */
export type HandicapCap = 'soft' | 'hard' | null;

/**
 * The soft and hard caps on a calculated index (already rounded to a tenth), against the low index: the part
 * of an increase beyond low + 3.0 is halved, and the result is never above low + 5.0. The capped index is
 * rounded to a tenth again (halving a tenth makes hundredths).
 */
export function capIndex(calculated: number, lowIndex: number): { index: number; capped: HandicapCap } {
  const increase = calculated - lowIndex;
  if (increase <= SOFT_CAP) return { index: calculated, capped: null };
  const softened = SOFT_CAP + (increase - SOFT_CAP) / 2;
  if (softened > HARD_CAP) return { index: roundToTenth(lowIndex + HARD_CAP), capped: 'hard' };
  return { index: roundToTenth(lowIndex + softened), capped: 'soft' };
}
