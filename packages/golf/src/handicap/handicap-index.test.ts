import { describe, expect, it } from 'vitest';
import type { Round } from '../round.ts';
import { computeHandicapIndex, type HandicapRound } from './handicap-index.ts';
import { daysAfter, holeWithScore, parFourRound, roundWithDifferential } from './testing/cards.ts';

/**
 * One sequence of 18-hole differentials (course rating 72.0, slope 113, so differential = gross - 72),
 * played a day apart. Worked by hand, the index after each score (table: lowest N of the record):
 *   3: {20,18,22}      lowest 1 - 2.0 = 18 - 2       = 16.0
 *   4: +16             lowest 1 - 1.0 = 16 - 1       = 15.0
 *   5: +24             lowest 1                      = 16.0
 *   6: +19             lowest 2 - 1.0 = (16+18)/2 - 1 = 16.0
 *   7: +21             lowest 2 = (16+18)/2          = 17.0
 *   8: +17             lowest 2 = (16+17)/2          = 16.5
 *   9: +23             lowest 3 = (16+17+18)/3       = 17.0
 *  10: +15             lowest 3 = (15+16+17)/3       = 16.0
 *  11: +25             lowest 3                      = 16.0
 *  12: +20             lowest 4 = (15+16+17+18)/4    = 16.5
 *  13: +18, 14: +22    lowest 4                      = 16.5
 *  15: +16             lowest 5 = (15+16+16+17+18)/5 = 82/5 = 16.4
 *  16: +24             lowest 5                      = 16.4
 *  17: +19             lowest 6 = (15+16+16+17+18+18)/6 = 100/6 = 16.67 -> 16.7
 *  18: +21             lowest 6                      = 16.7
 *  19: +17             lowest 7 = (15+16+16+17+17+18+18)/7 = 117/7 = 16.71 -> 16.7
 *  20: +23             lowest 8 = (15+16+16+17+17+18+18+19)/8 = 136/8 = 17.0
 */
const SEQUENCE = [20, 18, 22, 16, 24, 19, 21, 17, 23, 15, 25, 20, 18, 22, 16, 24, 19, 21, 17, 23];
const INDEX_AFTER = [16, 15, 16, 16, 17, 16.5, 17, 16, 16, 16.5, 16.5, 16.5, 16.4, 16.4, 16.7, 16.7, 16.7, 17];

function season(differentials: readonly number[], start = '2025-03-01'): HandicapRound[] {
  return differentials.map((d, i) => roundWithDifferential(i + 1, daysAfter(start, i), d));
}

/** Ids of the counted differentials, ascending. */
function countedIds(result: ReturnType<typeof computeHandicapIndex>): number[] {
  return result.differentials
    .filter((d) => d.counted)
    .map((d) => d.id)
    .sort((a, b) => a - b);
}

describe('a single score', () => {
  it('85 on course rating 71.3 and slope 128 gives a differential of 12.1 and no index yet', () => {
    // 85 over 18 par-4 holes (a par or a bogey each, none beyond par + 5), so the adjusted gross is 85.
    // (113 / 128) x (85 - 71.3) = 12.0945... -> 12.1
    const result = computeHandicapIndex([
      { id: 9, date: '2025-05-04T08:00:00Z', round: parFourRound(85, { course_rating: 71.3, slope: 128 }) },
    ]);
    expect(result.index).toBeNull();
    expect(result.differentials).toEqual([
      {
        id: 9,
        date: '2025-05-04T08:00:00Z',
        holes: 18,
        adjusted_gross: 85,
        course_rating: 71.3,
        slope: 128,
        differential: 12.1,
        counted: false,
        method: 'par_plus_5',
        nine_hole: null,
      },
    ]);
    expect(result.method).toEqual({ scores: 1, counted: 0, adjustment: 0, description: 'fewer than 3 scores' });
    expect(result.history).toEqual([]);
  });

  it('rounds a differential of 5.65 to 5.7', () => {
    // (113 / 100) x (77 - 72.0) = 5.65 -> 5.7 (.05 up)
    const result = computeHandicapIndex([{ id: 1, date: '2025-05-04', round: parFourRound(77, { course_rating: 72, slope: 100 }) }]);
    expect(result.differentials[0]!.differential).toBe(5.7);
  });
});

