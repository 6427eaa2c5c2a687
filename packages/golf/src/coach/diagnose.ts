/**
 * The AI coach's diagnosis: which stat category loses the player the most strokes against a target
 * benchmark, whether that loss is more than the noise of a few rounds, and the figures behind it.
 *
 * For each category c, over rounds r of h_r holes with strokes gained sg_rc against the target:
 *
 *   sgPer18_c   = 18 * sum_r sg_rc / sum_r h_r                       (hole-weighted, as GET /stats/sg)
 *   x_rc        = 18 * sg_rc / h_r                                   (each round per 18 holes)
 *   s2_c        = n / (n - 1) * sum_r h_r (x_rc - sgPer18_c)^2 / sum_r h_r   (hole-weighted variance)
 *   stdError_c  = sqrt(s2_c / n)
 *   strokesToGain_c = max(0, -sgPer18_c)
 *
 * With equal rounds this is the usual standard error of a mean, s / sqrt(n); when each hole adds
 * independent noise, s2 / n estimates the variance of sgPer18 without bias however the round lengths mix.
 */
import { getBaseline, customTargetScore } from '../engine/index.ts';
import { BENCHMARK_LABELS, type BenchmarkLevel } from '../benchmarks.ts';
import { DEFAULT_CATEGORY_BOUNDARIES } from '../engine/categories.ts';
import { scoreRound } from '../engine/score.ts';
import type { BenchmarkRef, SgBreakdown, StatCategory } from '../engine/types.ts';
import { roundTo } from '../display.ts';
import { SG_PER_HOLES } from '../stats/strokes-gained.ts';
import { CATEGORY_DISPLAY_NAMES, DIAGNOSIS_CATEGORIES } from './category-names.ts';
import { readFigures, tallyFigures } from './figures.ts';
import { referenceFiguresFor } from './reference-figures.ts';
import {
  DIAGNOSIS_MIN_HOLES,
  DIAGNOSIS_MIN_ROUNDS,
  type CategoryEvidence,
  type DiagnoseOptions,
  type DiagnosisOutcome,
  type DiagnosisRound,
} from './types.ts';

/** A loss smaller than this (strokes per 18 holes) is not worth a practice plan, however sure it is. */
export const DIAGNOSIS_MIN_LOSS = 0.25;
/**
 * A loss counts as more than noise when it is at least this many standard errors. Eleven categories are
 * tested at once, so the bar is Bonferroni's: a one-sided normal test at 5 % / 11 needs z >= 2.61;
 * 2.5 (family-wise about 7 %) with the minimum loss above keeps false alarms near 5 % in simulation.
 */
export const DIAGNOSIS_NOISE_RATIO = 2.5;
/** At this many standard errors or more the diagnosis is strong (family-wise false alarms well under 1 %). */
export const DIAGNOSIS_STRONG_RATIO = 3.5;

/** Strokes gained of one category in a breakdown. */
export function categorySg(sg: SgBreakdown, category: StatCategory): number {
  switch (category) {
    case 'drive':
      return sg.tee;
    case 'shortApproach':
      return sg.approach.short;
    case 'midApproach':
      return sg.approach.mid;
    case 'longApproach':
      return sg.approach.long;
    case 'fwChips':
      return sg.chip.fairway;
    case 'roughChips':
      return sg.chip.rough;
    case 'sandChips':
      return sg.chip.sand;
    case 'other':
      return sg.chip.other;
    case 'shortPutts':
      return sg.putt.short;
    case 'midPutts':
      return sg.putt.mid;
    case 'longPutts':
      return sg.putt.long;
  }
}

/** What practising each category means, for the narrative. */
const PRACTICE_FOCUS: Readonly<Record<StatCategory, string>> = {
  drive: 'a driver you can keep in play: start lines through a gate and a fairway-wide target on the range',
  longApproach: 'long irons and hybrids to the middle of a big target, judged by how many finish on the green',
  midApproach: 'mid-iron distance control: carry numbers for each club and a target that changes every shot',
  shortApproach: 'wedge distances from 50 to 100 yd with a few repeatable swing lengths',
  fwChips: 'chips and pitches from short grass to a landing spot, then holing the putt that is left',
  roughChips: 'chips and pitches out of the rough with a steeper strike, then holing the putt that is left',
  sandChips: 'splashing the ball out of greenside bunkers onto the green, entering the sand at a line behind the ball',
  longPutts: 'pace from 30 ft and more, so the second putt is a short one',
  midPutts: 'start line and pace from 6 to 20 ft',
  shortPutts: 'holing out from 3 to 6 ft under a little pressure',
  other: 'safe recoveries and staying out of penalty areas: the club and line that take the big number out',
};

interface Measured {
  evidence: CategoryEvidence;
  /** Loss in standard errors (Infinity for a loss with no spread at all; 0 without a loss). */
  ratio: number;
}

/**
 * Strokes gained per 18 holes of every category, with its standard error and strokes to gain (see the
 * module comment), most strokes to gain first. Needs at least two rounds (a spread needs two); with
 * fewer the list is empty.
 */
