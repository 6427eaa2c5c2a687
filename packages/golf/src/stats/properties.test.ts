/**
 * Properties every statistic keeps on any valid rounds (generated under the round rules, all
 * units pairs, penalties, drops, chip-ins, holes of 1 to 18): counts agree between statistics,
 * rates stay inside their scale, and nothing throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbRef, arbRound } from '../engine/testing/arbitraries.ts';
import type { PlayerRound } from '../round.ts';
import { computeAllStats } from './compute-all.ts';

const arbPlayerRounds: fc.Arbitrary<PlayerRound[]> = fc
  .array(fc.record({ uid: fc.integer({ min: 1, max: 4 }), day: fc.integer({ min: 1, max: 28 }), round: arbRound }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((list) =>
    list.map(({ uid, day, round }, i) => ({ event_id: i + 1, uid, start: `2026-02-${String(day).padStart(2, '0')}T08:00:00Z`, round })),
  );

describe('statistics over generated rounds', () => {
  it('agree with one another and stay on their scales', () => {
    fc.assert(
      fc.property(arbPlayerRounds, arbRef, (rounds, benchmark) => {
        const all = computeAllStats(rounds, { benchmark });
        expect(all.scores.scores).toHaveLength(rounds.length);
        const holesOf = (uid: number) => rounds.filter((r) => r.uid === uid).reduce((n, r) => n + r.round.holes.length, 0);
        const shotsOf = (uid: number) => rounds.filter((r) => r.uid === uid).flatMap((r) => r.round.holes.flatMap((h) => h.shots));

        for (const p of all.gir.players) {
          expect(p.holes).toBe(holesOf(p.uid));
          expect(p.greens).toBeLessThanOrEqual(p.holes);
          expect(p.dists).toHaveLength(p.greens);
        }
        for (const p of all.ud.players) {
          const parts = p.fairway.chances + p.rough.chances + p.sand.chances;
          expect(parts).toBeLessThanOrEqual(p.overall.chances);
          expect(p.overall.chances).toBeLessThanOrEqual(holesOf(p.uid));
          for (const rate of [p.overall, p.fairway, p.rough, p.sand]) {
            expect(rate.made).toBeLessThanOrEqual(rate.chances);
            if (rate.percent !== null) expect(rate.percent).toBeLessThanOrEqual(100);
          }
        }
        for (const p of all.putts.players) {
          const putts = shotsOf(p.uid).filter((s) => s.from === 'G');
          expect(p.made.length + p.missed.length).toBe(putts.length);
          const grid = all.putt_misses.players.find((q) => q.uid === p.uid);
          expect(grid?.all.counts.shots).toBe(putts.length);
          expect(grid?.all.counts.made).toBe(p.made.length);
        }
        for (const p of all.first_putt.players) {
          expect(p.putts.length).toBeLessThanOrEqual(holesOf(p.uid));
          for (const putt of p.putts) expect(putt.putt_dist).toBeGreaterThan(0);
        }
        for (const p of all.og_misses.players) {
          const grid = all.app_misses.players.find((q) => q.uid === p.uid);
          expect(p.approaches).toBe(grid?.all.counts.shots);
          expect(p.misses).toHaveLength(p.approaches - (grid?.all.counts.made ?? 0));
          expect(Object.values(p.to).reduce((a, b) => a + b, 0)).toBe(p.misses.length);
        }
        for (const p of all.fw_summary.players) {
          expect(p.counts.made + p.counts.l + p.counts.r).toBeLessThanOrEqual(p.counts.drives);
          if (p.made !== null) expect(p.made).toBeLessThanOrEqual(100);
          if (p.l !== null) expect(p.l).toBeLessThanOrEqual(10);
          const perRound = all.fw_rounds.rounds.filter((r) => r.uid === p.uid).reduce((n, r) => n + r.counts.drives, 0);
          expect(perRound).toBe(p.counts.drives);
        }
        for (const p of all.drives.players) for (const d of p.drives) expect(d).toBeGreaterThan(0);
        for (const p of all.sg.players) {
          const mine = all.round_sg.rounds.filter((r) => r.uid === p.uid);
          expect(p.rounds).toBe(mine.length);
          expect(p.holes).toBe(mine.reduce((sum, r) => sum + r.holes, 0));
          // Both per 18 holes: the player's figure is the rounds' weighted by their holes (each rounded to 2 decimals).
          const mean = mine.reduce((sum, r) => sum + r.sg.overall * r.holes, 0) / p.holes;
          expect(Math.abs(p.sg.overall - mean)).toBeLessThanOrEqual(0.0101);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the summary agrees with the detailed statistics', () => {
    fc.assert(
      fc.property(arbPlayerRounds, arbRef, (rounds, benchmark) => {
        const all = computeAllStats(rounds, { benchmark });
        const per18 = (count: number, holes: number) => (holes === 0 ? null : Math.round((count / holes) * 18 * 100) / 100);
        for (const s of all.summary.players) {
          const gir = all.gir.players.find((p) => p.uid === s.uid)!;
          const sg = all.sg.players.find((p) => p.uid === s.uid)!;
          const scores = all.scores.scores.filter((r) => r.uid === s.uid);
          const putts = all.putts.players.find((p) => p.uid === s.uid)!;
          expect(s.holes).toBe(gir.holes);
          expect(s.rounds).toBe(sg.rounds);
          expect(s.holes).toBe(sg.holes);
          expect(s.gir_pct).toBe(gir.percent);
          expect(s.fairways_pct).toBe(all.fw_summary.players.find((p) => p.uid === s.uid)?.made ?? null);
          expect(s.avg_drive).toBe(all.drives.players.find((p) => p.uid === s.uid)?.average ?? null);
          const strokes = scores.reduce((n, r) => n + r.score, 0);
          expect(Math.abs((s.scoring_avg ?? 0) - (per18(strokes, s.holes) ?? 0))).toBeLessThanOrEqual(0.01);
          const puttCount = putts.made.length + putts.missed.length;
          expect(Math.abs((s.putts_per_round ?? 0) - (per18(puttCount, s.holes) ?? 0))).toBeLessThanOrEqual(0.01);
          // Holes with a putt: one-putts and three-putt avoidance are shares of the same holes.
          if (s.one_putt_pct !== null && s.three_putt_avoid_pct !== null)
            expect(s.one_putt_pct).toBeLessThanOrEqual(s.three_putt_avoid_pct + 0.01);
          for (const pct of [s.gir_pct, s.fairways_pct, s.scrambling_pct, s.sand_save_pct, s.three_putt_avoid_pct, s.one_putt_pct]) {
            if (pct === null) continue;
            expect(pct).toBeGreaterThanOrEqual(0);
            expect(pct).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
