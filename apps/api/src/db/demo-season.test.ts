import { describe, expect, it } from 'vitest';
import { scoreRound, type StatCategory } from '@holeout/golf';
import { demoSeasonProblems } from './demo-realism.ts';
import { planDemoRounds, planSeason } from './demo-season.ts';
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
});