describe('adjusted gross score', () => {
  /** 18 par-4 holes, hole n with stroke index n: a 10 on stroke index 1, a 9 on stroke index 17, bogeys elsewhere (99). */
  function blowUpRound(withStrokeIndexes: boolean): Round {
    const scores = Array.from({ length: 18 }, (_, i) => (i === 0 ? 10 : i === 16 ? 9 : 5));
    return {
      units: 'FEET_YARDS',
      course_rating: 72,
      slope: 113,
      holes: scores.map((score, i) => holeWithScore(i + 1, 4, score, withStrokeIndexes ? i + 1 : undefined)),
    };
  }
  /** Three 18-hole scores of 90 on 72.0 / 113 (differential 18.0 each): index 18.0 - 2.0 = 16.0. */
  const established = [1, 2, 3].map((id) => roundWithDifferential(id, daysAfter('2025-04-01', id), 18));

  it('caps each hole at par + 5 for a player without an index, penalty strokes counted by the engine', () => {
    // Hole 1: three balls out of bounds, then 4 strokes: 7 shots + 3 penalty strokes = 10, capped at 4 + 5 = 9.
    // Holes 2-18: bogeys, 17 x 5 = 85. Adjusted gross 94; (113 / 113) x (94 - 72.0) = 22.0.
    const round: Round = {
      units: 'FEET_YARDS',
      course_rating: 72,
      slope: 113,
      holes: [
        {
          hole: 1,
          par: 4,
          shots: [
            { from: 'T', dist: 400, to: 'O' },
            { from: 'T', dist: 400, to: 'O' },
            { from: 'T', dist: 400, to: 'O' },
            { from: 'T', dist: 400, to: 'F' },
            { from: 'F', dist: 150, to: 'G' },
            { from: 'G', dist: 20, to: 'G' },
            { from: 'G', dist: 3, to: 'I' },
          ],
        },
        ...Array.from({ length: 17 }, (_, i) => holeWithScore(i + 2, 4, 5)),
      ],
    };
    const [differential] = computeHandicapIndex([{ id: 1, date: '2025-04-01', round }]).differentials;
    expect(differential).toMatchObject({ adjusted_gross: 94, differential: 22, method: 'par_plus_5' });
  });

  it('caps a blow-up hole at net double bogey once the player has an index and the holes have stroke indexes', () => {
    // Index 16.0 before the round; course handicap 16.0 x 113 / 113 + (72.0 - 72) = 16: one stroke on
    // stroke index 1-16. Stroke index 1: 10 -> 4 + 2 + 1 = 7. Stroke index 17: 9 -> 4 + 2 + 0 = 6.
    // Adjusted gross 16 x 5 + 7 + 6 = 93 (gross 99); differential 93 - 72.0 = 21.0.
    const result = computeHandicapIndex([...established, { id: 4, date: daysAfter('2025-04-01', 4), round: blowUpRound(true) }]);
    expect(result.differentials[0]).toMatchObject({ id: 4, adjusted_gross: 93, differential: 21, method: 'net_double_bogey' });
  });

  it('uses par + 5 when the stroke indexes are unknown, even with an index', () => {
    // The 10 becomes 9, the 9 stays: 16 x 5 + 9 + 9 = 98; differential 26.0.
    const result = computeHandicapIndex([...established, { id: 4, date: daysAfter('2025-04-01', 4), round: blowUpRound(false) }]);
    expect(result.differentials[0]).toMatchObject({ id: 4, adjusted_gross: 98, differential: 26, method: 'par_plus_5' });
  });

  it('uses par + 5 before the player has an index, stroke indexes or not', () => {
    const result = computeHandicapIndex([{ id: 4, date: '2025-04-01', round: blowUpRound(true) }]);
    expect(result.differentials[0]).toMatchObject({ adjusted_gross: 98, method: 'par_plus_5' });
  });
});

