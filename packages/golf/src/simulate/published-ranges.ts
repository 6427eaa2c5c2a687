/**
 * Published ranges of the figures a coach checks first, by score level (score levels mapped to
 * handicaps as the benchmark model does: scratch, about 8-10, 18 and 28). Putts, 3-putts and GIR:
 * Shot Scope's averages by handicap; driving distance and fairways: Arccos' figures by handicap;
 * make % from 30 ft and 3-putts: Broadie's putting figures (about 1 / 2 / 3 three-putts a round
 * for 80 / 90 / 100 shooters); proximity: Lou Stagner's approach data. Per round unless said.
 */
import type { SeasonFigures } from './season-figures.ts';

export type FigureName =
  'putts' | 'threePutts' | 'girPct' | 'fairwaysPct' | 'averageDrive' | 'drivesOver300Pct' | 'make30Pct' | 'proximity100to150';

export const FIGURE_LABELS: Record<FigureName, string> = {
  putts: 'putts',
  threePutts: '3-putts',
  girPct: 'GIR %',
  fairwaysPct: 'fairways % (par 4 and 5)',
  averageDrive: 'average drive, yd',
  drivesOver300Pct: 'drives over 300 yd, %',
  make30Pct: 'make % from 30 ft and more',
  proximity100to150: 'mean first putt after a fairway approach from 100-150 yd that found the green, ft',
};

/** [low, high], inclusive. */
export type Range = readonly [number, number];

export const PUBLISHED_RANGES: Record<'SCRATCH' | 'EIGHTY' | 'NINETY' | 'HUNDRED', Record<FigureName, Range>> = {
  SCRATCH: {
    putts: [29.5, 31],
    threePutts: [0.5, 1.5],
    girPct: [50, 65],
    fairwaysPct: [45, 60],
    averageDrive: [245, 270],
    drivesOver300Pct: [0, 5],
    make30Pct: [0, 5],
    proximity100to150: [20, 35],
  },
  EIGHTY: {
    putts: [30.5, 32.5],
    threePutts: [1, 2.5],
    girPct: [30, 45],
    fairwaysPct: [40, 55],
    averageDrive: [220, 240],
    drivesOver300Pct: [0, 1],
    make30Pct: [0, 4],
    proximity100to150: [25, 45],
  },
  NINETY: {
    putts: [32, 34],
    threePutts: [2, 4],
    girPct: [15, 30],
    fairwaysPct: [35, 52],
    averageDrive: [205, 225],
    drivesOver300Pct: [0, 0.5],
    make30Pct: [0, 3],
    proximity100to150: [30, 55],
  },
  HUNDRED: {
    putts: [33.5, 36],
    threePutts: [3, 6],
    girPct: [5, 18],
    fairwaysPct: [30, 50],
    averageDrive: [190, 215],
    drivesOver300Pct: [0, 0.5],
    make30Pct: [0, 3],
    proximity100to150: [35, 65],
  },
};

/** The figures of a season under the names of the published ranges. */
export function publishedFiguresOf(f: SeasonFigures): Record<FigureName, number> {
  return {
    putts: f.putts,
    threePutts: f.threePutts,
    girPct: f.girPct,
    fairwaysPct: f.fairwaysPct,
    averageDrive: f.averageDrive,
    drivesOver300Pct: f.drivesOver300Pct,
    make30Pct: f.makePct[f.makePct.length - 1]!,
    proximity100to150: f.firstPuttAfterFairway100to150,
  };
}
