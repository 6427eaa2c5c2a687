import { describe, expect, it } from 'vitest';
import type { StatCategory } from '../engine/types.ts';
import { DIAGNOSIS_CATEGORIES } from './category-names.ts';
import { planFor, STARTER_DRILLS, starterDrill, starterDrillBody, type LibraryDrill, type StarterDrill } from './starter-drills.ts';

/*
 * packages/golf cannot import the contracts (they import golf), so the drill body's rules are checked here as the
 * drills API states them: a title of 1-80 characters, a description of at most 4000, 1-20 fields with distinct keys
 * of 1-32 lower-case letters, digits or _ starting with a letter, labels of 1-60, a NUMBER's unit of at most 16, its
 * step above 0 and its lowest value not above its highest, a STRING's length 1-2000, a SELECT's 1-20 distinct options
 * of 1-40, and a score field naming a NUMBER field; no control, bidi or zero-width characters in any text.
 */
const FIELD_KEY = /^[a-z][a-z0-9_]{0,31}$/;
// C0 and C1 controls (tab and line breaks apart), bidi embeddings, overrides, isolates and marks, zero-width characters,
// the line and paragraph separators and the byte-order mark.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;

function problemsOf(drill: StarterDrill): string[] {
  const problems: string[] = [];
  const text = (value: string, min: number, max: number, what: string) => {
    if (value.trim().length < min || value.trim().length > max) problems.push(`${what} has ${value.trim().length} characters`);
    if (FORBIDDEN.test(value)) problems.push(`${what} has a forbidden character`);
  };
  text(drill.title, 1, 80, 'title');
  text(drill.description, 0, 4000, 'description');
  if (drill.fields.length < 1 || drill.fields.length > 20) problems.push(`${drill.fields.length} fields`);
  const keys = new Set<string>();
  for (const field of drill.fields) {
    if (!FIELD_KEY.test(field.key)) problems.push(`field key ${field.key}`);
    if (keys.has(field.key)) problems.push(`two fields ${field.key}`);
    keys.add(field.key);
    text(field.label, 1, 60, `label of ${field.key}`);
    switch (field.type) {
      case 'NUMBER':
        if (field.unit !== null) text(field.unit, 0, 16, `unit of ${field.key}`);
        if (field.step !== null && !(field.step > 0 && Number.isFinite(field.step))) problems.push(`step of ${field.key}`);
        if (field.min !== null && field.max !== null && field.min > field.max) problems.push(`bounds of ${field.key}`);
        break;
      case 'STRING':
        if (!Number.isInteger(field.max) || field.max < 1 || field.max > 2000) problems.push(`length of ${field.key}`);
        break;
      case 'SELECT':
        if (field.options.length < 1 || field.options.length > 20) problems.push(`options of ${field.key}`);
        if (new Set(field.options).size !== field.options.length) problems.push(`repeated options of ${field.key}`);
        field.options.forEach((option) => text(option, 1, 40, `option of ${field.key}`));
        break;
      case 'TOGGLE':
        break;
    }
  }
  const score = drill.fields.find((field) => field.key === drill.score_field);
  if (!FIELD_KEY.test(drill.score_field) || score?.type !== 'NUMBER') problems.push(`score field ${drill.score_field}`);
  return problems;
}

describe('starter drills', () => {
  it.each(STARTER_DRILLS.map((drill) => [drill.key, drill] as const))('%s keeps the drill body rules', (_key, drill) => {
    expect(problemsOf(drill)).toEqual([]);
    expect(DIAGNOSIS_CATEGORIES).toContain(drill.category);
    expect(drill.description.length).toBeGreaterThan(60);
    expect(drill.why.length).toBeGreaterThan(10);
  });

  it('the check above does find a broken drill', () => {
    const broken: StarterDrill = {
      ...STARTER_DRILLS[0]!,
      title: '',
      fields: [
        { key: 'Made', label: 'x', required: true, type: 'NUMBER', min: 5, max: 1, step: 0, unit: 'far too long a unit' },
        { key: 'Made', label: 'y\u200b', required: false, type: 'SELECT', options: ['a', 'a'] },
      ],
      score_field: 'notes',
    };
    expect(problemsOf(broken).length).toBeGreaterThanOrEqual(8);
  });

  it('has stable, distinct keys and at least two drills for every category', () => {
    const keys = STARTER_DRILLS.map((drill) => drill.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
    for (const category of DIAGNOSIS_CATEGORIES) {
      expect(STARTER_DRILLS.filter((drill) => drill.category === category).length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(STARTER_DRILLS.map((drill) => drill.title.toLowerCase())).size).toBe(STARTER_DRILLS.length);
  });

  it('finds a drill by key and gives the body the drills API creates it from', () => {
    const drill = starterDrill('lag-putt-three-foot-circle')!;
    expect(drill.category).toBe('longPutts');
    expect(starterDrill('no-such-drill')).toBeUndefined();
    const body = starterDrillBody(drill);
    expect(Object.keys(body).sort()).toEqual(['category', 'description', 'fields', 'higher_is_better', 'score_field', 'title']);
    expect(body.fields).toEqual(drill.fields);
    expect(body.fields[0]).not.toBe(drill.fields[0]);
  });
});

describe('planFor', () => {
  const library: LibraryDrill[] = [
    { drill_id: 11, title: 'My 3-footers', category: 'shortPutts' },
    { drill_id: 12, title: 'Gate putting', category: 'midPutts' },
    { drill_id: 13, title: 'Wedge game', category: null },
  ];

  it.each(DIAGNOSIS_CATEGORIES)('%s with an empty library: three starter drills of the category', (category) => {
    const plan = planFor(category, []);
    expect(plan.drills.length).toBeGreaterThanOrEqual(2);
    expect(plan.drills.length).toBeLessThanOrEqual(4);
    for (const drill of plan.drills) {
      expect(drill.drill_id).toBeNull();
      expect(starterDrill(drill.template_key!)?.category).toBe(category);
      expect(drill.why).not.toBe('');
    }
    expect([2, 3]).toContain(plan.practices_per_week);
  });

  it("puts the library's drills of the category first, then fills with starter drills", () => {
    const plan = planFor('shortPutts', library);
    expect(plan.drills[0]).toEqual({
      drill_id: 11,
      template_key: null,
      title: 'My 3-footers',
      why: 'A drill from your library for Short Putts.',
    });
    expect(plan.drills.slice(1).map((d) => d.template_key)).toEqual(['short-putt-circle', 'short-putt-in-a-row']);
    expect(plan.practices_per_week).toBe(3);
  });

  it('keeps at most four library drills and adds no starter drill then', () => {
    const many: LibraryDrill[] = Array.from({ length: 6 }, (_, i) => ({
      drill_id: 100 + i,
      title: `Drive ${i}`,
      category: 'drive' as StatCategory,
    }));
    const plan = planFor('drive', many);
    expect(plan.drills.map((d) => d.drill_id)).toEqual([100, 101, 102, 103]);
    expect(plan.practices_per_week).toBe(2);
  });

  it('plans a starter drill an earlier plan added to the library as that library drill, never twice', () => {
    const added: LibraryDrill[] = [{ drill_id: 40, title: 'Circle drill', category: null }];
    const plan = planFor('shortPutts', added);
    expect(plan.drills[0]).toMatchObject({ drill_id: 40, template_key: null, title: 'Circle drill' });
    expect(plan.drills.filter((d) => d.title === 'Circle drill')).toHaveLength(1);
    expect(plan.drills).toHaveLength(3);
  });
});
