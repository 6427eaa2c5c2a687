/** Statistics on the cases a card throws up: metric units, penalty areas, custom boundaries, a generated season. */
import { describe, expect, it } from 'vitest';
import { buildHole, buildRound } from './testing/factories.ts';
import { computeAllStats, computeStat } from './compute-all.ts';
import { DEFAULT_CATEGORY_BOUNDARIES, expectedStrokes } from '../engine/index.ts';
import { roundTo } from '../display.ts';
import { generateSeason } from '../../bench/round-generator.ts';

describe('metric rounds', () => {
  // 1 m = 1.0936 yd and 1 m = 3.28084 ft (the product's constants); statistics speak yards and feet.
  const metric = buildRound({ uid: 4, units: 'METERS_METERS' }, [buildHole(4, 'T400F F130G G3G G1I')]);
  const all = computeAllStats([metric], { benchmark: 'TOUR' });

  it('reports distances in yards off the green and feet on it', () => {
    expect(all.drives.players[0]?.drives).toEqual([295.27]); // 437.44 - 142.168
    expect(all.gir.players[0]?.dists).toEqual([142.17]);
    expect(all.putts.players[0]).toEqual({ uid: 4, made: [3.28], missed: [9.84] });
    expect(all.first_putt.players[0]?.putts).toEqual([{ start_dist: 142.17, putt_dist: 9.84 }]);
  });
});

describe('penalty areas', () => {
  const card = buildRound({ uid: 5 }, [
    buildHole(4, 'T400H.r R180G G10G G2I'), // dropped in the rough: one penalty stroke
    buildHole(4, 'T380F F60H H30G G3I'), // played out of the penalty area as it lies: no penalty
  ]);
  const all = computeAllStats([card], { benchmark: 'TOUR' });

  it('counts the drop penalty against the green in regulation and the score', () => {
    expect(all.scores.scores[0]?.score).toBe(4 + 1 + 4);
    // Hole 1: green on the 2nd shot, but 2 shots + 1 penalty = 3 > par - 2. Hole 2: 3rd shot.
    expect(all.gir.players[0]).toMatchObject({ holes: 2, greens: 0, percent: 0, dists: [] });
  });

  it('gives no driving distance into a penalty area but counts the miss side', () => {
    expect(all.drives.players[0]?.drives).toEqual([320]); // hole 2 only: 380 - 60
    expect(all.fw_summary.players[0]?.counts).toEqual({ drives: 2, made: 1, l: 0, r: 1 });
  });

  it('counts a chip from a penalty area in the overall up-and-down only', () => {
    const ud = all.ud.players[0];
    expect(ud?.overall).toEqual({ chances: 1, made: 1, percent: 100 });
    expect([ud?.rough.chances, ud?.fairway.chances, ud?.sand.chances]).toEqual([0, 0, 0]);
  });
});

describe('custom category boundaries', () => {
  it('moves up-and-down chances and miss-grid bands with the boundaries', () => {
    // The green is missed in regulation (three strokes to reach it), so the 40-yard pitch is a chance.
    const card = buildRound({ uid: 6 }, [buildHole(4, 'T300R R150R R40G G9I')]);
    const narrow = { ...DEFAULT_CATEGORY_BOUNDARIES, chipMaxYards: 30, shortPuttMaxFeet: 10, midPuttMaxFeet: 25 };
    expect(computeStat('ud', [card], { benchmark: 'TOUR' }).players[0]?.rough.chances).toBe(1);
    expect(computeStat('ud', [card], { benchmark: 'TOUR', boundaries: narrow }).players[0]?.overall.chances).toBe(0);
    // With a 30-yard chip limit the 40-yard shot is a short approach.
    expect(computeStat('app_misses', [card], { benchmark: 'TOUR', boundaries: narrow }).players[0]?.short).toMatchObject({
      shots: 1,
      made: 10,
    });
    expect(computeStat('putt_misses', [card], { benchmark: 'TOUR', boundaries: narrow }).players[0]?.short).toMatchObject({
      shots: 1,
      made: 10,
    });
  });
});

describe('a generated team season', () => {
  const season = generateSeason(11, 3, 10);
  const all = computeAllStats(season, { benchmark: 'NINETY' });

  it('keeps the figures consistent with one another', () => {
    expect(all.scores.scores).toHaveLength(30);
    for (const p of all.putt_misses.players) {
      const putts = all.putts.players.find((q) => q.uid === p.uid);
      expect(p.all.counts.shots).toBe((putts?.made.length ?? 0) + (putts?.missed.length ?? 0));
      expect(p.all.counts.made).toBe(putts?.made.length);
      expect(p.short.shots + p.mid.shots + p.long.shots).toBe(p.all.shots);
    }
    for (const p of all.fw_summary.players) {
      expect(p.counts.drives).toBe(10 * 14); // 14 par 4s and 5s on the generated card
      expect(p.counts.made + p.counts.l + p.counts.r).toBeLessThanOrEqual(p.counts.drives);
    }
    for (const p of all.sg.players) {
      const rounds = all.round_sg.rounds.filter((r) => r.uid === p.uid);
      const mean = rounds.reduce((sum, r) => sum + r.sg.overall, 0) / rounds.length;
      expect(p.sg.overall).toBeCloseTo(mean, 1);
      expect(p.rounds).toBe(10);
    }
    for (const p of all.og_misses.players) {
      const grids = all.app_misses.players.find((q) => q.uid === p.uid);
      expect(p.approaches).toBe(grids?.all.shots);
      expect(p.misses).toHaveLength(p.approaches - (grids?.all.counts.made ?? 0));
    }
  });

  it('is the same for the same seed', () => {
    expect(computeAllStats(generateSeason(11, 3, 10), { benchmark: 'NINETY' })).toEqual(all);
  });
});

