import { DEFAULT_CATEGORY_BOUNDARIES } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import { capText, formatHandicapIndex, handicapTarget } from './handicap-view.ts';

const differential = (event_id: number, counted: boolean, course_rating: number, slope: number) => ({
  event_id,
  date: '2026-05-01T08:00:00.000Z',
  holes: 18 as const,
  adjusted_gross: 90,
  course_rating,
  slope,
  differential: 15.2,
  counted,
  method: 'par_plus_5' as const,
});

describe('formatHandicapIndex', () => {
  it('writes one decimal, and a plus handicap with its plus sign', () => {
    expect(formatHandicapIndex(12.345)).toBe('12.3');
    expect(formatHandicapIndex(0)).toBe('0.0');
    expect(formatHandicapIndex(-1.2)).toBe('+1.2');
  });
});

describe('capText', () => {
  it('names the cap that held the index and the low index', () => {
    expect(capText({ capped: null, low_index: 9.1 })).toBeNull();
    expect(capText({ capped: 'soft', low_index: 9.1 })).toContain('soft cap');
    expect(capText({ capped: 'hard', low_index: 9.1 })).toContain('(the lowest index of the past year is 9.1)');
  });
});

describe('handicapTarget', () => {
  const boundaries = { chipMaxYards: 25, shortApproachMaxYards: 90, midApproachMaxYards: 160, shortPuttMaxFeet: 5, midPuttMaxFeet: 20 };

  it('takes the index with the rating and slope of the latest counted round, keeping the saved distances', () => {
    const target = handicapTarget(
      { index: 14.2, differentials: [differential(9, false, 74.1, 140), differential(8, true, 71.3, 128), differential(7, true, 69, 120)] },
      { target: { score: 85 }, boundaries },
    );
    expect(target).toEqual({ target: { handicap_index: 14.2, course_rating: 71.3, slope: 128 }, boundaries });
  });

  it('uses the default distances without saved settings, and makes no target without an index', () => {
    expect(handicapTarget({ index: 3, differentials: [differential(8, true, 72, 113)] }, null)?.boundaries).toEqual(
      DEFAULT_CATEGORY_BOUNDARIES,
    );
    expect(handicapTarget({ index: null, differentials: [differential(8, false, 72, 113)] }, null)).toBeNull();
  });
});
