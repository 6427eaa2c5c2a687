/**
 * Units pairs: the unit a user reads putt distances in, then the unit for long distances (off the
 * green). FEET_YARDS is the default.
 */
export const UNITS_PAIRS = {
  FEET_YARDS: { putt: 'feet', long: 'yards' },
  FEET_METERS: { putt: 'feet', long: 'meters' },
  YARDS_METERS: { putt: 'yards', long: 'meters' },
  YARDS_YARDS: { putt: 'yards', long: 'yards' },
  METERS_METERS: { putt: 'meters', long: 'meters' },
  METERS_YARDS: { putt: 'meters', long: 'yards' },
} as const;

export type UnitsPair = keyof typeof UNITS_PAIRS;
export type DistanceUnit = 'feet' | 'yards' | 'meters';
export const UNITS_PAIR_NAMES = Object.keys(UNITS_PAIRS) as UnitsPair[];
export const DEFAULT_UNITS: UnitsPair = 'FEET_YARDS';

/** Labels, in the product's listing order: feet/yards, feet/meters, yards/meters, yards/yards, meters/meters, meters/yards. */
export const UNITS_PAIR_LABELS: Record<UnitsPair, string> = {
  FEET_YARDS: 'Feet / Yards',
  FEET_METERS: 'Feet / Meters',
  YARDS_METERS: 'Yards / Meters',
  YARDS_YARDS: 'Yards / Yards',
  METERS_METERS: 'Meters / Meters',
  METERS_YARDS: 'Meters / Yards',
};
