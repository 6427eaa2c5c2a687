/**
 * Published expected-strokes tables, carried over as printed (dips included, no smoothing).
 *
 * TOUR off the green: M. Broadie, "Assessing Golfer Performance on the PGA TOUR",
 *   Interfaces 42(2):146-165 (2012), Table B.1 (PGA TOUR ShotLink data 2003-2010).
 * TOUR on the green: M. Broadie, "Putts Gained: Measuring Putting on the PGA TOUR" (2011), Figure 1 table.
 * SCRATCH and NINETY on the green: chart attributed to M. Broadie, "Every Shot Counts" (Gotham, 2014);
 *   medium confidence. The NINETY curve agrees with Broadie's text: a 90-golfer one-putts half the time
 *   from 5 ft and averages two putts from 19 ft.
 *
 * Transcribed from those publications as printed. Distances in yards off the green, feet on it.
 */

/** One row of Broadie's Table B.1: expected strokes to hole out by lie; `tee` is null where the table has no tee figure (under 100 yd). */
export interface OffGreenRow {
  readonly yards: number;
  readonly tee: number | null;
  readonly fairway: number;
  readonly rough: number;
  readonly sand: number;
  readonly recovery: number;
}

/** One row of a putting table. */
export interface GreenRow {
  readonly feet: number;
  readonly expected: number;
}

/** PGA TOUR off the green (Broadie 2012, Table B.1). */
export const TOUR_OFF_GREEN: readonly OffGreenRow[] = [
  { yards: 10, tee: null, fairway: 2.18, rough: 2.34, sand: 2.43, recovery: 3.45 },
  { yards: 20, tee: null, fairway: 2.4, rough: 2.59, sand: 2.53, recovery: 3.51 },
  { yards: 30, tee: null, fairway: 2.52, rough: 2.7, sand: 2.66, recovery: 3.57 },
  { yards: 40, tee: null, fairway: 2.6, rough: 2.78, sand: 2.82, recovery: 3.71 },
  { yards: 50, tee: null, fairway: 2.66, rough: 2.87, sand: 2.92, recovery: 3.79 },
  { yards: 60, tee: null, fairway: 2.7, rough: 2.91, sand: 3.15, recovery: 3.83 },
  { yards: 70, tee: null, fairway: 2.72, rough: 2.93, sand: 3.21, recovery: 3.84 },
  { yards: 80, tee: null, fairway: 2.75, rough: 2.96, sand: 3.24, recovery: 3.84 },
  { yards: 90, tee: null, fairway: 2.77, rough: 2.99, sand: 3.24, recovery: 3.82 },
  { yards: 100, tee: 2.92, fairway: 2.8, rough: 3.02, sand: 3.23, recovery: 3.8 },
  { yards: 120, tee: 2.99, fairway: 2.85, rough: 3.08, sand: 3.21, recovery: 3.78 },
  { yards: 140, tee: 2.97, fairway: 2.91, rough: 3.15, sand: 3.22, recovery: 3.8 },
  { yards: 160, tee: 2.99, fairway: 2.98, rough: 3.23, sand: 3.28, recovery: 3.81 },
  { yards: 180, tee: 3.05, fairway: 3.08, rough: 3.31, sand: 3.4, recovery: 3.82 },
  { yards: 200, tee: 3.12, fairway: 3.19, rough: 3.42, sand: 3.55, recovery: 3.87 },
  { yards: 220, tee: 3.17, fairway: 3.32, rough: 3.53, sand: 3.7, recovery: 3.92 },
  { yards: 240, tee: 3.25, fairway: 3.45, rough: 3.64, sand: 3.84, recovery: 3.97 },
  { yards: 260, tee: 3.45, fairway: 3.58, rough: 3.74, sand: 3.93, recovery: 4.03 },
  { yards: 280, tee: 3.65, fairway: 3.69, rough: 3.83, sand: 4.0, recovery: 4.1 },
  { yards: 300, tee: 3.71, fairway: 3.78, rough: 3.9, sand: 4.04, recovery: 4.2 },
  { yards: 320, tee: 3.79, fairway: 3.84, rough: 3.95, sand: 4.12, recovery: 4.31 },
  { yards: 340, tee: 3.86, fairway: 3.88, rough: 4.02, sand: 4.26, recovery: 4.44 },
  { yards: 360, tee: 3.92, fairway: 3.95, rough: 4.11, sand: 4.41, recovery: 4.56 },
  { yards: 380, tee: 3.96, fairway: 4.03, rough: 4.21, sand: 4.55, recovery: 4.66 },
  { yards: 400, tee: 3.99, fairway: 4.11, rough: 4.3, sand: 4.69, recovery: 4.75 },
  { yards: 420, tee: 4.02, fairway: 4.19, rough: 4.4, sand: 4.83, recovery: 4.84 },
  { yards: 440, tee: 4.08, fairway: 4.27, rough: 4.49, sand: 4.97, recovery: 4.94 },
  { yards: 460, tee: 4.17, fairway: 4.34, rough: 4.58, sand: 5.11, recovery: 5.03 },
  { yards: 480, tee: 4.28, fairway: 4.42, rough: 4.68, sand: 5.25, recovery: 5.13 },
  { yards: 500, tee: 4.41, fairway: 4.5, rough: 4.77, sand: 5.4, recovery: 5.22 },
  { yards: 520, tee: 4.54, fairway: 4.58, rough: 4.87, sand: 5.54, recovery: 5.32 },
  { yards: 540, tee: 4.65, fairway: 4.66, rough: 4.96, sand: 5.68, recovery: 5.41 },
  { yards: 560, tee: 4.74, fairway: 4.74, rough: 5.06, sand: 5.82, recovery: 5.51 },
  { yards: 580, tee: 4.79, fairway: 4.82, rough: 5.15, sand: 5.96, recovery: 5.6 },
  { yards: 600, tee: 4.82, fairway: 4.89, rough: 5.25, sand: 6.1, recovery: 5.7 },
];

