import { describe, expect, it } from 'vitest';
import { computeHandicapIndex, scoreRound, type StatCategory } from '@holeout/golf';
import { demoSeasonProblems } from './demo-realism.ts';
import { DEMO_COURSES, DEMO_TEES, planDemoRounds, planSeason, strokeIndexes } from './demo-season.ts';
import { DEMO_ACADEMY_PLAYERS, demoGolfers } from './seed.ts';

const golfers = demoGolfers(1, 2, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 1);
const now = new Date('2026-11-25T12:00:00Z');

describe('the demo season', () => {
  it('every golfer lands inside the published ranges of their level (a planted weakness only in its own area), and the diagnosis names each planted weakness', () => {
    // When the simulator or the diagnosis changes, pick the seasons again: npx tsx apps/api/src/db/pick-demo-seasons.ts
    expect(golfers.flatMap((golfer) => demoSeasonProblems(planSeason(golfer, now)))).toEqual([]);
  });

  it('no two golfers play the same season', () => {
    const firstHoles = golfers.map((golfer) => JSON.stringify(planSeason(golfer, now)[0]!.holes));
    expect(new Set(firstHoles).size).toBe(golfers.length);
  });

  it('a season with a planted weakness loses strokes there against its level; the others do not', () => {
    const sgIn = (category: StatCategory, rounds: ReturnType<typeof planSeason>, level: (typeof golfers)[number]['level']) => {
      let total = 0;
      let holes = 0;
      for (const r of rounds) {
        const scored = scoreRound({ course: r.course.name, units: r.units, holes: r.holes }, level);
        holes += scored.holes.length;
        for (const hole of scored.holes) for (const shot of hole.shots) if (shot.category === category) total += shot.sg;
      }
      return (total / holes) * 18;
    };
    const weak = golfers.filter((g) => g.weakness);
    expect(weak.map((g) => g.weakness!.category).sort()).toEqual(['drive', 'longPutts', 'midApproach', 'sandChips', 'shortPutts']);
    for (const golfer of weak) {
      expect(sgIn(golfer.weakness!.category, planSeason(golfer, now), golfer.level)).toBeLessThan(-0.4);
    }
    expect(DEMO_ACADEMY_PLAYERS.filter((p) => !p.weakness).length).toBeGreaterThanOrEqual(7);
  });

  it('is the same on every first start, whatever the day', () => {
    const a = planDemoRounds(golfers, now).map((r) => r.holes);
    const b = planDemoRounds(golfers, new Date('2027-03-01T08:00:00Z')).map((r) => r.holes);
    expect(a).toEqual(b);
  });

  it('every course is rated, its stroke indexes odd out and even home, and each golfer carries the handicap index of their level', () => {
    for (const course of DEMO_COURSES) {
      expect(DEMO_TEES[course.name], course.name).toBeDefined();
      const indexes = strokeIndexes(course);
      expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
      expect(indexes.slice(0, 9).every((i) => i % 2 === 1)).toBe(true);
    }
    // A golfer's index is about their average score less the course rating, less the 3 or so
    // strokes by which the best 8 of 20 beat the average: a scratch player near 0-4, an 80
    // golfer near 8 (Shot Scope: 10 handicaps average 83), a 90 golfer near 17, a 100 golfer near 26.
    const ranges = { SCRATCH: [-1, 5], EIGHTY: [4, 12], NINETY: [12, 21], HUNDRED: [20, 31] } as const;
    for (const golfer of golfers) {
      const rounds = planSeason(golfer, now).map((p, i) => ({
        id: i + 1,
        date: p.start.toISOString(),
        round: { units: p.units, holes: p.holes, ...DEMO_TEES[p.course.name] },
      }));
      const { index } = computeHandicapIndex(rounds);
      const [low, high] = ranges[golfer.level as keyof typeof ranges];
      expect(index, `${golfer.level} ${golfer.uid}`).toBeGreaterThanOrEqual(low);
      expect(index, `${golfer.level} ${golfer.uid}`).toBeLessThanOrEqual(high);
    }
  });
});
