/**
 * The miss grid as a picture: a 3 × 3 target seen from where the shot is played, long (past the
 * hole) at the top, short at the bottom, left and right as the player sees them, made in the
 * middle (the API's directions: lo long-left, o long, ro long-right, r right, rs short-right, s short,
 * ls short-left, l left). Each cell is shaded by its share and labelled with how many of every 10
 * counted shots finished there.
 */
import type { MissDirection } from '@holeout/golf';
import { textColourOn } from '../../../lib/theme.ts';
import { formatPerTen } from './format.ts';

export type MissCell = MissDirection | 'made';

/** Rows top to bottom (long, level, short), columns left to right. */
export const MISS_GRID_LAYOUT: readonly (readonly MissCell[])[] = [
  ['lo', 'o', 'ro'],
  ['l', 'made', 'r'],
  ['ls', 's', 'rs'],
];

export const MISS_DIRECTION_LABELS: Record<MissDirection, string> = {
  lo: 'Long left',
  o: 'Long',
  ro: 'Long right',
  l: 'Left',
  r: 'Right',
  ls: 'Short left',
  s: 'Short',
  rs: 'Short right',
};

/** The body of a miss grid (GET /v4/stats/putt_misses or app_misses: one of all, short, mid, long). */
export interface MissGridData {
  lo: number | null;
  o: number | null;
  ro: number | null;
  r: number | null;
  rs: number | null;
  s: number | null;
  ls: number | null;
  l: number | null;
  made: number | null;
  shots: number;
  counts: Record<MissCell, number> & { shots: number };
}

export interface GridCell {
  cell: MissCell;
  row: number;
  col: number;
  /** "Long left", or the made label ("Holed", "Green hit"). */
  label: string;
  count: number;
  /** How many of every 10 counted shots (the grid's factor-10 value); null with none counted. */
  perTen: number | null;
  /** "1.1", "–". */
  perTenText: string;
  fill: string;
  text: string;
}

/** The colour of every grid (one palette colour, tinted by share). */
export const GRID_COLOUR = '#206bb6';
/** An empty cell (nothing finished there): a light grey, so it reads as empty, not as white paper. */
export const EMPTY_FILL = '#f1f3f5';
/** The lightest tint a non-empty cell gets, so a small share is still told from none. */
const MIN_TINT = 0.12;

function hexToRgb(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(clean.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour `amount` (0-1) of the way from white to `colour`. */
export function tint(colour: string, amount: number): string {
  const clamped = Math.min(1, Math.max(0, amount));
  return `#${hexToRgb(colour)
    .map((channel) =>
      Math.round(255 + (channel - 255) * clamped)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A cell's shade: share of the largest cell (the largest is the full colour), text that reads on it. */
export function shadeFor(value: number | null, largest: number, colour = GRID_COLOUR): { fill: string; text: string } {
  if (value === null || value <= 0 || largest <= 0) return { fill: EMPTY_FILL, text: textColourOn(EMPTY_FILL) };
  const fill = tint(colour, MIN_TINT + (1 - MIN_TINT) * Math.min(1, value / largest));
  return { fill, text: textColourOn(fill) };
}

/** The nine cells of a grid, in reading order, placed, shaded and labelled. */
export function missGridCells(grid: MissGridData, madeLabel: string, colour = GRID_COLOUR): GridCell[] {
  const values = MISS_GRID_LAYOUT.flat().map((cell) => grid[cell] ?? 0);
  const largest = Math.max(0, ...values);
  return MISS_GRID_LAYOUT.flatMap((cells, row) =>
    cells.map((cell, col) => {
      const perTen = grid[cell];
      return {
        cell,
        row,
        col,
        label: cell === 'made' ? madeLabel : MISS_DIRECTION_LABELS[cell],
        count: grid.counts[cell],
        perTen,
        perTenText: formatPerTen(perTen),
        ...shadeFor(perTen, largest, colour),
      };
    }),
  );
}

/** Misses recorded without a direction: counted in the shots, in no cell. */
export function undirectedMisses(grid: MissGridData): number {
  const placed = MISS_GRID_LAYOUT.flat().reduce((sum, cell) => sum + grid.counts[cell], 0);
  return Math.max(0, grid.counts.shots - placed);
}
