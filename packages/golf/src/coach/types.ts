/**
 * The AI coach's diagnosis, as packages/golf computes it (pure): which stat category of a player's
 * game loses the most strokes against a target benchmark, how sure that is, and the figures behind it.
 */
import type { BenchmarkRef, CategoryBoundaries, StatCategory } from '../engine/types.ts';
import type { Round } from '../round.ts';

/** Fewer rounds or holes than these give no diagnosis (NOT_ENOUGH_ROUNDS). */
export const DIAGNOSIS_MIN_ROUNDS = 3;
export const DIAGNOSIS_MIN_HOLES = 54;

export interface DiagnosisRound {
  /** Any stable id (the API passes the round's event id). */
  id: number;
  round: Round;
}

export interface DiagnoseOptions {
  benchmark: BenchmarkRef;
  boundaries?: CategoryBoundaries;
}

/** One category's strokes gained against the target, per 18 holes. */
export interface CategoryEvidence {
  category: StatCategory;
  displayName: string;
  sgPer18: number;
  stdError: number;
  /** max(0, -sgPer18): what reaching the target here would save per round. */
  strokesToGain: number;
}

/** A figure behind a finding, with the target level's figure beside it. */
export interface DiagnosisFigure {
  label: string;
  value: number | null;
  target: number | null;
  unit: 'per round' | '%' | 'ft' | 'yd';
  better: 'higher' | 'lower';
}

interface DiagnosisCommon {
  rounds: number;
  holes: number;
  /** Baseline id of the target (EIGHTY, CUSTOM:85) and its label. */
  benchmark: string;
  benchmarkLabel: string;
  /** Every category, most strokes to gain first. */
  evidence: CategoryEvidence[];
}

export type DiagnosisOutcome =
  | (DiagnosisCommon & { kind: 'NOT_ENOUGH_ROUNDS' })
  | (DiagnosisCommon & { kind: 'NO_WEAKNESS' })
  | (DiagnosisCommon & {
      kind: 'WEAKNESS';
      category: StatCategory;
      displayName: string;
      /** strong: the loss is well beyond noise; weak: likely, but more rounds will tell. */
      confidence: 'strong' | 'weak';
      /** Sentences in a golfer's words, each figure beside the target's. */
      findings: string[];
      figures: DiagnosisFigure[];
      /** A clear narrative from rules (the model's, when configured, replaces it in the API). */
      narrative: string;
    });
