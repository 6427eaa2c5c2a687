import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_BOUNDARIES } from '@holeout/golf';
import {
  displayDistance,
  formatDistance,
  formatFixed,
  formatNumber,
  formatPercent,
  formatPerTen,
  formatSg,
  formatSigned,
  outOf,
  roundLabels,
  unitAbbreviation,
} from './format.ts';
import { approachBandLabels, puttBandLabels } from './player-bands.ts';
import { pickPlayer, playerRounds } from './player-view.ts';

describe('statistics formats', () => {
  it('writes percentages, per-10 rates and strokes gained, with – for no chances', () => {
    expect(formatPercent(38.888)).toBe('38.9%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(null)).toBe('–');
    // The home cards keep the decimal.
    expect(formatPercent(50, { fixed: true })).toBe('50.0%');
    expect(formatPercent(38.888, { fixed: true })).toBe('38.9%');
    expect(formatPercent(null, { fixed: true })).toBe('–');
    expect(formatNumber(2.666)).toBe('2.7');
    expect(formatNumber(8)).toBe('8');
    expect(formatFixed(8)).toBe('8.0');
    expect(formatFixed(1.855, 2)).toBe('1.86');
    expect(formatFixed(-0.04)).toBe('0.0');
    expect(formatFixed(undefined)).toBe('–');
    expect(formatPerTen(1.11)).toBe('1.1');
    expect(formatPerTen(5.56)).toBe('5.6');
    expect(formatPerTen(0)).toBe('0.0');
    expect(formatPerTen(null)).toBe('–');
    expect(formatSg(0.456)).toBe('+0.46');
    expect(formatSg(-1.2)).toBe('-1.20');
    expect(formatSg(-0.004)).toBe('0.00');
    expect(formatSg(null)).toBe('–');
    expect(formatSigned(0.375, 2)).toBe('+0.38');
    expect(outOf(14, 36, 'holes')).toBe('14 of 36 holes');
    expect(outOf(0, 0, 'holes')).toBe('No chances yet');
  });

  it('writes canonical distances in the user units', () => {
    expect(formatDistance(6, 'putt', 'FEET_YARDS')).toBe('6 ft');
    expect(formatDistance(6, 'putt', 'METERS_METERS')).toBe('1.8 m');
    expect(formatDistance(150, 'long', 'FEET_METERS')).toBe('137 m');
    expect(formatDistance(null, 'long', 'FEET_YARDS')).toBe('–');
    // With decimals: the home page's whole distances, the category boundaries' one decimal.
    expect(formatDistance(250, 'long', 'FEET_METERS', 0)).toBe('229 m');
    expect(formatDistance(6, 'putt', 'METERS_METERS', 0)).toBe('2 m');
    expect(formatDistance(100, 'long', 'FEET_METERS', 1)).toBe('91.4 m');
    expect(formatDistance(100, 'long', 'FEET_YARDS', 1)).toBe('100 yd');
    expect(displayDistance(100, 'long', 'FEET_METERS', 1)).toBe('91.4');
    expect(displayDistance(150, 'long', 'FEET_METERS')).toBe('137');
    expect(unitAbbreviation('YARDS_METERS', 'putt')).toBe('yd');
    expect(unitAbbreviation('YARDS_METERS', 'long')).toBe('m');
  });

  it('names the bands by the boundaries in the user units', () => {
    expect(puttBandLabels(DEFAULT_CATEGORY_BOUNDARIES, 'FEET_YARDS')).toEqual({ short: 'Under 6 ft', mid: '6–20 ft', long: 'Over 20 ft' });
    expect(puttBandLabels(DEFAULT_CATEGORY_BOUNDARIES, 'METERS_METERS')).toEqual({
      short: 'Under 1.8 m',
      mid: '1.8–6.1 m',
      long: 'Over 6.1 m',
    });
    expect(approachBandLabels(DEFAULT_CATEGORY_BOUNDARIES, 'FEET_YARDS')).toEqual({
      short: '50–100 yd',
      mid: '100–150 yd',
      long: 'Over 150 yd',
    });
    expect(approachBandLabels(DEFAULT_CATEGORY_BOUNDARIES, 'FEET_METERS')).toEqual({
      short: '46–91 m',
      mid: '91–137 m',
      long: 'Over 137 m',
    });
    expect(approachBandLabels({ ...DEFAULT_CATEGORY_BOUNDARIES, shortApproachMaxYards: 120 }, 'FEET_YARDS').short).toBe('50–120 yd');
  });

  it('picks the player by uid, else the first', () => {
    const players = [{ uid: 3 }, { uid: 7 }];
    expect(pickPlayer(players, 7)).toBe(players[1]);
    expect(pickPlayer(players, 9)).toBe(players[0]);
    expect(pickPlayer([], 9)).toBeUndefined();
    expect(playerRounds([{ uid: 3 }, { uid: 7 }, { uid: 7 }], 7)).toHaveLength(2);
    expect(playerRounds([{ uid: 3 }, { uid: 4 }], 7)).toEqual([{ uid: 3 }]);
  });

  it('labels rounds by date and numbers those on the same date', () => {
    expect(roundLabels([{ start: '2026-05-02T12:00:00Z' }, { start: '2026-05-02T15:00:00Z' }, { start: '2026-05-09T12:00:00Z' }])).toEqual([
      '05/2/26',
      '05/2/26 (2)',
      '05/9/26',
    ]);
  });
});
