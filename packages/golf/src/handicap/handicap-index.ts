/**
 * A player's World Handicap System index from their rounds: each rated round of 9 or 18 holes gives an
 * 18-hole score differential, walked oldest first so every round is adjusted with the index the player had
 * before it, and the index after each score is kept (the history, and the low index the caps need).
 */
import { scoreRound } from '../engine/score.ts';
import type { Hole, Round } from '../round.ts';
import {
  capIndex,
  courseHandicap,
  differentialsRule,
  expectedNineHoleDifferential,
  handicapStrokesByHole,
  LOW_INDEX_DAYS,
  MAX_HANDICAP_INDEX,
  roundToTenth,
  scoreDifferential,
  SCORES_IN_RECORD,
  type HandicapCap,
} from './whs-rules.ts';

/** One of the player's rounds: its event id, when it was played (ISO 8601) and the round with its rating and slope. */
export interface HandicapRound {
  id: number;
  date: string;
  round: Round;
}

/** How the hole scores were capped: net double bogey, or par + 5 (no index yet, or stroke indexes unknown). */
export type HoleScoreCap = 'net_double_bogey' | 'par_plus_5';

/**
 * How a 9-hole score became an 18-hole differential: with the expected differential of the other nine for the
 * index the player had, or (before any index) added to the player's previous uncombined 9-hole score.
 */
export type NineHoleConversion =
  | { kind: 'expected'; nine_hole_differential: number; expected_differential: number }
  | { kind: 'combined'; nine_hole_differential: number; partner_id: number; partner_differential: number };

/** One 18-hole score differential in the record. Rating, slope and adjusted gross are the round's own (9 holes for a 9-hole round). */
export interface HandicapDifferential {
  id: number;
  date: string;
  holes: 9 | 18;
  adjusted_gross: number;
  course_rating: number;
  slope: number;
  /** The 18-hole score differential, one decimal. */
  differential: number;
  /** True when it is one of the lowest differentials the current index averages. */
  counted: boolean;
  method: HoleScoreCap;
  /** Null for 18 holes. */
  nine_hole: NineHoleConversion | null;
}

/** Why a round gives no differential. */
export type IgnoredRoundReason =
  /** No course rating or no slope. */
  | 'no_rating'
  /** Not 9 or 18 holes. */
  | 'hole_count'
  /** A 9-hole score from before the player had an index that no second 9-hole score came to complete. */
  | 'unpaired_nine';

/** How the current index was made. */
export interface HandicapMethod {
  /** Differentials in the record (the latest, at most 20). */
  scores: number;
  /** How many of the lowest are averaged (0 without an index). */
  counted: number;
  /** Added to their average: -2.0 for 3 scores, -1.0 for 4 and 6, else 0. */
  adjustment: number;
  /** The rule in words: "lowest 8 of 20", "lowest 1 of 3, minus 2.0", "fewer than 3 scores". */
  description: string;
}

/** The index after one score, for the chart. */
export interface HandicapHistoryPoint {
  date: string;
  index: number;
}

export interface HandicapIndexResult {
  /** One decimal; null until 3 scores of 18 holes exist. Negative is a plus handicap. */
  index: number | null;
  method: HandicapMethod;
  /** Rounds behind the differentials listed (a combined pair of nines counts 2). */
  rounds_used: number;
  /** The latest 20, newest first. */
  differentials: HandicapDifferential[];
  /** The index after each score from the third on, oldest first. */
  history: HandicapHistoryPoint[];
  /** The lowest index of the 365 days before the most recent score, once 20 differentials exist; else null. */
  low_index: number | null;
  /** Which cap held the current index down. */
  capped: HandicapCap;
  /** Rounds that gave no differential, oldest first. */
  ignored: Array<{ id: number; reason: IgnoredRoundReason }>;
}

const DAY_MS = 86_400_000;

/** A 9-hole round's rating: the contract's ratings are 18-hole figures (55 and above), so those are halved. */
const LOWEST_EIGHTEEN_HOLE_RATING = 55;

interface Scored {
  id: number;
  date: string;
  day: number;
  holes: 9 | 18;
  adjustedGross: number;
  courseRating: number;
  slope: number;
  method: HoleScoreCap;
  /** Unrounded; for 18 holes the differential itself, for 9 holes the 9-hole differential. */
  differential: number;
}

interface RecordEntry {
  entry: Omit<HandicapDifferential, 'counted'>;
  rounds: number;
}

interface IndexPoint {
  day: number;
  index: number;
}

/** The UTC day number of an ISO 8601 date; the low index counts whole days. */
function dayOf(date: string, id: number): number {
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new RangeError(`round ${id}: date '${date}' is not an ISO 8601 date`);
  return Math.floor(ms / DAY_MS);
}

