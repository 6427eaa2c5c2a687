import { z } from 'zod';
import { BENCHMARK_LEVELS, END_LIES, MISS_DIRECTIONS, START_LIES } from '@holeout/golf';
import { idListParam } from './common.ts';

/**
 * GET /v4/stats/{name} (every statistic, and the summary for coaches). The
 * bodies are what packages/golf computes; every one carries `limited`.
 */
export const STAT_ENDPOINTS = [
  'scores',
  'par_avgs',
  'gir',
  'drives',
  'ud',
  'sg',
  'round_sg',
  'first_putt',
  'putt_misses',
  'app_misses',
  'og_misses',
  'fw_summary',
  'fw_rounds',
  'putts',
  'summary',
] as const;
export type StatEndpoint = (typeof STAT_ENDPOINTS)[number];

export const statsQuery = z.object({
  rounds: idListParam.optional().describe('Round event ids (the selection); all rounds of the players when left out'),
  players: idListParam.optional().describe('Player uids the caller may see; the caller when left out'),
  benchmark: z
    .enum([...BENCHMARK_LEVELS, 'CUSTOM'])
    .optional()
    .describe("A level, or CUSTOM for the caller's saved custom target; the caller's own benchmark when left out"),
});
export type StatsQuery = z.infer<typeof statsQuery>;

const num = z.number();
const pct = z.number().nullable();
const limited = { limited: z.boolean() };

const missCounts = z.object({ lo: num, o: num, ro: num, r: num, rs: num, s: num, ls: num, l: num, made: num, shots: num });
const missGrid = z.object({
  lo: pct,
  o: pct,
  ro: pct,
  r: pct,
  rs: pct,
  s: pct,
  ls: pct,
  l: pct,
  made: pct,
  shots: num,
  counts: missCounts,
});
const missGrids = z.object({ uid: num, all: missGrid, short: missGrid, mid: missGrid, long: missGrid });
const udRate = z.object({ chances: num, made: num, percent: pct });
const fairwayRates = { drives: num, made: pct, l: pct, r: pct, counts: z.object({ drives: num, made: num, l: num, r: num }) };
const sgBreakdown = z.object({
  overall: num,
  tee: num,
  approach: z.object({ short: num, mid: num, long: num, overall: num }),
  chip: z.object({ fairway: num, rough: num, sand: num, other: num, overall: num }),
  putt: z.object({ short: num, mid: num, long: num, overall: num }),
});
const missedLie = z.enum(END_LIES.filter((l) => l !== 'G' && l !== 'I') as ['F', 'R', 'S', 'H', 'O']);

