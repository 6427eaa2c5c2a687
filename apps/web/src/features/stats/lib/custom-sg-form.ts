/**
 * The custom-sg-settings form: a draft of text fields (distances in the user's units), the saved
 * settings it starts from, and its check against @holeout/contracts' customSgSettings schema (the
 * one the API applies), which turns the draft
 * into the settings to save (yards and feet) or into one message per field.
 */
import { customSgSettings, type CustomSgSettings } from '@holeout/contracts';
import {
  DEFAULT_CATEGORY_BOUNDARIES,
  fromDisplayDistance,
  roundTo,
  type BenchmarkRef,
  type CategoryBoundaries,
  type DistanceKind,
  type UnitsPair,
} from '@holeout/golf';
import { displayDistance, formatDistance } from './format.ts';

export type TargetMode = 'score' | 'handicap';
export type BoundaryKey = keyof CategoryBoundaries;
export type TargetField = 'score' | 'handicap_index' | 'course_rating' | 'slope';
/** A field of the form, or `target` for a message about the handicap target as a whole. */
export type FieldKey = TargetField | BoundaryKey | 'target';

export interface CustomSgDraft {
  mode: TargetMode;
  score: string;
  handicap_index: string;
  course_rating: string;
  slope: string;
  /** In the user's units: yards or meters off the green, feet, yards or meters on it. */
  boundaries: Record<BoundaryKey, string>;
}

/**
 * What the draft started from: the saved boundaries (yards and feet) and how they were shown.
 * A distance left as shown is saved exactly as it was, so showing 50 yd as 45.7 m and saving does
 * not turn it into 49.98 yd.
 */
export interface DraftOrigin {
  boundaries: CategoryBoundaries;
  shown: Record<BoundaryKey, string>;
}

export const BOUNDARY_FIELDS: { key: BoundaryKey; kind: DistanceKind; label: string; description: string }[] = [
  {
    key: 'chipMaxYards',
    kind: 'long',
    label: 'Short game up to',
    description: 'Shots from this close to the hole (or closer) off the green are chips and pitches',
  },
  {
    key: 'shortApproachMaxYards',
    kind: 'long',
    label: 'Short approaches up to',
    description: 'Approach shots beyond the short game, up to this distance',
  },
  { key: 'midApproachMaxYards', kind: 'long', label: 'Mid approaches up to', description: 'Longer approach shots are long approaches' },
  { key: 'shortPuttMaxFeet', kind: 'putt', label: 'Short putts under', description: 'Putts shorter than this are short putts' },
  { key: 'midPuttMaxFeet', kind: 'putt', label: 'Mid putts up to', description: 'Longer putts are long putts' },
];

const TARGET_LABELS: Record<TargetField, string> = {
  score: 'target score',
  handicap_index: 'handicap index',
  course_rating: 'course rating',
  slope: 'slope',
};

/** The boundaries (yards or feet) as the form shows them: the user's unit, at most one decimal. */
function shownBoundaries(boundaries: CategoryBoundaries, units: UnitsPair): Record<BoundaryKey, string> {
  return Object.fromEntries(BOUNDARY_FIELDS.map(({ key, kind }) => [key, displayDistance(boundaries[key], kind, units, 1)])) as Record<
    BoundaryKey,
    string
  >;
}

/** The form for the saved settings (or an empty target with the default distances), and its origin. */
export function draftFromSettings(
  custom: CustomSgSettings | null | undefined,
  units: UnitsPair,
): { draft: CustomSgDraft; origin: DraftOrigin } {
  const boundaries = custom?.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES;
  const shown = shownBoundaries(boundaries, units);
  const target = custom?.target;
  const handicap = target && 'handicap_index' in target ? target : null;
  const draft: CustomSgDraft = {
    mode: handicap ? 'handicap' : 'score',
    score: target && 'score' in target ? String(target.score) : '',
    handicap_index: handicap ? String(handicap.handicap_index) : '',
    course_rating: handicap ? String(handicap.course_rating) : '',
    slope: handicap ? String(handicap.slope) : '',
    boundaries: { ...shown },
  };
  return { draft, origin: { boundaries: { ...boundaries }, shown } };
}

/** The default distances, shown in the user's units. */
export function defaultBoundaryTexts(units: UnitsPair): Record<BoundaryKey, string> {
  return shownBoundaries(DEFAULT_CATEGORY_BOUNDARIES, units);
}

