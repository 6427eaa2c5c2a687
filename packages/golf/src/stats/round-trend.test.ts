import { describe, expect, it } from 'vitest';
import { movingAverage, roundsInRange, seasonMean } from './round-trend.ts';

describe('movingAverage', () => {
  it('is the mean of the round and the 4 before it, from the fifth round on', () => {
    // Scores 80 82 84 86 88 90: (80+82+84+86+88)/5 = 420/5 = 84; (82+84+86+88+90)/5 = 430/5 = 86.
    expect(movingAverage([80, 82, 84, 86, 88, 90])).toEqual([null, null, null, null, 84, 86]);
  });

  it('skips rounds without a value and reaches back over those that have one', () => {
    // Fairways 50, -, 40, 60, 70, 30: the fifth value (30) closes 50+40+60+70+30 = 250, /5 = 50.
    expect(movingAverage([50, null, 40, 60, 70, 30])).toEqual([null, null, null, null, null, 50]);
    // A null after a full window has no entry of its own; the next value's window skips it:
    // 1+2+3+4+5 = 15 → 3; then 2+3+4+5+11 = 25 → 5.
    expect(movingAverage([1, 2, 3, 4, 5, null, 11])).toEqual([null, null, null, null, 3, null, 5]);
  });

  it('takes another window', () => {
    // Window 2: (-1 + 1)/2 = 0, (1 + 2.5)/2 = 1.75.
    expect(movingAverage([-1, 1, 2.5], 2)).toEqual([null, 0, 1.75]);
  });

  it('has no entry with fewer than 5 rounds', () => {
    expect(movingAverage([1, 2, 3, 4])).toEqual([null, null, null, null]);
    expect(movingAverage([])).toEqual([]);
  });
});

describe('seasonMean', () => {
  it('is the mean of the values shown', () => {
    // (-2 + 0.5 + 1.5 + null) over 3 values = 0 / 3 = 0; (80 + 85 + 93)/3 = 258/3 = 86.
    expect(seasonMean([-2, 0.5, 1.5, null])).toBe(0);
    expect(seasonMean([80, 85, 93])).toBe(86);
  });

  it('is null without a value', () => {
    expect(seasonMean([])).toBeNull();
    expect(seasonMean([null, null])).toBeNull();
  });
});

describe('roundsInRange', () => {
  const round = (event_id: number, start: string) => ({ event_id, start });
  // Twelve rounds, one a month from January 2025, given out of order.
  const months = Array.from({ length: 12 }, (_, index) => round(index + 1, `2025-${String(index + 1).padStart(2, '0')}-10T08:00:00Z`));
  const shuffled = [months[4]!, months[11]!, months[0]!, ...months.slice(5, 11), months[1]!, months[3]!, months[2]!];

  it('keeps the latest 5 and the latest 10, oldest first', () => {
    expect(roundsInRange(shuffled, 'last5').map((r) => r.event_id)).toEqual([8, 9, 10, 11, 12]);
    expect(roundsInRange(shuffled, 'last10').map((r) => r.event_id)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps every round, oldest first, when fewer than asked or all', () => {
    expect(roundsInRange(months.slice(0, 3), 'last5').map((r) => r.event_id)).toEqual([1, 2, 3]);
    expect(roundsInRange(shuffled, 'all').map((r) => r.event_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('orders equal starts by the higher event id as newer', () => {
    const same = [round(7, '2025-05-01T08:00:00Z'), round(9, '2025-05-01T08:00:00Z'), round(3, '2025-04-01T08:00:00Z')];
    expect(roundsInRange(same, 'last5').map((r) => r.event_id)).toEqual([3, 7, 9]);
  });

  it('keeps the season: the 365 days up to and including the latest round', () => {
    // Latest 2026-03-01T08:00Z. 2025-03-01T08:00Z is exactly 365 days before (2025 is not a leap year): kept.
    // 2025-02-28T08:00Z is 366 days before: dropped.
    const rounds = [
      round(1, '2025-02-28T08:00:00Z'),
      round(2, '2025-03-01T08:00:00Z'),
      round(3, '2025-11-15T08:00:00Z'),
      round(4, '2026-03-01T08:00:00Z'),
    ];
    expect(roundsInRange(rounds, 'season').map((r) => r.event_id)).toEqual([2, 3, 4]);
    expect(roundsInRange([], 'season')).toEqual([]);
  });
});
