import { describe, expect, it } from 'vitest';
import { MAX_REPORT_ROUNDS, reportRounds } from './report-scope.ts';

const round = (event_id: number, uid: number, day: number) => ({ event_id, uid, start: new Date(Date.UTC(2026, 0, day)).toISOString() });
const MINE = [round(1, 7, 1), round(2, 7, 20), round(3, 7, 5), round(4, 7, 30), round(5, 7, 10), round(6, 7, 15)];

describe('reportRounds', () => {
  it("names no rounds when nothing narrows them: the report takes all of the player's", () => {
    expect(reportRounds(MINE, 7, 'all', false)).toBeUndefined();
    // The latest 10 of six rounds keeps them all.
    expect(reportRounds(MINE, 7, 'last10', false)).toBeUndefined();
  });

  it('names the latest rounds the quick range keeps, oldest first, as the page counts them', () => {
    expect(reportRounds(MINE, 7, 'last5', false)).toEqual([3, 5, 6, 2, 4]);
  });

  it("names the selection's rounds of this player only, narrowed by the range", () => {
    const selected = [...MINE.slice(0, 3), round(40, 12, 25)];
    expect(reportRounds(selected, 7, 'all', true)).toEqual([1, 3, 2]);
    expect(reportRounds(selected, 12, 'all', true)).toEqual([40]);
  });

  it('keeps the latest rounds the mailed report takes', () => {
    const many = Array.from({ length: MAX_REPORT_ROUNDS + 5 }, (_, i) => ({
      event_id: i + 1,
      uid: 7,
      start: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
    }));
    const ids = reportRounds(many, 7, 'all', true)!;
    expect(ids).toHaveLength(MAX_REPORT_ROUNDS);
    expect(ids[0]).toBe(6);
    expect(ids.at(-1)).toBe(MAX_REPORT_ROUNDS + 5);
  });
});