/** A typed number: null when empty, NaN when it is not a number ("72,5" reads as 72.5). */
export function parseNumber(text: string): number | null {
  const clean = text.trim().replace(',', '.').replace(/^\+/, '');
  if (clean === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The target a handicap plays to on the course: CR + HI × slope / 113; null until all three are numbers. */
export function handicapTarget(draft: Pick<CustomSgDraft, 'handicap_index' | 'course_rating' | 'slope'>): number | null {
  const [hi, cr, slope] = [draft.handicap_index, draft.course_rating, draft.slope].map(parseNumber);
  if (![hi, cr, slope].every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return cr! + (hi! * slope!) / 113;
}

export interface DraftCheck {
  /** The settings to save, in yards and feet; null while a field is wrong. */
  value: CustomSgSettings | null;
  errors: Partial<Record<FieldKey, string>>;
}

type Issue = { code: string; path: PropertyKey[]; message: string; maximum?: unknown; minimum?: unknown };

/** The schema's limits in words the user reads: in their units, and without zod's wording. */
function messageOf(issue: Issue, field: FieldKey, units: UnitsPair): string {
  const friendly = issue.message && !/^(Too (big|small)|Invalid input)/.test(issue.message);
  if (friendly) return issue.message;
  const boundary = BOUNDARY_FIELDS.find((b) => b.key === field);
  if (boundary) {
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
      return `At most ${formatDistance(issue.maximum, boundary.kind, units, 1)}`;
    }
    return 'Enter a distance above 0';
  }
  const label = TARGET_LABELS[field as TargetField] ?? 'value';
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return `A ${label} is at most ${issue.maximum}`;
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') return `A ${label} is at least ${issue.minimum}`;
  return `Enter a ${label}`;
}

/** Checks the draft with the customSgSettings schema the API applies, and converts it to yards and feet. */
export function checkDraft(draft: CustomSgDraft, units: UnitsPair, origin: DraftOrigin): DraftCheck {
  const errors: Partial<Record<FieldKey, string>> = {};
  const read = (field: FieldKey, text: string, what: string): number => {
    const value = parseNumber(text);
    if (value === null) errors[field] ??= `Enter ${what}`;
    else if (Number.isNaN(value)) errors[field] ??= 'Enter a number, like 12.5';
    return value ?? Number.NaN;
  };

  const target =
    draft.mode === 'score'
      ? { score: read('score', draft.score, 'your target score') }
      : {
          handicap_index: read('handicap_index', draft.handicap_index, 'your handicap index'),
          course_rating: read('course_rating', draft.course_rating, 'the course rating'),
          slope: read('slope', draft.slope, 'the slope'),
        };

  const boundaries = {} as CategoryBoundaries;
  for (const { key, kind } of BOUNDARY_FIELDS) {
    const text = draft.boundaries[key];
    const shown = read(key, text, 'a distance');
    if (Number.isFinite(shown) && shown <= 0) errors[key] ??= 'Enter a distance above 0';
    // Left as shown: the saved distance itself. Otherwise converted (never below 1 yd or 1 ft).
    boundaries[key] =
      text.trim() === origin.shown[key]
        ? origin.boundaries[key]
        : Number.isFinite(shown) && shown > 0
          ? roundTo(fromDisplayDistance(shown, kind, units), 2)
          : Number.NaN;
  }

  const candidate = { target, boundaries };
  const parsed = customSgSettings.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues as Issue[]) {
      const [section, name] = issue.path;
      const field = (section === 'target' ? (name ?? 'target') : name) as FieldKey | undefined;
      if (!field || errors[field]) continue;
      errors[field] = messageOf(issue, field, units);
    }
  }
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { value: ok ? parsed.data : null, errors };
}

/** The engine's benchmark for saved (or checked) custom settings. */
export function benchmarkRefOf(custom: CustomSgSettings): BenchmarkRef {
  const target = custom.target;
  return 'score' in target
    ? { targetScore: target.score }
    : { handicapIndex: target.handicap_index, courseRating: target.course_rating, slope: target.slope };
}

/** The number a custom target plays to. */
export function targetScoreOf(custom: CustomSgSettings): number {
  const target = custom.target;
  return 'score' in target ? target.score : target.course_rating + (target.handicap_index * target.slope) / 113;
}
