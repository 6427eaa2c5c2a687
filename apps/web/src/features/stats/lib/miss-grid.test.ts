import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../lib/theme.ts';
import { EMPTY_FILL, GRID_COLOUR, missGridCells, shadeFor, tint, undirectedMisses, type MissGridData } from './miss-grid.ts';
import { layupsText, ogMissRows } from './miss-lies.ts';

// The README's example: 9 putts, 5 made, one each long-left, short-right and short, one miss with no direction.
const GRID: MissGridData = {
  lo: 1.11,
  o: 0,
  ro: 0,
  r: 0,
  rs: 1.11,
  s: 1.11,
  ls: 0,
  l: 0,
  made: 5.56,
  shots: 9,
  counts: { lo: 1, o: 0, ro: 0, r: 0, rs: 1, s: 1, ls: 0, l: 0, made: 5, shots: 9 },
};

describe('miss grid', () => {
  it('places long at the top, short at the bottom, left and right as the player sees them, made in the middle', () => {
    const placed = Object.fromEntries(missGridCells(GRID, 'Holed').map((cell) => [cell.cell, [cell.row, cell.col]]));
    expect(placed).toEqual({ lo: [0, 0], o: [0, 1], ro: [0, 2], l: [1, 0], made: [1, 1], r: [1, 2], ls: [2, 0], s: [2, 1], rs: [2, 2] });
  });

  it('labels each cell with its per-10 value, one decimal, and its count', () => {
    const cells = missGridCells(GRID, 'Holed');
    expect(cells.map((cell) => [cell.label, cell.count, cell.perTenText])).toEqual([
      ['Long left', 1, '1.1'],
      ['Long', 0, '0.0'],
      ['Long right', 0, '0.0'],
      ['Left', 0, '0.0'],
      ['Holed', 5, '5.6'],
      ['Right', 0, '0.0'],
      ['Short left', 0, '0.0'],
      ['Short', 1, '1.1'],
      ['Short right', 1, '1.1'],
    ]);
    expect(undirectedMisses(GRID)).toBe(1);
  });

  it('shades the largest cell in the full colour, empty cells grey, the rest in between', () => {
    const cells = Object.fromEntries(missGridCells(GRID, 'Holed').map((cell) => [cell.cell, cell]));
    expect(cells.made!.fill).toBe(GRID_COLOUR);
    expect(cells.made!.text).toBe('#ffffff');
    expect(cells.o!.fill).toBe(EMPTY_FILL);
    expect(cells.o!.text).toBe('#000000');
    expect(cells.lo!.fill).not.toBe(EMPTY_FILL);
    expect(cells.lo!.fill).not.toBe(GRID_COLOUR);
    expect(tint(GRID_COLOUR, 0)).toBe('#ffffff');
    expect(tint(GRID_COLOUR, 1)).toBe(GRID_COLOUR);
  });

  it('keeps text at 4.5:1 or more on every shade', () => {
    for (let value = 0; value <= 100; value += 1) {
      const { fill, text } = shadeFor(value / 10, 10);
      expect(contrastRatio(fill, text), `share ${value}%`).toBeGreaterThanOrEqual(4.5);
    }
    const empty = missGridCells(
      { ...GRID, lo: null, o: null, ro: null, r: null, rs: null, s: null, ls: null, l: null, made: null, shots: 0 },
      'Holed',
    );
    expect(empty.every((cell) => cell.perTenText === '–' && cell.fill === EMPTY_FILL)).toBe(true);
  });
});

describe('outside-green misses', () => {
  const player = {
    approaches: 10,
    layups: 3,
    to: { F: 1, R: 2, S: 1, H: 0, O: 1 },
    misses: [
      { to: 'R' as const, end_dist: 30 },
      { to: 'R' as const, end_dist: 20 },
      { to: 'F' as const, end_dist: 60 },
      { to: 'S' as const, end_dist: 15 },
      { to: 'O' as const, end_dist: null },
    ],
  };

  it('counts misses per lie with their share of approaches and the mean distance left', () => {
    expect(ogMissRows(player, 'FEET_YARDS').map((row) => [row.label, row.count, row.percent, row.averageLeft])).toEqual([
      ['Fairway', 1, 10, 60],
      ['Rough', 2, 20, 25],
      ['Sand', 1, 10, 15],
      ['Penalty area', 0, 0, null],
      ['Out of bounds', 1, 10, null],
    ]);
    expect(ogMissRows(player, 'METERS_METERS')[1]!.averageLeft).toBeCloseTo(22.86, 2);
  });

  it('says how many layups were left out', () => {
    expect(layupsText(3)).toBe('3 layups, not counted as misses');
    expect(layupsText(1)).toBe('1 layup, not counted as a miss');
  });
});
