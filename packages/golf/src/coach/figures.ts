/**
 * The figures behind a diagnosed category, in a golfer's words, each beside the target's figure.
 * Counted from the same scored rounds as the strokes gained, with the statistics' own definitions
 * (fairways, driving distance, up and down, sand saves, layups).
 */
import type { CategoryBoundaries, ScoredRound, StatCategory } from '../engine/types.ts';
import { driveDistance } from '../stats/driving.ts';
import { driveOf, isLayup, isPutt } from '../stats/hole-walk.ts';
import { SG_PER_HOLES } from '../stats/strokes-gained.ts';
import { sandSaveChance } from '../stats/summary.ts';
import { upAndDownChance } from '../stats/up-and-down.ts';
import type { ReferenceFigures } from './reference-figures.ts';
import type { DiagnosisFigure } from './types.ts';

/** Lag putts judged by their leave start here (ft): the distance published leave figures use. */
export const LAG_LEAVE_FROM_FEET = 30;
/** Short putts are shown in two published bands: under 3 ft, and 3 ft up to 6 ft. */
const TAP_IN_FEET = 3;
const SHORT_PUTT_FEET = 6;
/** The mid-range make rate is over 6-20 ft, the bands the published rates cover. */
const MID_PUTT_FEET = 20;

interface Rate {
  attempts: number;
  made: number;
}
interface Mean {
  count: number;
  total: number;
}

/** Every count the figures read, from one walk over the rounds. */
export interface FigureTally {
  holes: number;
  putts: number;
  threePutts: number;
  drives: number;
  fairways: number;
  driveDistance: Mean;
  teePenalties: number;
  penalties: number;
  puttsUnder3: Rate;
  putts3to6: Rate;
  putts6to20: Rate;
  lagLeave: Mean;
  greensHit: Record<'shortApproach' | 'midApproach' | 'longApproach', Rate>;
  proximity: Record<'shortApproach' | 'midApproach' | 'longApproach', Mean>;
  chipProximity: Record<'fwChips' | 'roughChips' | 'sandChips', Mean>;
  upAndDown: Record<'fairway' | 'rough', Rate>;
  sandSaves: Rate;
}

const rate = (): Rate => ({ attempts: 0, made: 0 });
const mean = (): Mean => ({ count: 0, total: 0 });

/** Counts every figure's parts over the scored rounds. */
export function tallyFigures(rounds: readonly ScoredRound[], boundaries: CategoryBoundaries): FigureTally {
  const t: FigureTally = {
    holes: 0,
    putts: 0,
    threePutts: 0,
    drives: 0,
    fairways: 0,
    driveDistance: mean(),
    teePenalties: 0,
    penalties: 0,
    puttsUnder3: rate(),
    putts3to6: rate(),
    putts6to20: rate(),
    lagLeave: mean(),
    greensHit: { shortApproach: rate(), midApproach: rate(), longApproach: rate() },
    proximity: { shortApproach: mean(), midApproach: mean(), longApproach: mean() },
    chipProximity: { fwChips: mean(), roughChips: mean(), sandChips: mean() },
    upAndDown: { fairway: rate(), rough: rate() },
    sandSaves: rate(),
  };
  for (const round of rounds) {
    for (const hole of round.holes) {
      t.holes += 1;
      t.penalties += hole.penalties;
      const putts = hole.shots.filter(isPutt).length;
      t.putts += putts;
      if (putts >= 3) t.threePutts += 1;

      const drive = driveOf(hole);
      if (drive) {
        t.drives += 1;
        if (drive.to === 'F' || drive.to === 'G' || drive.to === 'I') t.fairways += 1;
        t.teePenalties += drive.penalty;
        const distance = driveDistance(drive);
        if (distance !== null) add(t.driveDistance, distance);
      }

      const chance = upAndDownChance(hole, boundaries);
      if (chance && (chance.lie === 'fairway' || chance.lie === 'rough')) count(t.upAndDown[chance.lie], chance.made);
      const bunker = sandSaveChance(hole, boundaries);
      if (bunker) count(t.sandSaves, bunker.saved);

      for (const shot of hole.shots) {
        const holed = shot.to === 'I';
        if (isPutt(shot)) {
          if (shot.dist < TAP_IN_FEET) count(t.puttsUnder3, holed);
          else if (shot.dist < SHORT_PUTT_FEET) count(t.putts3to6, holed);
          else if (shot.dist <= MID_PUTT_FEET) count(t.putts6to20, holed);
          if (shot.dist >= LAG_LEAVE_FROM_FEET && shot.endDist !== null) add(t.lagLeave, holed ? 0 : shot.endDist);
          continue;
        }
        const onGreen = (shot.to === 'G' || holed) && shot.endDist !== null;
        const category = shot.category;
        if (category === 'shortApproach' || category === 'midApproach' || category === 'longApproach') {
          if (isLayup(shot)) continue;
          count(t.greensHit[category], shot.to === 'G' || holed);
          if (onGreen) add(t.proximity[category], holed ? 0 : shot.endDist!);
        } else if ((category === 'fwChips' || category === 'roughChips' || category === 'sandChips') && onGreen) {
          add(t.chipProximity[category], holed ? 0 : shot.endDist!);
        }
      }
    }
  }
  return t;
}

