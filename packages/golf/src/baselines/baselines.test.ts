import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_LEVELS, type BenchmarkLevel } from '../benchmarks.ts';
import type { StartLie } from '../round.ts';
import { expectedStrokes, getBaseline } from './baseline.ts';
import { buildDerivedTables, lpgaTourDistance, ninetyExtraStrokes, skillForScore, tourExpected } from './model.ts';
import { NINETY_GREEN, SCRATCH_GREEN, TOUR_GREEN, TOUR_OFF_GREEN } from './published.ts';
import { generatedFileName, renderGeneratedModule } from './render.ts';

const E = (ref: BenchmarkLevel, lie: StartLie, d: number) => expectedStrokes(ref, lie, d);

/** The reference course of the README: 4 par 3s of 160 yd, 10 par 4s of 349 yd, 4 par 5s of 480 yd (6,050 yd). */
function referenceCourseSum(ref: BenchmarkLevel, totalYards = 6050): number {
  const scale = totalYards / 6050;
  return 4 * E(ref, 'T', 160 * scale) + 10 * E(ref, 'T', 349 * scale) + 4 * E(ref, 'T', 480 * scale);
}

describe('TOUR baseline (Broadie 2012 Table B.1, 2011 putting)', () => {
  it('reproduces every published row, every lie', () => {
    for (const row of TOUR_OFF_GREEN) {
      if (row.tee !== null) expect(E('TOUR', 'T', row.yards)).toBeCloseTo(row.tee, 12);
      expect(E('TOUR', 'F', row.yards)).toBeCloseTo(row.fairway, 12);
      expect(E('TOUR', 'R', row.yards)).toBeCloseTo(row.rough, 12);
      expect(E('TOUR', 'S', row.yards)).toBeCloseTo(row.sand, 12);
      expect(E('TOUR', 'H', row.yards)).toBeCloseTo(row.recovery, 12);
    }
    for (const row of TOUR_GREEN) expect(E('TOUR', 'G', row.feet)).toBeCloseTo(row.expected, 12);
    expect(TOUR_OFF_GREEN).toHaveLength(35);
    expect(TOUR_GREEN).toHaveLength(16);
  });

  it('interpolates linearly between rows and keeps the printed dips', () => {
    expect(E('TOUR', 'F', 150)).toBeCloseTo(2.945, 12);
    expect(E('TOUR', 'R', 35)).toBeCloseTo(2.74, 12);
    expect(E('TOUR', 'T', 130)).toBeCloseTo(2.98, 12);
    expect(E('TOUR', 'T', 140)).toBeCloseTo(2.97, 12); // the dip at 140 yd stays
    expect(E('TOUR', 'S', 110)).toBeCloseTo(3.22, 12);
    expect(E('TOUR', 'H', 95)).toBeCloseTo(3.81, 12);
    expect(E('TOUR', 'G', 12.5)).toBeCloseTo(1.695, 12);
  });

  it('holds the first row below it in a penalty area, and runs from 1.00 at 0 ft on the green', () => {
    expect(E('TOUR', 'H', 3)).toBe(3.45);
    expect(E('TOUR', 'G', 0)).toBe(1);
    expect(E('TOUR', 'G', 1)).toBeCloseTo(1.005, 12);
    expect(E('TOUR', 'G', 0.5)).toBeCloseTo(1.0025, 12);
  });

  it('within 10 yd of the hole reads F, R and S from the green: its E at the same distance plus the lie premium', () => {
    // TOUR: E(G, 15 ft) = 1.78; the fringe premium runs from 0.1 at the hole to E(F, 10) - E(G, 30 ft) = 2.18 - 1.98 = 0.20 at 10 yd.
    expect(E('TOUR', 'F', 5)).toBeCloseTo(E('TOUR', 'G', 15) + 0.1 + 0.5 * (0.2 - 0.1), 12);
    expect(E('TOUR', 'F', 5)).toBeCloseTo(1.93, 2);
    // Rough at 1 yd: E(G, 3 ft) + 0.3 + 0.1 * (0.36 - 0.3); sand at 0: the green's 1.00 plus 0.5.
    expect(E('TOUR', 'R', 1)).toBeCloseTo(E('TOUR', 'G', 3) + 0.3 + 0.1 * (2.34 - 1.98 - 0.3), 12);
    expect(E('TOUR', 'S', 0)).toBeCloseTo(1.5, 12);
    // The column joins its 10 yd row without a step, for every level and lie.
    for (const level of BENCHMARK_LEVELS) {
      for (const lie of ['F', 'R', 'S'] as const) expect(E(level, lie, 9.9999)).toBeCloseTo(E(level, lie, 10), 3);
    }
  });

  it('a two-putt from the fringe never gains more than the fringe premium of the 10 yd row over the same two-putt from the green', () => {
    for (const level of BENCHMARK_LEVELS) {
      const premiumAt10 = E(level, 'F', 10) - E(level, 'G', 30);
      for (let yards = 1; yards < 10; yards += 0.5) {
        // Two-putting from F at d yd gains E(F, d) - 2; from the green at 3d ft, E(G, 3d) - 2.
        const extra = E(level, 'F', yards) - 2 - (E(level, 'G', yards * 3) - 2);
        expect(extra, `${level} ${yards} yd`).toBeGreaterThan(0);
        expect(extra, `${level} ${yards} yd`).toBeLessThanOrEqual(Math.max(0.1, premiumAt10) + 1e-12);
      }
    }
  });

  it('extends beyond the last row with the slope of the last two rows', () => {
    expect(E('TOUR', 'T', 650)).toBeCloseTo(4.82 + 0.03 * 2.5, 12);
    expect(E('TOUR', 'F', 700)).toBeCloseTo(4.89 + 0.07 * 5, 12);
    expect(E('TOUR', 'G', 120)).toBeCloseTo(2.51, 12);
  });

  it('maps a tee shot shorter than 100 yd to the fairway column', () => {
    expect(E('TOUR', 'T', 99)).toBeCloseTo(E('TOUR', 'F', 99), 12);
    expect(E('TOUR', 'T', 60)).toBe(2.7);
    expect(E('TOUR', 'T', 100)).toBe(2.92);
  });

  it('puts 1.5 at 8 ft and 2.0 near 33 ft', () => {
    expect(E('TOUR', 'G', 8)).toBe(1.5);
    expect(E('TOUR', 'G', 32.5)).toBeCloseTo(2, 12);
    expect(E('TOUR', 'G', 33)).toBeCloseTo(2.004, 12);
  });
});