/** Stroke indexes when every hole has a distinct whole one from 1 to 18; else null (par + 5 is used). */
function strokeIndexesOf(holes: readonly Hole[]): number[] | null {
  const indexes = holes.map((hole) => hole.stroke_index);
  const known = indexes.filter((si): si is number => typeof si === 'number' && Number.isInteger(si) && si >= 1 && si <= 18);
  if (known.length !== holes.length || new Set(known).size !== known.length) return null;
  return known;
}

/**
 * The adjusted gross score of a round: each hole's score (the engine's: shots plus penalty strokes) capped at
 * net double bogey (par + 2 + handicap strokes received) when the player has an index and every hole a stroke
 * index, else at par + 5.
 */
function adjustGrossScore(
  round: Round,
  rating: { courseRating: number; slope: number },
  indexBefore: number | null,
): { adjustedGross: number; method: HoleScoreCap } {
  // Scoring needs only the holes; a 9-hole rating (about 35) is outside the round rules' 18-hole range.
  const holesOnly: Round = { units: round.units, holes: round.holes };
  const holeScores = scoreRound(holesOnly, 'SCRATCH').holes.map((hole) => hole.score);
  const strokeIndexes = strokeIndexesOf(round.holes);
  if (indexBefore === null || strokeIndexes === null) {
    const adjustedGross = round.holes.reduce((sum, hole, i) => sum + Math.min(holeScores[i]!, hole.par + 5), 0);
    return { adjustedGross, method: 'par_plus_5' };
  }
  const par = round.holes.reduce((sum, hole) => sum + hole.par, 0);
  // A 9-hole course handicap is made from half the index with the 9-hole rating, slope and par.
  const indexForHoles = round.holes.length === 9 ? indexBefore / 2 : indexBefore;
  const handicap = courseHandicap(indexForHoles, rating.slope, rating.courseRating, par);
  const strokes = handicapStrokesByHole(strokeIndexes, handicap);
  const adjustedGross = round.holes.reduce((sum, hole, i) => sum + Math.min(holeScores[i]!, hole.par + 2 + strokes[i]!), 0);
  return { adjustedGross, method: 'net_double_bogey' };
}

/** The index a record of differentials (oldest first, at most 20) gives before any cap, and which entries it averages. */
function calculateIndex(differentials: readonly number[]): { index: number; counted: number[] } | null {
  const rule = differentialsRule(differentials.length);
  if (rule === null) return null;
  // Lowest first; on equal differentials the older one is counted.
  const counted = differentials
    .map((value, position) => ({ value, position }))
    .sort((a, b) => a.value - b.value || a.position - b.position)
    .slice(0, rule.lowest)
    .map((d) => d.position);
  const average = counted.reduce((sum, position) => sum + differentials[position]!, 0) / rule.lowest;
  return { index: Math.min(roundToTenth(average + rule.adjustment), MAX_HANDICAP_INDEX), counted };
}

/**
 * The lowest index in effect during the 365 days before `day`: the indexes computed in those days and the
 * one already in effect when they began. Null when there was none.
 */
function lowIndexBefore(points: readonly IndexPoint[], day: number): number | null {
  const windowStart = day - LOW_INDEX_DAYS;
  let low: number | null = null;
  let carriedIn: number | null = null;
  for (const point of points) {
    if (point.day >= day) break;
    if (point.day < windowStart) {
      carriedIn = point.index;
      continue;
    }
    low = low === null ? point.index : Math.min(low, point.index);
  }
  if (carriedIn !== null) low = low === null ? carriedIn : Math.min(low, carriedIn);
  return low;
}

function describeMethod(scores: number): HandicapMethod {
  const rule = differentialsRule(scores);
  if (rule === null) return { scores, counted: 0, adjustment: 0, description: `fewer than 3 scores` };
  const adjustment = rule.adjustment === 0 ? '' : `, minus ${(-rule.adjustment).toFixed(1)}`;
  return { scores, counted: rule.lowest, adjustment: rule.adjustment, description: `lowest ${rule.lowest} of ${scores}${adjustment}` };
}

/**
 * A player's Handicap Index under the World Handicap System, from all their rounds (any order).
 *
 * - A round counts when it has a course rating and a slope and 9 or 18 holes; other rounds are listed in
 *   `ignored`.
 * - Rounds are walked by date (then id). Each hole's score is capped at net double bogey when the player had an
 *   index before the round and every hole has a stroke index, else at par + 5; the sum is the adjusted gross.
 * - 18 holes: differential = (113 / slope) x (adjusted gross - course rating), to the nearest tenth (.05 up).
 * - 9 holes: the 9-hole differential (the same formula with the 9-hole rating; a rating of 55 or more is the
 *   tees' 18-hole rating and is halved) plus the expected 9-hole differential of the index the player had;
 *   before any index, added to the previous uncombined 9-hole differential instead (two nines make one score).
 * - After each score the index is the WHS table over the latest 20 differentials, to the nearest tenth, at
 *   most 54.0; with 20 differentials the soft cap (an increase over the low index beyond 3.0 is halved) and the
 *   hard cap (at most low + 5.0) apply, the low index being the lowest of the 365 days before the score.
 *
 * Not applied: the playing conditions calculation (0) and the exceptional score reduction.
 * Throws RangeError for a date that does not parse and RoundError for a round that breaks the round rules.
 */
