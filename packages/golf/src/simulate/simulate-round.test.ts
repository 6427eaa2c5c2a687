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

  it('has no bias a larger sample would show: 2,000 rounds of each level gain 0 overall and in every part of the game, within 3.5 standard errors', () => {
    // A round's strokes gained spread about 4 strokes, so 2,000 rounds pin the mean to about 0.09:
    // a bias of a third of a stroke a round in any part of the game fails. 3.5 standard errors keep
    // the 36 checks together from failing by chance (about 1 in 60) on unbiased golf.
    for (const level of BENCHMARK_LEVELS) {
      const rounds = Array.from({ length: 2000 }, (_, i) =>
        scoreRound(simulateRound({ seed: 50_000 + i, benchmark: level, course: REFERENCE_COURSE }), level),
      );
      const expectedScore = REFERENCE_COURSE.holes.reduce((sum, hole) => sum + expectedStrokes(level, 'T', hole.length), 0);
      const parts: Array<[string, (r: (typeof rounds)[number]) => number]> = [
        ['score', (r) => expectedScore - r.score],
        ['overall', (r) => r.sg.overall],
        ['tee', (r) => r.sg.tee],
        ['approach', (r) => r.sg.approach.overall],
        ['chip', (r) => r.sg.chip.overall],
        ['putt', (r) => r.sg.putt.overall],
      ];
      for (const [name, part] of parts) {
        const values = rounds.map(part);
        const m = mean(values);
        const se = Math.sqrt(mean(values.map((v) => (v - m) ** 2)) / values.length);
        expect(Math.abs(m), `${level} ${name}: ${m.toFixed(3)} +- ${se.toFixed(3)}`).toBeLessThanOrEqual(3.5 * se);
      }
    }
  }, 120_000);

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

describe('a planted weakness', () => {
  const sgIn: Record<string, (r: ReturnType<typeof scoreRound>) => number> = {
    longPutts: (r) => r.sg.putt.long,
    drive: (r) => r.sg.tee,
    sandChips: (r) => r.sg.chip.sand,
    midApproach: (r) => r.sg.approach.mid,
  };
  for (const level of ['EIGHTY', 'HUNDRED'] as const) {
    for (const category of ['longPutts', 'drive', 'sandChips', 'midApproach'] as const) {
      it(`${level}: 1 stroke a round planted in ${category} loses 0.75-1.25 strokes a round there and leaves the rest at the level`, () => {
        const rounds = Array.from({ length: 800 }, (_, i) =>
          scoreRound(
            simulateRound({ seed: 20_000 + i, benchmark: level, course: REFERENCE_COURSE, weakness: { category, strokesPerRound: 1 } }),
            level,
          ),
        );
        const inCategory = mean(rounds.map(sgIn[category]!));
        expect(inCategory).toBeLessThanOrEqual(-0.75);
        expect(inCategory).toBeGreaterThanOrEqual(-1.25);
        const elsewhere = mean(rounds.map((r) => r.sg.overall - sgIn[category]!(r)));
        expect(Math.abs(elsewhere)).toBeLessThanOrEqual(0.35);
      }, 60_000);
    }
  }

  it('a poor driver misses more fairways and finds more penalty areas than the level', () => {
    const season = (weakness?: { category: 'drive'; strokesPerRound: number }) =>
      Array.from({ length: 300 }, (_, i) =>
        simulateRound({ seed: 30_000 + i, benchmark: 'EIGHTY', course: REFERENCE_COURSE, ...(weakness ? { weakness } : {}) }),
      );
    const count = (rounds: ReturnType<typeof season>, to: string) =>
      rounds.reduce((sum, r) => sum + r.holes.filter((h) => h.par >= 4 && h.shots[0]!.to === to).length, 0);
    const usual = season();
    const poor = season({ category: 'drive', strokesPerRound: 1.5 });
    expect(count(poor, 'F')).toBeLessThan(count(usual, 'F') * 0.85);
    expect(count(poor, 'H') + count(poor, 'O')).toBeGreaterThan((count(usual, 'H') + count(usual, 'O')) * 1.3);
  }, 60_000);
});
