/**
 * Every statistic from one pass: limit, score each round once, then run each statistic over the
 * scored rounds. The keys are the endpoint names of GET /v4/stats/{name}.
 */
import type { PlayerRound } from '../round.ts';
import { prepareStats } from './prepare.ts';
import { type ScoresBody, type ParAveragesBody, scoresStat, parAveragesStat } from './scoring.ts';
import { type GirBody, type FirstPuttBody, girStat, firstPuttStat } from './greens.ts';
import {
  type DrivesBody,
  type FairwaySummaryBody,
  type FairwayRoundsBody,
  drivesStat,
  fairwaySummaryStat,
  fairwayRoundsStat,
} from './driving.ts';
import { type UpAndDownBody, upAndDownStat } from './up-and-down.ts';
import { type SgBody, type RoundSgBody, sgStat, roundSgStat } from './strokes-gained.ts';
import { type MissGridsBody, type OutsideGreenMissesBody, puttMissesStat, approachMissesStat, outsideGreenMissesStat } from './misses.ts';
import { type PuttsBody, puttsStat } from './putts.ts';
import { type SummaryBody, summaryStat } from './summary.ts';
import type { StatsInput, StatsOptions } from './types.ts';

/** Every statistic's response body, keyed by its endpoint name. */
export interface AllStats {
  scores: ScoresBody;
  par_avgs: ParAveragesBody;
  gir: GirBody;
  drives: DrivesBody;
  ud: UpAndDownBody;
  sg: SgBody;
  round_sg: RoundSgBody;
  first_putt: FirstPuttBody;
  putt_misses: MissGridsBody;
  app_misses: MissGridsBody;
  og_misses: OutsideGreenMissesBody;
  fw_summary: FairwaySummaryBody;
  fw_rounds: FairwayRoundsBody;
  putts: PuttsBody;
  summary: SummaryBody;
}

export type StatName = keyof AllStats;

/** Each endpoint's statistic over prepared input; the API can call one by name. */
export const STAT_FUNCTIONS: { [K in StatName]: (input: StatsInput) => AllStats[K] } = {
  scores: scoresStat,
  par_avgs: parAveragesStat,
  gir: girStat,
  drives: drivesStat,
  ud: upAndDownStat,
  sg: sgStat,
  round_sg: roundSgStat,
  first_putt: firstPuttStat,
  putt_misses: puttMissesStat,
  app_misses: approachMissesStat,
  og_misses: outsideGreenMissesStat,
  fw_summary: fairwaySummaryStat,
  fw_rounds: fairwayRoundsStat,
  putts: puttsStat,
  summary: summaryStat,
};

export const STAT_NAMES = Object.keys(STAT_FUNCTIONS) as StatName[];

/** Every statistic over already prepared input (see `prepareStats`). */
export function computeStatsFromInput(input: StatsInput): AllStats {
  return {
    scores: scoresStat(input),
    par_avgs: parAveragesStat(input),
    gir: girStat(input),
    drives: drivesStat(input),
    ud: upAndDownStat(input),
    sg: sgStat(input),
    round_sg: roundSgStat(input),
    first_putt: firstPuttStat(input),
    putt_misses: puttMissesStat(input),
    app_misses: approachMissesStat(input),
    og_misses: outsideGreenMissesStat(input),
    fw_summary: fairwaySummaryStat(input),
    fw_rounds: fairwayRoundsStat(input),
    putts: puttsStat(input),
    summary: summaryStat(input),
  };
}

/**
 * Every statistic (one body per GET /v4/stats/{name}) for a list of player rounds: applies the limits (15 players,
 * 300 most recent rounds), scores each kept round once against `options.benchmark`, and returns
 * each endpoint's response body. Throws (from the engine) on a round that breaks the shot rules.
 */
export function computeAllStats(rounds: readonly PlayerRound[], options: StatsOptions): AllStats {
  return computeStatsFromInput(prepareStats(rounds, options));
}

/** One statistic by endpoint name, computed the same way as `computeAllStats`. */
export function computeStat<K extends StatName>(name: K, rounds: readonly PlayerRound[], options: StatsOptions): AllStats[K] {
  return STAT_FUNCTIONS[name](prepareStats(rounds, options));
}
