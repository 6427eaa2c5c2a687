import { describe, expect, it } from 'vitest';
import type { ScoredRound, SgBreakdown } from '../engine/types.ts';
import { roundSgStat, sgStat } from './strokes-gained.ts';
import type { ScoredPlayerRound, StatsInput } from './types.ts';

/** A breakdown whose leaves are given and whose sub-totals add up, as the engine guarantees. */
function breakdown(leaves: {
  tee: number;
  app: [number, number, number];
  chip: [number, number, number, number];
  putt: [number, number, number];
}): SgBreakdown {
  const approach = {
    short: leaves.app[0],
    mid: leaves.app[1],
    long: leaves.app[2],
    overall: leaves.app[0] + leaves.app[1] + leaves.app[2],
  };
  const chip = {
    fairway: leaves.chip[0],
    rough: leaves.chip[1],
    sand: leaves.chip[2],
    other: leaves.chip[3],
    overall: leaves.chip[0] + leaves.chip[1] + leaves.chip[2] + leaves.chip[3],
  };
  const putt = {
    short: leaves.putt[0],
    mid: leaves.putt[1],
    long: leaves.putt[2],
    overall: leaves.putt[0] + leaves.putt[1] + leaves.putt[2],
  };
  return { overall: leaves.tee + approach.overall + chip.overall + putt.overall, tee: leaves.tee, approach, chip, putt };
}

/** An 18-hole round with the given breakdown (the holes' own figures do not matter here: the statistics add the round's). */
function scored(event_id: number, uid: number, start: string, score: number, sg: SgBreakdown): ScoredPlayerRound {
  const holes = Array.from({ length: 18 }, (_, i) => ({ hole: i + 1, par: 4, score: 4, sg: 0, penalties: 0, shots: [] }));
  const round: ScoredRound = { benchmark: 'TOUR', score, par: 72, sg, holes };
  return { event_id, uid, start, scored: round };
}

const r1 = breakdown({ tee: -1, app: [0.2, -0.6, -1.1], chip: [-0.2, -0.3, -0.1, 0], putt: [-0.2, -0.5, -0.4] });
const r2 = breakdown({ tee: -0.6, app: [0, -0.6, -1.1], chip: [-0.2, -0.3, -0.1, 0], putt: [-0.2, -0.5, -0.444] });
const r3 = breakdown({ tee: 1.234, app: [0.005, 0, 0], chip: [0, 0, 0, 0.5], putt: [0, 0, 0] });

const input: StatsInput = {
  benchmark: 'TOUR',
  limited: false,
  boundaries: { chipMaxYards: 50, shortApproachMaxYards: 100, midApproachMaxYards: 150, shortPuttMaxFeet: 6, midPuttMaxFeet: 20 },
  rounds: [
    scored(12, 7, '2026-03-01T08:00:00Z', 82, r1),
    scored(15, 9, '2026-03-02T08:00:00Z', 70, r3),
    scored(16, 7, '2026-03-03T08:00:00Z', 80, r2),
  ],
};

describe('strokes gained per player', () => {
  it('averages each category per round and rounds to 2 decimals only at the end', () => {
    const body = sgStat(input);
    expect(body.benchmark).toBe('TOUR');
    expect(body.limited).toBe(false);
    expect(body.players.map((p) => [p.uid, p.rounds, p.holes])).toEqual([
      [7, 2, 36],
      [9, 1, 18],
    ]);
    // uid 7: (r1 + r2) / 36 holes * 18, i.e. per 18 holes, leaf by leaf.
    expect(body.players[0]?.sg).toEqual({
      overall: -4.12, // (-4.2 + -4.044) / 2 = -4.122
      tee: -0.8,
      approach: { short: 0.1, mid: -0.6, long: -1.1, overall: -1.6 },
      chip: { fairway: -0.2, rough: -0.3, sand: -0.1, other: 0, overall: -0.6 },
      putt: { short: -0.2, mid: -0.5, long: -0.42, overall: -1.12 }, // long (-0.4 - 0.444) / 2 = -0.422
    });
    // uid 9: one round, 0.005 rounds half away from zero.
    expect(body.players[1]?.sg.approach.short).toBe(0.01);
    expect(body.players[1]?.sg.overall).toBe(1.74); // 1.234 + 0.005 + 0.5 = 1.739
    expect(body.players[1]?.sg.chip.other).toBe(0.5);
  });
});

describe('strokes gained per round', () => {
  it('summarises each round with the overall of each part, in the round_sg shape', () => {
    expect(roundSgStat(input)).toEqual({
      benchmark: 'TOUR',
      limited: false,
      rounds: [
        {
          event_id: 12,
          uid: 7,
          start: '2026-03-01T08:00:00Z',
          score: 82,
          holes: 18,
          sg: { overall: -4.2, tee: -1, approach: -1.5, chip: -0.6, putt: -1.1 },
        },
        {
          event_id: 15,
          uid: 9,
          start: '2026-03-02T08:00:00Z',
          score: 70,
          holes: 18,
          sg: { overall: 1.74, tee: 1.23, approach: 0.01, chip: 0.5, putt: 0 },
        },
        {
          event_id: 16,
          uid: 7,
          start: '2026-03-03T08:00:00Z',
          score: 80,
          holes: 18,
          sg: { overall: -4.04, tee: -0.6, approach: -1.7, chip: -0.6, putt: -1.14 },
        },
      ],
    });
  });
});