function count(r: Rate, made: boolean): void {
  r.attempts += 1;
  if (made) r.made += 1;
}
function add(m: Mean, value: number): void {
  m.count += 1;
  m.total += value;
}

const percent = (r: Rate): number | null => (r.attempts === 0 ? null : (r.made / r.attempts) * 100);
const average = (m: Mean): number | null => (m.count === 0 ? null : m.total / m.count);
const perRound = (n: number, holes: number): number | null => (holes === 0 ? null : (n / holes) * SG_PER_HOLES);

/** How a figure reads: the numbers as a golfer says them. */
function shown(value: number, unit: DiagnosisFigure['unit']): string {
  switch (unit) {
    case '%':
      return `${Math.round(value)}%`;
    case 'yd':
      return `${Math.round(value)} yd`;
    case 'ft':
      return `${value.toFixed(1)} ft`;
    case 'per round':
      return value.toFixed(1);
  }
}

interface FigureSpec {
  label: string;
  unit: DiagnosisFigure['unit'];
  better: DiagnosisFigure['better'];
  value(t: FigureTally): number | null;
  target(r: ReferenceFigures): number;
  /** The finding: the player's figure (`you`) beside the target golfer's (`they`), who is `who`. */
  sentence(you: string, they: string, who: string): string;
  /** Said when the player has no such shot to count. */
  none: string;
}

const approachFigures = (band: 'shortApproach' | 'midApproach' | 'longApproach', words: string): FigureSpec[] => {
  const key = ({ shortApproach: 'Short', midApproach: 'Mid', longApproach: 'Long' } as const)[band];
  return [
    {
      label: `Greens hit from ${words}`,
      unit: '%',
      better: 'higher',
      value: (t) => percent(t.greensHit[band]),
      target: (r) => r[`greensHit${key}Pct` as const],
      sentence: (you, they, who) => `You hit ${you} of greens from ${words}; ${who} hits ${they}.`,
      none: `No approach from ${words} was recorded.`,
    },
    {
      label: `First putt after a green hit from ${words}`,
      unit: 'ft',
      better: 'lower',
      value: (t) => average(t.proximity[band]),
      target: (r) => r[`proximity${key}Feet` as const],
      sentence: (you, they, who) => `When you find the green from ${words} your first putt is ${you} long; ${who}'s is ${they}.`,
      none: `No green was hit from ${words}.`,
    },
  ];
};

const chipProximity = (category: 'fwChips' | 'roughChips' | 'sandChips', from: string, key: 'Fairway' | 'Rough' | 'Sand'): FigureSpec => ({
  label: `First putt after a ${from} shot`,
  unit: 'ft',
  better: 'lower',
  value: (t) => average(t.chipProximity[category]),
  target: (r) => r[`chipProximity${key}Feet` as const],
  sentence: (you, they, who) => `Your ${from} shots that find the green leave a first putt of ${you}; ${who} leaves ${they}.`,
  none: `No ${from} shot finished on the green.`,
});

