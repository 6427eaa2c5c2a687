/**
 * Green statistics: greens in regulation (GET /v4/stats/gir) and first putts
 * (GET /v4/stats/first_putt).
 */
import { roundTo } from '../display.ts';
import { roundsByPlayer } from './limits.ts';
import { greenReachedAt, hitGreenInRegulation, isPutt, rate } from './hole-walk.ts';
import { PERCENT_FACTOR, type LimitedBody, type StatsInput } from './types.ts';

/** One player's greens in regulation. */
export interface PlayerGir {
  uid: number;
  /** Holes played: the attempts. */
  holes: number;
  /** Holes on which the green was hit in regulation. */
  greens: number;
  /** greens / holes * 100; null with no holes. */
  percent: number | null;
  /** For each green hit in regulation, the distance (yards) of the shot that reached it, in play order. */
  dists: number[];
}

/** GET /v4/stats/gir */
export interface GirBody extends LimitedBody {
  players: PlayerGir[];
}

/**
 * Greens in regulation, as the PGA Tour counts them: the ball is on the putting surface (or in
 * the hole) after at most par - 2 strokes, penalty strokes included. So the tee shot on a par 3,
 * the second shot on a par 4, the third on a par 5. A hole-out from off the green within those
 * strokes counts too. The distance recorded is the start distance of the shot that reached the
 * green.
 */
export function girStat(input: StatsInput): GirBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      let holes = 0;
      const dists: number[] = [];
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          holes += 1;
          if (!hitGreenInRegulation(hole)) continue;
          dists.push(roundTo(hole.shots[greenReachedAt(hole)]!.dist));
        }
      }
      return { uid, holes, greens: dists.length, percent: rate(dists.length, holes, PERCENT_FACTOR), dists };
    }),
  };
}

/** One first putt: how far the approach came from and how long the first putt was. */
export interface FirstPutt {
  /** Distance (yards) at the start of the shot that put the ball on the green. */
  start_dist: number;
  /** Length (feet) of the first putt. */
  putt_dist: number;
}

/** GET /v4/stats/first_putt */
export interface FirstPuttBody extends LimitedBody {
  players: Array<{ uid: number; putts: FirstPutt[] }>;
}

/**
 * First putts: on every hole with a putt, the first stroke played from the green and the shot
 * just before it (the one that reached the green). Together they show proximity to the hole by
 * approach distance. Holes finished without a putt (a chip-in) have no first putt.
 */
export function firstPuttStat(input: StatsInput): FirstPuttBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const putts: FirstPutt[] = [];
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          const at = hole.shots.findIndex(isPutt);
          const putt = hole.shots[at];
          const approach = hole.shots[at - 1];
          if (!putt || !approach) continue;
          putts.push({ start_dist: roundTo(approach.dist), putt_dist: roundTo(putt.dist) });
        }
      }
      return { uid, putts };
    }),
  };
}
