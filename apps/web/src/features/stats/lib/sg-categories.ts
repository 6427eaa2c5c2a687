/**
 * What the strokes-gained pages name: the benchmark a body was computed against, and the category
 * rows (with their distance bands, titles and definitions) of the strokes-gained breakdown the API answers. Numbers
 * are written by ./format.ts. Pure, so each rule is tested through the pages that use it.
 */
import {
  BENCHMARK_LABELS,
  DEFAULT_CATEGORY_BOUNDARIES,
  roundTo,
  type BenchmarkLevel,
  type CategoryBoundaries,
  type DistanceKind,
  type UnitsPair,
} from '@holeout/golf';
import type { StatBody } from '../api/stats.ts';
import { formatDistance } from './format.ts';
import { MY_TARGET_LABEL } from './stats-view.ts';

/**
 * The name of the benchmark a body was computed against, from its `benchmark` id ("TOUR", or
 * "CUSTOM:84.00" for a custom target), so the label always matches the figures shown.
 */
export function benchmarkNameOf(id: string): string {
  if (id in BENCHMARK_LABELS) return BENCHMARK_LABELS[id as BenchmarkLevel];
  const custom = /^CUSTOM:?(-?[\d.]+)?/.exec(id);
  if (custom) {
    const target = custom[1] === undefined ? Number.NaN : Number(custom[1]);
    return Number.isFinite(target) ? `${MY_TARGET_LABEL} (${roundTo(target, 1)})` : MY_TARGET_LABEL;
  }
  return id;
}

export type SgBreakdown = StatBody<'sg'>['players'][number]['sg'];
export type RoundSg = StatBody<'round_sg'>['rounds'][number]['sg'];

export type SgCategoryKey = 'overall' | 'tee' | 'approach' | 'chip' | 'putt';

/** The four parts of the game and the total, in the order the pages list them. */
export const SG_CATEGORY_LABELS: Record<SgCategoryKey, string> = {
  overall: 'Overall',
  tee: 'Off the tee',
  approach: 'Approach',
  chip: 'Short game',
  putt: 'Putting',
};
export const SG_CATEGORY_KEYS = Object.keys(SG_CATEGORY_LABELS) as SgCategoryKey[];

export interface SgRow {
  key: string;
  label: string;
  value: number;
}

/** Overall, then off the tee, approach, short game and putting. */
export function categoryRows(sg: SgBreakdown): SgRow[] {
  const values: Record<SgCategoryKey, number> = {
    overall: sg.overall,
    tee: sg.tee,
    approach: sg.approach.overall,
    chip: sg.chip.overall,
    putt: sg.putt.overall,
  };
  return SG_CATEGORY_KEYS.map((key) => ({ key, label: SG_CATEGORY_LABELS[key], value: values[key] }));
}

export type SgPart = 'approach' | 'chip' | 'putt';

/** A boundary in the user's unit, whole or to one decimal: 100 yd -> "100 yd", 91.44 m -> "91.4 m". */
function boundary(value: number, kind: DistanceKind, units: UnitsPair): string {
  return formatDistance(value, kind, units, 1);
}

/** The leaves of one part of the game, each named with the distances it covers. */
export function partRows(
  sg: SgBreakdown,
  part: SgPart,
  units: UnitsPair,
  boundaries: CategoryBoundaries = DEFAULT_CATEGORY_BOUNDARIES,
): SgRow[] {
  const b = boundaries;
  if (part === 'approach') {
    return [
      { key: 'short', label: `Short (up to ${boundary(b.shortApproachMaxYards, 'long', units)})`, value: sg.approach.short },
      { key: 'mid', label: `Mid (up to ${boundary(b.midApproachMaxYards, 'long', units)})`, value: sg.approach.mid },
      { key: 'long', label: `Long (over ${boundary(b.midApproachMaxYards, 'long', units)})`, value: sg.approach.long },
    ];
  }
  if (part === 'chip') {
    return [
      { key: 'fairway', label: 'From the fairway', value: sg.chip.fairway },
      { key: 'rough', label: 'From the rough', value: sg.chip.rough },
      { key: 'sand', label: 'From the sand', value: sg.chip.sand },
      { key: 'other', label: 'Other', value: sg.chip.other },
    ];
  }
  return [
    { key: 'short', label: `Short (under ${boundary(b.shortPuttMaxFeet, 'putt', units)})`, value: sg.putt.short },
    { key: 'mid', label: `Mid (up to ${boundary(b.midPuttMaxFeet, 'putt', units)})`, value: sg.putt.mid },
    { key: 'long', label: `Long (over ${boundary(b.midPuttMaxFeet, 'putt', units)})`, value: sg.putt.long },
  ];
}

export const SG_PART_TITLES: Record<SgPart, string> = {
  approach: 'Approach by distance',
  chip: 'Short game by lie',
  putt: 'Putting by length',
};

/** What each part counts, in the user's units (packages/golf README, "Stat categories"). */
export function partDefinition(part: SgPart, units: UnitsPair, boundaries: CategoryBoundaries = DEFAULT_CATEGORY_BOUNDARIES): string {
  const chip = boundary(boundaries.chipMaxYards, 'long', units);
  if (part === 'approach') {
    return `Approach shots: the tee shot on a par 3, and shots from the fairway, rough, sand or a penalty area from farther than ${chip}. Short, mid and long by the distance to the hole when the shot was played.`;
  }
  if (part === 'chip') {
    return `Chips, pitches and bunker shots from ${chip} or closer, by the lie they were played from. Other: a shot played from a penalty area near the green, or a par-3 tee shot within ${chip}.`;
  }
  return `Every stroke on the green, by the length of the putt: short under ${boundary(boundaries.shortPuttMaxFeet, 'putt', units)}, mid up to ${boundary(boundaries.midPuttMaxFeet, 'putt', units)}, long beyond.`;
}

export const SG_DEFINITION =
  'For every shot: the strokes the benchmark golfer is expected to need from where it started, minus the strokes expected from where it finished, minus one (and minus any penalty stroke). Added up by part of the game and given per 18 holes, so a 9-hole round counts half. Positive means better than the benchmark.';
