/**
 * The handicap index in words and as a custom target. The index has one decimal; below zero it is a
 * plus handicap, written "+1.2" as golfers write it. A handicap target plays from a course rating and
 * slope: taking the index as the custom target uses those of the latest round that counted in it.
 */
import type { CustomSgSettings, PlayerHandicap } from '@holeout/contracts';
import { DEFAULT_CATEGORY_BOUNDARIES } from '@holeout/golf';

/** 12.3 as "12.3"; a plus handicap (-1.2) as "+1.2". */
export function formatHandicapIndex(index: number): string {
  return index < 0 ? `+${Math.abs(index).toFixed(1)}` : index.toFixed(1);
}

/** How the hole scores of a round were capped: net double bogey with the holes' stroke indexes, par + 5 without them. */
export const SCORE_CAP_LABELS: Record<PlayerHandicap['differentials'][number]['method'], string> = {
  net_double_bogey: 'Net double bogey',
  par_plus_5: 'Par + 5',
};

/** The cap line: which cap held the index down and the low index it is held to; null when no cap applied. */
export function capText(handicap: Pick<PlayerHandicap, 'capped' | 'low_index'>): string | null {
  if (handicap.capped === null) return null;
  const low = handicap.low_index === null ? '' : ` (the lowest index of the past year is ${formatHandicapIndex(handicap.low_index)})`;
  return handicap.capped === 'soft'
    ? `The soft cap slowed its rise: half of what it rose over 3.0 above the low index was kept${low}.`
    : `The hard cap held it: an index rises at most 5.0 above the low index${low}.`;
}

/**
 * The custom target the index makes: the index with the course rating and slope of the latest
 * counted round (the differentials come newest first), keeping the user's saved category
 * boundaries (the defaults without them). Null without an index or a counted round.
 */
export function handicapTarget(
  handicap: Pick<PlayerHandicap, 'index' | 'differentials'>,
  saved: CustomSgSettings | null | undefined,
): CustomSgSettings | null {
  const latest = handicap.differentials.find((differential) => differential.counted);
  if (handicap.index === null || latest === undefined) return null;
  return {
    target: { handicap_index: handicap.index, course_rating: latest.course_rating, slope: latest.slope },
    boundaries: saved?.boundaries ?? { ...DEFAULT_CATEGORY_BOUNDARIES },
  };
}
