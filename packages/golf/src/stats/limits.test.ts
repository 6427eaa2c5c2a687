import { describe, expect, it } from 'vitest';
import { limitRounds, roundsByPlayer } from './limits.ts';
import { STATS_MAX_PLAYERS, STATS_MAX_ROUNDS } from './types.ts';

type Row = { event_id: number; uid: number; start: string };

/** A round on day `day` of 2026 (day 0 = Jan 1), at 08:00 UTC. */
function row(event_id: number, uid: number, day: number): Row {
  return { event_id, uid, start: new Date(Date.UTC(2026, 0, 1 + day, 8)).toISOString() };
}

describe('limitRounds', () => {
  it('keeps everything, oldest first, and is not limited when under both limits', () => {
    const { rounds, limited } = limitRounds([row(2, 1, 5), row(1, 1, 1), row(3, 2, 3)]);
    expect(limited).toBe(false);
    expect(rounds.map((r) => r.event_id)).toEqual([1, 3, 2]);
  });

  it('uses the limits: 15 players and 300 rounds', () => {
    expect(STATS_MAX_PLAYERS).toBe(15);
    expect(STATS_MAX_ROUNDS).toBe(300);
  });

  it('drops the player whose newest round is oldest when a 16th player appears', () => {
    // Player uid u plays on day u; player 1 also plays on day 100, so player 2 is least recent.
    const rows = Array.from({ length: 16 }, (_, i) => row(i + 1, i + 1, i + 1));
    rows.push(row(99, 1, 100));
    const { rounds, limited } = limitRounds(rows);
    expect(limited).toBe(true);
    const uids = new Set(rounds.map((r) => r.uid));
    expect(uids.size).toBe(15);
    expect(uids.has(2)).toBe(false);
    expect(uids.has(1)).toBe(true);
    expect(rounds).toHaveLength(16);
    expect(rounds.at(-1)?.event_id).toBe(99);
  });

  it('is not limited with exactly 15 players and 300 rounds', () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i + 1, (i % 15) + 1, i));
    const { rounds, limited } = limitRounds(rows);
    expect(limited).toBe(false);
    expect(rounds).toHaveLength(300);
  });

  it('keeps the 300 most recent rounds of 301', () => {
    const rows = Array.from({ length: 301 }, (_, i) => row(i + 1, 7, i));
    const { rounds, limited } = limitRounds(rows);
    expect(limited).toBe(true);
    expect(rounds).toHaveLength(300);
    expect(rounds[0]?.event_id).toBe(2);
    expect(rounds.at(-1)?.event_id).toBe(301);
  });

  it('breaks equal start times by the higher event id, whatever the input order', () => {
    const rows = [row(5, 1, 0), row(9, 1, 0), row(7, 1, 0)];
    expect(limitRounds(rows, 15, 2).rounds.map((r) => r.event_id)).toEqual([7, 9]);
    expect(limitRounds([...rows].reverse(), 15, 2).rounds.map((r) => r.event_id)).toEqual([7, 9]);
  });

  it('returns nothing, not limited, for no rounds', () => {
    expect(limitRounds([])).toEqual({ rounds: [], limited: false });
  });
});

describe('roundsByPlayer', () => {
  it('groups by ascending uid and keeps the order of each player', () => {
    const groups = roundsByPlayer([row(1, 9, 0), row(2, 3, 1), row(3, 9, 2)].map((r) => ({ ...r, scored: null as never })));
    expect(groups.map((g) => [g.uid, g.rounds.map((r) => r.event_id)])).toEqual([
      [3, [2]],
      [9, [1, 3]],
    ]);
  });
});
