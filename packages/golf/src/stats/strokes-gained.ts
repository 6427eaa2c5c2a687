/**
 * Strokes gained statistics (api-contract.md, "Strokes gained"): the per-player breakdown
 * averaged per round (GET /v4/stats/sg) and every round's summary (GET /v4/stats/round_sg).
 */
import { addSgBreakdown, emptySgBreakdown, roundSgBreakdown, scaleSgBreakdown, type SgBreakdown } from '../engine/index.ts';
import { roundTo } from '../display.ts';
import { roundsByPlayer } from './limits.ts';
import type { LimitedBody, StatsInput } from './types.ts';

/** GET /v4/stats/sg */
export interface SgBody extends LimitedBody {
  benchmark: string;
  players: Array<{ uid: number; rounds: number; sg: SgBreakdown }>;
}

/** The per-round summary of api-contract.md: each part is the overall of its breakdown. */
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
  rounds: Array<{ event_id: number; uid: number; start: string; score: number; sg: RoundSgSummary }>;
}

/**
 * Strokes gained per player: the sum of each counted round's breakdown divided by the number of
 * rounds, i.e. strokes gained per round (a 9-hole round counts as a round, as the contract says).
 */
export function sgStat(input: StatsInput): SgBody {
  return {
    benchmark: input.benchmark,
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const total = rounds.reduce((sum, r) => addSgBreakdown(sum, r.scored.sg), emptySgBreakdown());
      return { uid, rounds: rounds.length, sg: roundSgBreakdown(scaleSgBreakdown(total, 1 / rounds.length)) };
    }),
  };
}

/** Strokes gained of every counted round, oldest first, summarised per part of the game. */
export function roundSgStat(input: StatsInput): RoundSgBody {
  return {
    benchmark: input.benchmark,
    limited: input.limited,
    rounds: input.rounds.map((r) => {
      const sg = r.scored.sg;
      return {
        event_id: r.event_id,
        uid: r.uid,
        start: r.start,
        score: r.scored.score,
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