describe('the index from the number of scores', () => {
  it('follows the WHS table after every score (the hand-worked history)', () => {
    const result = computeHandicapIndex(season(SEQUENCE));
    expect(result.history.map((h) => h.index)).toEqual(INDEX_AFTER);
    expect(result.history[0]!.date).toBe(daysAfter('2025-03-01', 2));
  });

  it('3 scores: the lowest minus 2.0', () => {
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 3)));
    expect(result.index).toBe(16);
    expect(countedIds(result)).toEqual([2]);
    expect(result.method).toEqual({ scores: 3, counted: 1, adjustment: -2, description: 'lowest 1 of 3, minus 2.0' });
  });

  it('5 scores: the lowest', () => {
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 5)));
    expect(result.index).toBe(16);
    expect(countedIds(result)).toEqual([4]);
  });

  it('6 scores: the average of the lowest 2 minus 1.0', () => {
    // (16 + 18) / 2 - 1.0 = 16.0
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 6)));
    expect(result.index).toBe(16);
    expect(countedIds(result)).toEqual([2, 4]);
    expect(result.method.description).toBe('lowest 2 of 6, minus 1.0');
  });

  it('8 scores: the average of the lowest 2', () => {
    // (16 + 17) / 2 = 16.5
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 8)));
    expect(result.index).toBe(16.5);
    expect(countedIds(result)).toEqual([4, 8]);
  });

  it('12 scores: the average of the lowest 4', () => {
    // (15 + 16 + 17 + 18) / 4 = 16.5
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 12)));
    expect(result.index).toBe(16.5);
    expect(countedIds(result)).toEqual([2, 4, 8, 10]);
    expect(result.low_index).toBeNull();
    expect(result.capped).toBeNull();
  });

  it('20 scores: the average of the lowest 8, the low index the lowest of the year, no cap within 3.0', () => {
    // Lowest 8: 15 (10), 16 (4), 16 (15), 17 (8), 17 (19), 18 (2), 18 (13), 19 (6: of the two 19s the older counts)
    // = 136 / 8 = 17.0. The low index over the days before the 20th score is 15.0 (after the 4th);
    // 17.0 - 15.0 = 2.0 is within 3.0, so no cap.
    const result = computeHandicapIndex(season(SEQUENCE));
    expect(result.index).toBe(17);
    expect(countedIds(result)).toEqual([2, 4, 6, 8, 10, 13, 15, 19]);
    expect(result.low_index).toBe(15);
    expect(result.capped).toBeNull();
    expect(result.method.description).toBe('lowest 8 of 20');
    expect(result.differentials.map((d) => d.id)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
  });

  it('25 scores: only the latest 20 are listed and counted', () => {
    // Scores 21-25: 26, 14, 27, 28, 29. The record is scores 6-25:
    // 19 21 17 23 15 25 20 18 22 16 24 19 21 17 23 26 14 27 28 29; lowest 8:
    // 14 (22), 15 (10), 16 (15), 17 (8), 17 (19), 18 (13), 19 (6), 19 (17) = 135 / 8 = 16.875 -> 16.9.
    // Scores 2 and 4 (18 and 16), counted before, have left the record. The indexes after 21-24 are 17.0,
    // 16.5, 16.5, 16.9, so the low index is still 15.0 and 16.9 is not capped.
    const result = computeHandicapIndex(season([...SEQUENCE, 26, 14, 27, 28, 29]));
    expect(result.index).toBe(16.9);
    expect(result.differentials).toHaveLength(20);
    expect(result.differentials[0]!.id).toBe(25);
    expect(result.differentials[19]!.id).toBe(6);
    expect(countedIds(result)).toEqual([6, 8, 10, 13, 15, 17, 19, 22]);
    expect(result.history.slice(-5).map((h) => h.index)).toEqual([17, 16.5, 16.5, 16.9, 16.9]);
    expect(result.low_index).toBe(15);
    expect(result.rounds_used).toBe(20);
  });

  it('orders rounds by date whatever order they come in', () => {
    const rounds = season(SEQUENCE.slice(0, 8));
    expect(computeHandicapIndex([...rounds].reverse())).toEqual(computeHandicapIndex(rounds));
  });
});

