import { describe, expect, it } from 'vitest';
import { sgTrend, type SgTrendRound } from './sg-trend.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
const rounds = (points: Array<[number, number]>): SgTrendRound[] => points.map(([d, sg]) => ({ start: day(d), sg }));

describe('sgTrend', () => {
  it('has nothing to say without rounds', () => {
    expect(sgTrend([])).toEqual({
      rounds: 0,
      season: null,
      recent: null,
      recentRounds: 0,
      slopePer30Days: null,
      slopeStandardError: null,
      word: null,
    });
  });

  // Days 0, 30, 60 at -3, -2, 0: mean x 30, mean y -5/3, Sxx = 1800, Sxy = 40 + 50 = 90, b = 0.05 a day
  // (1.5 per 30 days); residuals 1/6, -1/3, 1/6, so SSE = 1/6, s^2 = 1/6, SE = sqrt(1/6 / 1800) a day
  // = 0.0096225 (0.288675 per 30 days); 1.5 > 2 x 0.289.
  it('works the slope and its standard error out by hand and calls a clear rise improving', () => {
    const trend = sgTrend(
      rounds([
        [0, -3],
        [30, -2],
        [60, 0],
      ]),
    );
    expect(trend.rounds).toBe(3);
    expect(trend.season).toBeCloseTo(-5 / 3, 10);
    expect(trend.recent).toBeCloseTo(-5 / 3, 10);
    expect(trend.recentRounds).toBe(3);
    expect(trend.slopePer30Days).toBeCloseTo(1.5, 10);
    expect(trend.slopeStandardError).toBeCloseTo(30 * Math.sqrt(1 / 10_800), 10);
    expect(trend.slopeStandardError).toBeCloseTo(0.288675, 5);
    expect(trend.word).toBe('improving');
  });

  it('calls the mirrored fall getting worse, in any input order', () => {
    const trend = sgTrend(
      rounds([
        [60, 0],
        [0, 3],
        [30, 2],
      ]),
    );
    expect(trend.slopePer30Days).toBeCloseTo(-1.5, 10);
    expect(trend.word).toBe('getting worse');
  });

  // Days 0, 30, 60, 90 at 0, 2, -2, 1: Sxx = 4500, Sxy = -15, b = -1/300 a day (-0.1 per 30 days);
  // fitted 0.4, 0.3, 0.2, 0.1, residuals -0.4, 1.7, -2.2, 0.9, SSE = 8.7, s^2 = 4.35,
  // SE = 30 x sqrt(4.35 / 4500) = 0.93274; 0.1 < 2 x 0.933.
  it('calls a slope within twice its noise steady', () => {
    const trend = sgTrend(
      rounds([
        [0, 0],
        [30, 2],
        [60, -2],
        [90, 1],
      ]),
    );
    expect(trend.slopePer30Days).toBeCloseTo(-0.1, 10);
    expect(trend.slopeStandardError).toBeCloseTo(30 * Math.sqrt(4.35 / 4500), 10);
    expect(trend.slopeStandardError).toBeCloseTo(0.93274, 4);
    expect(trend.word).toBe('steady');
  });

  it('names nothing with two rounds (no noise to judge by) or with every round on one day', () => {
    const two = sgTrend(
      rounds([
        [0, -1],
        [30, 1],
      ]),
    );
    expect(two.slopePer30Days).toBeCloseTo(2, 10);
    expect(two.slopeStandardError).toBeNull();
    expect(two.word).toBeNull();
    const oneDay = sgTrend(
      rounds([
        [5, -1],
        [5, 1],
        [5, 0],
      ]),
    );
    expect(oneDay.slopePer30Days).toBeNull();
    expect(oneDay.word).toBeNull();
  });

  it('takes a perfectly straight rise as improving and a flat line as steady', () => {
    expect(
      sgTrend(
        rounds([
          [0, 0],
          [10, 1],
          [20, 2],
        ]),
      ).word,
    ).toBe('improving');
    expect(
      sgTrend(
        rounds([
          [0, 1],
          [10, 1],
          [20, 1],
        ]),
      ).word,
    ).toBe('steady');
  });

  // 12 rounds a day apart: two of +1 then ten of 0. Season mean 2/12; the latest ten average 0.
  it('compares the latest ten rounds with the season', () => {
    const trend = sgTrend(rounds(Array.from({ length: 12 }, (_, i): [number, number] => [i, i < 2 ? 1 : 0])));
    expect(trend.rounds).toBe(12);
    expect(trend.recentRounds).toBe(10);
    expect(trend.recent).toBe(0);
    expect(trend.season).toBeCloseTo(1 / 6, 10);
  });

  it('leaves out rounds more than 365 days before the latest', () => {
    const trend = sgTrend(
      rounds([
        [0, -10],
        [400, 1],
        [500, 2],
        [765, 3],
      ]),
    );
    expect(trend.rounds).toBe(3);
    expect(trend.season).toBeCloseTo(2, 10);
  });
});
