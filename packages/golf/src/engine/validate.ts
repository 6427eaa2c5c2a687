/**
 * The rules every round keeps: 1 to 18 holes, each played from T first and ending with its only shot
 * into the hole (I); a shot starts where the previous one ended, except after O (replayed from the same
 * place) and after H (played as it lies or dropped); distances positive and within bounds. Checks run on
 * untrusted JSON too, so every field is checked at run time even though the parameter is typed.
 */
import { END_LIES, MISS_DIRECTIONS, START_LIES, type Round } from '../round.ts';
import { UNITS_PAIR_NAMES, UNITS_PAIRS, type DistanceUnit, type UnitsPair } from '../units-pairs.ts';

/** A broken round rule. `hole` is the hole number (0 for the round as a whole); `shot` is 1-based, null for the hole itself. */
export class RoundError extends Error {
  hole: number;
  shot: number | null;

  constructor(hole: number, shot: number | null, problem: string) {
    const where = hole === 0 ? 'Round' : shot === null ? `Hole ${hole}` : `Hole ${hole}, shot ${shot}`;
    super(`${where}: ${problem}`);
    this.name = 'RoundError';
    this.hole = hole;
    this.shot = shot;
  }
}

/**
 * The longest distance a shot may start from, in each unit: off the green 800 yd (730 m), on the green
 * 200 ft (61 m, 66 2/3 yd). Longer is a typing slip (a yardage in the putt field, an extra digit).
 */
export const MAX_SHOT_DISTANCE: Readonly<Record<'long' | 'putt', Partial<Record<DistanceUnit, number>>>> = {
  long: { yards: 800, meters: 730 },
  putt: { feet: 200, meters: 61, yards: 200 / 3 },
};

/** Bounds of the optional round fields course rating and slope (used by custom benchmarks and handicap figures). */
export const COURSE_RATING_RANGE = { min: 55, max: 85 } as const;
export const SLOPE_RANGE = { min: 55, max: 155 } as const;

export const MIN_PAR = 3;
export const MAX_PAR = 6;
export const MAX_HOLE_NUMBER = 18;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const includes = (list: readonly string[], v: unknown): boolean => typeof v === 'string' && list.includes(v);
const show = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : (JSON.stringify(v) ?? String(v)));

/**
 * Throws a RoundError naming the hole and shot for the first broken rule: known units; course rating
 * 55-85 and slope 55-155 when given; 1 to 18 holes
 * numbered 1..18 without repeats; par 3..6; at least one shot per hole; known lies and miss
 * directions; positive finite distances within MAX_SHOT_DISTANCE; the first shot from T; the last shot, and only it, ends in I; each shot starts where
 * the previous ended, except after O (replayed from the same lie and distance, one penalty stroke) and
 * after H (from H as it lies, or a drop anywhere with one penalty stroke).
 */
export function validateRound(round: Round): void {
  const raw: unknown = round;
  if (!isObject(raw)) throw new RoundError(0, null, 'a round must be an object with units and holes');
  if (!includes(UNITS_PAIR_NAMES, raw.units)) {
    throw new RoundError(0, null, `unknown units ${show(raw.units)}; expected one of ${UNITS_PAIR_NAMES.join(', ')}`);
  }
  checkOptionalNumber(raw.course_rating, 'course rating', COURSE_RATING_RANGE);
  checkOptionalNumber(raw.slope, 'slope', SLOPE_RANGE);
  if (raw.tees !== undefined && raw.tees !== null && typeof raw.tees !== 'string') throw new RoundError(0, null, 'tees must be text');
  const holes = raw.holes;
  if (!Array.isArray(holes) || holes.length === 0) throw new RoundError(0, null, 'a round needs at least one hole');
  if (holes.length > MAX_HOLE_NUMBER) throw new RoundError(0, null, `a round has at most ${MAX_HOLE_NUMBER} holes`);
  const seen = new Set<number>();
  holes.forEach((hole: unknown, index) => {
    if (!isObject(hole)) throw new RoundError(index + 1, null, 'a hole must be an object with hole, par and shots');
    const number = hole.hole;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > MAX_HOLE_NUMBER) {
      throw new RoundError(
        index + 1,
        null,
        `hole number ${show(number)} must be a whole number from 1 to ${MAX_HOLE_NUMBER} (entry ${index + 1})`,
      );
    }
    if (seen.has(number)) throw new RoundError(number, null, 'hole number appears more than once');
    seen.add(number);
    const par = hole.par;
    if (typeof par !== 'number' || !Number.isInteger(par) || par < MIN_PAR || par > MAX_PAR) {
      throw new RoundError(number, null, `par ${show(par)} must be a whole number from ${MIN_PAR} to ${MAX_PAR}`);
    }
    validateShots(number, hole.shots, raw.units as UnitsPair);
  });
}

