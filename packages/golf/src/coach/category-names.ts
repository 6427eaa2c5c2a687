/**
 * The stat categories the AI coach diagnoses, in the order the product lists them, and the names a
 * golfer reads for each.
 */
import type { StatCategory } from '../engine/types.ts';

/** Every stat category, from the tee to the hole. */
export const DIAGNOSIS_CATEGORIES = [
  'drive',
  'longApproach',
  'midApproach',
  'shortApproach',
  'fwChips',
  'roughChips',
  'sandChips',
  'longPutts',
  'midPutts',
  'shortPutts',
  'other',
] as const satisfies readonly StatCategory[];

/** The product's display name of each category (the diagnosis, the drills and the statistics use the same). */
export const CATEGORY_DISPLAY_NAMES: Readonly<Record<StatCategory, string>> = Object.freeze({
  drive: 'Off the Tee',
  longApproach: 'Long Approach Shots',
  midApproach: 'Medium Approach Shots',
  shortApproach: 'Short Approach Shots',
  fwChips: 'Fairway Chips & Pitches',
  roughChips: 'Rough Chips & Pitches',
  sandChips: 'Greenside Bunkers',
  longPutts: 'Lag Putts',
  midPutts: 'Mid-Range Putts',
  shortPutts: 'Short Putts',
  other: 'Other',
});
