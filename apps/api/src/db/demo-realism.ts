import {
  diagnose,
  PUBLISHED_RANGES,
  publishedFiguresOf,
  scoreRound,
  seasonFigures,
  type FigureName,
  type PlantedWeakness,
  type Range,
  type StatCategory,
} from '@holeout/golf';
import type { PlannedRound } from './demo-season.ts';

/**
 * Whether a demo season looks like real golf at its level: every published figure inside its range,
 * except that a planted weakness may take the figures of its own area past the range on the weak
 * side, by up to half the step to the next level down (the step between the two levels' range
 * centres; for 100 golfers, the step from 90 to 100).
 */

/** Which figures show a weakness in each area, and which way is worse. */
const AREA_FIGURES: Partial<Record<StatCategory, FigureName[]>> = {
  longPutts: ['putts', 'threePutts', 'make30Pct'],
  midPutts: ['putts', 'threePutts'],
  shortPutts: ['putts', 'threePutts'],
  drive: ['fairwaysPct', 'averageDrive'],
  shortApproach: ['girPct', 'proximity100to150'],
  midApproach: ['girPct', 'proximity100to150'],
  longApproach: ['girPct', 'proximity100to150'],
  fwChips: ['putts'],
  roughChips: ['putts'],
  sandChips: ['putts'],
};
const HIGHER_IS_WORSE: ReadonlySet<FigureName> = new Set(['putts', 'threePutts', 'proximity100to150', 'drivesOver300Pct']);
const LEVELS = ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const;
type Level = (typeof LEVELS)[number];

const centre = ([low, high]: Range) => (low + high) / 2;

function allowedRange(level: Level, figure: FigureName, weakness: PlantedWeakness | undefined): Range {
  const range = PUBLISHED_RANGES[level][figure];
  if (!weakness || !AREA_FIGURES[weakness.category]?.includes(figure)) return range;
  const index = LEVELS.indexOf(level);
  const [better, worse] = index === LEVELS.length - 1 ? [LEVELS[index - 1]!, level] : [level, LEVELS[index + 1]!];
  const half = Math.abs(centre(PUBLISHED_RANGES[worse][figure]) - centre(PUBLISHED_RANGES[better][figure])) / 2;
  return HIGHER_IS_WORSE.has(figure) ? [range[0], range[1] + half] : [range[0] - half, range[1]];
}

export interface FigureCheck {
  uid: number;
  figure: FigureName;
  value: number;
  allowed: Range;
}

/** Each golfer's season figures (scored against their own level) that fall outside what is allowed. */
export function unrealisticFigures(planned: readonly PlannedRound[]): FigureCheck[] {
  const byGolfer = new Map<number, PlannedRound[]>();
  for (const p of planned) byGolfer.set(p.golfer.uid, [...(byGolfer.get(p.golfer.uid) ?? []), p]);
  const out: FigureCheck[] = [];
  for (const [uid, rounds] of byGolfer) {
    const golfer = rounds[0]!.golfer;
    if (!(LEVELS as readonly string[]).includes(golfer.level)) continue;
    const level = golfer.level as Level;
    const figures = publishedFiguresOf(
      seasonFigures(rounds.map((r) => scoreRound({ course: r.course.name, units: r.units, holes: r.holes }, level))),
    );
    for (const figure of Object.keys(PUBLISHED_RANGES[level]) as FigureName[]) {
      const allowed = allowedRange(level, figure, golfer.weakness);
      const value = figures[figure];
      if (!(value >= allowed[0] && value <= allowed[1])) out.push({ uid, figure, value, allowed });
    }
  }
  return out;
}

/** Rounds the AI coach diagnoses: the latest 20 (as the API does). */
const DIAGNOSED_ROUNDS = 20;

/**
 * What keeps one golfer's season from being shown as demo golf: figures outside the allowed ranges,
 * and a planted weakness the diagnosis of the latest rounds does not name.
 */
export function demoSeasonProblems(season: readonly PlannedRound[]): string[] {
  const problems = unrealisticFigures(season).map(
    (f) => `golfer ${f.uid}: ${f.figure} ${f.value.toFixed(2)} not in ${f.allowed.map((a) => a.toFixed(2)).join('-')}`,
  );
  const golfer = season[0]?.golfer;
  if (golfer?.weakness) {
    const latest = [...season].sort((a, b) => a.start.getTime() - b.start.getTime()).slice(-DIAGNOSED_ROUNDS);
    const outcome = diagnose(
      latest.map((r, i) => ({ id: i + 1, round: { course: r.course.name, units: r.units, holes: r.holes } })),
      { benchmark: golfer.level },
    );
    const named = outcome.kind === 'WEAKNESS' ? outcome.category : outcome.kind;
    if (named !== golfer.weakness.category) problems.push(`golfer ${golfer.uid}: planted ${golfer.weakness.category}, diagnosed ${named}`);
  }
  return problems;
}
