import { z } from 'zod';
import { BENCHMARK_LEVELS } from '@holeout/golf';
import { DRILL_CATEGORIES } from './drills.ts';
import { idListParam, idParam, isoDate } from './common.ts';

/**
 * The AI coach: a diagnosis of the one area of a player's game worth practising (from strokes
 * gained against their benchmark), a plan of drills for it, and the follow-up that shows whether the
 * practice moved the number.
 */

/** Why there is no diagnosis: too few rounds to tell, or nothing clearly below the target. */
export const DIAGNOSIS_REASONS = ['NOT_ENOUGH_ROUNDS', 'NO_WEAKNESS'] as const;
export type DiagnosisReason = (typeof DIAGNOSIS_REASONS)[number];

/** How sure the diagnosis is: strong when the loss is beyond noise at a family-wise 1 % over the categories, weak at 5 %. */
export const DIAGNOSIS_CONFIDENCES = ['strong', 'weak'] as const;

/** Most weeks a plan may be scheduled for. */
export const MAX_PLAN_WEEKS = 12;

/**
 * GET /v4/ai/diagnose?players=<uid>: a list of exactly one uid, and optionally the target: a level,
 * or CUSTOM for the player's saved custom target (the player's own benchmark when left out).
 */
export const diagnoseQuery = z.object({
  players: idListParam.refine((ids) => ids.length === 1, 'Give exactly one player'),
  benchmark: z
    .enum([...BENCHMARK_LEVELS, 'CUSTOM'])
    .optional()
    .describe("A level, or CUSTOM for the player's saved custom target; the player's own benchmark when left out"),
});
export type DiagnoseQuery = z.infer<typeof diagnoseQuery>;
export const diagnosesQuery = z.object({ uid: idParam });
export const diagnosisIdQuery = z.object({ diagnosis_id: idParam });

/** POST /v4/ai/plan?diagnosis_id= body: the first day and how many weeks of practices. */
export const aiPlanBody = z.strictObject({
  start_date: isoDate(),
  weeks: z
    .int('Weeks must be a whole number')
    .min(1, 'Weeks must be at least 1')
    .max(MAX_PLAN_WEEKS, `Weeks must be at most ${MAX_PLAN_WEEKS}`),
});
export type AiPlanBody = z.input<typeof aiPlanBody>;

export const diagnosisCategory = z.enum(DRILL_CATEGORIES);

export const diagnosisEvidence = z.object({
  category: diagnosisCategory,
  display_name: z.string(),
  sg_per_18: z.number().describe('Strokes gained per 18 holes against the target benchmark'),
  std_error: z.number().describe('Standard error of sg_per_18 across the rounds'),
  strokes_to_gain: z.number().describe('What reaching the target in this category would save per round (0 when at or above it)'),
});
export type DiagnosisEvidence = z.infer<typeof diagnosisEvidence>;

/** One figure behind a finding, beside the target's. */
export const diagnosisFigure = z.object({
  label: z.string(),
  value: z.number().nullable(),
  target: z.number().nullable(),
  unit: z.string().describe("'per round', '%', 'ft' or 'yd'"),
  better: z.enum(['higher', 'lower']),
});

export const planDrill = z.object({
  drill_id: z.number().int().nullable().describe('A drill in the player\u2019s library'),
  template_key: z.string().nullable().describe('A starter drill from the built-in catalogue, added to the library when scheduled'),
  title: z.string(),
  why: z.string(),
});

export const diagnosis = z.object({
  diagnosis_id: z.number().int(),
  uid: z.number().int(),
  time: z.string().describe('When the record stops being reused: created_at + 7 days'),
  category: diagnosisCategory,
  display_name: z.string(),
  benchmark: z.string().describe('The target: a level (EIGHTY) or CUSTOM:<score>'),
  benchmark_label: z.string(),
  rounds: z.number().int(),
  holes: z.number().int(),
  created_at: z.string(),
  confidence: z.enum(DIAGNOSIS_CONFIDENCES),
  evidence: z.array(diagnosisEvidence),
  findings: z.array(z.string()),
  figures: z.array(diagnosisFigure),
  plan: z.object({ drills: z.array(planDrill), practices_per_week: z.number().int() }),
  narrative: z.string(),
  narrative_source: z.enum(['rules', 'model']),
});
export type Diagnosis = z.infer<typeof diagnosis>;

export const diagnoseResponse = z.object({
  diagnosis: diagnosis.nullable(),
  reason: z.enum(DIAGNOSIS_REASONS).optional(),
  /** With no diagnosis: what was measured (rounds, holes, evidence), so a page can say what is needed. */
  rounds: z.number().int().optional(),
  holes: z.number().int().optional(),
  evidence: z.array(diagnosisEvidence).optional(),
});
export type DiagnoseResponse = z.infer<typeof diagnoseResponse>;
export const diagnosesResponse = z.object({ diagnoses: z.array(diagnosis) });

/** GET /v4/ai/follow-up?diagnosis_id=: the category per round before and after, the plan's drill results, a verdict. */
export const FOLLOW_UP_VERDICTS = ['improving', 'no_change', 'worse'] as const;
export const followUpRound = z.object({
  event_id: z.number().int(),
  start: z.string(),
  holes: z.number().int(),
  sg_per_18: z.number(),
  after: z.boolean(),
});
export const followUpResponse = z.object({
  diagnosis_id: z.number().int(),
  category: diagnosisCategory,
  display_name: z.string(),
  rounds: z.array(followUpRound),
  before_mean: z.number().nullable(),
  after_mean: z.number().nullable(),
  after_rounds: z.number().int(),
  /** Least-squares slope of sg_per_18 over the rounds after, per round; null with fewer than 2. */
  trend_per_round: z.number().nullable(),
  /** Null until 3 rounds after the diagnosis. */
  verdict: z.enum(FOLLOW_UP_VERDICTS).nullable(),
  verdict_text: z.string(),
  drill_results: z.array(
    z.object({
      drill_id: z.number().int(),
      title: z.string(),
      higher_is_better: z.boolean(),
      results: z.array(z.object({ time: z.string(), score: z.number().nullable() })),
    }),
  ),
});
export type FollowUpResponse = z.infer<typeof followUpResponse>;