export const statsResponses = {
  scores: z.object({
    ...limited,
    scores: z.array(z.object({ event_id: num, uid: num, start: z.string(), holes: num, score: num, par: num })),
  }),
  par_avgs: z.object({
    ...limited,
    players: z.array(z.object({ uid: num, pars: z.array(z.object({ par: num, holes: num, average: num })) })),
  }),
  gir: z.object({ ...limited, players: z.array(z.object({ uid: num, holes: num, greens: num, percent: pct, dists: z.array(num) })) }),
  drives: z.object({ ...limited, players: z.array(z.object({ uid: num, drives: z.array(num), average: pct })) }),
  ud: z.object({ ...limited, players: z.array(z.object({ uid: num, overall: udRate, rough: udRate, fairway: udRate, sand: udRate })) }),
  sg: z.object({ ...limited, benchmark: z.string(), players: z.array(z.object({ uid: num, rounds: num, holes: num, sg: sgBreakdown })) }),
  round_sg: z.object({
    ...limited,
    benchmark: z.string(),
    rounds: z.array(
      z.object({
        event_id: num,
        uid: num,
        start: z.string(),
        score: num,
        holes: num,
        sg: z.object({ overall: num, tee: num, approach: num, chip: num, putt: num }),
      }),
    ),
  }),
  first_putt: z.object({
    ...limited,
    players: z.array(z.object({ uid: num, putts: z.array(z.object({ start_dist: num, putt_dist: num })) })),
  }),
  putt_misses: z.object({ ...limited, players: z.array(missGrids) }),
  app_misses: z.object({ ...limited, players: z.array(missGrids) }),
  og_misses: z.object({
    ...limited,
    players: z.array(
      z.object({
        uid: num,
        approaches: num,
        /** Layups (packages/golf README): short of the green on purpose, left out of approaches and misses. */
        layups: num,
        misses: z.array(
          z.object({ from: z.enum(START_LIES), dist: num, to: missedLie, end_dist: pct, miss: z.enum(MISS_DIRECTIONS).nullable() }),
        ),
        to: z.object({ F: num, R: num, S: num, H: num, O: num }),
      }),
    ),
  }),
  fw_summary: z.object({ ...limited, players: z.array(z.object({ uid: num, ...fairwayRates })) }),
  fw_rounds: z.object({ ...limited, rounds: z.array(z.object({ event_id: num, uid: num, start: z.string(), ...fairwayRates })) }),
  putts: z.object({ ...limited, players: z.array(z.object({ uid: num, made: z.array(num), missed: z.array(num) })) }),
  summary: z.object({
    ...limited,
    players: z.array(
      z.object({
        uid: num,
        rounds: num,
        holes: num,
        scoring_avg: pct,
        putts_per_round: pct,
        putts_per_gir: pct,
        gir_pct: pct,
        fairways_pct: pct,
        scrambling_pct: pct,
        sand_save_pct: pct,
        three_putt_avoid_pct: pct,
        one_putt_pct: pct,
        avg_drive: pct,
        birdies_per_round: pct,
        bogeys_per_round: pct,
        doubles_per_round: pct,
        penalties_per_round: pct,
      }),
    ),
  }),
} satisfies Record<StatEndpoint, z.ZodType>;

// GET /stats/handicap?players=: the World Handicap System index of each player, from the rounds the caller may see.
export const handicapQuery = z.object({
  players: idListParam.optional().describe('Player uids the caller may see (at most 15); the caller when left out'),
});
export type HandicapQuery = z.infer<typeof handicapQuery>;
export const handicapDifferential = z.object({
  event_id: z.number().int(),
  date: z.string().describe('When the round was played (ISO 8601)'),
  holes: z.union([z.literal(9), z.literal(18)]),
  adjusted_gross: z.number().int().describe("The round's adjusted gross score (its own 9 or 18 holes)"),
  course_rating: z.number(),
  slope: z.number(),
  differential: z.number().describe('The 18-hole score differential, one decimal'),
  counted: z.boolean().describe('One of the lowest differentials the index averages'),
  method: z.enum(['net_double_bogey', 'par_plus_5']).describe('How hole scores were capped'),
});
export const playerHandicap = z.object({
  uid: z.number().int(),
  index: z.number().nullable().describe('One decimal; null with fewer than 3 scores (54 holes). Negative: a plus handicap'),
  rounds_used: z.number().int(),
  method: z.string().describe('The rule that made the index: "lowest 8 of 20", "lowest 1 of 3, minus 2.0", "fewer than 3 scores"'),
  low_index: z.number().nullable().describe('The lowest index of the 365 days before the latest score, once 20 scores exist'),
  capped: z.enum(['soft', 'hard']).nullable().describe('Which cap held the index down'),
  differentials: z.array(handicapDifferential).describe('The latest 20 with a course rating and slope, newest first'),
  history: z
    .array(z.object({ date: z.string(), index: z.number() }))
    .nullable()
    .describe(
      "The index after each score from the third on, oldest first; null when the caller's plan is below Basic (the history is Basic's)",
    ),
  rated_rounds: z.number().int().describe('Visible rounds with a course rating and slope'),
});
export type PlayerHandicap = z.infer<typeof playerHandicap>;
export const handicapResponse = z.object({ players: z.array(playerHandicap) });
export type HandicapResponse = z.infer<typeof handicapResponse>;
