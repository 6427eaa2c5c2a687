import { z } from 'zod';
import { BENCHMARK_LEVELS } from '@holeout/golf';
import { email } from './account.ts';
import { idListParam, idNumber, isoDate } from './common.ts';

/** How a report is sent, kept between uses as the stored key savedReportDelivery. */
export const REPORT_DELIVERIES = ['download', 'email'] as const;
export type ReportDelivery = (typeof REPORT_DELIVERIES)[number];

/** The paper a report is laid out on: US Letter where that is the paper in use (the US, Canada, Mexico, the Philippines and a few others), A4 elsewhere. */
export const REPORT_PAPERS = ['a4', 'letter'] as const;
export type ReportPaper = (typeof REPORT_PAPERS)[number];

const reportBenchmark = z
  .enum([...BENCHMARK_LEVELS, 'CUSTOM'])
  .optional()
  .describe("A level, or CUSTOM for the caller's saved custom target; the caller's own benchmark when left out");
const reportLocale = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 language tag such as en-GB')
  .max(35)
  .optional()
  .describe("The reader's locale (en-US, de-DE): its paper size and number format");

/** GET /reports/stats: one player's statistics report as a PDF. */
export const reportQuery = z.object({
  players: idListParam.describe('The player (one uid) the report is about'),
  benchmark: reportBenchmark,
  rounds: idListParam.optional().describe('Round event ids (the selection); all rounds of the player in the period when left out'),
  from: isoDate().optional().describe('The first day of the period (inclusive)'),
  to: isoDate().optional().describe('The last day of the period (inclusive)'),
  paper: z.enum(REPORT_PAPERS).optional().describe('a4 or letter; from the locale when left out'),
  locale: reportLocale,
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** POST /reports/stats: the same PDF, mailed as an attachment; answered 202 once queued. */
export const reportMailBody = z.strictObject({
  players: z.array(idNumber).length(1, 'A report is about one player'),
  benchmark: reportBenchmark,
  rounds: z.array(idNumber).max(300).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  paper: z.enum(REPORT_PAPERS).optional(),
  locale: reportLocale,
  /** The caller's own address, or (for a coach) the player's; any other is a 400. The caller's when left out. */
  to_email: email.optional(),
});
export type ReportMailBody = z.infer<typeof reportMailBody>;
export const reportQueuedResponse = z.object({ queued: z.literal(true), to_email: z.string() });
export type ReportQueuedResponse = z.infer<typeof reportQueuedResponse>;

/**
 * The columns of rounds.csv in GET /account/export, one row a shot, in this order; POST /rounds/import
 * reads the same columns (category and sg_vs_benchmark are ignored on the way in). Distances are in
 * yards off the green and feet on it, as rounds are stored (FEET_YARDS).
 */
export const ROUNDS_CSV_COLUMNS = [
  'event_id',
  'date',
  'course',
  'hole',
  'par',
  'shot',
  'start_lie',
  'start_dist',
  'end_lie',
  'end_dist',
  'penalty',
  'category',
  'sg_vs_benchmark',
] as const;
/**
 * Columns after those, so the file carries a round whole: the shot's miss direction, and on every
 * row of a round its tees, course rating and slope, and the hole's stroke index (empty when unknown).
 */
export const ROUNDS_CSV_EXTRA_COLUMNS = ['miss', 'tees', 'course_rating', 'slope', 'stroke_index'] as const;

/** POST /rounds/import: the rounds made, one event per event_id of the file, in the file's order. */
export const importRoundsResponse = z.object({ imported: z.number().int(), event_ids: z.array(z.number().int()) });
export type ImportRoundsResponse = z.infer<typeof importRoundsResponse>;