/** Chips from the fairway or the rough: how often the ball is holed in two from there, then how close the chip finishes. */
const chipFigures = (category: 'fwChips' | 'roughChips', lie: 'fairway' | 'rough', chipMaxYards: number): FigureSpec[] => {
  const key = lie === 'fairway' ? 'Fairway' : 'Rough';
  return [
    {
      label: `Up and down from the ${lie}`,
      unit: '%',
      better: 'higher',
      value: (t) => percent(t.upAndDown[lie]),
      target: (r) => r[`upAndDown${key}Pct` as const],
      sentence: (you, they, who) => `You get up and down ${you} of the time from the ${lie} near the green; ${who} does ${they}.`,
      none: `No up-and-down chance from the ${lie} within ${chipMaxYards} yd was recorded.`,
    },
    chipProximity(category, `chip or pitch from the ${lie}`, key),
  ];
};

/** The figures of each category, the most telling first. */
function figureSpecs(category: StatCategory, boundaries: CategoryBoundaries): FigureSpec[] {
  const chip = boundaries.chipMaxYards;
  switch (category) {
    case 'drive':
      return [
        {
          label: 'Fairways hit',
          unit: '%',
          better: 'higher',
          value: (t) => (t.drives === 0 ? null : (t.fairways / t.drives) * 100),
          target: (r) => r.fairwaysPct,
          sentence: (you, they, who) => `You hit ${you} of fairways; ${who} hits ${they}.`,
          none: 'No drive was recorded.',
        },
        {
          label: 'Penalty strokes off the tee per round',
          unit: 'per round',
          better: 'lower',
          value: (t) => perRound(t.teePenalties, t.holes),
          target: (r) => r.teePenaltiesPerRound,
          sentence: (you, they, who) => `Your drives cost ${you} penalty strokes per round; ${who}'s cost ${they}.`,
          none: 'No drive was recorded.',
        },
        {
          label: 'Average drive',
          unit: 'yd',
          better: 'higher',
          value: (t) => average(t.driveDistance),
          target: (r) => r.avgDriveYards,
          sentence: (you, they, who) => `Your drives average ${you}; ${who} averages ${they}.`,
          none: 'No drive could be measured.',
        },
      ];
    case 'longApproach':
      return approachFigures('longApproach', `beyond ${boundaries.midApproachMaxYards} yd`);
    case 'midApproach':
      return approachFigures('midApproach', `${boundaries.shortApproachMaxYards}-${boundaries.midApproachMaxYards} yd`);
    case 'shortApproach':
      return approachFigures('shortApproach', `${chip}-${boundaries.shortApproachMaxYards} yd`);
    case 'fwChips':
      return chipFigures('fwChips', 'fairway', chip);
    case 'roughChips':
      return chipFigures('roughChips', 'rough', chip);
    case 'sandChips':
      return [
        {
          label: 'Sand saves',
          unit: '%',
          better: 'higher',
          value: (t) => percent(t.sandSaves),
          target: (r) => r.sandSavePct,
          sentence: (you, they, who) => `You get up and down from greenside bunkers ${you} of the time; ${who} does ${they}.`,
          none: 'No greenside bunker shot was recorded.',
        },
        chipProximity('sandChips', 'greenside bunker', 'Sand'),
      ];
    case 'longPutts':
      return [
        {
          label: 'Three-putts per round',
          unit: 'per round',
          better: 'lower',
          value: (t) => perRound(t.threePutts, t.holes),
          target: (r) => r.threePuttsPerRound,
          sentence: (you, they, who) => `You three-putt ${you} times per round; ${who} does ${they} times.`,
          none: 'No putt was recorded.',
        },
        {
          label: `Left after a putt from ${LAG_LEAVE_FROM_FEET} ft or more`,
          unit: 'ft',
          better: 'lower',
          value: (t) => average(t.lagLeave),
          target: (r) => r.lagLeaveFeet,
          sentence: (you, they, who) =>
            `From ${LAG_LEAVE_FROM_FEET} ft and more your first putt leaves ${you} to go; ${who} leaves ${they}.`,
          none: `No putt from ${LAG_LEAVE_FROM_FEET} ft or more was recorded.`,
        },
        {
          label: 'Putts holed from 3-6 ft',
          unit: '%',
          better: 'higher',
          value: (t) => percent(t.putts3to6),
          target: (r) => r.makePct3to6,
          sentence: (you, they, who) => `You hole ${you} of the 3-6 ft putts a lag leaves; ${who} holes ${they}.`,
          none: 'No putt from 3-6 ft was recorded.',
        },
      ];
    case 'midPutts':
      return [
        {
          label: 'Putts holed from 6-20 ft',
          unit: '%',
          better: 'higher',
          value: (t) => percent(t.putts6to20),
          target: (r) => r.makePct6to20,
          sentence: (you, they, who) => `You hole ${you} of your putts from 6-20 ft; ${who} holes ${they}.`,
          none: 'No putt from 6-20 ft was recorded.',
        },
        {
          label: 'Three-putts per round',
          unit: 'per round',
          better: 'lower',
          value: (t) => perRound(t.threePutts, t.holes),
          target: (r) => r.threePuttsPerRound,
          sentence: (you, they, who) => `You three-putt ${you} times per round; ${who} does ${they} times.`,
          none: 'No putt was recorded.',
        },
      ];
    case 'shortPutts':
      return [
        {
          label: 'Putts holed from 3-6 ft',
          unit: '%',
          better: 'higher',
          value: (t) => percent(t.putts3to6),
          target: (r) => r.makePct3to6,
          sentence: (you, they, who) => `You hole ${you} of your putts from 3-6 ft; ${who} holes ${they}.`,
          none: 'No putt from 3-6 ft was recorded.',
        },
        {
          label: 'Putts holed from under 3 ft',
          unit: '%',
          better: 'higher',
          value: (t) => percent(t.puttsUnder3),
          target: (r) => r.makePctUnder3,
          sentence: (you, they, who) => `You hole ${you} of your putts from under 3 ft; ${who} holes ${they}.`,
          none: 'No putt from under 3 ft was recorded.',
        },
      ];
    case 'other':
      return [
        {
          label: 'Penalty strokes per round',
          unit: 'per round',
          better: 'lower',
          value: (t) => perRound(t.penalties, t.holes),
          target: (r) => r.penaltiesPerRound,
          sentence: (you, they, who) => `You take ${you} penalty strokes per round; ${who} takes ${they}.`,
          none: 'No penalty stroke was recorded.',
        },
      ];
  }
}

