import { z } from 'zod';
import type { StatCategory } from '@holeout/golf';
import { orgShare, orgShareEntry, userShare, userShareEntry } from './account.ts';
import { idListParam, idNumber, idParam, isoDate, isoDateTime } from './common.ts';
import { hasForbiddenCharacters, multiLineText, singleLineText, wellFormedText } from './text.ts';

/**
 * Drills and drill results: a drill names the fields each attempt records; a result's values are
 * checked against them.
 */

/** Drill field types: a number, a text, a choice of options, or on/off. */
export const DRILL_FIELD_TYPES = ['NUMBER', 'STRING', 'SELECT', 'TOGGLE'] as const;
export type DrillFieldType = (typeof DRILL_FIELD_TYPES)[number];

/** The stat categories a drill may practise (the strokes-gained categories, and other). */
export const DRILL_CATEGORIES = [
  'shortPutts',
  'midPutts',
  'longPutts',
  'fwChips',
  'roughChips',
  'sandChips',
  'shortApproach',
  'midApproach',
  'longApproach',
  'drive',
  'other',
] as const satisfies readonly StatCategory[];

export const MAX_DRILL_FIELDS = 20;
export const MAX_SELECT_OPTIONS = 20;
/** The longest STRING field a drill may ask for. */
export const MAX_STRING_FIELD = 2000;
/** Asking for a drill by both ids is refused with exactly this message, which clients match. */
export const BOTH_DRILL_IDS_MESSAGE = 'Cannot specify both drill_id and ced_id';

const line = (max: number, what: string) =>
  singleLineText.pipe(z.string().trim().min(1, `${what} is needed`).max(max, `${what} is at most ${max} characters`));

/** A field's key: how its value is stored in a result ("made", "green_speed"). */
const fieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'A field key is 1 to 32 lower-case letters, digits or _, starting with a letter');
const fieldBase = { key: fieldKey, label: line(60, 'A field label'), required: z.boolean().default(false) };
const finite = z.number().finite();

/**
 * A drill's fields. Unlike the rest of a body, a key a field does not use is dropped, not refused:
 * a field whose type was changed in the drill builder may still carry the keys of its old type
 * (the options of a choice turned into a toggle), and only its new type's keys are stored.
 */
export const drillField = z.discriminatedUnion('type', [
  z.object({
    ...fieldBase,
    type: z.literal('NUMBER'),
    min: finite.nullable().default(null),
    max: finite.nullable().default(null),
    step: z.number().positive('A step is more than 0').finite().nullable().default(null),
    unit: singleLineText.pipe(z.string().trim().max(16, 'A unit is at most 16 characters')).nullable().default(null),
  }),
  z.object({ ...fieldBase, type: z.literal('STRING'), max: z.number().int().min(1).max(MAX_STRING_FIELD).default(500) }),
  z.object({
    ...fieldBase,
    type: z.literal('SELECT'),
    options: z
      .array(line(40, 'An option'))
      .min(1, 'A choice needs at least one option')
      .max(MAX_SELECT_OPTIONS, `A choice has at most ${MAX_SELECT_OPTIONS} options`),
  }),
  z.object({ ...fieldBase, type: z.literal('TOGGLE') }),
]);
export type DrillField = z.infer<typeof drillField>;

