import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATS_MAX_PLAYERS, STATS_MAX_ROUNDS } from '@holeout/golf';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { fetchListedRoundsSg, roundSgBatches, roundSgTotal } from './listed-rounds-sg.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('roundSgBatches', () => {
  it('asks for a list of one player in one batch, ids sorted and once each', () => {
    expect(
      roundSgBatches([
        { event_id: 9, uid: 1 },
        { event_id: 3, uid: 1 },
        { event_id: 9, uid: 1 },
      ]),
    ).toEqual([[3, 9]]);
    expect(roundSgBatches([])).toEqual([]);
  });

  it('never puts more owners or rounds in a batch than the statistics count in full', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ event_id: i + 1, uid: 100 + (i % 20) }));
    const batches = roundSgBatches(many);
    const owner = new Map(many.map((round) => [round.event_id, round.uid]));
    for (const batch of batches) expect(new Set(batch.map((id) => owner.get(id))).size).toBeLessThanOrEqual(STATS_MAX_PLAYERS);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(many.map((round) => round.event_id));
    expect(batches.length).toBe(2);

    const oneOwner = Array.from({ length: STATS_MAX_ROUNDS + 1 }, (_, i) => ({ event_id: i + 1, uid: 7 }));
    expect(roundSgBatches(oneOwner).map((batch) => batch.length)).toEqual([STATS_MAX_ROUNDS, 1]);
  });
});

describe('roundSgTotal', () => {
  it("turns round_sg's per-18-holes figure back into the round's own total", () => {
    expect(roundSgTotal({ holes: 18, sg: { overall: 1.24 } })).toBeCloseTo(1.24);
    expect(roundSgTotal({ holes: 9, sg: { overall: -3 } })).toBeCloseTo(-1.5);
  });
});

describe('fetchListedRoundsSg', () => {
  it("asks round_sg for the listed rounds without a benchmark (the caller's own) and keys the totals by event", async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = createFetchMock({
      'GET /v4/stats/round_sg': {
        json: {
          limited: false,
          benchmark: 'EIGHTY',
          // Round 5 is not among the answers: the caller may not see it.
          rounds: [
            {
              event_id: 4,
              uid: 1,
              start: '2026-05-01T08:00:00Z',
              score: 40,
              holes: 9,
              sg: { overall: 2.4, tee: 0, approach: 0, chip: 0, putt: 0 },
            },
            {
              event_id: 6,
              uid: 2,
              start: '2026-05-02T08:00:00Z',
              score: 80,
              holes: 18,
              sg: { overall: -0.7, tee: 0, approach: 0, chip: 0, putt: 0 },
            },
          ],
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const totals = await fetchListedRoundsSg([
      { event_id: 6, uid: 2 },
      { event_id: 5, uid: 3 },
      { event_id: 4, uid: 1 },
    ]);
    const [call] = callsTo(fetchMock, 'GET /v4/stats/round_sg');
    expect(call?.url.searchParams.get('rounds')).toBe('4,5,6');
    expect(call?.url.searchParams.has('benchmark')).toBe(false);
    expect(Object.keys(totals).map(Number)).toEqual([4, 6]);
    expect(totals[4]?.total).toBeCloseTo(1.2);
    expect(totals[6]).toEqual({ total: -0.7, benchmark: '80 golfer' });
  });
});
