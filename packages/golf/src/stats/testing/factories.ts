/**
 * Test factories for statistics: rounds written the way a marker card reads.
 *
 * A shot is `<from><dist><to>[.<miss>]`, e.g. `T402F`, `F148G`, `T180R.r`, `G24G.lo`, so a hole is
 * `buildHole(4, 'T402F F148G G24G.lo G3I')`.
 */
import { MISS_DIRECTIONS, type EndLie, type Hole, type MissDirection, type PlayerRound, type Shot, type StartLie } from '../../round.ts';
import type { UnitsPair } from '../../units-pairs.ts';

const SHOT_PATTERN = /^([TFRSHG])(\d+(?:\.\d+)?)([FRSHGIO])(?:\.([a-z]+))?$/;

function isMiss(value: string): value is MissDirection {
  return (MISS_DIRECTIONS as readonly string[]).includes(value);
}

/** Parses one shot of the card notation. */
export function parseShot(card: string): Shot {
  const match = SHOT_PATTERN.exec(card);
  if (!match) throw new Error(`bad shot notation: ${card}`);
  const [, from, dist, to, miss] = match;
  const shot: Shot = { from: from as StartLie, dist: Number(dist), to: to as EndLie };
  if (miss !== undefined) {
    if (!isMiss(miss)) throw new Error(`bad miss direction in ${card}`);
    shot.miss = miss;
  }
  return shot;
}

let holeCounter = 0;

/** A hole from its par and its shots in card notation; holes number themselves unless given. */
export function buildHole(par: number, shots: string, hole?: number): Hole {
  holeCounter += 1;
  return { hole: hole ?? holeCounter, par, shots: shots.trim().split(/\s+/).map(parseShot) };
}

let eventCounter = 1000;

/** A player round; the holes are renumbered 1..n in the order given. */
export function buildRound(
  overrides: { event_id?: number; uid?: number; start?: string; units?: UnitsPair } = {},
  holes: Hole[] = [buildHole(4, 'T400F F140G G18G G2I')],
): PlayerRound {
  eventCounter += 1;
  return {
    event_id: overrides.event_id ?? eventCounter,
    uid: overrides.uid ?? 7,
    start: overrides.start ?? '2026-03-01T08:00:00Z',
    round: { units: overrides.units ?? 'FEET_YARDS', holes: holes.map((h, i) => ({ ...h, hole: i + 1 })) },
  };
}