describe('a ball putted off the green', () => {
  // Hole 1 found the green in regulation, then the first putt ran into a bunker; hole 2 missed the green.
  const card = buildRound({ uid: 8 }, [buildHole(4, 'T380F F150G G30S S10G G2I'), buildHole(4, 'T380F F150S S10G G2I')]);
  const all = computeAllStats([card], { benchmark: 'TOUR' });

  it('is no up-and-down chance: only the bunker shot after the missed green is a sand save chance', () => {
    expect(all.ud.players[0]?.sand).toEqual({ chances: 1, made: 1, percent: 100 });
    expect(all.ud.players[0]?.overall).toEqual({ chances: 1, made: 1, percent: 100 });
  });

  it('keeps the green in regulation and its first putt', () => {
    expect(all.gir.players[0]).toMatchObject({ holes: 2, greens: 1, dists: [150] });
    expect(all.first_putt.players[0]?.putts).toEqual([
      { start_dist: 150, putt_dist: 30 },
      { start_dist: 10, putt_dist: 2 },
    ]);
  });
});

describe('a hole recorded from the green only', () => {
  // The round rules require every hole to start from the tee, so such a hole never reaches the statistics.
  const card = buildRound({ uid: 9 }, [buildHole(3, 'T150G G20G G2I'), buildHole(3, 'G20G G2I')]);

  it('is refused by the round rules, naming the hole and shot', () => {
    expect(() => computeAllStats([card], { benchmark: 'TOUR' })).toThrow(
      'Hole 2, shot 1: the first shot of a hole is played from the tee (T)',
    );
  });
});

describe('where a ball in a penalty area came to rest', () => {
  const card = buildRound({ uid: 10 }, [
    buildHole(4, 'T400H.l H150G G20G G2I'), // drive played as it lies from the penalty area: 250 yards
    buildHole(4, 'T400H.r F140G G10G G2I'), // drive dropped: its resting place is unknown
    buildHole(3, 'T170H.s F40G G6I'), // approach dropped: where it finished is unknown
    buildHole(3, 'T170H.s H20G G6I'), // approach played as it lies, 20 yards short
  ]);
  const all = computeAllStats([card], { benchmark: 'TOUR' });

  it('measures a drive played as it lies, not one followed by a drop', () => {
    expect(all.drives.players[0]).toMatchObject({ drives: [250], average: 250 });
  });

  it('gives an outside-green miss no end distance after a drop', () => {
    expect(all.og_misses.players[0]?.misses.map((m) => [m.from, m.dist, m.to, m.end_dist])).toEqual([
      ['T', 170, 'H', null],
      ['T', 170, 'H', 20],
    ]);
  });
});

describe('a 9-hole round beside an 18-hole round', () => {
  const nine = Array.from({ length: 9 }, () => buildHole(4, 'T400F F150G G20G G2I'));
  const eighteen = [...nine, ...nine];
  const rounds = [
    buildRound({ uid: 11, event_id: 1, start: '2026-04-01T08:00:00Z' }, nine),
    buildRound({ uid: 11, event_id: 2, start: '2026-04-02T08:00:00Z' }, eighteen),
  ];
  const all = computeAllStats(rounds, { benchmark: 'TOUR' });
  const perHole = expectedStrokes('TOUR', 'T', 400) - 4;

  it('scores each round over the holes it has', () => {
    expect(all.scores.scores.map((s) => [s.holes, s.score, s.par])).toEqual([
      [9, 36, 36],
      [18, 72, 72],
    ]);
  });

  it('gives strokes gained per 18 holes: the 9-hole round weighs half the 18-hole one', () => {
    // TOUR expects 3.99 from a 400 yd tee: each par is -0.01; 27 holes sum to -0.27, per 18 holes -0.18.
    const sg = all.sg.players[0];
    expect(sg).toMatchObject({ rounds: 2, holes: 27 });
    expect(perHole).toBeCloseTo(-0.01, 10);
    expect(sg?.sg.overall).toBe(roundTo(((27 * perHole) / 27) * 18));
    expect(sg?.sg.overall).toBe(-0.18);
    // Each round per 18 holes too: the nine's -0.09 reads as -0.18.
    expect(all.round_sg.rounds.map((r) => [r.holes, r.sg.overall])).toEqual([
      [9, -0.18],
      [18, -0.18],
    ]);
  });

  it('lists only players who have counted rounds', () => {
    expect(all.sg.players.map((p) => p.uid)).toEqual([11]);
    expect(all.gir.players).toEqual([{ uid: 11, holes: 27, greens: 27, percent: 100, dists: Array(27).fill(150) }]);
  });
});
