/**
 * How the AI Coach pages write a diagnosis: strokes in words, the confidence in words, a figure
 * beside the target's, the verdict, the links between the two pages and the plan's default start.
 * Pure, so every rule has its unit test.
 */
import type { Diagnosis, DiagnosisEvidence, FollowUpResponse } from '@holeout/contracts';
import { DIAGNOSIS_MIN_HOLES, DIAGNOSIS_MIN_ROUNDS, roundTo } from '@holeout/golf';
import { paths } from '../../../lib/paths.ts';

/** What a figure with nothing to show reads. */
export const NO_VALUE = '–';

/** A signed figure with two decimals: "+0.45", "-1.20", "0.00"; "–" for none. */
export function formatSigned(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const rounded = roundTo(value, decimals);
  if (rounded === 0) return (0).toFixed(decimals);
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(decimals)}`;
}

/** An unsigned figure with fixed decimals: "1.20"; "–" for none. */
export function formatFixed(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return roundTo(value, decimals).toFixed(decimals);
}

/** "1.2 strokes", "1 stroke": a count of strokes per round to one decimal. */
export function strokesWords(value: number): string {
  const rounded = roundTo(value, 1);
  return `${rounded.toFixed(1)} ${rounded === 1 ? 'stroke' : 'strokes'}`;
}

/** The diagnosed category's line of the evidence (every category is in it), or undefined. */
export function evidenceOf(diagnosis: Pick<Diagnosis, 'category' | 'evidence'>): DiagnosisEvidence | undefined {
  return diagnosis.evidence.find((row) => row.category === diagnosis.category);
}

/** Strokes to gain per round in the diagnosed category: its evidence line's, 0 when missing. */
export function strokesToGainOf(diagnosis: Pick<Diagnosis, 'category' | 'evidence'>): number {
  return evidenceOf(diagnosis)?.strokes_to_gain ?? 0;
}

/** The confidence as a golfer reads it: strong is a loss of two standard errors or more, weak is less. */
export const CONFIDENCE_WORDS: Record<Diagnosis['confidence'], { label: string; meaning: string }> = {
  strong: { label: 'Clear', meaning: 'The loss is well beyond the round-to-round noise.' },
  weak: { label: 'Likely', meaning: 'The loss is likely real, but more rounds will tell.' },
};

/** "±0.35": one standard error of a category's strokes gained per 18 holes. */
export function formatStdError(value: number): string {
  return `±${formatFixed(value)}`;
}

/** A figure behind a finding in its unit: "38.9%", "12.4 ft", "1.8" (per round, said in the column). */
export function formatFigure(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const rounded = roundTo(value, 1);
  if (unit === '%') return `${rounded}%`;
  if (unit === 'ft' || unit === 'yd') return `${rounded} ${unit}`;
  return String(rounded);
}

/** Whether a figure is at or better than its target (null when either is missing). */
export function meetsTarget(figure: { value: number | null; target: number | null; better: 'higher' | 'lower' }): boolean | null {
  if (figure.value === null || figure.target === null) return null;
  return figure.better === 'higher' ? figure.value >= figure.target : figure.value <= figure.target;
}

/** The verdict once there are enough rounds after the diagnosis. */
export const VERDICT_LABELS: Record<NonNullable<FollowUpResponse['verdict']>, string> = {
  improving: 'Improving',
  no_change: 'No clear change',
  worse: 'Worse',
};

/** Rounds after the diagnosis the follow-up needs before it gives a verdict. */
export const VERDICT_MIN_ROUNDS = 3;

/** Before a verdict: how many rounds give one, and how many there are. */
export function waitingForVerdict(afterRounds: number): string {
  return `${VERDICT_MIN_ROUNDS} rounds after the diagnosis give a verdict; ${afterRounds} so far.`;
}

/** The trend of the rounds after, per round, in words; null with fewer than 2 rounds after. */
export function trendWords(trend: number | null): string | null {
  if (trend === null) return null;
  const per = `${formatSigned(trend)} strokes gained per round`;
  if (roundTo(trend, 2) === 0) return `Flat (${per})`;
  return trend > 0 ? `Rising (${per})` : `Falling (${per})`;
}

/** The address of one diagnosis: its id, and the player when it is not the caller's own. */
export function diagnosisPath(diagnosisId: number, uid?: number | null): string {
  const query = new URLSearchParams({ diagnosis_id: String(diagnosisId) });
  if (uid !== undefined && uid !== null) query.set('uid', String(uid));
  return `${paths.aiCoachDiagnosis}?${query.toString()}`;
}

/** The AI Coach page, of another player when a coach chose one. */
export function aiCoachPath(uid?: number | null): string {
  return uid === undefined || uid === null ? paths.aiCoach : `${paths.aiCoach}?uid=${uid}`;
}

/** A local day as YYYY-MM-DD. */
export function toDayKey(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The plan's default first day: the Monday after today (a week on when today is a Monday). */
export function nextMonday(today: Date): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const ahead = (8 - day.getDay()) % 7 || 7;
  day.setDate(day.getDate() + ahead);
  return toDayKey(day);
}

/** A YYYY-MM-DD that names a real day. */
export function isDayKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(year, month - 1, date);
  return day.getFullYear() === year && day.getMonth() === month - 1 && day.getDate() === date;
}

/** "3 rounds and 54 holes" of "2 rounds and 36 holes": what a diagnosis needs, and what was counted. */
export function roundsNeededWords(rounds: number | undefined, holes: number | undefined): { needed: string; counted: string } {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    needed: `${plural(DIAGNOSIS_MIN_ROUNDS, 'round')} and ${plural(DIAGNOSIS_MIN_HOLES, 'hole')}`,
    counted: `${plural(rounds ?? 0, 'round')} and ${plural(holes ?? 0, 'hole')}`,
  };
}
