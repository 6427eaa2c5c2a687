import { describe, expect, it } from 'vitest';
import { BENCHMARK_LEVELS } from '../benchmarks.ts';
import { scoreRound } from '../engine/index.ts';
import type { PlayerRound } from '../round.ts';
import { REFERENCE_COURSE, simulateRound } from '../simulate/simulate-round.ts';
import { limitRounds } from './limits.ts';
import { prepareStats } from './prepare.ts';
import { sgFigures, sgFromFigures, standardRoundScores } from './round-scores.ts';
import { sgOfRounds, sgStat } from './strokes-gained.ts';
import { buildHole, buildRound } from './testing/factories.ts';

/** A season of `players` golfers of mixed levels, 9-hole rounds among them, in no particular order. */
function season(players: number, roundsEach: number): PlayerRound[] {
  const levels = ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const;
  const rounds: PlayerRound[] = [];
  for (let p = 0; p < players; p += 1)
    for (let r = 0; r < roundsEach; r += 1) {
      const seed = p * 100 + r;
      rounds.push({
        event_id: seed + 1,
        uid: 10 + ((p * 7) % players),
        start: new Date(Date.UTC(2026, 2, 1 + ((r * 3 + p) % 60), 8)).toISOString(),
        round: simulateRound({
          seed,
          benchmark: levels[p % levels.length]!,
          course: REFERENCE_COURSE,
          ...(r % 6 === 0 ? { holes: 9 } : {}),
        }),
      });
    }
  return rounds.reverse();
}

/** What the API does with stored scores: the limits, then each kept round's stored figures. */
function sgFromStoredScores(rounds: readonly PlayerRound[], benchmark: (typeof BENCHMARK_LEVELS)[number]) {
  const { rounds: kept, limited } = limitRounds(rounds);
  return sgOfRounds(
    benchmark,
    limited,
    kept.map((r) => {
      const stored = standardRoundScores(r.round).find((score) => score.benchmark === benchmark)!;
      return { uid: r.uid, holes: stored.holes, sg: sgFromFigures(stored.sg) };
    }),
  );
}

describe('stored round scores', () => {
  it('hold the engine breakdown of a hand-made round against every benchmark, in the order sgFigures lists', () => {
    const round = buildRound({ event_id: 1, uid: 7, start: '2026-03-01T08:00:00Z' }, [
      buildHole(4, 'T400F F140G G18G.lo G3I'),
      buildHole(3, 'T180R.r R30G G8G.s G1I'),
    ]).round;
    const scores = standardRoundScores(round);
    expect(scores.map((s) => s.benchmark)).toEqual([...BENCHMARK_LEVELS]);
    for (const score of scores) {
      const scored = scoreRound(round, score.benchmark);
      expect(score).toEqual({ benchmark: score.benchmark, holes: 2, score: 8, sg: sgFigures(scored.sg) });
      expect(sgFromFigures(score.sg)).toEqual(scored.sg);
      // The overall is the sum of the parts, and each part the sum of its categories.
      expect(score.sg[0]).toBeCloseTo(score.sg[1]! + score.sg[5]! + score.sg[10]! + score.sg[14]!, 12);
    }
  });

  it.each([
    ['a team of 14, within the limits', 14, 12],
    ['18 players, cut to the 15 most recently active', 18, 10],
    ['360 rounds, cut to 300', 12, 30],
  ])('give GET /stats/sg to the last bit, for every benchmark: %s', (_name, players, roundsEach) => {
    const rounds = season(players, roundsEach);
    expect(limitRounds(rounds).limited).toBe(players > 15 || players * roundsEach > 300);
    for (const benchmark of BENCHMARK_LEVELS) {
      const fromShots = sgStat(prepareStats(rounds, { benchmark }));
      expect(sgFromStoredScores(rounds, benchmark)).toStrictEqual(fromShots);
    }
  });

  it('refuse a figure list of another length', () => {
    expect(() => sgFromFigures([1, 2, 3])).toThrow(RangeError);
  });
});