describe('the soft and hard caps', () => {
  /**
   * 20 scores of differential 10.0, weekly from 2023-01-01 (indexes 8.0, 9.0, 10.0, 9.0, then 10.0), then
   * weekly scores of 20.0 from 2024-06-01, more than 365 days after every early index, so for each of them the
   * low index is the 10.0 in effect when its year began (and later indexes are no lower).
   * After k scores of 20.0 the record holds 20 - k tens and k twenties:
   *   k <= 12: lowest 8 all tens                  = 10.0
   *   k = 13: (7 x 10 + 20) / 8 = 11.25 -> 11.3    (increase 1.3, no cap)
   *   k = 14: (6 x 10 + 2 x 20) / 8 = 12.5          (increase 2.5, no cap)
   *   k = 15: 13.75 -> 13.8; increase 3.8 > 3.0: 10.0 + 3.0 + 0.8 / 2 = 13.4 (soft)
   *   k = 16: 15.0; 10.0 + 3.0 + 2.0 / 2 = 14.0 (soft)
   *   k = 17: 16.25 -> 16.3; 13.0 + 3.3 / 2 = 14.65 -> 14.7 (soft)
   *   k = 18: 17.5; 13.0 + 4.5 / 2 = 15.25 > 10.0 + 5.0 -> 15.0 (hard)
   *   k = 19: 18.75 -> 18.8 -> 15.0 (hard);  k = 20: 20.0 -> 15.0 (hard)
   */
  const early = Array.from({ length: 20 }, (_, i) => roundWithDifferential(i + 1, daysAfter('2023-01-01', 7 * i), 10));
  const late = Array.from({ length: 20 }, (_, i) => roundWithDifferential(101 + i, daysAfter('2024-06-01', 7 * i), 20));

  it('holds the index down as the hand-worked history says', () => {
    const result = computeHandicapIndex([...early, ...late]);
    expect(result.history.slice(0, 5).map((h) => h.index)).toEqual([8, 9, 10, 9, 10]);
    expect(result.history.slice(-8).map((h) => h.index)).toEqual([11.3, 12.5, 13.4, 14, 14.7, 15, 15, 15]);
    expect(result).toMatchObject({ index: 15, low_index: 10, capped: 'hard' });
  });

  it('says soft when only the soft cap acted', () => {
    const result = computeHandicapIndex([...early, ...late.slice(0, 17)]);
    expect(result).toMatchObject({ index: 14.7, low_index: 10, capped: 'soft' });
  });

  it('takes the low index from the 365 days before the latest score, with the index in effect when they began', () => {
    // One more 20.0 on 2025-09-01: the days from 2024-09-01 hold the indexes after k = 15..20 (13.4 .. 15.0),
    // and the index in effect on 2024-09-01 is 12.5 (k = 14, 2024-08-31). Low 12.5; calculated 20.0, an
    // increase of 7.5: hard cap 12.5 + 5.0 = 17.5.
    const result = computeHandicapIndex([...early, ...late, roundWithDifferential(200, '2025-09-01T09:00:00Z', 20)]);
    expect(result).toMatchObject({ index: 17.5, low_index: 12.5, capped: 'hard' });
  });
});

describe('9-hole rounds', () => {
  /** Nine par-4 holes (par 36). */
  const nine = (id: number, date: string, gross: number, rating: { course_rating: number; slope: number }): HandicapRound => ({
    id,
    date,
    round: parFourRound(gross, rating, 9),
  });

  it('before an index, combines two nines into one 18-hole differential', () => {
    // Nine 1: 46 on 9-hole rating 35.2, slope 121: (113 / 121) x 10.8 = 10.0860 (kept unrounded)
    // Nine 2: 47 on 9-hole rating 36.1, slope 130: (113 / 130) x 10.9 = 9.4746
    // 18-hole differential: 10.0860 + 9.4746 = 19.5606 -> 19.6
    const result = computeHandicapIndex([
      nine(1, '2025-05-01', 46, { course_rating: 35.2, slope: 121 }),
      nine(2, '2025-05-08', 47, { course_rating: 36.1, slope: 130 }),
    ]);
    expect(result.differentials).toEqual([
      {
        id: 2,
        date: '2025-05-08',
        holes: 9,
        adjusted_gross: 47,
        course_rating: 36.1,
        slope: 130,
        differential: 19.6,
        counted: false,
        method: 'par_plus_5',
        nine_hole: { kind: 'combined', nine_hole_differential: 9.5, partner_id: 1, partner_differential: 10.1 },
      },
    ]);
    expect(result.rounds_used).toBe(2);
    expect(result.ignored).toEqual([]);
  });

  it('takes a rating of 55 or more on nine holes as the tees 18-hole rating, halved', () => {
    // 70.4 / 2 = 35.2 and 72.2 / 2 = 36.1: the same two nines as above, 19.6.
    const result = computeHandicapIndex([
      nine(1, '2025-05-01', 46, { course_rating: 70.4, slope: 121 }),
      nine(2, '2025-05-08', 47, { course_rating: 72.2, slope: 130 }),
    ]);
    expect(result.differentials[0]).toMatchObject({ course_rating: 36.1, differential: 19.6 });
  });

  it('with an index, adds the expected differential of the other nine', () => {
    // Index 16.0 (three 18-hole differentials of 18.0). Nine: 45 on 35.0 / 113: 9-hole differential 10.0;
    // expected 0.52 x 16.0 + 1.2 = 9.52; 18-hole differential 19.52 -> 19.5.
    // Index after: lowest 1 of 4 minus 1.0 = 18.0 - 1.0 = 17.0.
    const rounds = [1, 2, 3].map((id) => roundWithDifferential(id, daysAfter('2025-04-01', id), 18));
    const result = computeHandicapIndex([...rounds, nine(4, '2025-05-01', 45, { course_rating: 35, slope: 113 })]);
    expect(result.differentials[0]).toMatchObject({
      id: 4,
      holes: 9,
      differential: 19.5,
      nine_hole: { kind: 'expected', nine_hole_differential: 10, expected_differential: 9.5 },
    });
    expect(result.index).toBe(17);
  });

  it('caps a nine at net double bogey with the 9-hole course handicap', () => {
    // Index 16.0; 9-hole course handicap 16.0 / 2 x 113 / 113 + (35.0 - 36) = 7: a stroke on stroke index
    // 1, 3, ..., 13. An 11 on stroke index 1 -> 4 + 2 + 1 = 7; a 10 on stroke index 17 -> 4 + 2 + 0 = 6;
    // seven bogeys (35). Adjusted gross 48 (gross 56); 9-hole differential 13.0; + 9.52 = 22.52 -> 22.5.
    const rounds = [1, 2, 3].map((id) => roundWithDifferential(id, daysAfter('2025-04-01', id), 18));
    const scores = [11, 5, 5, 5, 5, 5, 5, 5, 10];
    const round: Round = {
      units: 'FEET_YARDS',
      course_rating: 35,
      slope: 113,
      holes: scores.map((score, i) => holeWithScore(i + 1, 4, score, 2 * i + 1)),
    };
    const result = computeHandicapIndex([...rounds, { id: 4, date: '2025-05-01', round }]);
    expect(result.differentials[0]).toMatchObject({ adjusted_gross: 48, differential: 22.5, method: 'net_double_bogey' });
  });

  it('leaves a nine unpaired when the index comes first', () => {
    // The nine waits for a partner; three 18-hole scores then make an index, so the next nine is converted
    // with the expected differential and the first one never counts.
    const result = computeHandicapIndex([
      nine(10, '2025-03-01', 45, { course_rating: 35, slope: 113 }),
      ...[1, 2, 3].map((id) => roundWithDifferential(id, daysAfter('2025-04-01', id), 18)),
    ]);
    expect(result.index).toBe(16);
    expect(result.ignored).toEqual([{ id: 10, reason: 'unpaired_nine' }]);
    expect(result.differentials.map((d) => d.id)).toEqual([3, 2, 1]);
  });
});

