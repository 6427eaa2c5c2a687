import { describe, expect, it } from 'vitest';
import { BENCHMARK_LEVELS } from '../benchmarks.ts';
import { REFERENCE_FIGURES, referenceFiguresFor, referenceFiguresForScore, type ReferenceFigures } from './reference-figures.ts';

/** The product's acceptance ranges per amateur level (the figures must lie inside). */
const RANGES: Record<'SCRATCH' | 'EIGHTY' | 'NINETY' | 'HUNDRED', Partial<Record<keyof ReferenceFigures, [number, number]>>> = {
  SCRATCH: {
    puttsPerRound: [29.5, 31],
    threePuttsPerRound: [0.5, 1.5],
    girPct: [50, 65],
    fairwaysPct: [45, 60],
    avgDriveYards: [245, 270],
  },
  EIGHTY: { puttsPerRound: [30.5, 32.5], threePuttsPerRound: [1, 2.5], girPct: [30, 45], fairwaysPct: [40, 55], avgDriveYards: [220, 240] },
  NINETY: { puttsPerRound: [32, 34], threePuttsPerRound: [2, 4], girPct: [15, 30], fairwaysPct: [35, 52], avgDriveYards: [205, 225] },
  HUNDRED: { puttsPerRound: [33.5, 36], threePuttsPerRound: [3, 6], girPct: [5, 18], fairwaysPct: [30, 50], avgDriveYards: [190, 215] },
};

/** Which way each figure is better: a better golfer's figure is never worse. */
const HIGHER_IS_BETTER: Record<keyof ReferenceFigures, boolean> = {
  puttsPerRound: false,
  threePuttsPerRound: false,
  girPct: true,
  fairwaysPct: true,
  avgDriveYards: true,
  teePenaltiesPerRound: false,
  penaltiesPerRound: false,
  makePctUnder3: true,
  makePct3to6: true,
  makePct6to20: true,
  lagLeaveFeet: false,
  greensHitShortPct: true,
  greensHitMidPct: true,
  greensHitLongPct: true,
  proximityShortFeet: false,
  proximityMidFeet: false,
  proximityLongFeet: false,
  upAndDownFairwayPct: true,
  upAndDownRoughPct: true,
  sandSavePct: true,
  chipProximityFairwayFeet: false,
  chipProximityRoughFeet: false,
  chipProximitySandFeet: false,
};

describe('reference figures', () => {
  const cases = Object.entries(RANGES).flatMap(([level, ranges]) =>
    Object.entries(ranges).map(([figure, range]) => ({
      level: level as keyof typeof RANGES,
      figure: figure as keyof ReferenceFigures,
      range: range,
    })),
  );
  it.each(cases)("$level's $figure lies in the product's range $range", ({ level, figure, range }) => {
    const value = REFERENCE_FIGURES[level][figure];
    expect(value).toBeGreaterThanOrEqual(range[0]);
    expect(value).toBeLessThanOrEqual(range[1]);
  });

  it.each(Object.keys(HIGHER_IS_BETTER) as (keyof ReferenceFigures)[])('%s never gets better from TOUR to HUNDRED', (figure) => {
    const order = ['TOUR', 'SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const;
    for (let i = 1; i < order.length; i++) {
      const better = REFERENCE_FIGURES[order[i - 1]!][figure];
      const worse = REFERENCE_FIGURES[order[i]!][figure];
      if (HIGHER_IS_BETTER[figure]) expect(worse).toBeLessThanOrEqual(better);
      else expect(worse).toBeGreaterThanOrEqual(better);
    }
  });

  it('every level has every figure, a finite number, percentages within 0-100', () => {
    for (const level of BENCHMARK_LEVELS) {
      const figures = REFERENCE_FIGURES[level];
      expect(Object.keys(figures).sort()).toEqual(Object.keys(HIGHER_IS_BETTER).sort());
      for (const [key, value] of Object.entries(figures)) {
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        if (key.endsWith('Pct')) expect(value).toBeLessThanOrEqual(100);
      }
    }
  });

  it('a named level reads its own row, as a copy', () => {
    const figures = referenceFiguresFor('NINETY');
    expect(figures).toEqual(REFERENCE_FIGURES.NINETY);
    figures.girPct = 99;
    expect(REFERENCE_FIGURES.NINETY.girPct).toBe(22);
  });

  it.each([
    // score, low level, high level, share of the way
    [77, 'SCRATCH', 'EIGHTY', 0.5],
    [85, 'EIGHTY', 'NINETY', 0.5],
    [92.5, 'NINETY', 'HUNDRED', 0.25],
    [71.25, 'TOUR', 'SCRATCH', 0.5],
  ] as const)('a custom target of %f lies between %s and %s, %f of the way', (score, low, high, t) => {
    const figures = referenceFiguresFor({ targetScore: score });
    for (const key of Object.keys(HIGHER_IS_BETTER) as (keyof ReferenceFigures)[]) {
      expect(figures[key]).toBeCloseTo(REFERENCE_FIGURES[low][key] + t * (REFERENCE_FIGURES[high][key] - REFERENCE_FIGURES[low][key]), 9);
    }
  });

  it('a custom target at a level reads that level; beyond the ends it holds the end', () => {
    expect(referenceFiguresForScore(74)).toEqual(REFERENCE_FIGURES.SCRATCH);
    expect(referenceFiguresForScore(80)).toEqual(REFERENCE_FIGURES.EIGHTY);
    expect(referenceFiguresForScore(90)).toEqual(REFERENCE_FIGURES.NINETY);
    expect(referenceFiguresForScore(100)).toEqual(REFERENCE_FIGURES.HUNDRED);
    expect(referenceFiguresForScore(120)).toEqual(REFERENCE_FIGURES.HUNDRED);
    expect(referenceFiguresForScore(60)).toEqual(REFERENCE_FIGURES.TOUR);
    // A handicap: 72 + 10 x 113 / 113 = 82.
    expect(referenceFiguresFor({ handicapIndex: 10, courseRating: 72, slope: 113 })).toEqual(referenceFiguresForScore(82));
  });

  it('refuses a custom target out of range and an unknown level', () => {
    expect(() => referenceFiguresFor({ targetScore: 200 })).toThrow(RangeError);
    expect(() => referenceFiguresFor('BOGEY' as never)).toThrow(RangeError);
  });
});
