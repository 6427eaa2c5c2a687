/**
 * Expected-strokes tables: the stored shape (plain arrays, one column per table lie) and the compiled
 * shape the engine reads (typed arrays, binary search), with their interpolation and edge rules: linear
 * between rows, the first value held below the first row (on the green, linear from 1.00 at 0 ft to it),
 * and the slope of the last two rows beyond the last.
 */

/** The columns of a baseline table, named as in Broadie's tables. H (hazard) reads `recovery`. */
export const TABLE_LIES = ['tee', 'fairway', 'rough', 'sand', 'recovery', 'green'] as const;
export type TableLie = (typeof TABLE_LIES)[number];

/** One column: ascending distances (yards off the green, feet on it) and the expected strokes at each. */
export interface TableColumn {
  readonly distance: readonly number[];
  readonly expected: readonly number[];
}

export type BaselineColumns = Readonly<Record<TableLie, TableColumn>>;

/** A column ready for fast look-ups. */
export interface CompiledColumn {
  readonly distance: Float64Array;
  readonly expected: Float64Array;
  /** Green columns start from E = 1.00 at 0 ft instead of holding the first row. */
  readonly green: boolean;
}

/** Turns a stored column into typed arrays, checking it is usable (at least two rows, strictly ascending). */
export function compileColumn(column: TableColumn, green: boolean): CompiledColumn {
  const n = column.distance.length;
  if (n < 2 || column.expected.length !== n) throw new Error('A baseline column needs at least two rows and one value per row');
  const distance = Float64Array.from(column.distance);
  const expected = Float64Array.from(column.expected);
  for (let i = 1; i < n; i++) {
    if (!(distance[i]! > distance[i - 1]!)) throw new Error(`Baseline column distances must ascend (row ${i})`);
  }
  return { distance, expected, green };
}

/**
 * Expected strokes at `x` by linear interpolation between rows.
 * Below the first row: hold the first value, except on the green, where E runs linearly from 1.00 at
 * 0 ft to the first row (a ball next to the hole needs one more stroke). Beyond the last row: extend
 * with the slope of the last two rows.
 */
export function interpolate(column: CompiledColumn, x: number): number {
  const d = column.distance;
  const e = column.expected;
  const n = d.length;
  const first = d[0]!;
  if (x <= first) {
    if (!column.green) return e[0]!;
    const clamped = x > 0 ? x : 0;
    return 1 + ((e[0]! - 1) * clamped) / first;
  }
  const last = d[n - 1]!;
  if (x >= last) {
    const before = d[n - 2]!;
    return e[n - 1]! + ((e[n - 1]! - e[n - 2]!) * (x - last)) / (last - before);
  }
  // Binary search for the row at or below x: d[lo] <= x < d[hi].
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (d[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const d0 = d[lo]!;
  const e0 = e[lo]!;
  return e0 + ((e[hi]! - e0) * (x - d0)) / (d[hi]! - d0);
}

/** Interpolates a stored (uncompiled) column; for table building, not for the per-shot hot path. */
export function interpolateColumn(column: TableColumn, x: number, green: boolean): number {
  return interpolate(compileColumn(column, green), x);
}