describe('rounds that do not count', () => {
  it('ignores rounds without a rating or a slope, and rounds of neither 9 nor 18 holes', () => {
    // Only the three rated 18-hole rounds count: differentials 20, 18, 22 -> 18 - 2.0 = 16.0.
    const rated = season(SEQUENCE.slice(0, 3));
    const noSlope: HandicapRound = { id: 50, date: '2025-02-01', round: parFourRound(70, { course_rating: 72 }) };
    const noRating: HandicapRound = { id: 51, date: '2025-02-02', round: parFourRound(70, { slope: 113 }) };
    const twelveHoles: HandicapRound = {
      id: 52,
      date: '2025-02-03',
      round: {
        units: 'FEET_YARDS',
        course_rating: 72,
        slope: 113,
        holes: Array.from({ length: 12 }, (_, i) => holeWithScore(i + 1, 4, 4)),
      },
    };
    const result = computeHandicapIndex([...rated, noSlope, noRating, twelveHoles]);
    expect(result.index).toBe(16);
    expect(result.differentials.map((d) => d.id)).toEqual([3, 2, 1]);
    expect(result.ignored).toEqual([
      { id: 50, reason: 'no_rating' },
      { id: 51, reason: 'no_rating' },
      { id: 52, reason: 'hole_count' },
    ]);
  });

  it('gives no index with two scores', () => {
    const result = computeHandicapIndex(season(SEQUENCE.slice(0, 2)));
    expect(result.index).toBeNull();
    expect(result.differentials.every((d) => !d.counted)).toBe(true);
  });

  it('never goes above 54.0', () => {
    // Three rounds of 162 (a 9, par + 5, on every par 4) on 72.0 / slope 55: (113 / 55) x 90 = 184.9 each;
    // lowest 1 minus 2.0 = 182.9 -> 54.0.
    const rounds = Array.from({ length: 3 }, (_, i) => ({
      id: i + 1,
      date: daysAfter('2025-01-01', i),
      round: parFourRound(162, { course_rating: 72, slope: 55 }),
    }));
    expect(computeHandicapIndex(rounds).index).toBe(54);
  });
});
