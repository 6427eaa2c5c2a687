import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNITS_PAIR_NAMES, type DistanceUnit } from './units-pairs.ts';
import { convertDistance, fromDisplayDistance, normaliseRange, toDisplayDistance } from './units.ts';

const UNITS: DistanceUnit[] = ['feet', 'yards', 'meters'];

describe('convertDistance', () => {
  it('uses the fixed constant of each direction', () => {
    expect(convertDistance(100, 'yards', 'meters')).toBeCloseTo(91.44, 12);
    expect(convertDistance(100, 'meters', 'yards')).toBeCloseTo(109.36, 12);
    expect(convertDistance(10, 'feet', 'meters')).toBeCloseTo(3.048, 12);
    expect(convertDistance(10, 'meters', 'feet')).toBeCloseTo(32.8084, 12);
    expect(convertDistance(10, 'yards', 'feet')).toBe(30);
    expect(convertDistance(30, 'feet', 'yards')).toBe(10);
    expect(convertDistance(0.4, 'yards', 'yards')).toBe(0.4); // same unit: not a conversion
  });

  it('never gives a converted distance below 1', () => {
    expect(convertDistance(2, 'feet', 'yards')).toBe(1);
    expect(convertDistance(3, 'feet', 'meters')).toBe(1);
    expect(convertDistance(0, 'meters', 'feet')).toBe(1);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.constantFrom(...UNITS),
        fc.constantFrom(...UNITS),
        (value, from, to) => {
          if (from !== to) expect(convertDistance(value, from, to)).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('round-trips within the precision of the constants (0.9144 x 1.0936 and 0.3048 x 3.28084 are not exactly 1)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 4, max: 1000, noNaN: true }),
        fc.constantFrom(...UNITS),
        fc.constantFrom(...UNITS),
        (value, from, to) => {
          const back = convertDistance(convertDistance(value, from, to), to, from);
          expect(Math.abs(back - value) / value).toBeLessThan(2e-5);
        },
      ),
    );
    expect(convertDistance(convertDistance(150, 'yards', 'feet'), 'feet', 'yards')).toBeCloseTo(150, 12);
  });
});

describe('display distances', () => {
  it('shows canonical feet and yards in the pair units, and reads them back', () => {
    expect(toDisplayDistance(150, 'long', 'FEET_YARDS')).toBe(150);
    expect(toDisplayDistance(150, 'long', 'FEET_METERS')).toBeCloseTo(137.16, 12);
    expect(toDisplayDistance(30, 'putt', 'YARDS_METERS')).toBe(10);
    expect(toDisplayDistance(10, 'putt', 'METERS_YARDS')).toBeCloseTo(3.048, 12);
    expect(fromDisplayDistance(10, 'putt', 'METERS_METERS')).toBeCloseTo(32.8084, 12);
    expect(fromDisplayDistance(137, 'long', 'YARDS_METERS')).toBeCloseTo(137 * 1.0936, 12);
    fc.assert(
      fc.property(
        fc.double({ min: 4, max: 600, noNaN: true }),
        fc.constantFrom(...UNITS_PAIR_NAMES),
        fc.constantFrom('putt' as const, 'long' as const),
        (value, pair, kind) => {
          const back = fromDisplayDistance(toDisplayDistance(value, kind, pair), kind, pair);
          expect(Math.abs(back - value) / value).toBeLessThan(2e-5);
        },
      ),
    );
  });
});

describe('normaliseRange', () => {
  it('swaps, clamps and widens equal ends by 1', () => {
    expect(normaliseRange(10, 30, 0, 100)).toEqual({ lower: 10, upper: 30 });
    expect(normaliseRange(30, 10, 0, 100)).toEqual({ lower: 10, upper: 30 });
    expect(normaliseRange(-5, 120, 0, 100)).toEqual({ lower: 0, upper: 100 });
    expect(normaliseRange(20, 20, 0, 100)).toEqual({ lower: 20, upper: 21 });
    expect(normaliseRange(100, 100, 0, 100)).toEqual({ lower: 99, upper: 100 });
    expect(normaliseRange(150, 130, 0, 100)).toEqual({ lower: 99, upper: 100 }); // both clamp to 100
    expect(normaliseRange(-3, -8, 0, 100)).toEqual({ lower: 0, upper: 1 });
    expect(normaliseRange(5, 5, 5, 5)).toEqual({ lower: 5, upper: 5 });
  });

  it('always gives lower < upper inside the bounds when the bounds allow it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 250 }), fc.integer({ min: -50, max: 250 }), (a, b) => {
        const range = normaliseRange(a, b, 0, 200);
        expect(range.lower).toBeLessThan(range.upper);
        expect(range.lower).toBeGreaterThanOrEqual(0);
        expect(range.upper).toBeLessThanOrEqual(200);
      }),
    );
  });
});
