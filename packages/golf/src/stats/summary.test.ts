/**
 * The summary on a round worked by hand (uid 5, FEET_YARDS, 6 holes):
 *
 *   H1 par 4  T400F F140G G18G G3I              4  par     GIR, 2 putts, drive 260 on the fairway
 *   H2 par 3  T180R.r R30S S15G G8G G1I         5  double  GIR missed, no scramble; bunker (chipped into it) not saved: 3 from S15
 *   H3 par 5  T520R.l R280F F90S S15G G4I       5  par     GIR missed (on in 4), scrambled; sand save (2 from S15); 1 putt; drive 240 in the rough
 *   H4 par 4  T380O.r T380F F160G G30G G5G G1I  7  triple  6 shots + 1 penalty; on in 3 + 1 = 4 > 2: GIR missed; 3 putts; OB drive not measured
 *   H5 par 4  T300R R40I                        2  eagle   holed in par - 2: GIR, no putt; drive 260 in the rough
 *   H6 par 3  T145G G10I                        2  birdie  GIR, 1 putt
 *
 * Totals over 6 holes: 25 strokes, 9 putts, 3 GIR (H1, H5, H6) with 3 putts on them, 4 drives (H1,
 * H3, H4, H5) with 1 on the fairway, 3 scrambling chances (H2, H3, H4) with 1 made, 2 bunker holes
 * with 1 save, 5 holes with a putt: 1 three-putt, 2 one-putts; measured drives 260, 240, 260;
 * 2 birdies or better, 0 bogeys, 2 double bogeys or worse, 1 penalty stroke.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeAllStats, computeStat } from './compute-all.ts';
import { arbRef, arbRound } from '../engine/testing/arbitraries.ts';
import { buildHole, buildRound } from './testing/factories.ts';

const round = buildRound({ uid: 5, event_id: 1 }, [
  buildHole(4, 'T400F F140G G18G G3I'),
  buildHole(3, 'T180R.r R30S S15G G8G G1I'),
  buildHole(5, 'T520R.l R280F F90S S15G G4I'),
  buildHole(4, 'T380O.r T380F F160G G30G G5G G1I'),
  buildHole(4, 'T300R R40I'),
  buildHole(3, 'T145G G10I'),
]);

describe('GET /stats/summary figures', () => {
  it('matches the round worked by hand', () => {
    expect(computeStat('summary', [round], { benchmark: 'NINETY' })).toEqual({
      limited: false,
      players: [
        {
          uid: 5,
          rounds: 1,
          holes: 6,
          scoring_avg: 75, // 25 strokes / 6 holes * 18
          putts_per_round: 27, // 9 / 6 * 18
          putts_per_gir: 1, // 3 putts on 3 greens in regulation
          gir_pct: 50,
          fairways_pct: 25, // 1 of 4 drives
          scrambling_pct: 33.33, // par on H3 of H2, H3, H4
          sand_save_pct: 50, // H3 saved, H2 not
          three_putt_avoid_pct: 80, // 4 of 5 holes with a putt
          one_putt_pct: 40, // H3 and H6
          avg_drive: 253.33, // (260 + 240 + 260) / 3
          birdies_per_round: 6, // 2 / 6 * 18
          bogeys_per_round: 0,
          doubles_per_round: 6, // H2 and H4
          penalties_per_round: 3, // 1 / 6 * 18
        },
      ],
    });
  });

  it('a chip into a greenside bunker then up and down is a sand save, whatever the score; a putt into one is no chance', () => {
    const chippedIn = buildRound({ uid: 6 }, [buildHole(4, 'T380F F120R R30S S10G G3I')]);
    expect(computeStat('summary', [chippedIn], { benchmark: 'TOUR' }).players[0]?.sand_save_pct).toBe(100);
    const puttedIn = buildRound({ uid: 6 }, [buildHole(3, 'T150G G40S S10G G2I')]);
    expect(computeStat('summary', [puttedIn], { benchmark: 'TOUR' }).players[0]?.sand_save_pct).toBeNull();
    // A bunker beyond the chip distance is no greenside bunker.
    const fairwayBunker = buildRound({ uid: 6 }, [buildHole(4, 'T400S S150G G20G G2I')]);
    expect(computeStat('summary', [fairwayBunker], { benchmark: 'TOUR' }).players[0]?.sand_save_pct).toBeNull();
  });

  it('agrees with the detailed statistics on generated rounds', () => {
    fc.assert(
      fc.property(fc.array(arbRound, { minLength: 1, maxLength: 4 }), arbRef, (rounds, ref) => {
        const players = rounds.map((r, i) => ({ event_id: i + 1, uid: 1 + (i % 2), start: `2026-02-0${i + 1}T08:00:00Z`, round: r }));
        const all = computeAllStats(players, { benchmark: ref });
        for (const p of all.summary.players) {
          const gir = all.gir.players.find((g) => g.uid === p.uid)!;
          expect(p.gir_pct).toBe(gir.percent);
          expect(p.holes).toBe(gir.holes);
          expect(p.avg_drive).toBe(all.drives.players.find((d) => d.uid === p.uid)!.average);
          expect(p.fairways_pct).toBe(all.fw_summary.players.find((f) => f.uid === p.uid)!.made);
          const putts = all.putts.players.find((q) => q.uid === p.uid)!;
          expect(p.putts_per_round).toBeCloseTo(((putts.made.length + putts.missed.length) / p.holes) * 18, 1);
          const scores = all.scores.scores.filter((s) => s.uid === p.uid);
          const strokes = scores.reduce((sum, s) => sum + s.score, 0);
          expect(p.scoring_avg).toBeCloseTo((strokes / p.holes) * 18, 1);
          for (const pct of [p.gir_pct, p.scrambling_pct, p.sand_save_pct, p.three_putt_avoid_pct, p.one_putt_pct]) {
            if (pct !== null) expect(pct).toBeGreaterThanOrEqual(0);
            if (pct !== null) expect(pct).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