describe('derived baselines: what the model must reproduce', () => {
  it('NINETY tee is exactly 2.79 + 0.0066 d', () => {
    expect(E('NINETY', 'T', 200)).toBeCloseTo(4.11, 12);
    expect(E('NINETY', 'T', 400)).toBeCloseTo(5.43, 12);
    expect(E('NINETY', 'T', 500)).toBeCloseTo(6.09, 12);
    for (let d = 100; d <= 700; d += 7.3) expect(E('NINETY', 'T', d)).toBeCloseTo(2.79 + 0.0066 * d, 9);
  });

  it('NINETY putts 1.5 near 5 ft and 2.0 near 19 ft', () => {
    expect(E('NINETY', 'G', 5)).toBeCloseTo(1.5, 1);
    expect(E('NINETY', 'G', 19)).toBeCloseTo(2.0, 1);
    expect(E('NINETY', 'G', 5)).toBe(1.51);
    expect(E('NINETY', 'G', 19)).toBeCloseTo(2.004, 12);
  });

  it('SCRATCH: fairway 150 ~3.15, fairway 200 ~3.5, rough 30 ~2.76, green 20 ft ~1.92 (within 0.1)', () => {
    const scratch = (lie: StartLie, d: number) => E('SCRATCH', lie, d);
    expect(Math.abs(scratch('F', 150) - 3.15)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(scratch('F', 200) - 3.5)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(scratch('R', 30) - 2.76)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(scratch('G', 20) - 1.92)).toBeLessThanOrEqual(0.1);
    // The exact figures the model gives, so a change in the model shows.
    expect(scratch('F', 150)).toBeCloseTo(3.144, 3);
    expect(scratch('F', 200)).toBeCloseTo(3.4141, 4);
    expect(scratch('R', 30)).toBeCloseTo(2.8154, 4);
    expect(scratch('G', 20)).toBe(1.89);
  });

  it('sums the 6,050 yd reference course to ~74 / 80 / 90 / 100', () => {
    const sums = {
      SCRATCH: referenceCourseSum('SCRATCH'),
      EIGHTY: referenceCourseSum('EIGHTY'),
      NINETY: referenceCourseSum('NINETY'),
      HUNDRED: referenceCourseSum('HUNDRED'),
    };
    expect(Math.abs(sums.SCRATCH - 74)).toBeLessThan(1);
    expect(Math.abs(sums.EIGHTY - 80)).toBeLessThan(1);
    expect(Math.abs(sums.NINETY - 90)).toBeLessThan(1);
    expect(Math.abs(sums.HUNDRED - 100)).toBeLessThan(1);
    expect(sums.NINETY).toBeCloseTo(90.15, 2);
    expect(referenceCourseSum('TOUR')).toBeCloseTo(67.95, 6);
  });

  it('LPGA: the reference course stretched to 6,500 yd sums within 1 of 71.5', () => {
    const sum = referenceCourseSum('LPGA', 6500);
    expect(Math.abs(sum - 71.5)).toBeLessThan(1);
    expect(sum).toBeCloseTo(71.99, 1);
  });

  it('LPGA follows E_T(lie, d / r(d)) closely between its rows and exactly from 100 yd', () => {
    for (const lie of ['F', 'R', 'S', 'H'] as const) {
      const column = ({ F: 'fairway', R: 'rough', S: 'sand', H: 'recovery' } as const)[lie];
      // From 10 yd: below it F, R and S are read from the green (nearGreen), the model's column is not.
      for (let d = lie === 'H' ? 5 : 10; d <= 650; d += 1.7) {
        const model = tourExpected(column, lpgaTourDistance(d));
        expect(Math.abs(E('LPGA', lie, d) - model)).toBeLessThan(d >= 100 ? 1e-3 : 2e-3);
      }
    }
    expect(E('LPGA', 'T', 352)).toBeCloseTo(3.99, 4); // plays like 400 yd on tour
    expect(E('LPGA', 'G', 20)).toBe(1.87);
  });

  it('orders the levels: TOUR < SCRATCH < EIGHTY < NINETY < HUNDRED at every lie', () => {
    const order: BenchmarkLevel[] = ['TOUR', 'SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'];
    const probes: [StartLie, number][] = [
      ['T', 420],
      ['F', 150],
      ['R', 30],
      ['S', 15],
      ['H', 120],
      ['G', 12],
    ];
    for (const [lie, d] of probes) {
      const values = order.map((level) => E(level, lie, d));
      for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
    }
  });

  it('uses the published SCRATCH and NINETY putting curves, EIGHTY/HUNDRED weighted, excess held beyond 60 ft', () => {
    for (const row of SCRATCH_GREEN) expect(E('SCRATCH', 'G', row.feet)).toBeCloseTo(row.expected, 12);
    for (const row of NINETY_GREEN) expect(E('NINETY', 'G', row.feet)).toBeCloseTo(row.expected, 12);
    expect(E('EIGHTY', 'G', 10)).toBeCloseTo(1.61 + 0.6 * (1.82 - 1.61), 4);
    expect(E('HUNDRED', 'G', 10)).toBeCloseTo(1.61 + 1.5 * (1.82 - 1.61), 4);
    expect(E('NINETY', 'G', 90)).toBeCloseTo(2.36 + (2.51 - 2.21), 4);
    expect(E('NINETY', 'G', 120) - E('TOUR', 'G', 120)).toBeCloseTo(0.3, 4);
  });

  it('applies the 90-golfer extra strokes D as written', () => {
    expect(ninetyExtraStrokes('fairway', 10)).toBe(0.4);
    expect(ninetyExtraStrokes('sand', 20)).toBe(0.6);
    expect(ninetyExtraStrokes('rough', 100)).toBeCloseTo(0.4 * 2.02, 12);
    expect(ninetyExtraStrokes('sand', 60)).toBeCloseTo(0.6 + (0.4 * 2.23 - 0.6) / 2, 12);
    expect(ninetyExtraStrokes('recovery', 200)).toBeCloseTo(0.4 * 2.87, 12);
    expect(skillForScore(74)).toBeCloseTo(0.256, 3);
    expect(skillForScore(100)).toBeCloseTo(1.465, 3);
  });
});