/** A figure with its finding sentence and how far it falls short of the target (share of the target; <= 0 at or better). */
export interface ReadFigure {
  figure: DiagnosisFigure;
  finding: string;
  shortfall: number;
}

/**
 * The figures of a category for the player, beside the reference golfer's (`who`, e.g. "a 90 golfer"),
 * ordered by shortfall: how far the player's figure falls short of the target's, as a share of the
 * target's, worst first (a figure with nothing to count reads as no shortfall and comes last).
 */
export function readFigures(
  category: StatCategory,
  tally: FigureTally,
  reference: ReferenceFigures,
  boundaries: CategoryBoundaries,
  who: string,
): ReadFigure[] {
  const read = figureSpecs(category, boundaries).map((spec, order) => {
    const value = spec.value(tally);
    const target = spec.target(reference);
    const figure: DiagnosisFigure = { label: spec.label, value, target, unit: spec.unit, better: spec.better };
    if (value === null) return { figure, finding: spec.none, shortfall: -Infinity, order };
    const gap = spec.better === 'higher' ? target - value : value - target;
    const shortfall = target === 0 ? gap : gap / Math.abs(target);
    return { figure, finding: spec.sentence(shown(value, spec.unit), shown(target, spec.unit), who), shortfall, order };
  });
  read.sort((a, b) => b.shortfall - a.shortfall || a.order - b.order);
  return read.map(({ figure, finding, shortfall }) => ({ figure, finding, shortfall }));
}
