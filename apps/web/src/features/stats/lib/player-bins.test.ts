import { describe, expect, it } from 'vitest';
import {
  binIndex,
  driveHistogram,
  edgeBins,
  evenBins,
  firstPuttBands,
  longDistanceBands,
  PUTT_EDGES,
  proximityBands,
  puttMakeBands,
} from './player-bins.ts';

describe('edge bins', () => {
  it('labels the first bin "Under", the middle ones by their edges and the last as open', () => {
    expect(edgeBins([0, 3, 6], 'ft').map(({ label, short }) => [label, short])).toEqual([
      ['Under 3 ft', '<3'],
      ['3–6 ft', '3–6'],
      ['6 ft or more', '6+'],
    ]);
  });

  it('puts a value on an edge in the bin above it (lower edge included, upper excluded)', () => {
    const edges = PUTT_EDGES.feet;
    expect(binIndex(2.99, edges)).toBe(0);
    expect(binIndex(3, edges)).toBe(1);
    expect(binIndex(6, edges)).toBe(2);
    expect(binIndex(29.9, edges)).toBe(5);
    expect(binIndex(30, edges)).toBe(6);
    expect(binIndex(120, edges)).toBe(6);
  });

  it('spreads even bins from the smallest value to the largest, empty ones between', () => {
    expect(evenBins([], 20, 'yd')).toEqual([]);
    expect(evenBins([241, 199, 262, 250], 20, 'yd').map((bin) => [bin.label, bin.count])).toEqual([
      ['180–200 yd', 1],
      ['200–220 yd', 0],
      ['220–240 yd', 0],
      ['240–260 yd', 2],
      ['260–280 yd', 1],
    ]);
  });
});

describe('putt make percentage by length', () => {
  it('counts made and missed putts per band in feet', () => {
    const bands = puttMakeBands([1, 2, 3, 5, 8, 12, 40], [2.5, 6, 9, 18, 25, 35, 50], 'FEET_YARDS');
    expect(
      bands.map((band) => [band.label, band.made, band.attempts, band.percent === null ? null : Math.round(band.percent * 100) / 100]),
    ).toEqual([
      ['Under 3 ft', 2, 3, 66.67],
      ['3–6 ft', 2, 2, 100],
      ['6–10 ft', 1, 3, 33.33],
      ['10–15 ft', 1, 1, 100],
      ['15–20 ft', 0, 1, 0],
      ['20–30 ft', 0, 1, 0],
      ['30 ft or more', 1, 3, 33.33],
    ]);
  });

  it('bins in meters for a meters user, and gives null where there were no putts', () => {
    // 2 ft is 0.61 m, shown as 1 m (a converted distance is never below 1); 8 ft 2.44 m; 10 ft 3.05 m; 25 ft 7.62 m.
    const bands = puttMakeBands([2, 8, 25], [10], 'METERS_METERS');
    expect(bands.map((band) => [band.label, band.made, band.attempts, band.percent])).toEqual([
      ['Under 2 m', 1, 1, 100],
      ['2–3 m', 1, 1, 100],
      ['3–5 m', 0, 1, 0],
      ['5–7 m', 0, 0, null],
      ['7–10 m', 1, 1, 100],
      ['10 m or more', 0, 0, null],
    ]);
  });
});

describe('first putts', () => {
  it('counts first putts per length band with their share', () => {
    const bins = firstPuttBands([{ putt_dist: 4 }, { putt_dist: 4 }, { putt_dist: 40 }, { putt_dist: 12 }], 'FEET_YARDS');
    expect(bins.filter((bin) => bin.count > 0).map((bin) => [bin.label, bin.count, bin.percent])).toEqual([
      ['3–6 ft', 2, 50],
      ['10–15 ft', 1, 25],
      ['30 ft or more', 1, 25],
    ]);
  });

  it('gives the mean first putt by where the shot onto the green came from', () => {
    const putts = [
      { start_dist: 140, putt_dist: 20 },
      { start_dist: 120, putt_dist: 30 },
      { start_dist: 30, putt_dist: 6 },
    ];
    expect(proximityBands(putts, 'FEET_YARDS').map((band) => [band.label, band.count, band.average])).toEqual([
      ['Under 50 yd', 1, 6],
      ['50–100 yd', 0, null],
      ['100–150 yd', 2, 25],
      ['150–200 yd', 0, null],
      ['200 yd or more', 0, null],
    ]);
    // Meters: 140 yd = 128 m and 120 yd = 110 m; the putts (20 and 30 ft) become 6.1 and 9.1 m.
    const metric = proximityBands(putts, 'METERS_METERS')[2]!;
    expect(metric.label).toBe('100–150 m');
    expect(metric.average).toBeCloseTo(7.62, 2);
  });
});

describe('long distances and drives', () => {
  it('bands long distances 0-50-100-150-200+', () => {
    expect(longDistanceBands([45, 150, 210], 'FEET_YARDS').map((bin) => bin.count)).toEqual([1, 0, 0, 1, 1]);
  });

  it('makes a 20 yd histogram of drives, in 20 m bins for a meters user', () => {
    expect(driveHistogram([250, 262, 241, 199], 'FEET_YARDS').map((bin) => [bin.label, bin.count])).toEqual([
      ['180–200 yd', 1],
      ['200–220 yd', 0],
      ['220–240 yd', 0],
      ['240–260 yd', 2],
      ['260–280 yd', 1],
    ]);
    // 250 yd = 228.6 m, 262 yd = 239.6 m, 241 yd = 220.4 m, 199 yd = 182.0 m.
    expect(driveHistogram([250, 262, 241, 199], 'METERS_METERS').map((bin) => [bin.label, bin.count])).toEqual([
      ['180–200 m', 1],
      ['200–220 m', 0],
      ['220–240 m', 3],
    ]);
  });
});
