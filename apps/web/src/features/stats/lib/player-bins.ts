/**
 * Binning for the player statistics charts. Values arrive canonical (feet on the green, yards off
 * it) and are binned in the user's unit, so the bins and their labels read in that unit: 3–6 ft,
 * 2–3 m, 240–260 yd. A bin holds its lower edge and not its upper one (a 6 ft putt is in 6–10 ft).
 */
import { toDisplayDistance, unitOf, type DistanceUnit, type UnitsPair } from '@holeout/golf';
import { percentOf, UNIT_ABBREVIATIONS } from './format.ts';

export interface Bin {
  /** Lower edge (included), in the display unit. */
  from: number;
  /** Upper edge (excluded); null for the open last bin. */
  to: number | null;
  /** For tables: "Under 3 ft", "3–6 ft", "30 ft or more". */
  label: string;
  /** For a chart axis (the unit is on the axis): "<3", "3–6", "30+". */
  short: string;
  count: number;
}

/** Putt length bins per display unit: 0–3–6–10–15–20–30+ ft; the same steps, rounded, in yards and meters. */
export const PUTT_EDGES: Record<DistanceUnit, readonly number[]> = {
  feet: [0, 3, 6, 10, 15, 20, 30],
  yards: [0, 2, 3, 5, 7, 10],
  meters: [0, 2, 3, 5, 7, 10],
};

/** Distance of the shot that found the green: 0–50–100–150–200+ yards or meters. */
export const LONG_EDGES: Record<DistanceUnit, readonly number[]> = {
  feet: [0, 150, 300, 450, 600],
  yards: [0, 50, 100, 150, 200],
  meters: [0, 50, 100, 150, 200],
};

/** Drive histogram bin width, in the display unit (20 yd or 20 m). */
export const DRIVE_BIN_WIDTH = 20;

/** The empty bins between ascending edges; the last is open. */
export function edgeBins(edges: readonly number[], unit: string): Bin[] {
  return edges.map((from, index) => {
    const to = index + 1 < edges.length ? edges[index + 1]! : null;
    if (to === null) return { from, to, label: `${from} ${unit} or more`, short: `${from}+`, count: 0 };
    if (index === 0 && from === 0) return { from, to, label: `Under ${to} ${unit}`, short: `<${to}`, count: 0 };
    return { from, to, label: `${from}–${to} ${unit}`, short: `${from}–${to}`, count: 0 };
  });
}

/** Index of the bin a value falls in: the last edge at or below it (below the first edge: the first bin). */
export function binIndex(value: number, edges: readonly number[]): number {
  let index = 0;
  for (let i = 0; i < edges.length; i += 1) if (value >= edges[i]!) index = i;
  return index;
}

/** Counts of values (already in the display unit) per bin. */
export function countByEdges(values: readonly number[], edges: readonly number[], unit: string): Bin[] {
  const bins = edgeBins(edges, unit);
  for (const value of values) bins[binIndex(value, edges)]!.count += 1;
  return bins;
}

/**
 * A histogram of equal-width bins from the bin of the smallest value to that of the largest,
 * empty bins between included: 240–260, 260–280. No values, no bins.
 */
export function evenBins(values: readonly number[], width: number, unit: string): Bin[] {
  if (values.length === 0) return [];
  const first = Math.floor(Math.min(...values) / width);
  const last = Math.floor(Math.max(...values) / width);
  const bins: Bin[] = [];
  for (let n = first; n <= last; n += 1) {
    const from = n * width;
    const to = from + width;
    bins.push({ from, to, label: `${from}–${to} ${unit}`, short: `${from}–${to}`, count: 0 });
  }
  for (const value of values) bins[Math.floor(value / width) - first]!.count += 1;
  return bins;
}

export interface MakeBand {
  label: string;
  short: string;
  made: number;
  attempts: number;
  /** made / attempts × 100; null with no putts from there. */
  percent: number | null;
}

/** Make percentage by putt length, from the lengths (feet) of holed and missed putts. */
export function puttMakeBands(made: readonly number[], missed: readonly number[], units: UnitsPair): MakeBand[] {
  const unit = unitOf(units, 'putt');
  const edges = PUTT_EDGES[unit];
  const display = (feet: number) => toDisplayDistance(feet, 'putt', units);
  const holed = countByEdges(made.map(display), edges, UNIT_ABBREVIATIONS[unit]);
  const out = countByEdges(missed.map(display), edges, UNIT_ABBREVIATIONS[unit]);
  return holed.map((bin, index) => {
    const attempts = bin.count + out[index]!.count;
    return { label: bin.label, short: bin.short, made: bin.count, attempts, percent: percentOf(bin.count, attempts) };
  });
}

export interface ShareBin extends Bin {
  /** count / all × 100; null with nothing counted. */
  percent: number | null;
}

/** First putts by their length (feet), in the user's putt unit. */
export function firstPuttBands(putts: ReadonlyArray<{ putt_dist: number }>, units: UnitsPair): ShareBin[] {
  const unit = unitOf(units, 'putt');
  const bins = countByEdges(
    putts.map((putt) => toDisplayDistance(putt.putt_dist, 'putt', units)),
    PUTT_EDGES[unit],
    UNIT_ABBREVIATIONS[unit],
  );
  return bins.map((bin) => ({ ...bin, percent: percentOf(bin.count, putts.length) }));
}

export interface ProximityBand extends Bin {
  /** Mean first-putt length in the user's putt unit; null with no first putt from this far. */
  average: number | null;
}

/**
 * Proximity to the hole: the mean first-putt length by how far out the shot that found the green
 * was played from (start_dist, yards).
 */
export function proximityBands(putts: ReadonlyArray<{ start_dist: number; putt_dist: number }>, units: UnitsPair): ProximityBand[] {
  const unit = unitOf(units, 'long');
  const edges = LONG_EDGES[unit];
  const bins = edgeBins(edges, UNIT_ABBREVIATIONS[unit]);
  const sums = bins.map(() => 0);
  for (const putt of putts) {
    const index = binIndex(toDisplayDistance(putt.start_dist, 'long', units), edges);
    bins[index]!.count += 1;
    sums[index]! += toDisplayDistance(putt.putt_dist, 'putt', units);
  }
  return bins.map((bin, index) => ({ ...bin, average: bin.count > 0 ? sums[index]! / bin.count : null }));
}

/** Long-shot distances (yards) counted per 0–50–100–150–200+ band of the user's long unit. */
export function longDistanceBands(yards: readonly number[], units: UnitsPair): ShareBin[] {
  const unit = unitOf(units, 'long');
  const bins = countByEdges(
    yards.map((value) => toDisplayDistance(value, 'long', units)),
    LONG_EDGES[unit],
    UNIT_ABBREVIATIONS[unit],
  );
  return bins.map((bin) => ({ ...bin, percent: percentOf(bin.count, yards.length) }));
}

/** Drive distances (yards) as a histogram of 20-unit bins in the user's long unit. */
export function driveHistogram(drives: readonly number[], units: UnitsPair): Bin[] {
  const unit = unitOf(units, 'long');
  return evenBins(
    drives.map((value) => toDisplayDistance(value, 'long', units)),
    DRIVE_BIN_WIDTH,
    UNIT_ABBREVIATIONS[unit],
  );
}
