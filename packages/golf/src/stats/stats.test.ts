/**
 * Every statistic on three small rounds whose expected values are worked out by hand below.
 *
 * Round A, uid 7, event 1, 1 March (score 20, par 16):
 *   H1 par 4  T400F F140G G18G.lo G3I           4   GIR from 140, drive 260, fairway hit
 *   H2 par 3  T180R.r R30G G8G.s G1I            4   approach missed right, up-and-down failed (rough)
 *   H3 par 5  T520R.l R280F F90S.ls S15G G4I    5   drive 240 missed left, sand save
 *   H4 par 4  T380O.r T380F F160G G30G G5G.rs G1I  6 shots + 1 penalty = 7, OB right (no distance)
 * Round C, uid 3, event 3, 5 March: H1 par 4  T300R R40I  2 (chip-in: GIR, so no up-and-down chance; no putt)
 * Round B, uid 7, event 2, 8 March: H1 par 3  T145G G10I  2
 */
import { describe, expect, it } from 'vitest';
import { buildHole, buildRound } from './testing/factories.ts';
import { computeAllStats, computeStat } from './compute-all.ts';
import type { PlayerRound } from '../round.ts';

const roundA = buildRound({ event_id: 1, uid: 7, start: '2026-03-01T08:00:00Z' }, [
  buildHole(4, 'T400F F140G G18G.lo G3I'),
  buildHole(3, 'T180R.r R30G G8G.s G1I'),
  buildHole(5, 'T520R.l R280F F90S.ls S15G G4I'),
  buildHole(4, 'T380O.r T380F F160G G30G G5G.rs G1I'),
]);
const roundB = buildRound({ event_id: 2, uid: 7, start: '2026-03-08T08:00:00Z' }, [buildHole(3, 'T145G G10I')]);
const roundC = buildRound({ event_id: 3, uid: 3, start: '2026-03-05T08:00:00Z' }, [buildHole(4, 'T300R R40I')]);

// Deliberately out of date order: the statistics sort oldest first themselves.
const rounds: PlayerRound[] = [roundB, roundA, roundC];
const stats = computeAllStats(rounds, { benchmark: 'SCRATCH' });
const player = <T extends { uid: number }>(list: T[], uid: number): T => {
  const found = list.find((p) => p.uid === uid);
  if (!found) throw new Error(`no player ${uid}`);
  return found;
};

describe('scores', () => {
  it('lists each round oldest first with strokes plus penalties and par', () => {
    expect(stats.scores).toEqual({
      limited: false,
      scores: [
        { event_id: 1, uid: 7, start: '2026-03-01T08:00:00Z', holes: 4, score: 20, par: 16 },
        { event_id: 3, uid: 3, start: '2026-03-05T08:00:00Z', holes: 1, score: 2, par: 4 },
        { event_id: 2, uid: 7, start: '2026-03-08T08:00:00Z', holes: 1, score: 2, par: 3 },
      ],
    });
  });
});

describe('par averages', () => {
  it('averages the score per par for each player, players by uid', () => {
    expect(stats.par_avgs.players).toEqual([
      { uid: 3, pars: [{ par: 4, holes: 1, average: 2 }] },
      {
        uid: 7,
        pars: [
          { par: 3, holes: 2, average: 3 }, // 4 and 2
          { par: 4, holes: 2, average: 5.5 }, // 4 and 7 (the OB hole counts its penalty)
          { par: 5, holes: 1, average: 5 },
        ],
      },
    ]);
  });
});

describe('greens in regulation', () => {
  it('counts the green reached in par - 2 strokes with penalties, and its distance', () => {
    // uid 7: H1 (2nd shot from 140) and B (tee shot from 145) hit; H2 (3 strokes), H3 (4 > 3),
    // H4 (3 shots + 1 penalty > 2) missed. uid 3: the chip-in is a hole-out in 2 strokes.
    expect(stats.gir.players).toEqual([
      { uid: 3, holes: 1, greens: 1, percent: 100, dists: [40] },
      { uid: 7, holes: 5, greens: 2, percent: 40, dists: [140, 145] },
    ]);
  });
});

