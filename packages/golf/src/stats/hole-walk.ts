/**
 * Small readings of a scored hole that several statistics share. Distances follow the engine's
 * normalised convention: yards off the green, feet on it.
 */
import type { ScoredHole, ScoredShot } from '../engine/index.ts';
import { roundTo } from '../display.ts';

/** A shot finished on the putting surface or in the hole. */
export function reachedGreen(shot: ScoredShot): boolean {
  return shot.to === 'G' || shot.to === 'I';
}

/** A putt: any stroke played from the green. */
export function isPutt(shot: ScoredShot): boolean {
  return shot.from === 'G';
}

/**
 * Index of the shot that first put the ball on the green or in the hole from off it; -1 when none
 * did. A putt is never that shot: a hole whose recorded play starts on the green has no shot that
 * reached it (and no approach distance in yards to report).
 */
export function greenReachedAt(hole: ScoredHole): number {
  return hole.shots.findIndex((shot) => !isPutt(shot) && reachedGreen(shot));
}

/**
 * Distance to the hole where the ball came to rest after `shot` (the next shot's start, in its
 * convention: feet on the green, yards off it; 0 when holed), or null when that place is unknown:
 * after O (the ball is lost and replayed) and after H followed by a drop. Both are exactly the
 * shots that carry a penalty stroke; a ball in a penalty area played as it lies is measured.
 */
export function restingDistance(shot: ScoredShot): number | null {
  return shot.penalty > 0 ? null : shot.endDist;
}

/** A layup leaves more than this many yards to the hole. */
export const LAYUP_MIN_LEFT_YARDS = 50;

/**
 * A layup: a shot played short of the green on purpose, because the hole was beyond its reach.
 * Read from what is recorded: the shot was played from off the green, finished on the fairway,
 * more than 50 yd from the hole (so the next shot is itself an approach, not a chip), nearer the
 * hole than it started (it finished short, not past the hole), and no miss direction other than
 * short (s, ls, rs) was recorded (a shot marked left, right or long was aimed at the green).
 * Statistics that judge approaches leave layups out (misses.ts); strokes gained count them.
 */
export function isLayup(shot: ScoredShot): boolean {
  if (shot.from === 'G' || shot.to !== 'F') return false;
  const rest = restingDistance(shot);
  if (rest === null || rest <= LAYUP_MIN_LEFT_YARDS || rest >= shot.dist) return false;
  return shot.miss === undefined || shot.miss === 's' || shot.miss === 'ls' || shot.miss === 'rs';
}

/**
 * The green was hit in regulation (PGA TOUR): the ball was on the putting surface, or holed, after
 * at most par - 2 strokes, penalty strokes included.
 */
export function hitGreenInRegulation(hole: ScoredHole): boolean {
  const at = greenReachedAt(hole);
  return at !== -1 && strokesThrough(hole, at) <= hole.par - 2;
}

/** Strokes taken up to and including shot `index`, penalty strokes included. */
export function strokesThrough(hole: ScoredHole, index: number): number {
  let strokes = 0;
  for (let i = 0; i <= index && i < hole.shots.length; i++) strokes += 1 + (hole.shots[i]?.penalty ?? 0);
  return strokes;
}

/** A drive: the tee shot of a par 4 or longer (the shots fairway statistics are about). */
export function driveOf(hole: ScoredHole): ScoredShot | undefined {
  if (hole.par < 4) return undefined;
  const tee = hole.shots[0];
  return tee?.from === 'T' ? tee : undefined;
}

/** `count / attempts * factor`, rounded at the output edge; null when there were no attempts. */
export function rate(count: number, attempts: number, factor: number): number | null {
  if (attempts === 0) return null;
  return roundTo((count / attempts) * factor);
}

/** Average rounded at the output edge; null for an empty list. */
export function average(total: number, count: number): number | null {
  if (count === 0) return null;
  return roundTo(total / count);
}
