/**
 * Sorting a team table by any of its columns: numbers numerically, names alphabetically, and a
 * player with nothing to count (null or undefined) always last, whichever way the column runs.
 * Pure, so each rule has its unit test.
 */

export type SortDirection = 'ascending' | 'descending';

export interface TableSort {
  column: string;
  direction: SortDirection;
}

/** What a cell sorts by: a figure, a name, or nothing to count. */
export type SortValue = number | string | null | undefined;

const isMissing = (value: SortValue): value is null | undefined =>
  value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The rows in the order of `sort` by the column's `value`; rows without a value last in either
 * direction; ties keep their order (the team's order, by name). Without a sort, the rows as they are.
 */
export function sortRows<T>(rows: readonly T[], sort: TableSort | null, value: (row: T, column: string) => SortValue): T[] {
  if (sort === null) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.column) }))
    .sort((a, b) => {
      const aMissing = isMissing(a.key);
      const bMissing = isMissing(b.key);
      if (aMissing || bMissing) return Number(aMissing) - Number(bMissing) || a.index - b.index;
      return sign * compareValues(a.key as number | string, b.key as number | string) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** A header pressed: a new column sorts ascending (the most strokes lost first), the same column turns round. */
export function nextSort(current: TableSort | null, column: string): TableSort {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** The header's aria-sort: the direction of the sorted column, none for every other. */
export function ariaSortOf(sort: TableSort | null, column: string): SortDirection | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}