/** POST /drills (create) and POST /drills?drill_id= (update). */
export const drillBody = z
  .strictObject({
    title: line(80, 'A title'),
    description: multiLineText.pipe(z.string().trim().max(4000, 'A description is at most 4000 characters')).default(''),
    category: z.enum(DRILL_CATEGORIES).nullable().default(null),
    folder_id: idNumber.nullable().default(null),
    fields: z
      .array(drillField)
      .min(1, 'A drill records at least one field')
      .max(MAX_DRILL_FIELDS, `A drill has at most ${MAX_DRILL_FIELDS} fields`),
    /** The NUMBER field that is the attempt's score (progress charts it), or null. */
    score_field: fieldKey.nullable().default(null),
    higher_is_better: z.boolean().default(true),
    usershares: z.array(userShareEntry).max(50).optional(),
    orgshares: z.array(orgShareEntry).max(50).optional(),
  })
  .superRefine((drill, context) => {
    const seen = new Set<string>();
    drill.fields.forEach((field, index) => {
      if (seen.has(field.key))
        context.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: `Two fields share the key "${field.key}"` });
      seen.add(field.key);
      if (field.type === 'NUMBER' && field.min !== null && field.max !== null && field.min > field.max) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'max'], message: 'The highest value is below the lowest' });
      }
      if (field.type === 'SELECT' && new Set(field.options).size !== field.options.length) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: 'Two options are the same' });
      }
    });
    if (drill.score_field !== null) {
      const score = drill.fields.find((field) => field.key === drill.score_field);
      if (!score || score.type !== 'NUMBER')
        context.addIssue({ code: 'custom', path: ['score_field'], message: "The score is one of the drill's number fields" });
    }
  });
export type DrillBody = z.input<typeof drillBody>;

/** GET /drills: all, or one by drill_id, or the drill of an event drill by ced_id; never both. */
export const drillsQuery = z
  .object({ drill_id: idParam.optional(), ced_id: idParam.optional() })
  .refine((query) => query.drill_id === undefined || query.ced_id === undefined, { message: BOTH_DRILL_IDS_MESSAGE });

/**
 * A result's values: field key to a number, a string or a boolean; checked against the drill by
 * checkResultValues. Stored as JSON, so keys and text are well-formed Unicode here already.
 */
export const resultValues = z.record(
  wellFormedText.pipe(z.string().max(32)),
  z.union([z.number(), wellFormedText.pipe(z.string().max(MAX_STRING_FIELD)), z.boolean(), z.null()]),
);
export type ResultValues = z.infer<typeof resultValues>;

/** POST /drills/results (create) and ?drillresult_id= (update). */
export const drillResultBody = z.strictObject({
  ced_id: idNumber,
  time: isoDateTime().optional(),
  values: resultValues,
});
export type DrillResultBody = z.input<typeof drillResultBody>;

/** Where a result's values disagree with the drill: the field's key and what is wrong, as a user reads it. */
export interface ValueProblem {
  field: string;
  message: string;
}

/** A NUMBER value is on the field's step, counted from its minimum (or 0), to within rounding. */
function onStep(value: number, step: number, from: number): boolean {
  const steps = (value - from) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9 * Math.max(1, Math.abs(steps));
}

/**
 * Checks a result's values against the drill's fields (type, bounds, step, options, required)
 * and answers the values to store (keys of the drill only, in its order, missing optional values
 * left out) or every problem found.
 */
export function checkResultValues(
  fields: readonly DrillField[],
  values: ResultValues,
): { ok: true; values: ResultValues } | { ok: false; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ field: key, message: 'is not a field of this drill' });
  const clean: ResultValues = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === null || value === '') {
      if (field.required) problems.push({ field: field.key, message: `${field.label} is needed` });
      continue;
    }
    switch (field.type) {
      case 'NUMBER':
        if (typeof value !== 'number' || !Number.isFinite(value))
          problems.push({ field: field.key, message: `${field.label} must be a number` });
        else if (field.min !== null && value < field.min)
          problems.push({ field: field.key, message: `${field.label} is at least ${field.min}` });
        else if (field.max !== null && value > field.max)
          problems.push({ field: field.key, message: `${field.label} is at most ${field.max}` });
        else if (field.step !== null && !onStep(value, field.step, field.min ?? 0))
          problems.push({ field: field.key, message: `${field.label} goes in steps of ${field.step}` });
        else clean[field.key] = value;
        break;
      case 'STRING':
        if (typeof value !== 'string') problems.push({ field: field.key, message: `${field.label} must be text` });
        else if (value.length > field.max)
          problems.push({ field: field.key, message: `${field.label} is at most ${field.max} characters` });
        else if (hasForbiddenCharacters(value, true)) problems.push({ field: field.key, message: `${field.label} must be plain text` });
        else clean[field.key] = value;
        break;
      case 'SELECT':
        if (typeof value !== 'string' || !field.options.includes(value))
          problems.push({ field: field.key, message: `${field.label} is one of: ${field.options.join(', ')}` });
        else clean[field.key] = value;
        break;
      case 'TOGGLE':
        if (typeof value !== 'boolean') problems.push({ field: field.key, message: `${field.label} is on or off (true or false)` });
        else clean[field.key] = value;
        break;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values: clean };
}