function measureCategories(perRound: ReadonlyArray<{ holes: number; sg: SgBreakdown }>): Measured[] {
  const n = perRound.length;
  if (n < 2) return [];
  const holes = perRound.reduce((sum, r) => sum + r.holes, 0);
  const measured = DIAGNOSIS_CATEGORIES.map((category): Measured => {
    const total = perRound.reduce((sum, r) => sum + categorySg(r.sg, category), 0);
    const sgPer18 = (SG_PER_HOLES * total) / holes;
    const spread = perRound.reduce((sum, r) => {
      const x = (SG_PER_HOLES * categorySg(r.sg, category)) / r.holes;
      return sum + r.holes * (x - sgPer18) ** 2;
    }, 0);
    const variance = ((n / (n - 1)) * spread) / holes;
    const stdError = Math.sqrt(variance / n);
    const strokesToGain = Math.max(0, -sgPer18);
    const ratio = strokesToGain === 0 ? 0 : stdError === 0 ? Infinity : strokesToGain / stdError;
    return {
      evidence: { category, displayName: CATEGORY_DISPLAY_NAMES[category], sgPer18, stdError, strokesToGain },
      ratio,
    };
  });
  // Most strokes to gain first; among categories at or above the target, the closest to losing first.
  measured.sort((a, b) => b.evidence.strokesToGain - a.evidence.strokesToGain || a.evidence.sgPer18 - b.evidence.sgPer18);
  return measured;
}

/** Whom the figures are compared with, as a golfer says it ("a 90 golfer", "a golfer who shoots 85"). */
function targetGolfer(ref: BenchmarkRef): string {
  if (typeof ref === 'string') {
    const who: Record<BenchmarkLevel, string> = {
      TOUR: 'a PGA Tour player',
      SCRATCH: 'a scratch golfer',
      EIGHTY: 'an 80 golfer',
      NINETY: 'a 90 golfer',
      HUNDRED: 'a 100 golfer',
      LPGA: 'an LPGA Tour player',
    };
    return who[ref] ?? `a ${BENCHMARK_LABELS[ref]}`;
  }
  return `a golfer who shoots ${roundTo(customTargetScore(ref), 1)}`;
}

const rounded = (e: CategoryEvidence): CategoryEvidence => ({
  ...e,
  sgPer18: roundTo(e.sgPer18),
  stdError: roundTo(e.stdError),
  strokesToGain: roundTo(e.strokesToGain),
});

/**
 * Diagnoses the player's game from their rounds against a target benchmark.
 *
 * - Fewer than DIAGNOSIS_MIN_ROUNDS rounds or DIAGNOSIS_MIN_HOLES holes: NOT_ENOUGH_ROUNDS, with the
 *   evidence measured so far (empty below two rounds, where no spread can be measured).
 * - Otherwise the weakest category is, among those whose loss is at least DIAGNOSIS_MIN_LOSS strokes per
 *   18 holes and at least DIAGNOSIS_NOISE_RATIO standard errors, the one with the most strokes to gain:
 *   WEAKNESS, strong from DIAGNOSIS_STRONG_RATIO standard errors, else weak. None such: NO_WEAKNESS.
 *
 * Numbers in the outcome are rounded to 2 decimals (figures too); the selection uses unrounded ones.
 * Throws what scoreRound throws for a round that breaks the round rules, and RangeError for a bad
 * benchmark or boundaries.
 */
export function diagnose(rounds: readonly DiagnosisRound[], options: DiagnoseOptions): DiagnosisOutcome {
  const boundaries = options.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES;
  const baseline = getBaseline(options.benchmark);
  const scored = rounds.map((r) => scoreRound(r.round, options.benchmark, boundaries));
  const holes = scored.reduce((sum, r) => sum + r.holes.length, 0);
  const measured = measureCategories(scored.map((r) => ({ holes: r.holes.length, sg: r.sg })));
  const common = {
    rounds: scored.length,
    holes,
    benchmark: baseline.id,
    benchmarkLabel: baseline.label,
    evidence: measured.map((m) => rounded(m.evidence)),
  };
  if (scored.length < DIAGNOSIS_MIN_ROUNDS || holes < DIAGNOSIS_MIN_HOLES) return { ...common, kind: 'NOT_ENOUGH_ROUNDS' };

  const weakest = measured.find((m) => m.evidence.strokesToGain >= DIAGNOSIS_MIN_LOSS && m.ratio >= DIAGNOSIS_NOISE_RATIO);
  if (!weakest) return { ...common, kind: 'NO_WEAKNESS' };

  const { category, displayName, strokesToGain } = weakest.evidence;
  const confidence = weakest.ratio >= DIAGNOSIS_STRONG_RATIO ? 'strong' : 'weak';
  const who = targetGolfer(options.benchmark);
  const figures = readFigures(category, tallyFigures(scored, boundaries), referenceFiguresFor(options.benchmark), boundaries, who);

  const sentences = [
    `${displayName} is where your game loses the most against ${who}: about ${strokesToGain.toFixed(1)} strokes per round over your last ${scored.length} rounds.`,
  ];
  const strongest = figures[0];
  if (strongest && strongest.shortfall > 0) sentences.push(strongest.finding);
  sentences.push(`Practise ${PRACTICE_FOCUS[category]}.`);
  if (confidence === 'weak') {
    sentences.push(
      `The evidence is still weak (the loss is ${weakest.ratio.toFixed(1)} times its standard error): a few more rounds will confirm it or clear it.`,
    );
  }
  return {
    ...common,
    kind: 'WEAKNESS',
    category,
    displayName,
    confidence,
    findings: figures.map((f) => f.finding),
    figures: figures.map(({ figure }) => ({
      ...figure,
      value: figure.value === null ? null : roundTo(figure.value),
      target: figure.target === null ? null : roundTo(figure.target),
    })),
    narrative: sentences.join(' '),
  };
}
