/**
 * The benchmark model (steps 1-4 of packages/golf/README.md, "Derived benchmarks"): no public off-green
 * table exists for SCRATCH, EIGHTY, NINETY, HUNDRED or LPGA, so these and custom levels are derived from
 * the published TOUR tables: an amateur level adds a skill-scaled share of a 90-golfer's extra strokes,
 * LPGA plays TOUR's curves at stretched distances.
 * Used by scripts/generate-tables.ts (named levels, written to ./generated) and at run time for custom
 * benchmarks. Pure functions, no I/O.
 */
import type { BenchmarkLevel } from '../benchmarks.ts';
import { NINETY_GREEN, SCRATCH_GREEN, TOUR_GREEN, TOUR_OFF_GREEN, type GreenRow } from './published.ts';
import {
  compileColumn,
  interpolate,
  interpolateColumn,
  type BaselineColumns,
  type CompiledColumn,
  type TableColumn,
  type TableLie,
} from './table.ts';

/** Levels whose tables are derived by the model (everything but TOUR). */
export const DERIVED_LEVELS = ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED', 'LPGA'] as const;
export type DerivedLevel = (typeof DERIVED_LEVELS)[number];

/** TOUR's average score and the span to a 90-golfer: the scale of the skill factor s. */
export const TOUR_AVERAGE_SCORE = 68.5;
export const NINETY_SPAN = 21.5;

/** Average scores S of the amateur levels; the skill s = (S - 68.5) / 21.5 scales the 90-golfer's extra strokes (step 2). */
export const AVERAGE_SCORES = { SCRATCH: 74, EIGHTY: 80, NINETY: 90, HUNDRED: 100 } as const;
export type AmateurLevel = keyof typeof AVERAGE_SCORES;

/** Putting weights p for the levels without a published putting curve: E = E_T + p (E_90 - E_T) on the green (step 3). */
export const PUTTING_WEIGHTS = { EIGHTY: 0.6, HUNDRED: 1.5 } as const;

/** Generated tables keep 4 decimals: far below any displayed precision, and stable across platforms. */
export const TABLE_DECIMALS = 4;

/** Off-green tables hold tee shots from this distance; shorter tee shots read the fairway column. */
export const TEE_TABLE_FIRST_YARDS = 100;

/** Skill factor s = (S - 68.5) / 21.5 for an average (or target) score S. */
export function skillForScore(score: number): number {
  return (score - TOUR_AVERAGE_SCORE) / NINETY_SPAN;
}

/** Rounds a table value to TABLE_DECIMALS (half away from zero, no binary drift). */
export function roundTableValue(value: number): number {
  const factor = 10 ** TABLE_DECIMALS;
  const rounded = Math.round(Number((Math.abs(value) * factor).toPrecision(15))) / factor;
  return value < 0 ? -rounded : rounded;
}

type OffGreenLie = 'tee' | 'fairway' | 'rough' | 'sand' | 'recovery';

function greenColumn(rows: readonly GreenRow[]): TableColumn {
  return { distance: rows.map((r) => r.feet), expected: rows.map((r) => r.expected) };
}

/** The TOUR tables as columns (tee column only where Broadie prints a tee figure). */
export function tourColumns(): BaselineColumns {
  const offGreen = (lie: OffGreenLie): TableColumn => {
    const rows = TOUR_OFF_GREEN.filter((r) => r[lie] !== null);
    return { distance: rows.map((r) => r.yards), expected: rows.map((r) => r[lie] ?? Number.NaN) };
  };
  return {
    tee: offGreen('tee'),
    fairway: offGreen('fairway'),
    rough: offGreen('rough'),
    sand: offGreen('sand'),
    recovery: offGreen('recovery'),
    green: greenColumn(TOUR_GREEN),
  };
}

const TOUR = tourColumns();
const TOUR_COMPILED: Readonly<Record<TableLie, CompiledColumn>> = {
  tee: compileColumn(TOUR.tee, false),
  fairway: compileColumn(TOUR.fairway, false),
  rough: compileColumn(TOUR.rough, false),
  sand: compileColumn(TOUR.sand, false),
  recovery: compileColumn(TOUR.recovery, false),
  green: compileColumn(TOUR.green, true),
};

/** TOUR expected strokes for a table lie (no lie mapping here: callers pass the column they mean). */
export function tourExpected(lie: TableLie, distance: number): number {
  return interpolate(TOUR_COMPILED[lie], distance);
}

/**
 * The 90-golfer's extra strokes over TOUR off the green, D(lie, d) (step 1).
 * Tee: the 90-golfer tee regression minus TOUR. Fairway, rough, sand from 100 yd: 40% of TOUR's strokes
 * beyond the first; at 20 yd and closer a flat 0.40 (sand 0.60); linear in d in between. Recovery follows
 * the rough rule applied to the recovery column's own TOUR values (a documented reading of "same as rough").
 */
