import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { ApiError } from '../../lib/api-error.ts';
import { requireDiagnosisReach } from './ai.policy.ts';
import { followUpFigures, trendPerRound } from './follow-up.ts';
import { schedulePractices } from './plan-schedule.ts';

const days = (practices: ReturnType<typeof schedulePractices>, from: string) =>
  practices.map((p) => (p.start.getTime() - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

describe('schedulePractices', () => {
  it.each([
    [1, [0]],
    [2, [0, 3]],
    [3, [0, 2, 4]],
    [4, [0, 1, 3, 5]],
    [7, [0, 1, 2, 3, 4, 5, 6]],
  ])('spreads %i practices a week over the 7 days from the start, at 17:00 UTC', (perWeek, offsets) => {
    const practices = schedulePractices('2026-11-30', 2, perWeek);
    expect(practices).toHaveLength(perWeek * 2);
    expect(days(practices, '2026-11-30').map(Math.floor)).toEqual([...offsets, ...offsets.map((d) => d + 7)]);
    for (const p of practices) {
      expect(p.start.toISOString().slice(11)).toBe('17:00:00.000Z');
      expect(p.end.getTime() - p.start.getTime()).toBe(3_600_000);
    }
    expect(practices.map((p) => p.week)).toEqual([...offsets.map(() => 1), ...offsets.map(() => 2)]);
  });

  it('holds the number a week to 1..7 and crosses months and years', () => {
    expect(schedulePractices('2026-12-30', 1, 0)).toHaveLength(1);
    expect(schedulePractices('2026-12-30', 1, 9)).toHaveLength(7);
    expect(schedulePractices('2026-12-30', 1, 2).map((p) => p.start.toISOString())).toEqual([
      '2026-12-30T17:00:00.000Z',
      '2027-01-02T17:00:00.000Z',
    ]);
  });
});

describe('followUpFigures: the verdict rule', () => {
  const before = [-3, -2, -4, -3]; // mean -3, sample sd 0.8165, SE 0.4082
  it('gives no verdict before 3 rounds since, and says how many are still to play', () => {
    expect(followUpFigures('Short Putts', before, [])).toMatchObject({
      before_mean: -3,
      after_mean: null,
      after_rounds: 0,
      trend_per_round: null,
      verdict: null,
    });
    const two = followUpFigures('Short Putts', before, [-1, 0]);
    expect(two).toMatchObject({ after_mean: -0.5, after_rounds: 2, trend_per_round: 1, verdict: null });
    expect(two.verdict_text).toBe('2 rounds played since the diagnosis: the verdict comes after 3 (1 more to play).');
  });

  it('improving when the after mean beats the before mean by more than the standard error of the difference', () => {
    // After: mean -2, sd 1, SE 0.5774; s = sqrt(0.4082^2 + 0.5774^2) = 0.7071; d = 1 > s.
    const answer = followUpFigures('Short Putts', before, [-3, -2, -1]);
    expect(answer).toMatchObject({ before_mean: -3, after_mean: -2, after_rounds: 3, trend_per_round: 1, verdict: 'improving' });
    expect(answer.verdict_text).toBe(
      'Improving. Short Putts: \u22122.00 strokes gained per 18 over the 3 rounds since the diagnosis against \u22123.00 over the 4 rounds before, a change of +1.00, more than its standard error (0.71).',
    );
  });

  it('no change within one standard error, worse beyond it the other way', () => {
    // d = 0.6 < 0.7071.
    expect(followUpFigures('Short Putts', before, [-3.4, -2.4, -1.4]).verdict).toBe('no_change');
    expect(followUpFigures('Short Putts', before, [-3.4, -2.4, -1.4]).verdict_text).toMatch(
      /^No clear change yet\. .* a change of \+0\.60, within its standard error \(0\.71\)\.$/,
    );
    // d = -1 < -0.7071.
    const worse = followUpFigures('Short Putts', before, [-5, -4, -3]);
    expect(worse.verdict).toBe('worse');
    expect(worse.verdict_text).toContain('a change of \u22121.00, a loss larger than its standard error (0.71)');
  });

  it('gives no verdict when fewer than 2 rounds of the diagnosis remain to measure the spread by', () => {
    const answer = followUpFigures('Short Putts', [-3], [-1, 0, 1]);
    expect(answer.verdict).toBeNull();
    expect(answer.before_mean).toBe(-3);
    expect(answer.verdict_text).toContain('Fewer than 2');
  });

  it('trend: the least-squares slope per round', () => {
    expect(trendPerRound([1])).toBeNull();
    expect(trendPerRound([0, 2, 4, 6])).toBe(2);
    expect(trendPerRound([3, 1, 2])).toBeCloseTo(-0.5, 10);
  });
});

describe('requireDiagnosisReach: who may reach whose diagnoses', () => {
  const L = SUBSCRIPTION_LEVELS;
  const sub = (level: number, status = 'ACTIVE') => ({ level, status }) as { level: number; status: 'ACTIVE' };
  const cases: Array<[string, number, ReturnType<typeof sub> | null, boolean, string]> = [
    ['oneself, premium', 1, sub(L.PREMIUM), false, 'self'],
    ['oneself, academy seat', 1, sub(L.ACADEMY), false, 'self'],
    ['oneself, free', 1, null, false, '403 PREMIUM_REQUIRED'],
    ['oneself, basic', 1, sub(L.BASIC), false, '403 PREMIUM_REQUIRED'],
    ['oneself, premium on hold', 1, sub(L.PREMIUM, 'ON_HOLD'), false, '403 PREMIUM_REQUIRED'],
    ['a player sharing rounds, coach', 2, sub(L.COACH), true, 'coach'],
    ['a player sharing rounds, team', 2, sub(L.TEAM), true, 'coach'],
    ['a player sharing rounds, premium', 2, sub(L.PREMIUM), true, '403 FORBIDDEN'],
    ['a player sharing rounds, coach expired', 2, sub(L.COACH, 'EXPIRED'), true, '403 FORBIDDEN'],
    ['a player sharing nothing, coach', 2, sub(L.COACH), false, '404 NOT_FOUND'],
    ['a player sharing nothing, free', 2, null, false, '404 NOT_FOUND'],
  ];
  it.each(cases)('%s', (_name, player, subscription, sees, expected) => {
    let outcome: string;
    try {
      outcome = requireDiagnosisReach(1, player, subscription, sees);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      outcome = `${err.statusCode} ${err.code}`;
    }
    expect(outcome).toBe(expected);
  });
});
