import { describe, expect, it } from 'vitest';
import { UNITS_PAIR_NAMES } from '@holeout/golf';
import { suggestedBenchmark, unitsPairOf } from './setup-defaults.ts';

describe('suggestedBenchmark', () => {
  it('follows the level without a handicap: pros against their tour, everyone else against the 90 golfer', () => {
    expect(suggestedBenchmark('Male Pro', null)).toBe('TOUR');
    expect(suggestedBenchmark('Female Pro', null)).toBe('LPGA');
    for (const level of ['Womens Amateur', 'Mens Amateur', 'Girls Junior', 'Boys Junior'] as const) {
      expect(suggestedBenchmark(level, null)).toBe('NINETY');
    }
    expect(suggestedBenchmark(null, null)).toBe('NINETY');
  });

  it('follows the handicap when there is one: the benchmark whose typical score is nearest', () => {
    expect(
      [-6, -4, -3.9, 0, 4, 4.1, 8, 13, 13.1, 18, 23, 23.1, 28, 54].map((handicap) => [
        handicap,
        suggestedBenchmark('Mens Amateur', handicap),
      ]),
    ).toEqual([
      [-6, 'TOUR'],
      [-4, 'TOUR'],
      [-3.9, 'SCRATCH'],
      [0, 'SCRATCH'],
      [4, 'SCRATCH'],
      [4.1, 'EIGHTY'],
      [8, 'EIGHTY'],
      [13, 'EIGHTY'],
      [13.1, 'NINETY'],
      [18, 'NINETY'],
      [23, 'NINETY'],
      [23.1, 'HUNDRED'],
      [28, 'HUNDRED'],
      [54, 'HUNDRED'],
    ]);
    // A women's plus handicap compares with the LPGA Tour; the handicap wins over a pro level.
    expect(suggestedBenchmark('Female Pro', -5)).toBe('LPGA');
    expect(suggestedBenchmark('Male Pro', 10)).toBe('EIGHTY');
  });
});

describe('unitsPairOf', () => {
  it('makes every units pair from its putt and long distance units', () => {
    const made = (['FEET', 'YARDS', 'METERS'] as const).flatMap((putt) =>
      (['YARDS', 'METERS'] as const).map((long) => unitsPairOf(putt, long)),
    );
    expect([...made].sort()).toEqual([...UNITS_PAIR_NAMES].sort());
    expect(unitsPairOf('FEET', 'METERS')).toBe('FEET_METERS');
  });
});