export function ninetyExtraStrokes(lie: OffGreenLie, distance: number): number {
  if (lie === 'tee') return 2.79 + 0.0066 * distance - tourExpected('tee', distance);
  const near = lie === 'sand' ? 0.6 : 0.4;
  if (distance <= 20) return near;
  if (distance >= 100) return 0.4 * (tourExpected(lie, distance) - 1);
  const at100 = 0.4 * (tourExpected(lie, 100) - 1);
  return near + ((at100 - near) * (distance - 20)) / 80;
}

/** The five off-green columns, each built by `column`. */
function offGreenColumnsBy(column: (lie: OffGreenLie) => TableColumn): Pick<BaselineColumns, OffGreenLie> {
  return { tee: column('tee'), fairway: column('fairway'), rough: column('rough'), sand: column('sand'), recovery: column('recovery') };
}

/**
 * Off-green columns of an amateur level with skill s: E = E_T + s D, on the TOUR rows. Every piece
 * of the model is linear between TOUR rows (D bends only at 20 and 100 yd, both rows), so linear
 * interpolation of these columns reproduces the model exactly between rows and beyond the last.
 */
export function amateurOffGreenColumns(skill: number): Pick<BaselineColumns, OffGreenLie> {
  const column = (lie: OffGreenLie): TableColumn => {
    const distance = TOUR[lie].distance;
    return {
      distance: [...distance],
      expected: distance.map((d) => roundTableValue(tourExpected(lie, d) + skill * ninetyExtraStrokes(lie, d))),
    };
  };
  return offGreenColumnsBy(column);
}

/**
 * A published amateur putting curve on the TOUR green rows; beyond its last row (60 ft) the curve keeps
 * its excess over TOUR constant (step 3).
 */
export function publishedGreenOnTourRows(rows: readonly GreenRow[]): TableColumn {
  const published = greenColumn(rows);
  const lastFeet = published.distance[published.distance.length - 1] ?? 0;
  const excessAtLast = interpolateColumn(published, lastFeet, true) - tourExpected('green', lastFeet);
  const distance = TOUR.green.distance;
  return {
    distance: [...distance],
    expected: distance.map((d) =>
      roundTableValue(d <= lastFeet ? interpolateColumn(published, d, true) : tourExpected('green', d) + excessAtLast),
    ),
  };
}

const SCRATCH_PUTTING = publishedGreenOnTourRows(SCRATCH_GREEN);
const NINETY_PUTTING = publishedGreenOnTourRows(NINETY_GREEN);

/** E_b(d) = E_T(d) + p (E_90(d) - E_T(d)) on the TOUR green rows (step 3). */
export function weightedGreen(weight: number): TableColumn {
  const distance = TOUR.green.distance;
  return {
    distance: [...distance],
    expected: distance.map((d, i) => {
      const tour = tourExpected('green', d);
      return roundTableValue(tour + weight * ((NINETY_PUTTING.expected[i] ?? tour) - tour));
    }),
  };
}

/** The putting column of each named level, with its skill s as the interpolation knot for custom levels. */
function puttingKnots(): { skill: number; column: TableColumn }[] {
  return [
    { skill: 0, column: { distance: [...TOUR.green.distance], expected: [...TOUR.green.expected] } },
    { skill: skillForScore(AVERAGE_SCORES.SCRATCH), column: SCRATCH_PUTTING },
    { skill: skillForScore(AVERAGE_SCORES.EIGHTY), column: weightedGreen(PUTTING_WEIGHTS.EIGHTY) },
    { skill: skillForScore(AVERAGE_SCORES.NINETY), column: NINETY_PUTTING },
    { skill: skillForScore(AVERAGE_SCORES.HUNDRED), column: weightedGreen(PUTTING_WEIGHTS.HUNDRED) },
  ];
}

/**
 * Putting column for any skill s (custom benchmarks): at every row, linear in s between the two named
 * levels around it (TOUR, SCRATCH, EIGHTY, NINETY, HUNDRED). Beyond HUNDRED the NINETY-HUNDRED segment
 * is extended; below TOUR (s < 0) the TOUR curve is held, as no putting better than TOUR is published.
 * At a named level's s this returns that level's curve exactly.
 */