describe('drives', () => {
  it('measures par 4/5 tee shots as distance gained, skipping the ball out of bounds', () => {
    expect(stats.drives.players).toEqual([
      { uid: 3, drives: [260], average: 260 },
      { uid: 7, drives: [260, 240], average: 250 },
    ]);
  });

  it('turns the remaining feet into yards when the drive finds the green', () => {
    const driven = buildRound({ uid: 1 }, [buildHole(4, 'T320G G30G G2I')]);
    expect(computeStat('drives', [driven], { benchmark: 'TOUR' }).players[0]?.drives).toEqual([310]);
  });
});

describe('up and down', () => {
  it('takes the first chip of a hole where the green was missed in regulation and checks it was holed in two', () => {
    expect(stats.ud.players).toEqual([
      {
        // The chip-in for a two on the par 4 hit the green in regulation (holed in par - 2): no chance.
        uid: 3,
        overall: { chances: 0, made: 0, percent: null },
        rough: { chances: 0, made: 0, percent: null },
        fairway: { chances: 0, made: 0, percent: null },
        sand: { chances: 0, made: 0, percent: null },
      },
      {
        uid: 7,
        overall: { chances: 2, made: 1, percent: 50 },
        rough: { chances: 1, made: 0, percent: 0 },
        fairway: { chances: 0, made: 0, percent: null },
        sand: { chances: 1, made: 1, percent: 100 },
      },
    ]);
  });

  it('gives no chance where the green was hit in regulation: a par 5 laid up to 40 yd, wedged on and two-putted', () => {
    const card = buildRound({ uid: 1 }, [buildHole(5, 'T500F F260F F40G G15G G2I')]);
    expect(computeStat('ud', [card], { benchmark: 'TOUR' }).players[0]?.overall).toEqual({ chances: 0, made: 0, percent: null });
    expect(computeStat('gir', [card], { benchmark: 'TOUR' }).players[0]).toMatchObject({ greens: 1, dists: [40] });
  });

  it('counts one chance per hole, and a penalty after the chip spoils it', () => {
    const card = buildRound({ uid: 1 }, [
      buildHole(4, 'T380F F120R R20R R18G G1I'), // duffed chip then chip and putt: one failed rough chance
      buildHole(4, 'T380F F120F F45G G12I'), // fairway up and down (45 yards is a chip)
      buildHole(4, 'T380F F120F F45O F45G G1I'), // chip out of bounds: 1 + penalty + 2 = 4 strokes from the chip
    ]);
    const ud = computeStat('ud', [card], { benchmark: 'TOUR' }).players[0];
    expect(ud?.overall).toEqual({ chances: 3, made: 1, percent: 33.33 });
    expect(ud?.rough).toEqual({ chances: 1, made: 0, percent: 0 });
    expect(ud?.fairway).toEqual({ chances: 2, made: 1, percent: 50 });
  });
});

describe('first putt', () => {
  it('pairs the start distance of the shot onto the green with the first putt, skipping chip-ins', () => {
    expect(stats.first_putt.players).toEqual([
      { uid: 3, putts: [] },
      {
        uid: 7,
        putts: [
          { start_dist: 140, putt_dist: 18 },
          { start_dist: 30, putt_dist: 8 },
          { start_dist: 15, putt_dist: 4 },
          { start_dist: 160, putt_dist: 30 },
          { start_dist: 145, putt_dist: 10 },
        ],
      },
    ]);
  });
});

describe('putts', () => {
  it('splits putt lengths into made and missed', () => {
    expect(stats.putts.players).toEqual([
      { uid: 3, made: [], missed: [] },
      { uid: 7, made: [3, 1, 4, 1, 10], missed: [18, 8, 30, 5] },
    ]);
  });
});

