/**
 * The round format the /v4 API takes: holes of shots, each shot with its start lie, its distance to the
 * hole and where it finished (the rules a round must keep are in engine/validate.ts).
 * Every other module of this package speaks in these types.
 */
import type { UnitsPair } from './units-pairs.ts';

/** Where a shot starts: tee, fairway, rough, sand, hazard (penalty area, played as it lies), green. */
export const START_LIES = ['T', 'F', 'R', 'S', 'H', 'G'] as const;
export type StartLie = (typeof START_LIES)[number];

/** Where a shot ends: fairway, rough, sand, hazard, green, in the hole, out of bounds / lost. */
export const END_LIES = ['F', 'R', 'S', 'H', 'G', 'I', 'O'] as const;
export type EndLie = (typeof END_LIES)[number];

/** Direction of a miss: long-left, long, long-right, right, short-right, short, short-left, left. */
export const MISS_DIRECTIONS = ['lo', 'o', 'ro', 'r', 'rs', 's', 'ls', 'l'] as const;
export type MissDirection = (typeof MISS_DIRECTIONS)[number];

export interface Shot {
  from: StartLie;
  /** Distance to the hole at the start of the shot: putt unit when `from` is G, else long unit. */
  dist: number;
  to: EndLie;
  miss?: MissDirection;
  /** Where the shot was played from (decimal degrees), kept only when the golfer keeps positions with the round. */
  lat?: number;
  lon?: number;
}

export interface Hole {
  hole: number;
  par: number;
  shots: Shot[];
  /**
   * The hole's stroke index on the card (1 hardest to 18 easiest): the order in which handicap strokes are
   * received, used for net double bogey in the handicap index.
   */
  stroke_index?: number;
  /** The hole's position (decimal degrees) as marked on the course, kept with the shots' positions. */
  pin?: { lat: number; lon: number };
}

export interface Round {
  course?: string;
  /** The tees played, as the card names them ("White", "Championship"). */
  tees?: string;
  /** Course rating (55-85) and slope (55-155) of those tees, for custom benchmarks and handicap figures. */
  course_rating?: number;
  slope?: number;
  units: UnitsPair;
  holes: Hole[];
}

/** A round as the statistics see it: the event it belongs to and whose it is. */
export interface PlayerRound {
  event_id: number;
  uid: number;
  /** ISO 8601 start time of the round event. */
  start: string;
  round: Round;
}
