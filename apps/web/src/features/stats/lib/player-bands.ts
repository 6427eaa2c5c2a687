/**
 * The short / mid / long bands of putts and approaches, named by their boundaries in the user's
 * units. The boundaries are the user's saved ones (custom-sg-settings) or the defaults: putts
 * short under 6 ft, mid 6-20 ft, long over 20 ft; approaches beyond the 50 yd chip distance,
 * short to 100 yd, mid to 150 yd, long beyond.
 */
import type { CategoryBoundaries, UnitsPair } from '@holeout/golf';
import { displayDistance, formatDistance, unitAbbreviation } from './format.ts';

export type Band = 'short' | 'mid' | 'long';
export const BANDS: readonly Band[] = ['short', 'mid', 'long'];

export type BandLabels = Record<Band, string>;

/** "Under 6 ft", "6–20 ft", "Over 20 ft" (a 6 ft putt is a mid putt; a 20 ft one too). */
export function puttBandLabels(boundaries: CategoryBoundaries, units: UnitsPair): BandLabels {
  const unit = unitAbbreviation(units, 'putt');
  const short = displayDistance(boundaries.shortPuttMaxFeet, 'putt', units);
  const mid = displayDistance(boundaries.midPuttMaxFeet, 'putt', units);
  return { short: `Under ${short} ${unit}`, mid: `${short}–${mid} ${unit}`, long: `Over ${mid} ${unit}` };
}

/** "50–100 yd", "100–150 yd", "Over 150 yd" (each boundary belongs to the shorter band). */
export function approachBandLabels(boundaries: CategoryBoundaries, units: UnitsPair): BandLabels {
  const unit = unitAbbreviation(units, 'long');
  const chip = displayDistance(boundaries.chipMaxYards, 'long', units);
  const short = displayDistance(boundaries.shortApproachMaxYards, 'long', units);
  const mid = displayDistance(boundaries.midApproachMaxYards, 'long', units);
  return { short: `${chip}–${short} ${unit}`, mid: `${short}–${mid} ${unit}`, long: `Over ${mid} ${unit}` };
}

/** "Within 50 yd": the chip distance. */
export function chipLabel(boundaries: CategoryBoundaries, units: UnitsPair): string {
  return `within ${formatDistance(boundaries.chipMaxYards, 'long', units)}`;
}
