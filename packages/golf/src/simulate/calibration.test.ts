import { describe, expect, it } from 'vitest';
import { scoreRound } from '../engine/score.ts';
import type { BenchmarkLevel } from '../benchmarks.ts';
import { PUBLISHED_RANGES, publishedFiguresOf, type Range } from './published-ranges.ts';
import { MAKE_BANDS, seasonFigures, type SeasonFigures } from './season-figures.ts';
import { REFERENCE_COURSE, simulateRound, type SimulatedCourse } from './simulate-round.ts';

/**
 * The simulator's golf against the published ranges by level (published-ranges.ts): 2,000 seeded
 * rounds per level, half on the reference course and half on a longer card, so the test is stable
 * and the figures are tight.
 */
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
      const measured = publishedFiguresOf(f);
      const outside = Object.entries(PUBLISHED_RANGES[level]).filter(
        ([name, range]) => !within(measured[name as keyof typeof measured], range),
      );
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
