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
import { studentTUpperQuantile, studentTUpperTail } from './student-t.ts';
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
 * The chance, family-wise, of naming a category whose true loss is none. Eleven categories are tested
 * at once, so each is tested at this over eleven (Bonferroni): a category is named only when a loss as
 * large as it shows would arise from noise less than 0.05 / 11 of the time.
 */
export const DIAGNOSIS_FAMILY_ERROR = 0.05;
/** At this family-wise error or less the diagnosis is strong; between it and DIAGNOSIS_FAMILY_ERROR, weak. */
export const DIAGNOSIS_STRONG_FAMILY_ERROR = 0.01;

/**
 * How unlikely a category's loss is as noise: the one-sided p of its loss over its standard error under
 * Student's t with n - 1 degrees of freedom (the standard error comes from the n rounds themselves, so
 * with few rounds the bar is far higher than the normal's), times the number of categories (Bonferroni).
 * 1 without a loss; 0 for a loss with no spread at all.
 */
export function familyWiseError(strokesToGain: number, stdError: number, rounds: number): number {
  if (strokesToGain <= 0 || rounds < 2) return 1;
  if (stdError === 0) return 0;
  return Math.min(1, DIAGNOSIS_CATEGORIES.length * studentTUpperTail(strokesToGain / stdError, rounds - 1));
}

/**
 * The loss in standard errors a category needs to be named with `rounds` rounds (the t quantile at
 * DIAGNOSIS_FAMILY_ERROR / 11): 10.4 with 3 rounds, 4.7 with 5, 3.3 with 10, 2.9 with 20, 2.6 with many.
 */
export function noiseRatioFor(rounds: number, familyError = DIAGNOSIS_FAMILY_ERROR): number {
  return studentTUpperQuantile(familyError / DIAGNOSIS_CATEGORIES.length, rounds - 1);
}

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

/**
 * Strokes gained per 18 holes of every category, with its standard error and strokes to gain (see the
 * module comment), unrounded, most strokes to gain first (then the closest to losing). Needs at least
 * two rounds (a spread needs two); with fewer the list is empty.
 */
export function measureCategories(perRound: ReadonlyArray<{ holes: number; sg: SgBreakdown }>): CategoryEvidence[] {
  const n = perRound.length;
  if (n < 2) return [];
  const holes = perRound.reduce((sum, r) => sum + r.holes, 0);
  const measured = DIAGNOSIS_CATEGORIES.map((category): CategoryEvidence => {
    const total = perRound.reduce((sum, r) => sum + categorySg(r.sg, category), 0);
    const sgPer18 = (SG_PER_HOLES * total) / holes;
    const spread = perRound.reduce((sum, r) => {
      const x = (SG_PER_HOLES * categorySg(r.sg, category)) / r.holes;
      return sum + r.holes * (x - sgPer18) ** 2;
    }, 0);
    const variance = ((n / (n - 1)) * spread) / holes;
    const stdError = Math.sqrt(variance / n);
    const strokesToGain = Math.max(0, -sgPer18);
    return { category, displayName: CATEGORY_DISPLAY_NAMES[category], sgPer18, stdError, strokesToGain };
  });
  measured.sort((a, b) => b.strokesToGain - a.strokesToGain || a.sgPer18 - b.sgPer18);
  return measured;
}

/** The category a diagnosis names, how sure that is, and its family-wise error. */
export interface WeakestCategory {
  evidence: CategoryEvidence;
  familyError: number;
  confidence: 'strong' | 'weak';
}

/**
 * The selection rule: among the categories whose loss is at least DIAGNOSIS_MIN_LOSS strokes per 18
 * holes and unlikely to be noise (familyWiseError at most DIAGNOSIS_FAMILY_ERROR), the one with the most
 * strokes to gain; strong when its familyWiseError is at most DIAGNOSIS_STRONG_FAMILY_ERROR, else weak.
 * Null when none qualifies. `evidence` unrounded, measured over `rounds` rounds.
 */
export function weakestCategory(evidence: readonly CategoryEvidence[], rounds: number): WeakestCategory | null {
  let weakest: WeakestCategory | null = null;
  for (const e of evidence) {
    if (e.strokesToGain < DIAGNOSIS_MIN_LOSS) continue;
    const familyError = familyWiseError(e.strokesToGain, e.stdError, rounds);
    if (familyError > DIAGNOSIS_FAMILY_ERROR) continue;
    if (weakest && weakest.evidence.strokesToGain >= e.strokesToGain) continue;
    weakest = { evidence: e, familyError, confidence: familyError <= DIAGNOSIS_STRONG_FAMILY_ERROR ? 'strong' : 'weak' };
  }
  return weakest;
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
 * - Otherwise weakestCategory picks the category: WEAKNESS with its figures and narrative, or
 *   NO_WEAKNESS when none qualifies.
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
    evidence: measured.map(rounded),
  };
  if (scored.length < DIAGNOSIS_MIN_ROUNDS || holes < DIAGNOSIS_MIN_HOLES) return { ...common, kind: 'NOT_ENOUGH_ROUNDS' };

  const weakest = weakestCategory(measured, scored.length);
  if (!weakest) return { ...common, kind: 'NO_WEAKNESS' };

  const { category, displayName, strokesToGain } = weakest.evidence;
  const confidence = weakest.confidence;
  const who = targetGolfer(options.benchmark);
  const figures = readFigures(category, tallyFigures(scored, boundaries), referenceFiguresFor(options.benchmark), boundaries, who);

  const sentences = [
    `${displayName} is where your game loses the most against ${who}: about ${strokesToGain.toFixed(1)} strokes per round over your last ${scored.length} rounds.`,
  ];
  const strongest = figures[0];
  if (strongest && strongest.shortfall > 0) sentences.push(strongest.finding);
  sentences.push(`Practise ${PRACTICE_FOCUS[category]}.`);
  if (confidence === 'weak') {
    sentences.push(`The evidence is still weak after ${scored.length} rounds: a few more rounds will confirm it or clear it.`);
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
