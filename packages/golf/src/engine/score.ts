/**
 * Scoring a round: strokes gained per shot, hole and category against a benchmark.
 *
 *   SG(shot) = E(start) - E(end) - 1 - penalty,  E(holed) = 0
 *
 * E(end) is E at the next shot's start (its lie and distance; on the green that distance is in feet),
 * so a hole telescopes to E(first start) - score. After O the next shot starts where this one did, so
 * with the one-stroke penalty the O shot is worth exactly -2.
 */
import { getBaseline } from '../baselines/baseline.ts';
import type { Round, Shot } from '../round.ts';
import { UNITS_PAIR_NAMES, UNITS_PAIRS } from '../units-pairs.ts';
import { convertDistance, CANONICAL_UNIT, type DistanceKind } from '../units.ts';
import {
  addToCategory,
  categorise,
  DEFAULT_CATEGORY_BOUNDARIES,
  emptySgBreakdown,
  finishBreakdown,
  validateCategoryBoundaries,
} from './categories.ts';
import type { BenchmarkRef, CategoryBoundaries, ScoredHole, ScoredRound, ScoredShot } from './types.ts';
import { RoundError, validateRound } from './validate.ts';

const kindOf = (shot: Shot): DistanceKind => (shot.from === 'G' ? 'putt' : 'long');

/** A shot's distance in the engine's units: feet on the green, yards off it. */
function canonicalDistance(shot: Shot, pair: (typeof UNITS_PAIRS)[keyof typeof UNITS_PAIRS]): number {
  const kind = kindOf(shot);
  return convertDistance(shot.dist, pair[kind], CANONICAL_UNIT[kind]);
}

/**
 * The round in FEET_YARDS: putt distances in feet, long distances in yards, converted with the
 * constants of units.ts (a converted distance is never below 1). Returns a new round; the input is not changed.
 * Throws RoundError for unknown units; other rules are validateRound's.
 */
export function normaliseRound(round: Round): Round {
  // Guard the one field a bad payload would otherwise turn into a TypeError; the rest is validateRound's job.
  if (!(UNITS_PAIR_NAMES as readonly string[]).includes(round.units)) {
    throw new RoundError(0, null, `unknown units '${String(round.units)}'; expected one of ${UNITS_PAIR_NAMES.join(', ')}`);
  }
  const pair = UNITS_PAIRS[round.units];
  return {
    ...round,
    units: 'FEET_YARDS',
    holes: round.holes.map((hole) => ({
      ...hole,
      shots: hole.shots.map((shot) => ({ ...shot, dist: canonicalDistance(shot, pair) })),
    })),
  };
}

/**
 * Scores a round against a benchmark (named level or custom). Validates the round first (RoundError
 * naming hole and shot) and the boundaries (RangeError). Numbers are unrounded; rounding is for display.
 */
export function scoreRound(round: Round, ref: BenchmarkRef, boundaries: CategoryBoundaries = DEFAULT_CATEGORY_BOUNDARIES): ScoredRound {
  validateRound(round);
  const problems = validateCategoryBoundaries(boundaries);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  const baseline = getBaseline(ref);
  const expected = baseline.expected;
  const pair = UNITS_PAIRS[round.units];
  const canonical = (shot: Shot): number => canonicalDistance(shot, pair);

  const sg = emptySgBreakdown();
  const holes: ScoredHole[] = [];
  let score = 0;
  let par = 0;
  for (const hole of round.holes) {
    const shots = hole.shots;
    const scored: ScoredShot[] = new Array<ScoredShot>(shots.length);
    let current = shots[0]!;
    let dist = canonical(current);
    let startE = expected(current.from, dist);
    const holeStartE = startE;
    let penalties = 0;
    for (let i = 0; i < shots.length; i++) {
      const shot = current;
      const next = shots[i + 1];
      let endE = 0;
      let endDist: number | null = 0;
      let nextDist = 0;
      let penalty = 0;
      if (next) {
        nextDist = canonical(next);
        endE = expected(next.from, nextDist);
        endDist = shot.to === 'O' ? null : nextDist;
        // Stroke and distance after O; a drop after H (anything but playing it from H) costs one stroke.
        if (shot.to === 'O' || (shot.to === 'H' && next.from !== 'H')) penalty = 1;
      }
      const shotSg = startE - endE - 1 - penalty;
      const category = categorise(shot.from, dist, hole.par, boundaries);
      addToCategory(sg, category, shotSg);
      const entry: ScoredShot = { from: shot.from, to: shot.to, dist, endDist, sg: shotSg, category, penalty };
      if (shot.miss) entry.miss = shot.miss;
      scored[i] = entry;
      penalties += penalty;
      if (next) {
        current = next;
        dist = nextDist;
        startE = endE;
      }
    }
    const holeScore = shots.length + penalties;
    holes.push({ hole: hole.hole, par: hole.par, score: holeScore, sg: holeStartE - holeScore, penalties, shots: scored });
    score += holeScore;
    par += hole.par;
  }
  return { benchmark: baseline.id, score, par, sg: finishBreakdown(sg), holes };
}
