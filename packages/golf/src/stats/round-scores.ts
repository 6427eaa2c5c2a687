/**
 * A round's strokes gained against each of the six benchmarks, computed once when the round is written:
 * what GET /v4/stats/sg adds up, without scoring every shot of 300 rounds again on a team's first
 * request. Only the benchmark levels with the default category boundaries are stored; a custom target
 * or custom boundaries are scored from the shots as before.
 */
import { BENCHMARK_LEVELS, type BenchmarkLevel } from '../benchmarks.ts';
import { DEFAULT_CATEGORY_BOUNDARIES, scoreRound, type SgBreakdown } from '../engine/index.ts';
import type { Round } from '../round.ts';

/** One benchmark's figures of a round: holes played, strokes and the strokes-gained breakdown as `sgFigures` lists it. */
export interface RoundSgScore {
  benchmark: BenchmarkLevel;
  holes: number;
  score: number;
  sg: number[];
}

/** The breakdown's 15 figures in a fixed order (stored as one array); `sgFromFigures` reads them back. */
export function sgFigures(b: SgBreakdown): number[] {
  return [
    b.overall,
    b.tee,
    b.approach.short,
    b.approach.mid,
    b.approach.long,
    b.approach.overall,
    b.chip.fairway,
    b.chip.rough,
    b.chip.sand,
    b.chip.other,
    b.chip.overall,
    b.putt.short,
    b.putt.mid,
    b.putt.long,
    b.putt.overall,
  ];
}

/** The breakdown `sgFigures` listed; a RangeError for a list of another length. */
export function sgFromFigures(f: readonly number[]): SgBreakdown {
  if (f.length !== SG_FIGURE_COUNT) throw new RangeError(`strokes gained figures: ${f.length}, not ${SG_FIGURE_COUNT}`);
  return {
    overall: f[0]!,
    tee: f[1]!,
    approach: { short: f[2]!, mid: f[3]!, long: f[4]!, overall: f[5]! },
    chip: { fairway: f[6]!, rough: f[7]!, sand: f[8]!, other: f[9]!, overall: f[10]! },
    putt: { short: f[11]!, mid: f[12]!, long: f[13]!, overall: f[14]! },
  };
}

/** How many figures `sgFigures` lists. */
export const SG_FIGURE_COUNT = 15;

/**
 * The round scored against every benchmark level with the default category boundaries (what
 * `prepareStats` computes for each, to the bit). Throws, as `scoreRound` does, on a round that breaks
 * the round rules.
 */
export function standardRoundScores(round: Round): RoundSgScore[] {
  return BENCHMARK_LEVELS.map((benchmark) => {
    const scored = scoreRound(round, benchmark, DEFAULT_CATEGORY_BOUNDARIES);
    return { benchmark, holes: scored.holes.length, score: scored.score, sg: sgFigures(scored.sg) };
  });
}
