/**
 * How drills read on screen: category names, a field described in words, a result's values
 * formatted for display, and the key a new field takes from its label. Pure, so each rule has its
 * unit test.
 */
import type { DRILL_CATEGORIES, DrillField, DrillResponse, ResultValues } from '@holeout/contracts';
import { formatStat } from '@holeout/golf';

export type DrillCategory = (typeof DRILL_CATEGORIES)[number];

/** The stat categories a drill practises, named as golfers say them. */
export const DRILL_CATEGORY_LABELS: Record<DrillCategory, string> = {
  shortPutts: 'Short putts',
  midPutts: 'Mid-range putts',
  longPutts: 'Lag putts',
  fwChips: 'Fairway chips',
  roughChips: 'Rough chips',
  sandChips: 'Greenside bunkers',
  shortApproach: 'Short approach',
  midApproach: 'Mid approach',
  longApproach: 'Long approach',
  drive: 'Off the tee',
  other: 'Other',
};

/** A drill's category in words; 'No category' when it has none. */
export function categoryLabel(category: DrillCategory | null): string {
  return category === null ? 'No category' : (DRILL_CATEGORY_LABELS[category] ?? category);
}

export const FIELD_TYPE_LABELS: Record<DrillField['type'], string> = {
  NUMBER: 'Number',
  STRING: 'Text',
  SELECT: 'Choice',
  TOGGLE: 'On or off',
};

/**
 * What a field accepts, in words: "Number from 0 to 10, in steps of 1 (ft)", "Text up to 500
 * characters", "One of: slow, medium, fast", "On or off".
 */
export function describeField(field: DrillField): string {
  switch (field.type) {
    case 'NUMBER': {
      const { min, max, step, unit } = field;
      let range = '';
      if (min !== null && max !== null) range = ` from ${formatStat(min)} to ${formatStat(max)}`;
      else if (min !== null) range = ` of at least ${formatStat(min)}`;
      else if (max !== null) range = ` of at most ${formatStat(max)}`;
      const steps = step !== null ? `, in steps of ${formatStat(step)}` : '';
      return `Number${range}${steps}${unit ? ` (${unit})` : ''}`;
    }
    case 'STRING':
      return `Text up to ${field.max} characters`;
    case 'SELECT':
      return `One of: ${field.options.join(', ')}`;
    case 'TOGGLE':
      return 'On or off';
  }
}

/**
 * One value of a result as it reads: a number rounded to 2 decimals with the field's unit ("12.5
 * ft"), Yes or No for a toggle, the text or the chosen option as it is, '-' when nothing was
 * recorded or the value does not fit the field.
 */
export function formatResultValue(field: DrillField, value: ResultValues[string] | undefined): string {
  if (value === undefined || value === null || value === '') return '-';
  switch (field.type) {
    case 'NUMBER': {
      const number = formatStat(value);
      return number !== '-' && field.unit ? `${number} ${field.unit}` : number;
    }
    case 'TOGGLE':
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : '-';
    case 'STRING':
    case 'SELECT':
      return typeof value === 'string' ? value : String(value);
  }
}

/**
 * A result in one line: "Putts made of 10: 7 · Green speed: fast · Windy: No", the drill's fields
 * in order, leaving out those with nothing recorded; '-' when none has a value.
 */
export function resultSummary(drill: Pick<DrillResponse, 'fields'>, values: ResultValues): string {
  const parts = drill.fields
    .filter((field) => values[field.key] !== undefined && values[field.key] !== null && values[field.key] !== '')
    .map((field) => `${field.label}: ${formatResultValue(field, values[field.key])}`);
  return parts.length > 0 ? parts.join(' · ') : '-';
}

/** The score line of a drill: "Score: Putts made of 10, higher is better", or null without a score. */
export function scoreRule(drill: Pick<DrillResponse, 'fields' | 'score_field' | 'higher_is_better'>): string | null {
  if (drill.score_field === null) return null;
  const field = drill.fields.find((candidate) => candidate.key === drill.score_field);
  return `Score: ${field?.label ?? drill.score_field}, ${drill.higher_is_better ? 'higher' : 'lower'} is better`;
}

const MAX_KEY_LENGTH = 32;

/**
 * The key a field takes from its label ("Putts made of 10" -> "putts_made_of_10"): lower case,
 * letters and digits joined by _, starting with a letter, at most 32 characters, and not one of
 * `taken` (a _2, _3 ... suffix when it is). "field" when the label gives nothing to work with.
 */
export function fieldKeyFromLabel(label: string, taken: readonly string[] = []): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, MAX_KEY_LENGTH)
      .replace(/_+$/, '') || 'field';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX_KEY_LENGTH - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