function checkOptionalNumber(value: unknown, name: string, range: { min: number; max: number }): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw new RoundError(0, null, `${name} ${show(value)} must be a number from ${range.min} to ${range.max}`);
  }
}

function validateShots(hole: number, shots: unknown, units: UnitsPair): void {
  if (!Array.isArray(shots) || shots.length === 0) throw new RoundError(hole, null, 'a hole needs at least one shot');
  const last = shots.length - 1;
  for (let i = 0; i <= last; i++) {
    const shot: unknown = shots[i];
    const n = i + 1;
    if (!isObject(shot)) throw new RoundError(hole, n, 'a shot must be an object with from, dist and to');
    if (!includes(START_LIES, shot.from)) {
      throw new RoundError(hole, n, `unknown start lie ${show(shot.from)}; expected one of ${START_LIES.join(', ')}`);
    }
    if (!includes(END_LIES, shot.to)) {
      throw new RoundError(hole, n, `unknown end lie ${show(shot.to)}; expected one of ${END_LIES.join(', ')}`);
    }
    if (typeof shot.dist !== 'number' || !Number.isFinite(shot.dist) || shot.dist <= 0) {
      throw new RoundError(hole, n, `distance ${show(shot.dist)} must be a positive number`);
    }
    if (i === 0 && shot.from !== 'T')
      throw new RoundError(hole, n, `the first shot of a hole is played from the tee (T), not ${show(shot.from)}`);
    const kind = shot.from === 'G' ? 'putt' : 'long';
    const unit = UNITS_PAIRS[units][kind];
    const max = MAX_SHOT_DISTANCE[kind][unit] ?? Infinity;
    // A hair over, from converting units (60.96 m is 200.00000000000003 ft), is within the bound.
    if (shot.dist > max * (1 + 1e-9)) {
      const where = kind === 'putt' ? 'on the green' : 'off the green';
      throw new RoundError(hole, n, `distance ${shot.dist} ${unit} is past the longest ${where} (${Number(max.toFixed(2))} ${unit})`);
    }
    if (shot.miss !== undefined && shot.miss !== null && !includes(MISS_DIRECTIONS, shot.miss)) {
      throw new RoundError(hole, n, `unknown miss direction ${show(shot.miss)}; expected one of ${MISS_DIRECTIONS.join(', ')}`);
    }
    if (i === last && shot.to !== 'I')
      throw new RoundError(hole, n, `the last shot of a hole must end in the hole (I), not ${show(shot.to)}`);
    if (i < last && shot.to === 'I') throw new RoundError(hole, n, 'only the last shot of a hole may end in the hole (I)');
    if (i === 0) continue;
    const previous = shots[i - 1] as Record<string, unknown>;
    if (previous.to === 'O') {
      if (shot.from !== previous.from || shot.dist !== previous.dist) {
        throw new RoundError(
          hole,
          n,
          `after out of bounds on shot ${i}, the next shot is played from the same place (${String(previous.from)} ${String(previous.dist)}), not ${String(shot.from)} ${String(shot.dist)}`,
        );
      }
      continue;
    }
    if (previous.to === 'H') continue;
    if (shot.from !== previous.to) {
      throw new RoundError(hole, n, `starts from ${show(shot.from)} but shot ${i} ended in ${show(previous.to)}`);
    }
  }
}