export function puttingForSkill(skill: number): TableColumn {
  const knots = puttingKnots();
  const first = knots[0]!;
  if (skill <= first.skill) return first.column;
  let lowerIndex = knots.length - 2;
  for (let i = 0; i < knots.length - 1; i++) {
    if (skill <= knots[i + 1]!.skill) {
      lowerIndex = i;
      break;
    }
  }
  const lower = knots[lowerIndex]!;
  const upper = knots[lowerIndex + 1]!;
  const t = (skill - lower.skill) / (upper.skill - lower.skill);
  return {
    distance: [...lower.column.distance],
    expected: lower.column.expected.map((e, i) => roundTableValue(e + t * ((upper.column.expected[i] ?? e) - e))),
  };
}

/** Full columns of an amateur level with skill s (named or custom). */
export function amateurColumns(skill: number, green: TableColumn): BaselineColumns {
  return { ...amateurOffGreenColumns(skill), green };
}

/** LPGA's distance ratio r(d) = 1 - 0.12 min(1, d / 100) (step 4). */
export function lpgaRatio(distance: number): number {
  return 1 - 0.12 * Math.min(1, distance / 100);
}

/** The TOUR distance an LPGA player's distance plays like: u = d / r(d). */
export function lpgaTourDistance(distance: number): number {
  return distance / lpgaRatio(distance);
}

/** Inverse of lpgaTourDistance: the LPGA distance d with d / r(d) = u. */
export function lpgaDistanceForTour(tourDistance: number): number {
  const kink = 100 / lpgaRatio(100);
  return tourDistance >= kink ? tourDistance * lpgaRatio(100) : tourDistance / (1 + 0.0012 * tourDistance);
}

/**
 * LPGA off-green columns: E_L(lie, d) = E_T(lie, d / r(d)). Rows are the images of the TOUR rows under
 * the inverse stretch, plus 100 yd (where r stops changing), so the table is exact from 100 yd on and
 * within about 0.001 strokes below (d / r(d) curves slightly there). Tee rows start at 100 yd, where
 * the tee column takes over from the fairway column in every baseline.
 */
export function lpgaOffGreenColumns(): Pick<BaselineColumns, OffGreenLie> {
  const column = (lie: OffGreenLie): TableColumn => {
    const images = TOUR[lie].distance.map((u) => roundTableValue(lpgaDistanceForTour(u)));
    const rows = [...new Set([...images, TEE_TABLE_FIRST_YARDS])]
      .filter((d) => lie !== 'tee' || d >= TEE_TABLE_FIRST_YARDS)
      .sort((a, b) => a - b);
    return { distance: rows, expected: rows.map((d) => roundTableValue(tourExpected(lie, lpgaTourDistance(d)))) };
  };
  return offGreenColumnsBy(column);
}

/** A derived table as the generator writes it. */
export interface DerivedTable {
  readonly level: DerivedLevel;
  /** Skill factor s of the off-green model, null for LPGA (distance stretch instead). */
  readonly skill: number | null;
  readonly description: string;
  readonly columns: BaselineColumns;
}

/** Builds the table of one derived level from the model. */
export function buildDerivedTable(level: DerivedLevel): DerivedTable {
  switch (level) {
    case 'LPGA':
      return {
        level,
        skill: null,
        description:
          'TOUR off the green at stretched distances E_T(lie, d / r(d)), r(d) = 1 - 0.12 min(1, d/100); TOUR putting (assumption: no LPGA putting data is public)',
        columns: { ...lpgaOffGreenColumns(), green: { distance: [...TOUR.green.distance], expected: [...TOUR.green.expected] } },
      };
    case 'SCRATCH':
    case 'NINETY': {
      const skill = skillForScore(AVERAGE_SCORES[level]);
      return {
        level,
        skill,
        description: `off the green E_T + s D with s = (${AVERAGE_SCORES[level]} - 68.5) / 21.5; putting: published ${level} curve, excess over TOUR held beyond 60 ft`,
        columns: amateurColumns(skill, level === 'SCRATCH' ? SCRATCH_PUTTING : NINETY_PUTTING),
      };
    }
    case 'EIGHTY':
    case 'HUNDRED': {
      const skill = skillForScore(AVERAGE_SCORES[level]);
      const weight = PUTTING_WEIGHTS[level];
      return {
        level,
        skill,
        description: `off the green E_T + s D with s = (${AVERAGE_SCORES[level]} - 68.5) / 21.5; putting E_T + ${weight} (E_90 - E_T)`,
        columns: amateurColumns(skill, weightedGreen(weight)),
      };
    }
  }
}

/** All derived tables, in DERIVED_LEVELS order. */
export function buildDerivedTables(): DerivedTable[] {
  return DERIVED_LEVELS.map(buildDerivedTable);
}

/** Named levels the model knows average scores for; used to label custom levels. */
export function isAmateurLevel(level: BenchmarkLevel): level is AmateurLevel {
  return level in AVERAGE_SCORES;
}
