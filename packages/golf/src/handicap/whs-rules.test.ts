import { describe, expect, it } from 'vitest';
import {
  capIndex,
  courseHandicap,
  differentialsRule,
  expectedNineHoleDifferential,
  handicapStrokesByHole,
  roundToTenth,
  roundToWhole,
  scoreDifferential,
} from './whs-rules.ts';

describe('roundToTenth', () => {
  it('rounds .05 up, through the binary drift of the product', () => {
    // (113 / 100) x (77 - 72.0) = 1.13 x 5 = 5.65 exactly on paper; in binary it is 5.6499999..., which a
    // plain Math.round(x * 10) / 10 would give as 5.6.
    const differential = scoreDifferential(77, 72, 100);
    expect(Math.round(differential * 10) / 10).toBe(5.6);
    expect(roundToTenth(differential)).toBe(5.7);
    expect(roundToTenth(12.05)).toBe(12.1);
    expect(roundToTenth(12.04)).toBe(12);
  });

  it('rounds a minus differential upwards, towards zero at .05', () => {
    // (113 / 100) x (67 - 72.0) = -5.65 -> -5.6; -1.54 -> -1.5, -1.55 -> -1.5, -1.56 -> -1.6.
    expect(roundToTenth(scoreDifferential(67, 72, 100))).toBe(-5.6);
    expect(roundToTenth(-1.54)).toBe(-1.5);
    expect(roundToTenth(-1.55)).toBe(-1.5);
    expect(roundToTenth(-1.56)).toBe(-1.6);
    expect(Object.is(roundToTenth(-0.04), 0)).toBe(true);
  });

  it('rounds a course handicap to the whole stroke, .5 up', () => {
    expect(roundToWhole(14.5)).toBe(15);
    expect(roundToWhole(14.49)).toBe(14);
    expect(roundToWhole(-2.5)).toBe(-2);
  });
});

describe('scoreDifferential', () => {
  it('85 on course rating 71.3, slope 128 is 12.1', () => {
    // (113 / 128) x (85 - 71.3) = 0.8828125 x 13.7 = 12.0945... -> 12.1
    expect(scoreDifferential(85, 71.3, 128)).toBeCloseTo(12.0945, 4);
    expect(roundToTenth(scoreDifferential(85, 71.3, 128))).toBe(12.1);
  });
});

describe('courseHandicap', () => {
  it('is index x slope / 113 + (rating - par), to the whole stroke', () => {
    // 14.2 x 128 / 113 + (71.3 - 72) = 16.085 - 0.7 = 15.385 -> 15
    expect(courseHandicap(14.2, 128, 71.3, 72)).toBe(15);
    // 9 holes with half of 16.0: 8.0 x 113 / 113 + (35.0 - 36) = 7
    expect(courseHandicap(8, 113, 35, 36)).toBe(7);
    // plus 1.4 on 135 / 73.1 / par 72: -1.4 x 135 / 113 + 1.1 = -1.673 + 1.1 = -0.573 -> -1
    expect(courseHandicap(-1.4, 135, 73.1, 72)).toBe(-1);
  });
});

describe('handicapStrokesByHole', () => {
  const card = [7, 11, 1, 17, 5, 13, 3, 15, 9, 8, 12, 2, 18, 6, 14, 4, 16, 10];

  it('gives a 20 two strokes on stroke index 1 and 2, one on every other hole', () => {
    const strokes = handicapStrokesByHole(card, 20);
    expect(strokes[2]).toBe(2); // stroke index 1 (hole 3)
    expect(strokes[11]).toBe(2); // stroke index 2 (hole 12)
    expect(strokes.reduce((a, b) => a + b, 0)).toBe(20);
    expect(strokes.filter((s) => s === 1)).toHaveLength(16);
  });

  it('gives a 5 one stroke on stroke index 1-5 only', () => {
    const strokes = handicapStrokesByHole(card, 5);
    expect(card.filter((_, i) => strokes[i] === 1).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(strokes.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('takes a plus 2 back on stroke index 18 and 17', () => {
    const strokes = handicapStrokesByHole(card, -2);
    expect(strokes[12]).toBe(-1); // stroke index 18
    expect(strokes[3]).toBe(-1); // stroke index 17
    expect(strokes.reduce((a, b) => a + b, 0)).toBe(-2);
  });

  it('ranks the nine played by their stroke indexes', () => {
    // The front nine's odd indexes; a 9-hole course handicap of 7 falls on 1, 3, ..., 13.
    expect(handicapStrokesByHole([1, 3, 5, 7, 9, 11, 13, 15, 17], 7)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });
});

describe('differentialsRule', () => {
  it('is the WHS table of counts and adjustments', () => {
    expect(differentialsRule(2)).toBeNull();
    expect(differentialsRule(3)).toEqual({ lowest: 1, adjustment: -2 });
    expect(differentialsRule(4)).toEqual({ lowest: 1, adjustment: -1 });
    expect(differentialsRule(5)).toEqual({ lowest: 1, adjustment: 0 });
    expect(differentialsRule(6)).toEqual({ lowest: 2, adjustment: -1 });
    expect([7, 8].map((n) => differentialsRule(n)?.lowest)).toEqual([2, 2]);
    expect([9, 10, 11].map((n) => differentialsRule(n)?.lowest)).toEqual([3, 3, 3]);
    expect([12, 13, 14].map((n) => differentialsRule(n)?.lowest)).toEqual([4, 4, 4]);
    expect([15, 16].map((n) => differentialsRule(n)?.lowest)).toEqual([5, 5]);
    expect([17, 18].map((n) => differentialsRule(n)?.lowest)).toEqual([6, 6]);
    expect(differentialsRule(19)).toEqual({ lowest: 7, adjustment: 0 });
    expect(differentialsRule(20)).toEqual({ lowest: 8, adjustment: 0 });
  });
});

describe('expectedNineHoleDifferential', () => {
  it('is 0.52 x index + 1.2', () => {
    expect(expectedNineHoleDifferential(0)).toBeCloseTo(1.2, 10);
    // 0.52 x 16.0 + 1.2 = 9.52
    expect(expectedNineHoleDifferential(16)).toBeCloseTo(9.52, 10);
  });
});

describe('capIndex', () => {
  it('leaves an increase of 3.0 or less alone', () => {
    expect(capIndex(13, 10)).toEqual({ index: 13, capped: null });
    expect(capIndex(9.2, 10)).toEqual({ index: 9.2, capped: null });
  });

  it('halves the part of an increase beyond 3.0 (soft cap)', () => {
    // low 10.0, calculated 14.6: 10.0 + 3.0 + (4.6 - 3.0) / 2 = 13.8
    expect(capIndex(14.6, 10)).toEqual({ index: 13.8, capped: 'soft' });
    // low 10.0, calculated 13.5: 13.0 + 0.25 = 13.25 -> 13.3
    expect(capIndex(13.5, 10)).toEqual({ index: 13.3, capped: 'soft' });
  });

  it('never rises more than 5.0 above the low index (hard cap)', () => {
    // low 10.0, calculated 17.4: soft would give 13.0 + 2.2 = 15.2, beyond 10.0 + 5.0 -> 15.0
    expect(capIndex(17.4, 10)).toEqual({ index: 15, capped: 'hard' });
    // exactly 5.0 after the soft cap (calculated 17.0) is still the soft cap's doing
    expect(capIndex(17, 10)).toEqual({ index: 15, capped: 'soft' });
  });
});