describe('putt misses', () => {
  it('rescales each direction and made per 10 putts, overall and per putt length', () => {
    const grids = player(stats.putt_misses.players, 7);
    // 9 putts: 5 holed, long-left 18, short 8, short-right 5, the 30-footer missed with no direction.
    expect(grids.all).toMatchObject({ shots: 9, made: 5.56, lo: 1.11, s: 1.11, rs: 1.11, o: 0, ro: 0, r: 0, ls: 0, l: 0 });
    expect(grids.all.counts).toEqual({ shots: 9, made: 5, lo: 1, s: 1, rs: 1, o: 0, ro: 0, r: 0, ls: 0, l: 0 });
    // short (< 6 ft): 3, 1, 4, 5 (short-right), 1
    expect(grids.short).toMatchObject({ shots: 5, made: 8, rs: 2 });
    // mid (6-20 ft): 18 (long-left), 8 (short), 10 (holed)
    expect(grids.mid).toMatchObject({ shots: 3, made: 3.33, lo: 3.33, s: 3.33 });
    expect(grids.long).toMatchObject({ shots: 1, made: 0, lo: 0 });
  });

  it('leaves every cell null when a player has no putts', () => {
    expect(player(stats.putt_misses.players, 3).all).toMatchObject({ shots: 0, made: null, l: null });
  });
});

describe('approach misses', () => {
  it('counts approach-category shots, made = green hit, per 10 approaches', () => {
    const grids = player(stats.app_misses.players, 7);
    // F140 hit, T180 right, F90 short-left, F160 hit, T145 hit. R280F to 90 yd is a layup, left out.
    expect(grids.all).toMatchObject({ shots: 5, made: 6, r: 2, ls: 2, lo: 0 });
    expect(grids.short).toMatchObject({ shots: 1, ls: 10, made: 0 });
    expect(grids.mid).toMatchObject({ shots: 2, made: 10 });
    expect(grids.long).toMatchObject({ shots: 2, made: 5, r: 5 });
    expect(player(stats.app_misses.players, 3).all.shots).toBe(0);
  });
});

describe('layups', () => {
  // Worked by hand, one player, SCRATCH; each hole's second shot is the one judged.
  //   H1 par 5 T500F F230F F80G G12G G2I    F230 to 80 yd on the fairway, short: layup
  //   H2 par 5 T500F F230F.s F70G G5I       marked short: layup
  //   H3 par 4 T400F F180F.l F60G G9G G1I   marked left: aimed at the green, a miss to F
  //   H4 par 5 T500F F220F F40G G3I         40 yd left is chip range, not beyond reach: a miss to F
  //   H5 par 4 T420R R190R R70G G20G G2I    finished in the rough, not the fairway: a miss to R
  //   H6 par 5 T480F F200F F230G G6G G1I    finished farther away than it started (past the hole): a miss
  const card = buildRound({ event_id: 9, uid: 4, start: '2026-04-01T08:00:00Z' }, [
    buildHole(5, 'T500F F230F F80G G12G G2I'),
    buildHole(5, 'T500F F230F.s F70G G5I'),
    buildHole(4, 'T400F F180F.l F60G G9G G1I'),
    buildHole(5, 'T500F F220F F40G G3I'),
    buildHole(4, 'T420R R190R R70G G20G G2I'),
    buildHole(5, 'T480F F200F F230G G6G G1I'),
  ]);
  const all = computeAllStats([card], { benchmark: 'SCRATCH' });

  it('are reported apart and left out of the outside-green misses', () => {
    const og = player(all.og_misses.players, 4);
    expect(og.layups).toBe(2);
    // Approaches: H1 F80G; H2 F70G; H3 F180F, F60G; H4 F220F; H5 R190R, R70G; H6 F200F, F230G.
    expect(og.approaches).toBe(9);
    expect(og.misses.map((m) => [m.from, m.dist, m.to, m.end_dist])).toEqual([
      ['F', 180, 'F', 60],
      ['F', 220, 'F', 40],
      ['R', 190, 'R', 70],
      ['F', 200, 'F', 230],
    ]);
    expect(og.to).toEqual({ F: 3, R: 1, S: 0, H: 0, O: 0 });
  });

  it('are left out of the approach miss grid', () => {
    const grid = player(all.app_misses.players, 4).all;
    // 9 approaches, 5 on the green (F80, F70, F60, R70, F230), F180 marked left, three without a direction.
    expect(grid).toMatchObject({ shots: 9, l: 1.11 });
    expect(grid.counts).toMatchObject({ shots: 9, made: 5, l: 1 });
  });
});

