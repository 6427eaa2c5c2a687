import { describe, expect, it } from 'vitest';
import { BENCHMARK_LEVELS } from '../benchmarks.ts';
import { expectedStrokes } from '../baselines/baseline.ts';
import { scoreRound } from '../engine/score.ts';
import { validateRound } from '../engine/validate.ts';
import { REFERENCE_COURSE, simulateRound } from './simulate-round.ts';

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('simulateRound', () => {
  it('is deterministic from its seed', () => {
    const a = simulateRound({ seed: 42, benchmark: 'NINETY', course: REFERENCE_COURSE });
    const b = simulateRound({ seed: 42, benchmark: 'NINETY', course: REFERENCE_COURSE });
    const c = simulateRound({ seed: 43, benchmark: 'NINETY', course: REFERENCE_COURSE });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('200 NINETY rounds on the reference course average 90 +- 1.5 and gain 0 +- 0.5 against NINETY', () => {
    // Seeds 0-199. A round's strokes gained spread about 3.9 strokes, so a mean of 200 has a standard
    // error near 0.28: the bias is pinned down by the 2,000-round test below.
    const rounds = Array.from({ length: 200 }, (_, i) =>
      scoreRound(simulateRound({ seed: i, benchmark: 'NINETY', course: REFERENCE_COURSE }), 'NINETY'),
    );
    expect(Math.abs(mean(rounds.map((r) => r.score)) - 90)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(mean(rounds.map((r) => r.sg.overall)))).toBeLessThanOrEqual(0.5);
  });

  it('has no bias a larger sample would show: 2,000 NINETY rounds gain 0 +- 0.2 overall and in every part of the game', () => {
    const rounds = Array.from({ length: 2000 }, (_, i) =>
      scoreRound(simulateRound({ seed: 50_000 + i, benchmark: 'NINETY', course: REFERENCE_COURSE }), 'NINETY'),
    );
    const expectedScore = REFERENCE_COURSE.holes.reduce((sum, hole) => sum + expectedStrokes('NINETY', 'T', hole.length), 0);
    expect(Math.abs(mean(rounds.map((r) => r.score)) - expectedScore)).toBeLessThanOrEqual(0.2);
    for (const part of [
      (r: (typeof rounds)[number]) => r.sg.overall,
      (r: (typeof rounds)[number]) => r.sg.tee,
      (r: (typeof rounds)[number]) => r.sg.approach.overall,
      (r: (typeof rounds)[number]) => r.sg.chip.overall,
      (r: (typeof rounds)[number]) => r.sg.putt.overall,
    ]) {
      expect(Math.abs(mean(rounds.map(part)))).toBeLessThanOrEqual(0.2);
    }
  });

  it('scores each level near its expected score, in order', () => {
    const averages = (['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const).map((level) =>
      mean(
        Array.from(
          { length: 60 },
          (_, i) => scoreRound(simulateRound({ seed: 7 * i + 1, benchmark: level, course: REFERENCE_COURSE }), level).score,
        ),
      ),
    );
    expect(averages[0]).toBeGreaterThan(71);
    expect(averages[0]).toBeLessThan(77);
    for (let i = 1; i < averages.length; i++) expect(averages[i]).toBeGreaterThan(averages[i - 1]! + 4);
    expect(averages[3]).toBeGreaterThan(97);
    expect(averages[3]).toBeLessThan(104);
  });

  it('plays real-looking golf: valid rounds, every hole from the tee, putts on most holes, some penalties and misses', () => {
    let penalties = 0;
    let misses = 0;
    let threePutts = 0;
    for (let seed = 1; seed <= 50; seed++) {
      for (const level of BENCHMARK_LEVELS) {
        const round = simulateRound({ seed, benchmark: level, course: REFERENCE_COURSE });
        expect(() => validateRound(round)).not.toThrow();
        for (const hole of round.holes) {
          expect(hole.shots[0]?.from).toBe('T');
          for (const shot of hole.shots) {
            expect(Number.isInteger(shot.dist)).toBe(true);
            expect(shot.dist).toBeLessThanOrEqual(shot.from === 'G' ? 200 : 800);
            if (shot.to === 'O' || shot.to === 'H') penalties += 1;
            if (shot.miss) misses += 1;
          }
          if (hole.shots.filter((s) => s.from === 'G').length >= 3) threePutts += 1;
        }
      }
    }
    expect(penalties).toBeGreaterThan(50);
    expect(misses).toBeGreaterThan(1000);
    expect(threePutts).toBeGreaterThan(50);
  });

  it('plays 9 holes when asked', () => {
    const round = simulateRound({ seed: 5, benchmark: 'EIGHTY', course: REFERENCE_COURSE, holes: 9 });
    expect(round.holes.map((h) => h.hole)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