export function computeHandicapIndex(rounds: readonly HandicapRound[]): HandicapIndexResult {
  const ordered = rounds
    .map((r) => ({ ...r, day: dayOf(r.date, r.id), ms: Date.parse(r.date) }))
    .sort((a, b) => a.ms - b.ms || a.id - b.id);
  const ignored: HandicapIndexResult['ignored'] = [];
  const record: RecordEntry[] = [];
  const points: IndexPoint[] = [];
  const history: HandicapHistoryPoint[] = [];
  let index: number | null = null;
  let lowIndex: number | null = null;
  let capped: HandicapCap = null;
  let pendingNine: Scored | null = null;

  for (const played of ordered) {
    const { course_rating: rating, slope } = played.round;
    if (typeof rating !== 'number' || typeof slope !== 'number') {
      ignored.push({ id: played.id, reason: 'no_rating' });
      continue;
    }
    const holes = played.round.holes.length;
    if (holes !== 9 && holes !== 18) {
      ignored.push({ id: played.id, reason: 'hole_count' });
      continue;
    }
    const courseRating = holes === 9 && rating >= LOWEST_EIGHTEEN_HOLE_RATING ? rating / 2 : rating;
    const { adjustedGross, method } = adjustGrossScore(played.round, { courseRating, slope }, index);
    const scored: Scored = {
      id: played.id,
      date: played.date,
      day: played.day,
      holes,
      adjustedGross,
      courseRating,
      slope,
      method,
      differential: scoreDifferential(adjustedGross, courseRating, slope),
    };

    let entry: RecordEntry;
    if (holes === 18) {
      entry = { entry: entryOf(scored, roundToTenth(scored.differential), null), rounds: 1 };
    } else if (index !== null) {
      const expected = expectedNineHoleDifferential(index);
      const conversion: NineHoleConversion = {
        kind: 'expected',
        nine_hole_differential: roundToTenth(scored.differential),
        expected_differential: roundToTenth(expected),
      };
      entry = { entry: entryOf(scored, roundToTenth(scored.differential + expected), conversion), rounds: 1 };
    } else if (pendingNine === null) {
      pendingNine = scored;
      continue;
    } else {
      // Two 9-hole differentials stay unrounded until added into one 18-hole differential.
      const conversion: NineHoleConversion = {
        kind: 'combined',
        nine_hole_differential: roundToTenth(scored.differential),
        partner_id: pendingNine.id,
        partner_differential: roundToTenth(pendingNine.differential),
      };
      entry = { entry: entryOf(scored, roundToTenth(scored.differential + pendingNine.differential), conversion), rounds: 2 };
      pendingNine = null;
    }
    record.push(entry);

    const latest = record.slice(-SCORES_IN_RECORD).map((r) => r.entry.differential);
    const calculated = calculateIndex(latest);
    if (calculated === null) continue;
    if (pendingNine !== null) {
      // With an index, later nines are converted with the expected differential; the waiting one never pairs.
      ignored.push({ id: pendingNine.id, reason: 'unpaired_nine' });
      pendingNine = null;
    }
    index = calculated.index;
    capped = null;
    lowIndex = null;
    if (latest.length >= SCORES_IN_RECORD) {
      lowIndex = lowIndexBefore(points, played.day);
      if (lowIndex !== null) ({ index, capped } = capIndex(calculated.index, lowIndex));
    }
    points.push({ day: played.day, index });
    history.push({ date: played.date, index });
  }
  if (pendingNine !== null) ignored.push({ id: pendingNine.id, reason: 'unpaired_nine' });
  const position = new Map(ordered.map((r, i) => [r.id, i]));

  const latest = record.slice(-SCORES_IN_RECORD);
  const counted = new Set(calculateIndex(latest.map((r) => r.entry.differential))?.counted ?? []);
  const differentials = latest.map((r, position) => ({ ...r.entry, counted: counted.has(position) })).reverse();
  return {
    index,
    method: describeMethod(latest.length),
    rounds_used: latest.reduce((sum, r) => sum + r.rounds, 0),
    differentials,
    history,
    low_index: lowIndex,
    capped,
    ignored: ignored.sort((a, b) => position.get(a.id)! - position.get(b.id)!),
  };
}

function entryOf(scored: Scored, differential: number, nineHole: NineHoleConversion | null): Omit<HandicapDifferential, 'counted'> {
  return {
    id: scored.id,
    date: scored.date,
    holes: scored.holes,
    adjusted_gross: scored.adjustedGross,
    course_rating: scored.courseRating,
    slope: scored.slope,
    differential,
    method: scored.method,
    nine_hole: nineHole,
  };
}
