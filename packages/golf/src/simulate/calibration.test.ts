import { describe, expect, it } from 'vitest';
import { scoreRound } from '../engine/score.ts';
import type { BenchmarkLevel } from '../benchmarks.ts';
import { MAKE_BANDS, seasonFigures, type SeasonFigures } from './season-figures.ts';
import { REFERENCE_COURSE, simulateRound, type SimulatedCourse } from './simulate-round.ts';

/**
 * The simulator's golf against published averages by level (score levels mapped to handicaps as the
 * benchmark model does: scratch, about 8-10, 18 and 28): putts, 3-putts and GIR from Shot Scope's
 * averages by handicap; driving distance and fairways from Arccos' figures by handicap; make % and
 * 3-putts by distance from Broadie's putting figures; proximity from Lou Stagner's approach data.
 * Each range is [low, high]; 2,000 seeded rounds per level, on a course mixing the reference
 * course with longer and shorter cards, so the test is stable and the figures are tight.
 */
type Range = readonly [number, number];
const PUBLISHED: Record<'SCRATCH' | 'EIGHTY' | 'NINETY' | 'HUNDRED', Record<string, Range>> = {
  SCRATCH: {
    putts: [29.5, 31],
    threePutts: [0.5, 1.5],
    girPct: [50, 65],
    fairwaysPct: [45, 60],
    averageDrive: [245, 270],
    drivesOver300Pct: [0, 5],
    make30: [0, 5],
    proximity: [20, 35],
  },
  EIGHTY: {
    putts: [30.5, 32.5],
    threePutts: [1, 2.5],
    girPct: [30, 45],
    fairwaysPct: [40, 55],
    averageDrive: [220, 240],
    drivesOver300Pct: [0, 1],
    make30: [0, 4],
    proximity: [25, 45],
  },
  NINETY: {
    putts: [32, 34],
    threePutts: [2, 4],
    girPct: [15, 30],
    fairwaysPct: [35, 52],
    averageDrive: [205, 225],
    drivesOver300Pct: [0, 0.5],
    make30: [0, 3],
    proximity: [30, 55],
  },
  HUNDRED: {
    putts: [33.5, 36],
    threePutts: [3, 6],
    girPct: [5, 18],
    fairwaysPct: [30, 50],
    averageDrive: [190, 215],
    drivesOver300Pct: [0, 0.5],
    make30: [0, 3],
    proximity: [35, 65],
  },
};

/** A second card: longer par 4s and 5s, so approaches of every length are played. */
const LONG_COURSE: SimulatedCourse = {
  name: 'Long card',
  holes: [4, 5, 3, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 4, 5].map((par, i) => ({
    par,
    length: par === 3 ? 150 + 12 * (i % 4) : par === 4 ? 360 + 14 * (i % 5) : 500 + 15 * (i % 3),
  })),
};

function figuresOf(level: BenchmarkLevel, count: number, seed: number): SeasonFigures {
  return seasonFigures(
    Array.from({ length: count }, (_, i) =>
      scoreRound(simulateRound({ seed: seed + i, benchmark: level, course: i % 2 === 0 ? REFERENCE_COURSE : LONG_COURSE }), level),
    ),
  );
}

const within = (value: number, [low, high]: Range) => value >= low && value <= high;

describe('the simulator plays golf as published for each level (2,000 rounds a level)', () => {
  for (const level of ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const) {
    it(`${level}: every figure inside its published range, and make % falls with distance`, () => {
      const f = figuresOf(level, 2000, 70_000);
      const measured = {
        putts: f.putts,
        threePutts: f.threePutts,
        girPct: f.girPct,
        fairwaysPct: f.fairwaysPct,
        averageDrive: f.averageDrive,
        drivesOver300Pct: f.drivesOver300Pct,
        make30: f.makePct[MAKE_BANDS.length - 1]!,
        proximity: f.firstPuttAfterFairway100to150,
      };
      const outside = Object.entries(PUBLISHED[level]).filter(([name, range]) => !within(measured[name as keyof typeof measured], range));
      expect(
        outside.map(([name, range]) => `${name} ${measured[name as keyof typeof measured].toFixed(2)} not in ${range.join('-')}`),
      ).toEqual([]);
      for (let band = 1; band < MAKE_BANDS.length; band++) expect(f.makePct[band]!).toBeLessThan(f.makePct[band - 1]!);
    }, 120_000);
  }

  it('the levels are in order on every figure a better golfer does better', () => {
    const [scratch, eighty, ninety, hundred] = (['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const).map((level) =>
      figuresOf(level, 400, 90_000),
    );
    for (const [better, worse] of [
      [scratch!, eighty!],
      [eighty!, ninety!],
      [ninety!, hundred!],
    ] as const) {
      expect(better.score).toBeLessThan(worse.score);
      expect(better.putts).toBeLessThan(worse.putts);
      expect(better.threePutts).toBeLessThan(worse.threePutts);
      expect(better.girPct).toBeGreaterThan(worse.girPct);
      expect(better.averageDrive).toBeGreaterThan(worse.averageDrive);
      expect(better.firstPuttAfterFairway100to150).toBeLessThan(worse.firstPuttAfterFairway100to150);
    }
  }, 120_000);
});
