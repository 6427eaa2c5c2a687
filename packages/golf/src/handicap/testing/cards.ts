/**
 * Test rounds for the handicap index: holes built from the score wanted (plain strokes, no penalty), so a
 * test can say "a 5 on a par 4" and the engine counts it back.
 */
import type { Hole, Round, Shot } from '../../round.ts';
import type { HandicapRound } from '../handicap-index.ts';

/** A hole played in `score` strokes without penalty: tee shot, fairway shots, an approach, one putt. */
export function holeWithScore(hole: number, par: number, score: number, strokeIndex?: number): Hole {
  const shots: Shot[] = [];
  if (score === 1) shots.push({ from: 'T', dist: 180, to: 'I' });
  else if (score === 2) shots.push({ from: 'T', dist: 180, to: 'G' }, { from: 'G', dist: 8, to: 'I' });
  else {
    shots.push({ from: 'T', dist: 380, to: 'F' });
    for (let i = 0; i < score - 3; i++) shots.push({ from: 'F', dist: 140, to: 'F' });
    shots.push({ from: 'F', dist: 120, to: 'G' }, { from: 'G', dist: 8, to: 'I' });
  }
  const built: Hole = { hole, par, shots };
  if (strokeIndex !== undefined) built.stroke_index = strokeIndex;
  return built;
}

/** A round of par-4 holes (9 or 18) adding up to `gross`: every hole a par or one over, the bogeys first. */
export function parFourRound(gross: number, rating: { course_rating?: number; slope?: number }, holes: 9 | 18 = 18): Round {
  const each = Math.floor(gross / holes);
  const over = gross - each * holes;
  return {
    units: 'FEET_YARDS',
    ...rating,
    holes: Array.from({ length: holes }, (_, i) => holeWithScore(i + 1, 4, each + (i < over ? 1 : 0))),
  };
}

/** A round on 18 par-4 holes, course rating 72.0 and slope 113, whose differential is exactly `differential` strokes. */
export function roundWithDifferential(id: number, date: string, differential: number): HandicapRound {
  return { id, date, round: parFourRound(72 + differential, { course_rating: 72, slope: 113 }) };
}

/** ISO date `days` after `start` (YYYY-MM-DD), at 09:00 UTC. */
export function daysAfter(start: string, days: number): string {
  const ms = Date.parse(`${start}T09:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString();
}
