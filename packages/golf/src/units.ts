/**
 * Distance units with the product's fixed conversion constants, and the rule that normalises a range
 * (swap, clamp, widen by 1).
 * Canonical units inside the engine: feet on the green (putt), yards off it (long).
 */
import { UNITS_PAIRS, type DistanceUnit, type UnitsPair } from './units-pairs.ts';

/** The product's conversion constants, one per direction: 1 yd = 0.9144 m; 1 m = 1.0936 yd; 1 ft = 0.3048 m; 1 m = 3.28084 ft; 1 yd = 3 ft. */
export const METERS_PER_YARD = 0.9144;
export const YARDS_PER_METER = 1.0936;
export const METERS_PER_FOOT = 0.3048;
export const FEET_PER_METER = 3.28084;
export const FEET_PER_YARD = 3;

/** Converted distances are never below this: a short putt converted to another unit never reads 0. */
export const MIN_CONVERTED_DISTANCE = 1;

/** Which distance of a units pair: putts (on the green) or long shots (off it). */
export type DistanceKind = 'putt' | 'long';

/** The canonical unit of each kind: feet for putts, yards for long shots (FEET_YARDS). */
export const CANONICAL_UNIT: Readonly<Record<DistanceKind, DistanceUnit>> = { putt: 'feet', long: 'yards' };

// Each direction uses its own fixed constant, not the inverse of the other, so e.g. yards -> meters -> yards
// is not exactly the identity (0.9144 x 1.0936 = 0.99998784): both figures are product constants and both are kept.
const FACTORS: Readonly<Record<DistanceUnit, Readonly<Record<DistanceUnit, number>>>> = {
  feet: { feet: 1, yards: 1 / FEET_PER_YARD, meters: METERS_PER_FOOT },
  yards: { feet: FEET_PER_YARD, yards: 1, meters: METERS_PER_YARD },
  meters: { feet: FEET_PER_METER, yards: YARDS_PER_METER, meters: 1 },
};

/**
 * Converts a distance between feet, yards and meters with the constants above. A converted distance is
 * never below 1; a distance in its own unit is returned unchanged.
 */
export function convertDistance(value: number, from: DistanceUnit, to: DistanceUnit): number {
  if (from === to) return value;
  const converted = value * FACTORS[from][to];
  return converted < MIN_CONVERTED_DISTANCE ? MIN_CONVERTED_DISTANCE : converted;
}

/** The unit a units pair uses for putts or long shots. */
export function unitOf(units: UnitsPair, kind: DistanceKind): DistanceUnit {
  return UNITS_PAIRS[units][kind];
}

/** A canonical distance (feet for putts, yards for long shots) in the unit the pair displays. */
export function toDisplayDistance(value: number, kind: DistanceKind, units: UnitsPair): number {
  return convertDistance(value, CANONICAL_UNIT[kind], unitOf(units, kind));
}

/** A distance entered in the pair's unit, back to canonical (feet for putts, yards for long shots). */
export function fromDisplayDistance(value: number, kind: DistanceKind, units: UnitsPair): number {
  return convertDistance(value, unitOf(units, kind), CANONICAL_UNIT[kind]);
}

/** A closed range of values. */
export interface NumberRange {
  lower: number;
  upper: number;
}

/**
 * Normalises a range: swapped if lower exceeds upper, clamped to [min, max], and
 * widened by 1 if both ends are equal: upward when there is room under `max`, else downward. When
 * `min` equals `max` there is no room and the single value is returned as both ends.
 */
export function normaliseRange(lower: number, upper: number, min: number, max: number): NumberRange {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const clamp = (v: number) => (v < lo ? lo : v > hi ? hi : v);
  let a = clamp(Math.min(lower, upper));
  let b = clamp(Math.max(lower, upper));
  if (a === b) {
    if (b + 1 <= hi) b += 1;
    else if (a - 1 >= lo) a -= 1;
    else {
      a = lo;
      b = hi;
    }
  }
  return { lower: a, upper: b };
}
