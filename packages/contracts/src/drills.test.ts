import { describe, expect, it } from 'vitest';
import { BOTH_DRILL_IDS_MESSAGE, checkResultValues, drillBody, drillsQuery, type DrillField } from './drills.ts';

const GATE = {
  title: 'Gate drill',
  category: 'shortPutts',
  fields: [
    { key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, required: true },
    { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'medium', 'fast'] },
    { key: 'notes', label: 'Notes', type: 'STRING', max: 20 },
    { key: 'windy', label: 'Windy', type: 'TOGGLE' },
  ],
  score_field: 'made',
};

describe('drillBody', () => {
  it('takes a drill with one field of each type and fills the defaults', () => {
    const parsed = drillBody.parse(GATE);
    expect(parsed).toMatchObject({ title: 'Gate drill', description: '', folder_id: null, higher_is_better: true, score_field: 'made' });
    expect(parsed.fields.map((f) => [f.type, f.required])).toEqual([
      ['NUMBER', true],
      ['SELECT', false],
      ['STRING', false],
      ['TOGGLE', false],
    ]);
    expect(parsed.fields[0]).toMatchObject({ unit: null });
  });

  const refused: Array<[string, unknown, string]> = [
    ['no fields', { ...GATE, fields: [], score_field: null }, 'fields'],
    ['two fields with one key', { ...GATE, fields: [GATE.fields[0], { ...GATE.fields[3], key: 'made' }] }, 'fields.1.key'],
    ['a key with capitals', { ...GATE, fields: [{ ...GATE.fields[0], key: 'Made' }], score_field: null }, 'fields.0.key'],
    ['min above max', { ...GATE, fields: [{ ...GATE.fields[0], min: 11 }] }, 'fields.0.max'],
    ['a step of 0', { ...GATE, fields: [{ ...GATE.fields[0], step: 0 }] }, 'fields.0.step'],
    ['a choice with no options', { ...GATE, fields: [GATE.fields[0], { ...GATE.fields[1], options: [] }] }, 'fields.1.options'],
    ['repeated options', { ...GATE, fields: [GATE.fields[0], { ...GATE.fields[1], options: ['fast', 'fast'] }] }, 'fields.1.options'],
    ['an unknown type', { ...GATE, fields: [{ key: 'x', label: 'X', type: 'DATE' }], score_field: null }, 'fields.0.type'],
    ['a score that is not a number field', { ...GATE, score_field: 'green' }, 'score_field'],
    ['a score naming no field', { ...GATE, score_field: 'holed' }, 'score_field'],
    ['an unknown category', { ...GATE, category: 'bunkers' }, 'category'],
    ['an empty title', { ...GATE, title: '   ' }, 'title'],
    ['a bidi override in a label', { ...GATE, fields: [{ ...GATE.fields[0], label: 'Made\u202e' }] }, 'fields.0.label'],
    [
      '21 fields',
      { ...GATE, fields: Array.from({ length: 21 }, (_, i) => ({ key: `f${i}`, label: `F${i}`, type: 'TOGGLE' })), score_field: null },
      'fields',
    ],
  ];
  it.each(refused)('refuses %s, naming the field', (_what, body, path) => {
    const result = drillBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('drillsQuery', () => {
  it("takes none, drill_id or ced_id, and refuses both with the spec's message", () => {
    expect(drillsQuery.parse({})).toEqual({});
    expect(drillsQuery.parse({ drill_id: '5' })).toEqual({ drill_id: 5 });
    expect(drillsQuery.parse({ ced_id: '31' })).toEqual({ ced_id: 31 });
    const both = drillsQuery.safeParse({ drill_id: '5', ced_id: '31' });
    expect(both.error?.issues.map((i) => i.message)).toEqual([BOTH_DRILL_IDS_MESSAGE]);
    expect(BOTH_DRILL_IDS_MESSAGE).toBe('Cannot specify both drill_id and ced_id');
  });
});

describe('checkResultValues', () => {
  const fields = drillBody.parse(GATE).fields as DrillField[];

  it("keeps the drill's fields in order and leaves out empty optional ones", () => {
    expect(checkResultValues(fields, { windy: false, made: 7, green: 'fast' })).toEqual({
      ok: true,
      values: { made: 7, green: 'fast', windy: false },
    });
    expect(checkResultValues(fields, { made: 0, notes: '' })).toEqual({ ok: true, values: { made: 0 } });
  });

  const wrong: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a missing required value', { green: 'fast' }, 'made', /is needed/],
    ['a number as text', { made: '7' }, 'made', /must be a number/],
    ['below the minimum', { made: -1 }, 'made', /at least 0/],
    ['above the maximum', { made: 11 }, 'made', /at most 10/],
    ['off the step', { made: 7.5 }, 'made', /steps of 1/],
    ['infinity', { made: Number.POSITIVE_INFINITY }, 'made', /must be a number/],
    ['an option not offered', { made: 5, green: 'glacial' }, 'green', /one of: slow, medium, fast/],
    ['text too long', { made: 5, notes: 'x'.repeat(21) }, 'notes', /at most 20 characters/],
    ['a control character in text', { made: 5, notes: 'a\u0000b' }, 'notes', /plain text/],
    ['a toggle as a number', { made: 5, windy: 1 }, 'windy', /true or false/],
    ['a key the drill does not have', { made: 5, putts: 3 }, 'putts', /not a field/],
  ];
  it.each(wrong)('refuses %s, naming the field', (_what, values, field, message) => {
    const result = checkResultValues(fields, values as never);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ field, message: expect.stringMatching(message) }]);
  });

  it('counts steps from the minimum, to within rounding', () => {
    const [distance] = drillBody.parse({ title: 'Wedges', fields: [{ key: 'carry', label: 'Carry', type: 'NUMBER', min: 0.5, step: 0.1 }] })
      .fields as DrillField[];
    expect(checkResultValues([distance!], { carry: 0.7 }).ok).toBe(true);
    expect(checkResultValues([distance!], { carry: 100.3 }).ok).toBe(true);
    expect(checkResultValues([distance!], { carry: 0.75 }).ok).toBe(false);
  });
});