/** The code of the 403 a free player gets when creating what practice needs (drills, folders, results). */
export const PREMIUM_REQUIRED_CODE = 'PREMIUM_REQUIRED';

/** A drill as answered: the body's fields plus its owner, its own shares and the caller's permission. */
export const drill = z.object({
  drill_id: z.number().int(),
  uid: z.number().int().describe('The owner'),
  folder_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  category: z.enum(DRILL_CATEGORIES).nullable(),
  fields: z.array(drillField),
  score_field: z.string().nullable(),
  higher_is_better: z.boolean(),
  usershares: z.array(userShare).describe("The drill's own shares; empty means it follows its folder's"),
  orgshares: z.array(orgShare),
  permissions: z.number().int().describe("The caller's own permission"),
  updated_at: z.string(),
});
export type DrillResponse = z.infer<typeof drill>;
export const drillsResponse = z.object({ drills: z.array(drill) });
export const drillIdQuery = z.object({ drill_id: idParam });
export const drillUpsertQuery = z.object({ drill_id: idParam.optional() });

/** A drill library folder: owned, shared like a drill, and holding drills that follow its shares. */
export const folder = z.object({
  folder_id: z.number().int(),
  uid: z.number().int().describe('The owner'),
  name: z.string(),
  usershares: z.array(userShare),
  orgshares: z.array(orgShare),
  permissions: z.number().int().describe("The caller's own permission: the highest of their own share and their organisations'"),
  drills: z.number().int().describe('How many drills it holds that the caller may see'),
});
export type FolderResponse = z.infer<typeof folder>;
export const foldersResponse = z.object({ folders: z.array(folder) });
export const folderBody = z.strictObject({
  name: line(60, 'A folder name'),
  usershares: z.array(userShareEntry).max(50).default([]),
  orgshares: z.array(orgShareEntry).max(50).default([]),
});
export type FolderBody = z.input<typeof folderBody>;
export const folderIdQuery = z.object({ folder_id: idParam });
export const folderUpsertQuery = z.object({ folder_id: idParam.optional() });

/** A drill result: uid is the player (the owner of the event); recorded_by who entered it. */
export const drillResult = z.object({
  drillresult_id: z.number().int(),
  ced_id: z.number().int(),
  drill_id: z.number().int(),
  event_id: z.number().int(),
  uid: z.number().int().describe('The player: the owner of the event'),
  recorded_by: z
    .number()
    .int()
    .nullable()
    .describe('Who entered it (the player, or a coach with ADD on the event); null once their account is gone'),
  time: z.string(),
  values: resultValues,
  /** The value of the drill's score field, or null. */
  score: z.number().nullable(),
});
export type DrillResultResponse = z.infer<typeof drillResult>;
export const drillResultsResponse = z.object({ results: z.array(drillResult) });

/**
 * GET /drills/results: the results of event drills (`ced_id=1,2`, a comma-separated list), or of one
 * drill across events (`drill_id`, optionally for the players `uids`, oldest first), that the caller may see.
 */
export const drillResultsQuery = z
  .object({
    ced_id: idListParam.optional(),
    drill_id: idParam.optional(),
    uids: idListParam.optional(),
    from: isoDate().optional(),
  })
  .refine((query) => (query.ced_id === undefined) !== (query.drill_id === undefined), { message: 'Give either ced_id or drill_id' })
  .refine((query) => query.uids === undefined || query.drill_id !== undefined, { message: 'uids goes with drill_id' });
export const drillResultIdQuery = z.object({ drillresult_id: idParam });
export const drillResultUpsertQuery = z.object({ drillresult_id: idParam.optional() });

/** The most results one GET /drills/results answers (a drill over years for 15 players fits). */
export const MAX_DRILL_RESULTS = 3000;