describe('outside-green misses', () => {
  it('lists approaches that missed the green, from where to where', () => {
    expect(player(stats.og_misses.players, 7)).toEqual({
      uid: 7,
      approaches: 5,
      layups: 1, // R280F: the par-5 second laid up to 90 yd on the fairway
      misses: [
        { from: 'T', dist: 180, to: 'R', end_dist: 30, miss: 'r' },
        { from: 'F', dist: 90, to: 'S', end_dist: 15, miss: 'ls' },
      ],
      to: { F: 0, R: 1, S: 1, H: 0, O: 0 },
    });
  });
});

describe('fairways', () => {
  it('summarises made per 100 and left / right per 10 drives', () => {
    expect(stats.fw_summary.players).toEqual([
      { uid: 3, drives: 1, made: 0, l: 0, r: 0, counts: { drives: 1, made: 0, l: 0, r: 0 } },
      // H1 hit, H3 missed left, H4 out of bounds right; the par 3s have no drive.
      { uid: 7, drives: 3, made: 33.33, l: 3.33, r: 3.33, counts: { drives: 3, made: 1, l: 1, r: 1 } },
    ]);
  });

  it('gives the same figures per round, oldest first, null without drives', () => {
    expect(stats.fw_rounds.rounds.map((r) => [r.event_id, r.uid, r.drives, r.made, r.l, r.r])).toEqual([
      [1, 7, 3, 33.33, 3.33, 3.33],
      [3, 3, 1, 0, 0, 0],
      [2, 7, 0, null, null, null],
    ]);
  });
});

describe('limits through computeAllStats', () => {
  it('flags every body limited when a 16th player is cut', () => {
    const many = Array.from({ length: 16 }, (_, i) =>
      buildRound({ uid: i + 1, event_id: i + 1, start: new Date(Date.UTC(2026, 0, i + 1)).toISOString() }),
    );
    const all = computeAllStats(many, { benchmark: 'TOUR' });
    expect(all.scores.scores).toHaveLength(15);
    expect(all.scores.scores.some((s) => s.uid === 1)).toBe(false);
    for (const body of Object.values(all)) expect(body.limited).toBe(true);
    expect(computeAllStats(many.slice(1), { benchmark: 'TOUR' }).sg.limited).toBe(false);
  });
});

describe('empty input', () => {
  it('answers every statistic with empty lists and no limit', () => {
    const all = computeAllStats([], { benchmark: 'TOUR' });
    expect(all.scores).toEqual({ limited: false, scores: [] });
    expect(all.sg).toEqual({ benchmark: 'TOUR', limited: false, players: [] });
    expect(all.round_sg).toEqual({ benchmark: 'TOUR', limited: false, rounds: [] });
    expect(all.fw_rounds).toEqual({ limited: false, rounds: [] });
    for (const name of [
      'par_avgs',
      'gir',
      'drives',
      'ud',
      'first_putt',
      'putt_misses',
      'app_misses',
      'og_misses',
      'fw_summary',
      'putts',
    ] as const) {
      expect(all[name]).toEqual({ limited: false, players: [] });
    }
  });
});