/** PGA TOUR putting (Broadie 2011, "Putts Gained", Figure 1 table). */
export const TOUR_GREEN: readonly GreenRow[] = [
  { feet: 2, expected: 1.01 },
  { feet: 3, expected: 1.05 },
  { feet: 4, expected: 1.14 },
  { feet: 5, expected: 1.24 },
  { feet: 6, expected: 1.34 },
  { feet: 7, expected: 1.43 },
  { feet: 8, expected: 1.5 },
  { feet: 9, expected: 1.56 },
  { feet: 10, expected: 1.61 },
  { feet: 15, expected: 1.78 },
  { feet: 20, expected: 1.87 },
  { feet: 30, expected: 1.98 },
  { feet: 40, expected: 2.06 },
  { feet: 50, expected: 2.14 },
  { feet: 60, expected: 2.21 },
  { feet: 90, expected: 2.36 },
];

/** Scratch golfer putting (chart attributed to Broadie, Every Shot Counts, 2014; medium confidence). */
export const SCRATCH_GREEN: readonly GreenRow[] = [
  { feet: 2, expected: 1.01 },
  { feet: 3, expected: 1.07 },
  { feet: 4, expected: 1.2 },
  { feet: 5, expected: 1.34 },
  { feet: 6, expected: 1.45 },
  { feet: 7, expected: 1.54 },
  { feet: 8, expected: 1.6 },
  { feet: 9, expected: 1.65 },
  { feet: 10, expected: 1.68 },
  { feet: 15, expected: 1.81 },
  { feet: 20, expected: 1.89 },
  { feet: 30, expected: 2.03 },
  { feet: 40, expected: 2.14 },
  { feet: 50, expected: 2.22 },
  { feet: 60, expected: 2.3 },
];

/** 90-golfer putting (same chart; matches Broadie's 5 ft / 19 ft statements). */
export const NINETY_GREEN: readonly GreenRow[] = [
  { feet: 2, expected: 1.06 },
  { feet: 3, expected: 1.17 },
  { feet: 4, expected: 1.36 },
  { feet: 5, expected: 1.51 },
  { feet: 6, expected: 1.62 },
  { feet: 7, expected: 1.69 },
  { feet: 8, expected: 1.75 },
  { feet: 9, expected: 1.79 },
  { feet: 10, expected: 1.82 },
  { feet: 15, expected: 1.94 },
  { feet: 20, expected: 2.02 },
  { feet: 30, expected: 2.16 },
  { feet: 40, expected: 2.3 },
  { feet: 50, expected: 2.41 },
  { feet: 60, expected: 2.51 },
];
