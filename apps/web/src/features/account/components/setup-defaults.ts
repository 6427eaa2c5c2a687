import type { BenchmarkLevel, PlayerLevel, UnitsPair } from '@holeout/golf';

/** The putt and long distance units the Set up page asks for, as the units pair they make. */
export type PuttUnit = 'FEET' | 'YARDS' | 'METERS';
export type LongUnit = 'YARDS' | 'METERS';

export function unitsPairOf(putt: PuttUnit, long: LongUnit): UnitsPair {
  return `${putt}_${long}`;
}

/** The highest handicap index (World Handicap System), and the best plus handicap Set up accepts. */
export const HANDICAP_MAX = 54;
export const HANDICAP_MIN = -10;

/**
 * The benchmark a new golfer is offered before they choose one: from the handicap index when they
 * give one (the benchmark whose typical score is nearest: plus 4 or better plays like the PGA Tour,
 * about 0 like a scratch golfer, about 8 like an 80 golfer, 18 a 90 golfer, 28 a 100 golfer); else
 * from their level (professionals against their tour, everyone else against the 90 golfer, the
 * account's own default).
 */
export function suggestedBenchmark(level: PlayerLevel | null, handicap: number | null): BenchmarkLevel {
  if (handicap !== null) {
    if (handicap <= -4) return level === 'Female Pro' || level === 'Womens Amateur' || level === 'Girls Junior' ? 'LPGA' : 'TOUR';
    if (handicap <= 4) return 'SCRATCH';
    if (handicap <= 13) return 'EIGHTY';
    if (handicap <= 23) return 'NINETY';
    return 'HUNDRED';
  }
  if (level === 'Male Pro') return 'TOUR';
  if (level === 'Female Pro') return 'LPGA';
  return 'NINETY';
}
