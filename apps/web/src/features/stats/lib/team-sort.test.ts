import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, sortRows, type SortValue } from './team-sort.ts';

interface Row {
  name: string;
  sg: number | null | undefined;
}

const ROWS: Row[] = [
  { name: 'Abe Zorn', sg: -0.35 },
  { name: 'Ben Crenshaw', sg: 0.15 },
  { name: 'Cara Diaz', sg: undefined },
  { name: 'Dee Ong', sg: -2 },
  { name: 'Eli Park', sg: null },
  { name: 'Fay Quin', sg: 10 },
];
const valueOf = (row: Row, column: string): SortValue => (column === 'name' ? row.name : row.sg);
const names = (rows: Row[]) => rows.map((row) => row.name);

describe('sortRows', () => {
  it('sorts numbers numerically (10 after 0.15, -2 before -0.35), nothing to count last', () => {
    expect(names(sortRows(ROWS, { column: 'sg', direction: 'ascending' }, valueOf))).toEqual([
      'Dee Ong',
      'Abe Zorn',
      'Ben Crenshaw',
      'Fay Quin',
      'Cara Diaz',
      'Eli Park',
    ]);
  });

  it('keeps nothing to count last when descending too', () => {
    expect(names(sortRows(ROWS, { column: 'sg', direction: 'descending' }, valueOf))).toEqual([
      'Fay Quin',
      'Ben Crenshaw',
      'Abe Zorn',
      'Dee Ong',
      'Cara Diaz',
      'Eli Park',
    ]);
  });

  it('sorts names alphabetically both ways, and keeps ties in their order', () => {
    expect(names(sortRows(ROWS, { column: 'name', direction: 'descending' }, valueOf))).toEqual([
      'Fay Quin',
      'Eli Park',
      'Dee Ong',
      'Cara Diaz',
      'Ben Crenshaw',
      'Abe Zorn',
    ]);
    const tied = [
      { name: 'b', sg: 1 },
      { name: 'a', sg: 1 },
      { name: 'c', sg: 0 },
    ];
    expect(names(sortRows(tied, { column: 'sg', direction: 'descending' }, valueOf))).toEqual(['b', 'a', 'c']);
  });

  it('leaves the rows as they are without a sort, and does not change its input', () => {
    const before = names(ROWS);
    expect(names(sortRows(ROWS, null, valueOf))).toEqual(before);
    sortRows(ROWS, { column: 'sg', direction: 'ascending' }, valueOf);
    expect(names(ROWS)).toEqual(before);
  });
});

describe('nextSort and ariaSortOf', () => {
  it('sorts a new column ascending, then turns it round, then back', () => {
    const first = nextSort(null, 'sg');
    expect(first).toEqual({ column: 'sg', direction: 'ascending' });
    const second = nextSort(first, 'sg');
    expect(second).toEqual({ column: 'sg', direction: 'descending' });
    expect(nextSort(second, 'sg')).toEqual({ column: 'sg', direction: 'ascending' });
    expect(nextSort(second, 'name')).toEqual({ column: 'name', direction: 'ascending' });
  });

  it.each([
    [null, 'sg', 'none'],
    [{ column: 'sg', direction: 'ascending' as const }, 'sg', 'ascending'],
    [{ column: 'sg', direction: 'descending' as const }, 'sg', 'descending'],
    [{ column: 'sg', direction: 'descending' as const }, 'name', 'none'],
  ])('sort %j gives column %s aria-sort %s', (sort, column, expected) => {
    expect(ariaSortOf(sort, column)).toBe(expected);
  });
});
