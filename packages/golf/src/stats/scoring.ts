/**
 * Scoring statistics: each round's score (GET /v4/stats/scores) and scoring average per par
 * (GET /v4/stats/par_avgs).
 */
import { roundsByPlayer } from './limits.ts';
import { average } from './hole-walk.ts';
import type { LimitedBody, StatsInput } from './types.ts';

/** One round's score: strokes plus penalty strokes over the holes played, with their par. */
export interface RoundScore {
  event_id: number;
  uid: number;
  start: string;
  /** Holes played in this round (9 and 18 both occur). */
  holes: number;
  score: number;
  /** Sum of the par of the holes played, so `score - par` is the score to par. */
  par: number;
}

/** GET /v4/stats/scores: every counted round, oldest first. */
export interface ScoresBody extends LimitedBody {
  scores: RoundScore[];
}

/**
 * Each round's score per player, oldest first. The score is the engine's: shots plus penalty
 * strokes on every hole recorded.
 */
export function scoresStat(input: StatsInput): ScoresBody {
  return {
    limited: input.limited,
    scores: input.rounds.map((r) => ({
      event_id: r.event_id,
      uid: r.uid,
      start: r.start,
      holes: r.scored.holes.length,
      score: r.scored.score,
      par: r.scored.par,
    })),
  };
}

/** Scoring average on the holes of one par. */
export interface ParAverage {
  par: number;
  /** Holes of this par played: the sample the average stands on. */
  holes: number;
  /** Mean score on those holes (strokes plus penalties), 2 decimals. */
  average: number;
}

/** GET /v4/stats/par_avgs: per player, one entry per par they played, ascending par. */
export interface ParAveragesBody extends LimitedBody {
  players: Array<{ uid: number; pars: ParAverage[] }>;
}

/**
 * Par averages: a player's mean score on par 3s, par 4s and par 5s (any par met is listed, so a
 * par 6 is not lost), over every hole of the counted rounds.
 */
export function parAveragesStat(input: StatsInput): ParAveragesBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const totals = new Map<number, { holes: number; strokes: number }>();
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          const total = totals.get(hole.par) ?? { holes: 0, strokes: 0 };
          total.holes += 1;
          total.strokes += hole.score;
          totals.set(hole.par, total);
        }
      }
      const pars = [...totals.entries()]
        .sort(([a], [b]) => a - b)
        .map(([par, t]) => ({ par, holes: t.holes, average: average(t.strokes, t.holes) ?? 0 }));
      return { uid, pars };
    }),
  };
}
