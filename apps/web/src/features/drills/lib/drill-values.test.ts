import type { DrillField } from '@holeout/contracts';
import { describe, expect, it } from 'vitest';
import { categoryLabel, describeField, fieldKeyFromLabel, formatResultValue, resultSummary, scoreRule } from './drill-values.ts';

const made: DrillField = { type: 'NUMBER', key: 'made', label: 'Putts made of 10', required: true, min: 0, max: 10, step: 1, unit: null };
const leave: DrillField = { type: 'NUMBER', key: 'leave', label: 'Leave', required: false, min: null, max: null, step: null, unit: 'ft' };
const green: DrillField = { type: 'SELECT', key: 'green', label: 'Green speed', required: false, options: ['slow', 'medium', 'fast'] };
const notes: DrillField = { type: 'STRING', key: 'notes', label: 'Notes', required: false, max: 500 };
const windy: DrillField = { type: 'TOGGLE', key: 'windy', label: 'Windy', required: false };

describe('formatResultValue', () => {
  it('writes numbers rounded to 2 decimals with the unit, toggles as Yes/No, text and choices as they are', () => {
    expect(formatResultValue(made, 7)).toBe('7');
    expect(formatResultValue(leave, 2.456)).toBe('2.46 ft');
    expect(formatResultValue(windy, true)).toBe('Yes');
    expect(formatResultValue(windy, false)).toBe('No');
    expect(formatResultValue(green, 'fast')).toBe('fast');
    expect(formatResultValue(notes, 'Left edge')).toBe('Left edge');
  });

  it("shows '-' for nothing recorded or a value that does not fit the field", () => {
    expect(formatResultValue(made, undefined)).toBe('-');
    expect(formatResultValue(made, null)).toBe('-');
    expect(formatResultValue(notes, '')).toBe('-');
    expect(formatResultValue(made, 'seven')).toBe('-');
    expect(formatResultValue(windy, 'yes')).toBe('-');
  });
});

describe('resultSummary', () => {
  it('lists the recorded values in field order, leaving out the empty ones', () => {
    const drill = { fields: [made, green, notes, windy] };
    expect(resultSummary(drill, { windy: false, made: 7, green: 'fast' })).toBe('Putts made of 10: 7 · Green speed: fast · Windy: No');
    expect(resultSummary(drill, {})).toBe('-');
  });
});

describe('describeField and scoreRule', () => {
  it('say what each field accepts', () => {
    expect(describeField(made)).toBe('Number from 0 to 10, in steps of 1');
    expect(describeField(leave)).toBe('Number (ft)');
    expect(describeField({ ...leave, min: 0 })).toBe('Number of at least 0 (ft)');
    expect(describeField(notes)).toBe('Text up to 500 characters');
    expect(describeField(green)).toBe('One of: slow, medium, fast');
    expect(describeField(windy)).toBe('On or off');
  });

  it('names the score field and its direction', () => {
    expect(scoreRule({ fields: [made], score_field: 'made', higher_is_better: true })).toBe('Score: Putts made of 10, higher is better');
    expect(scoreRule({ fields: [leave], score_field: 'leave', higher_is_better: false })).toBe('Score: Leave, lower is better');
    expect(scoreRule({ fields: [made], score_field: null, higher_is_better: true })).toBeNull();
  });

  it('names the categories', () => {
    expect(categoryLabel('longPutts')).toBe('Lag putts');
    expect(categoryLabel('sandChips')).toBe('Greenside bunkers');
    expect(categoryLabel('drive')).toBe('Off the tee');
    expect(categoryLabel(null)).toBe('No category');
  });
});

describe('fieldKeyFromLabel', () => {
  it('makes a valid key from the label', () => {
    expect(fieldKeyFromLabel('Putts made of 10')).toBe('putts_made_of_10');
    expect(fieldKeyFromLabel('  Green speed (Stimp)! ')).toBe('green_speed_stimp');
    expect(fieldKeyFromLabel('10 ft putts')).toBe('ft_putts');
    expect(fieldKeyFromLabel('Élan')).toBe('elan');
    expect(fieldKeyFromLabel('!!!')).toBe('field');
    expect(fieldKeyFromLabel('A very long label that goes on and on and on')).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
  });

  it('does not take a key another field has', () => {
    expect(fieldKeyFromLabel('Made', ['made'])).toBe('made_2');
    expect(fieldKeyFromLabel('Made', ['made', 'made_2'])).toBe('made_3');
    const long = 'x'.repeat(40);
    expect(fieldKeyFromLabel(long, ['x'.repeat(32)])).toBe(`${'x'.repeat(30)}_2`);
  });
});
