/**
 * Distances to the hole from positions taken on the course: each shot's start kept as a latitude and
 * longitude, the hole's position (the pin) marked when the golfer reaches it, and every distance of
 * that hole worked out from the two in the round's units.
 */
import type { Shot, StartLie } from './round.ts';
import { UNITS_PAIRS, type DistanceUnit, type UnitsPair } from './units-pairs.ts';
import { FEET_PER_METER, YARDS_PER_METER } from './units.ts';

/** A point on the Earth in decimal degrees (WGS 84, as phones give it). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** The mean radius of the Earth in metres (IUGG: (2a + b) / 3 of WGS 84). */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** A position whose accuracy (radius in metres) is worse than this is confirmed by the golfer before it counts. */
export const GOOD_FIX_METERS = 15;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points in metres, by the haversine formula on a sphere of
 * EARTH_RADIUS_METERS: d = 2R·asin(√(sin²(Δφ/2) + cos φ1·cos φ2·sin²(Δλ/2))). Over a golf hole the
 * sphere differs from the ellipsoid by well under a yard.
 */
export function haversineMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The unit a shot from `lie` is entered in: the pair's putt unit on the green, its long unit elsewhere. */
export function entryUnitForLie(units: UnitsPair, lie: StartLie): DistanceUnit {
  return UNITS_PAIRS[units][lie === 'G' ? 'putt' : 'long'];
}

/**
 * The step a measured distance is rounded to, as a golfer would type it: whole yards or metres off
 * the green, whole feet on it, and tenths of a yard or metre for putts in those units.
 */
export function entryStep(units: UnitsPair, lie: StartLie): number {
  return lie === 'G' && entryUnitForLie(units, lie) !== 'feet' ? 0.1 : 1;
}

/**
 * A distance measured in metres as the golfer enters it for a shot from `lie`: converted with the
 * product's constants (1 m = 1.0936 yd = 3.28084 ft) into the round's unit for that lie and rounded
 * to the entry step; never below one step, since a shot's distance is positive.
 */
export function entryDistanceFromMeters(meters: number, units: UnitsPair, lie: StartLie): number {
  const unit = entryUnitForLie(units, lie);
  const value = meters * (unit === 'meters' ? 1 : unit === 'yards' ? YARDS_PER_METER : FEET_PER_METER);
  const step = entryStep(units, lie);
  const rounded = Math.round(value / step) * step;
  // Tenths are rounded again so 0.30000000000000004 reads 0.3.
  return Math.max(step, Number(rounded.toFixed(step < 1 ? 1 : 0)));
}

/** A shot as Add Round keeps it: the start position when it was taken, and whether the golfer typed the distance over it. */
export type PositionedShot = Shot & { typed?: boolean };

/** Whether a shot's start position was kept (both coordinates). */
export function hasPosition(shot: Pick<Shot, 'lat' | 'lon'>): shot is { lat: number; lon: number } {
  return typeof shot.lat === 'number' && typeof shot.lon === 'number';
}

/**
 * Which distances the pin fills in: every shot of the hole with a start position whose distance the
 * golfer did not type over (a typed distance is the golfer's word and stays). Indexes into `shots`.
 */
export function distancesToFill(shots: readonly PositionedShot[]): number[] {
  return shots.flatMap((shot, index) => (hasPosition(shot) && !shot.typed ? [index] : []));
}

/**
 * The hole's shots with their distances to the hole filled in from the pin: for each shot
 * `distancesToFill` names, the haversine distance from its start to the pin in the round's unit for
 * its lie (entryDistanceFromMeters). The other shots are returned as they were.
 */
export function fillDistancesFromPin<S extends PositionedShot>(shots: readonly S[], pin: GeoPoint, units: UnitsPair): S[] {
  const fill = new Set(distancesToFill(shots));
  return shots.map((shot, index) => {
    if (!fill.has(index) || !hasPosition(shot)) return shot;
    return { ...shot, dist: entryDistanceFromMeters(haversineMeters(shot, pin), units, shot.from) };
  });
}

/**
 * Local flat coordinates in metres (x east, y north) of points around `origin`, by the
 * equirectangular projection: x = R·Δλ·cos φ0, y = R·Δφ. Over a golf hole the error is far below a
 * pixel of a drawing.
 */
export function localMeters(points: readonly GeoPoint[], origin: GeoPoint): { x: number; y: number }[] {
  const cosLat = Math.cos(radians(origin.lat));
  return points.map((point) => ({
    x: EARTH_RADIUS_METERS * radians(point.lon - origin.lon) * cosLat,
    y: EARTH_RADIUS_METERS * radians(point.lat - origin.lat),
  }));
}