describe('generated tables', () => {
  it('match what the model gives today (run `npm run tables -w packages/golf` after changing the model)', () => {
    for (const table of buildDerivedTables()) {
      const committed = readFileSync(new URL(`./generated/${generatedFileName(table)}`, import.meta.url), 'utf8');
      expect(committed, `generated/${generatedFileName(table)} is stale`).toBe(renderGeneratedModule(table));
    }
  });
});

describe('getBaseline', () => {
  it('labels each named level, marks the derived ones and caches them', () => {
    for (const level of BENCHMARK_LEVELS) {
      const baseline = getBaseline(level);
      expect(baseline.id).toBe(level);
      expect(baseline.derived).toBe(level !== 'TOUR');
      expect(getBaseline(level)).toBe(baseline);
    }
    expect(getBaseline('TOUR').source).toContain('Interfaces 42(2):146-165');
    expect(getBaseline('LPGA').label).toBe('LPGA Tour');
  });

  it('refuses unknown levels, negative or non-finite distances and unknown lies', () => {
    expect(() => getBaseline('PRO' as BenchmarkLevel)).toThrow(/Unknown benchmark 'PRO'/);
    expect(() => E('TOUR', 'F', -1)).toThrow(RangeError);
    expect(() => E('TOUR', 'F', Number.NaN)).toThrow(RangeError);
    expect(() => E('TOUR', 'F', Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => E('TOUR', 'X' as StartLie, 10)).toThrow(/Unknown lie 'X'/);
  });

  it('custom target 90 equals NINETY; target 74 equals SCRATCH; handicap gives CR + HI x slope / 113', () => {
    const probes: [StartLie, number][] = [
      ['T', 100],
      ['T', 333],
      ['F', 37],
      ['R', 150],
      ['S', 12],
      ['H', 250],
      ['G', 1],
      ['G', 14],
      ['G', 75],
    ];
    for (const [lie, d] of probes) {
      expect(expectedStrokes({ targetScore: 90 }, lie, d)).toBeCloseTo(E('NINETY', lie, d), 12);
      expect(expectedStrokes({ targetScore: 74 }, lie, d)).toBeCloseTo(E('SCRATCH', lie, d), 12);
      expect(expectedStrokes({ targetScore: 80 }, lie, d)).toBeCloseTo(E('EIGHTY', lie, d), 12);
      expect(expectedStrokes({ targetScore: 68.5 }, lie, d)).toBeCloseTo(E('TOUR', lie, d), 12);
    }
    // 72.1 + 15.4 x 130 / 113 = 89.8168...
    const byHandicap = getBaseline({ handicapIndex: 15.4, courseRating: 72.1, slope: 130 });
    expect(byHandicap.id).toBe('CUSTOM:89.82');
    expect(byHandicap.expected('T', 400)).toBeCloseTo(expectedStrokes({ targetScore: 72.1 + (15.4 * 130) / 113 }, 'T', 400), 12);
    expect(byHandicap.derived).toBe(true);
  });

  it('interpolates custom putting between the neighbouring levels and extends beyond HUNDRED', () => {
    const s85 = skillForScore(85);
    const t = (s85 - skillForScore(80)) / (skillForScore(90) - skillForScore(80));
    const expected85 = E('EIGHTY', 'G', 10) + t * (E('NINETY', 'G', 10) - E('EIGHTY', 'G', 10));
    expect(expectedStrokes({ targetScore: 85 }, 'G', 10)).toBeCloseTo(expected85, 3);
    const off85 = E('TOUR', 'F', 150) + s85 * (E('NINETY', 'F', 150) - E('TOUR', 'F', 150));
    expect(expectedStrokes({ targetScore: 85 }, 'F', 150)).toBeCloseTo(off85, 3);
    expect(expectedStrokes({ targetScore: 110 }, 'G', 10)).toBeGreaterThan(E('HUNDRED', 'G', 10));
    expect(expectedStrokes({ targetScore: 60 }, 'G', 10)).toBe(E('TOUR', 'G', 10));
  });

  it('refuses custom levels out of range', () => {
    expect(() => getBaseline({ targetScore: 40 })).toThrow(/Target score must be between 55 and 150/);
    expect(() => getBaseline({ targetScore: Number.NaN })).toThrow(RangeError);
    expect(() => getBaseline({ handicapIndex: 10, courseRating: 72, slope: 200 })).toThrow(/Slope/);
  });
});
