/**
 * Strokes gained statistics: the per-player breakdown per 18 holes (GET /v4/stats/sg) and every round's summary (GET /v4/stats/round_sg).
 */
import { addSgBreakdown, emptySgBreakdown, roundSgBreakdown, scaleSgBreakdown, type SgBreakdown } from '../engine/index.ts';
import { roundTo } from '../display.ts';
import { roundsByPlayer } from './limits.ts';
import type { LimitedBody, StatsInput } from './types.ts';

/** GET /v4/stats/sg */
export interface SgBody extends LimitedBody {
  benchmark: string;
  players: Array<{ uid: number; rounds: number; holes: number; sg: SgBreakdown }>;
}

/** A round's summary in GET /v4/stats/round_sg: each part is the overall of its breakdown. */
export interface RoundSgSummary {
  overall: number;
  tee: number;
  approach: number;
  chip: number;
  putt: number;
}

/** GET /v4/stats/round_sg */
export interface RoundSgBody extends LimitedBody {
  benchmark: string;
  rounds: Array<{ event_id: number; uid: number; start: string; score: number; holes: number; sg: RoundSgSummary }>;
}

/** Holes a strokes-gained figure is "per": 18, so a 9-hole round weighs half an 18-hole one. */
export const SG_PER_HOLES = 18;

/**
 * Strokes gained per player per 18 holes: the sum of each counted round's
 * breakdown over every hole counted, divided by the number of holes, times 18. A 9-hole round
 * weighs half as much as an 18-hole one.
 */
export function sgStat(input: StatsInput): SgBody {
  return sgOfRounds(
    input.benchmark,
    input.limited,
    input.rounds.map((r) => ({ uid: r.uid, holes: r.scored.holes.length, sg: r.scored.sg })),
  );
}

/**
 * `sgStat` from each counted round's holes and breakdown alone, oldest first (the order `prepareStats`
 * gives): the sums run in the same order, so the figures are the same to the last bit. What the API
 * answers from the breakdowns it stored when each round was written (`standardRoundScores`).
 */
export function sgOfRounds(
  benchmark: string,
  limited: boolean,
  rounds: ReadonlyArray<{ uid: number; holes: number; sg: SgBreakdown }>,
): SgBody {
  return {
    benchmark,
    limited,
    players: roundsByPlayer(rounds).map(({ uid, rounds: own }) => {
      const total = own.reduce((sum, r) => addSgBreakdown(sum, r.sg), emptySgBreakdown());
      const holes = own.reduce((sum, r) => sum + r.holes, 0);
      return { uid, rounds: own.length, holes, sg: roundSgBreakdown(scaleSgBreakdown(total, SG_PER_HOLES / holes)) };
    }),
  };
}

/** Strokes gained of every counted round, oldest first, per part of the game and per 18 holes (a 9-hole round's doubled). */
export function roundSgStat(input: StatsInput): RoundSgBody {
  return {
    benchmark: input.benchmark,
    limited: input.limited,
    rounds: input.rounds.map((r) => {
      const holes = r.scored.holes.length;
      const sg = scaleSgBreakdown(r.scored.sg, SG_PER_HOLES / holes);
      return {
        event_id: r.event_id,
        uid: r.uid,
        start: r.start,
        score: r.scored.score,
        holes,
        sg: {
          overall: roundTo(sg.overall),
          tee: roundTo(sg.tee),
          approach: roundTo(sg.approach.overall),
          chip: roundTo(sg.chip.overall),
          putt: roundTo(sg.putt.overall),
        },
      };
    }),
  };
}
