import { describe, expect, it } from 'vitest';
import {
  distancesToFill,
  entryDistanceFromMeters,
  fillDistancesFromPin,
  haversineMeters,
  localMeters,
  type PositionedShot,
} from './gps.ts';

// Worked by hand: one degree of arc on a sphere of R = 6,371,008.8 m is R·π/180 = 111,195.08 m, so
// 0.001° is 111.195 m (the "111.2 m" of a thousandth of a degree of latitude).
const THOUSANDTH_DEGREE_METERS = 111.195;

describe('haversineMeters', () => {
  it('gives 111.2 m for two points 0.001° of latitude apart, anywhere', () => {
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 0.001, lon: 0 })).toBeCloseTo(THOUSANDTH_DEGREE_METERS, 2);
    expect(haversineMeters({ lat: 51.5, lon: -0.12 }, { lat: 51.501, lon: -0.12 })).toBeCloseTo(THOUSANDTH_DEGREE_METERS, 2);
  });

  it('shrinks a degree of longitude by the cosine of the latitude: 0.001° at 60° is half of 111.195 m', () => {
    expect(haversineMeters({ lat: 60, lon: 10 }, { lat: 60, lon: 10.001 })).toBeCloseTo(55.598, 2);
    expect(haversineMeters({ lat: 0, lon: 10 }, { lat: 0, lon: 10.001 })).toBeCloseTo(THOUSANDTH_DEGREE_METERS, 2);
  });

  it('adds the legs of a small right angle by Pythagoras: 0.003° north and 0.004° east at the equator is 5 × 111.195 m', () => {
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 0.003, lon: 0.004 })).toBeCloseTo(5 * THOUSANDTH_DEGREE_METERS, 1);
  });

  it('is zero from a point to itself and the same both ways', () => {
    const tee = { lat: 56.3433, lon: -2.8036 };
    const pin = { lat: 56.3461, lon: -2.8002 };
    expect(haversineMeters(tee, tee)).toBe(0);
    expect(haversineMeters(tee, pin)).toBeCloseTo(haversineMeters(pin, tee), 9);
  });
});

describe('entryDistanceFromMeters', () => {
  it('gives whole yards or metres off the green with the product constants (1 m = 1.0936 yd)', () => {
    // 111.195 m x 1.0936 = 121.603 yd -> 122 yd.
    expect(entryDistanceFromMeters(THOUSANDTH_DEGREE_METERS, 'FEET_YARDS', 'F')).toBe(122);
    expect(entryDistanceFromMeters(THOUSANDTH_DEGREE_METERS, 'METERS_METERS', 'T')).toBe(111);
    expect(entryDistanceFromMeters(THOUSANDTH_DEGREE_METERS, 'YARDS_METERS', 'R')).toBe(111);
  });

  it('gives whole feet on the green (1 m = 3.28084 ft), and tenths for putts in yards or metres', () => {
    // 10 m x 3.28084 = 32.81 ft -> 33 ft; 10 m x 1.0936 = 10.936 yd -> 10.9 yd; 3.04 m -> 3.0 m.
    expect(entryDistanceFromMeters(10, 'FEET_YARDS', 'G')).toBe(33);
    expect(entryDistanceFromMeters(10, 'YARDS_METERS', 'G')).toBe(10.9);
    expect(entryDistanceFromMeters(3.04, 'METERS_METERS', 'G')).toBe(3);
    // The putt unit is for the green only: off it the long unit of the pair applies.
    expect(entryDistanceFromMeters(10, 'METERS_YARDS', 'F')).toBe(11);
  });

  it('never gives less than one step, since a distance to the hole is positive', () => {
    expect(entryDistanceFromMeters(0.05, 'FEET_YARDS', 'G')).toBe(1);
    expect(entryDistanceFromMeters(0.02, 'METERS_METERS', 'G')).toBe(0.1);
    expect(entryDistanceFromMeters(0, 'FEET_YARDS', 'T')).toBe(1);
  });
});

describe('which distances the pin fills in', () => {
  const pin = { lat: 0.004, lon: 0 };
  const shots: PositionedShot[] = [
    { from: 'T', dist: 0, to: 'F', lat: 0, lon: 0 },
    { from: 'F', dist: 150, to: 'G', lat: 0.002, lon: 0, typed: true },
    { from: 'G', dist: 20, to: 'G' },
    { from: 'G', dist: 0, to: 'I', lat: 0.00399, lon: 0 },
  ];

  it('fills each shot with a position that was not typed over; a typed distance and a shot without position stay', () => {
    expect(distancesToFill(shots)).toEqual([0, 3]);
    const filled = fillDistancesFromPin(shots, pin, 'FEET_YARDS');
    // Tee: 0.004° = 444.78 m x 1.0936 = 486.4 yd -> 486; last putt: 0.00001° = 1.112 m x 3.28084 = 3.65 ft -> 4 ft.
    expect(filled.map((shot) => shot.dist)).toEqual([486, 150, 20, 4]);
    expect(filled[1]).toBe(shots[1]);
    expect(filled[0]).toMatchObject({ lat: 0, lon: 0, from: 'T', to: 'F' });
  });

  it('measures in the round units: the same tee shot is 445 m for METERS_METERS', () => {
    expect(fillDistancesFromPin(shots, pin, 'METERS_METERS')[0]!.dist).toBe(445);
  });
});

describe('localMeters', () => {
  it('puts a point 0.001° north 111.195 m up and one 0.001° east at 60° 55.6 m right', () => {
    const [north, east] = localMeters(
      [
        { lat: 60.001, lon: 10 },
        { lat: 60, lon: 10.001 },
      ],
      { lat: 60, lon: 10 },
    );
    expect(north!.x).toBeCloseTo(0, 9);
    expect(north!.y).toBeCloseTo(THOUSANDTH_DEGREE_METERS, 2);
    expect(east!.x).toBeCloseTo(55.598, 2);
    expect(east!.y).toBeCloseTo(0, 9);
  });
});
