/**
 * How the statistics pages write their numbers: figures and percentages with "–" for no chances,
 * strokes gained and other signed figures, distances in the user's units, scores to par and round
 * labels. One function a job, shared by every statistics page. Pure, so every rule has its unit test.
 */
import { formatDate, roundTo, toDisplayDistance, unitOf, type DistanceKind, type DistanceUnit, type UnitsPair } from '@holeout/golf';

/** What a figure with nothing to count shows (the statistics give null: no chances yet, never 0). */
export const NO_VALUE = '–';

export const UNIT_ABBREVIATIONS: Record<DistanceUnit, string> = { feet: 'ft', yards: 'yd', meters: 'm' };

/** "ft", "yd" or "m": the unit the user's pair shows for putts or long shots. */
export function unitAbbreviation(units: UnitsPair, kind: DistanceKind): string {
  return UNIT_ABBREVIATIONS[unitOf(units, kind)];
}

function isFigure(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** A plain number with at most `decimals` places and no trailing zeros: 3.4, 12, –. */
export function formatNumber(value: number | null | undefined, decimals = 1): string {
  return isFigure(value) ? String(roundTo(value, decimals)) : NO_VALUE;
}

/** A number with exactly `decimals` places: 1.0, 0.5, 1.86, –. */
export function formatFixed(value: number | null | undefined, decimals = 1): string {
  return isFigure(value) ? roundTo(value, decimals).toFixed(decimals) : NO_VALUE;
}

/**
 * A percentage 0-100 with `decimals` places at most ("38.9%", "50%"), or exactly `decimals`
 * places with `fixed` ("50.0%"); "–" for none.
 */
export function formatPercent(
  value: number | null | undefined,
  { decimals = 1, fixed = false }: { decimals?: number; fixed?: boolean } = {},
): string {
  const text = fixed ? formatFixed(value, decimals) : formatNumber(value, decimals);
  return text === NO_VALUE ? text : `${text}%`;
}

/** How many of every 10 (the miss grids' factor 10), one decimal: "1.1", "0.0", "–". */
export function formatPerTen(value: number | null | undefined): string {
  return formatFixed(value, 1);
}

/** count / total as a percentage, null when there is nothing to count. */
export function percentOf(count: number, total: number): number | null {
  return total > 0 ? (count / total) * 100 : null;
}

/** A signed figure with fixed decimals: "+0.45", "-1.20", "0.00". */
export function formatSigned(value: number | null | undefined, decimals = 2): string {
  if (!isFigure(value)) return NO_VALUE;
  const rounded = roundTo(value, decimals);
  if (rounded === 0) return (0).toFixed(decimals);
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(decimals)}`;
}

/** Strokes gained as golfers read it (and as the event page writes it): "+0.45", "-1.20", "0.00". */
export function formatSg(value: number | null | undefined): string {
  return formatSigned(value, 2);
}

/** A number in a display unit: one decimal under 10 (1.8 m), whole from 10 on (91 m, 250 yd). */
export function displayNumber(value: number): string {
  return String(roundTo(value, Math.abs(value) < 10 ? 1 : 0));
}

/**
 * A canonical distance (feet for putts, yards off the green) in the user's unit, the number alone.
 * Without `decimals`, as displayNumber writes it ("6", "1.8", "137"); with them, to that many
 * places at most ("229" with 0, "91.4" with 1).
 */
export function displayDistance(value: number, kind: DistanceKind, units: UnitsPair, decimals?: number): string {
  const shown = toDisplayDistance(value, kind, units);
  return decimals === undefined ? displayNumber(shown) : String(roundTo(shown, decimals));
}

/** displayDistance with the unit, "–" for none: "6 ft", "1.8 m"; "229 m" with 0 decimals, "91.4 m" with 1. */
export function formatDistance(value: number | null | undefined, kind: DistanceKind, units: UnitsPair, decimals?: number): string {
  return isFigure(value) ? `${displayDistance(value, kind, units, decimals)} ${unitAbbreviation(units, kind)}` : NO_VALUE;
}

/**
 * A label for each round, by its date (MM/d/yy); rounds on the same date are told apart by a
 * number in play order: "05/2/26", "05/2/26 (2)".
 */
export function roundLabels(rounds: ReadonlyArray<{ start: string }>): string[] {
  const seen = new Map<string, number>();
  return rounds.map(({ start }) => {
    const date = formatDate(start);
    const count = (seen.get(date) ?? 0) + 1;
    seen.set(date, count);
    return count === 1 ? date : `${date} (${count})`;
  });
}

/** What a rate is out of, or that there was nothing to count: "14 of 36 holes", "No chances yet". */
export function outOf(made: number, chances: number, noun: string): string {
  return chances > 0 ? `${made} of ${chances} ${noun}` : 'No chances yet';
}
