/**
 * Putting distances (GET /v4/stats/putts): the lengths of holed and missed putts.
 */
import { roundTo } from '../display.ts';
import { roundsByPlayer } from './limits.ts';
import { isPutt } from './hole-walk.ts';
import type { LimitedBody, StatsInput } from './types.ts';

/** GET /v4/stats/putts */
export interface PuttsBody extends LimitedBody {
  players: Array<{
    uid: number;
    /** Lengths (feet) of every holed putt, in play order. */
    made: number[];
    /** Lengths (feet) of every putt that stayed out, in play order. */
    missed: number[];
  }>;
}

/**
 * Putts per player, split into made and missed by their length: every stroke from the green,
 * made when it finished in the hole. Together they give make percentages at any distance.
 */
export function puttsStat(input: StatsInput): PuttsBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const made: number[] = [];
      const missed: number[] = [];
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          for (const shot of hole.shots) {
            if (!isPutt(shot)) continue;
            (shot.to === 'I' ? made : missed).push(roundTo(shot.dist));
          }
        }
      }
      return { uid, made, missed };
    }),
  };
}
