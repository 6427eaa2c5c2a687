import { leastSquares, roundTo } from '@holeout/golf';

/** Rounds after the diagnosis needed before a verdict is given. */
export const VERDICT_MIN_AFTER_ROUNDS = 3;

export interface FollowUpFigures {
  before_mean: number | null;
  after_mean: number | null;
  after_rounds: number;
  trend_per_round: number | null;
  verdict: 'improving' | 'no_change' | 'worse' | null;
  verdict_text: string;
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/** The standard error of the mean: the sample standard deviation over the square root of n; null below 2 values. */
function standardError(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values)!;
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

/** The least-squares slope of the values against their order (0, 1, 2, ...): change per round; null below 2 values. */
export function trendPerRound(values: readonly number[]): number | null {
  return (
    leastSquares(
      values.map((_, x) => x),
      values,
    )?.slope ?? null
  );
}

const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '\u2212' : ''}${Math.abs(roundTo(value, 2)).toFixed(2)}`;
const roundsWord = (n: number) => `${n} round${n === 1 ? '' : 's'}`;

/**
 * The follow-up of a diagnosis from the category's strokes gained per 18 holes in each round before it
 * (the rounds it was made from) and after it (played since), oldest first.
 *
 * The verdict rule, once 3 rounds were played after: d = after mean - before mean, against the
 * standard error of that difference, s = sqrt(SE_before^2 + SE_after^2) (each SE the sample standard
 * deviation over the square root of its rounds). Improving when d > s, worse when d < -s, no change
 * otherwise: a move larger than one standard error, which a handful of rounds can show. Without two
 * rounds before to measure the spread by, there is no verdict.
 */
export function followUpFigures(category: string, before: readonly number[], after: readonly number[]): FollowUpFigures {
  const beforeMean = mean(before);
  const afterMean = mean(after);
  const figures = {
    before_mean: beforeMean === null ? null : roundTo(beforeMean, 2),
    after_mean: afterMean === null ? null : roundTo(afterMean, 2),
    after_rounds: after.length,
    trend_per_round: after.length < 2 ? null : roundTo(trendPerRound(after)!, 2),
  };
  if (after.length < VERDICT_MIN_AFTER_ROUNDS) {
    const more = VERDICT_MIN_AFTER_ROUNDS - after.length;
    return {
      ...figures,
      verdict: null,
      verdict_text: `${roundsWord(after.length)} played since the diagnosis: the verdict comes after ${VERDICT_MIN_AFTER_ROUNDS} (${more} more to play).`,
    };
  }
  const seBefore = standardError(before);
  const seAfter = standardError(after)!;
  if (seBefore === null || beforeMean === null || afterMean === null) {
    return {
      ...figures,
      verdict: null,
      verdict_text: `Fewer than 2 of the rounds the diagnosis was made from remain, so there is nothing to compare the ${roundsWord(after.length)} since with.`,
    };
  }
  const difference = afterMean - beforeMean;
  const se = Math.sqrt(seBefore ** 2 + seAfter ** 2);
  const verdict = difference > se ? 'improving' : difference < -se ? 'worse' : 'no_change';
  const measured = `${category}: ${signed(afterMean)} strokes gained per 18 over the ${roundsWord(after.length)} since the diagnosis against ${signed(beforeMean)} over the ${roundsWord(before.length)} before, a change of ${signed(difference)}`;
  const rule = `its standard error (${roundTo(se, 2).toFixed(2)})`;
  const verdictText =
    verdict === 'improving'
      ? `Improving. ${measured}, more than ${rule}.`
      : verdict === 'worse'
        ? `Worse. ${measured}, a loss larger than ${rule}.`
        : `No clear change yet. ${measured}, within ${rule}.`;
  return { ...figures, verdict, verdict_text: verdictText };
}
