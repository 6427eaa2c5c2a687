import { describe, expect, it } from 'vitest';
import { buildDiagnosis } from '../test/diagnosis-fixtures.tsx';
import {
  aiCoachPath,
  diagnosisPath,
  formatFigure,
  formatSigned,
  isDayKey,
  meetsTarget,
  nextMonday,
  roundsNeededWords,
  strokesToGainOf,
  strokesWords,
  trendWords,
  waitingForVerdict,
} from './diagnosis-view.ts';

describe('diagnosis view', () => {
  it.each([
    [0.454, '+0.45'],
    [-1.2, '-1.20'],
    [0.001, '0.00'],
    [-0.004, '0.00'],
    [null, '–'],
    [Number.NaN, '–'],
  ])('writes %s as the signed figure %s', (value, text) => {
    expect(formatSigned(value)).toBe(text);
  });

  it.each([
    [1, '1.0 stroke'],
    [1.04, '1.0 stroke'],
    [1.84, '1.8 strokes'],
    [0, '0.0 strokes'],
  ])('counts %s as "%s"', (value, text) => {
    expect(strokesWords(value)).toBe(text);
  });

  it("takes the strokes to gain from the diagnosed category's evidence, 0 when it is missing", () => {
    expect(strokesToGainOf(buildDiagnosis())).toBe(1.84);
    expect(strokesToGainOf(buildDiagnosis({ category: 'sandChips' }))).toBe(0);
  });

  // 2026-03-02 is a Monday.
  it.each([
    ['2026-03-01', '2026-03-02'], // Sunday: tomorrow
    ['2026-03-02', '2026-03-09'], // Monday: a week on
    ['2026-03-03', '2026-03-09'],
    ['2026-03-07', '2026-03-09'], // Saturday
    ['2026-12-29', '2027-01-04'], // over the new year
  ])('the plan starts on the Monday after %s: %s', (today, monday) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    expect(nextMonday(new Date(y, m - 1, d, 23, 30))).toBe(monday);
  });

  it.each([
    ['2026-03-09', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-9', false],
    ['', false],
  ])('%s is a day: %s', (value, ok) => {
    expect(isDayKey(value)).toBe(ok);
  });

  it.each([
    [18.04, '%', '18%'],
    [5.26, 'ft', '5.3 ft'],
    [142, 'yd', '142 yd'],
    [31.44, 'per round', '31.4'],
    [null, '%', '–'],
  ])('writes the figure %s in %s as %s', (value, unit, text) => {
    expect(formatFigure(value, unit)).toBe(text);
  });

  it.each([
    [{ value: 18, target: 11, better: 'lower' as const }, false],
    [{ value: 11, target: 11, better: 'lower' as const }, true],
    [{ value: 60, target: 55, better: 'higher' as const }, true],
    [{ value: 50, target: 55, better: 'higher' as const }, false],
    [{ value: null, target: 55, better: 'higher' as const }, null],
    [{ value: 50, target: null, better: 'lower' as const }, null],
  ])('%o meets its target: %s', (figure, met) => {
    expect(meetsTarget(figure)).toBe(met);
  });

  it('says the trend in words, and nothing without two rounds after', () => {
    expect(trendWords(null)).toBeNull();
    expect(trendWords(0.25)).toBe('Rising (+0.25 strokes gained per round)');
    expect(trendWords(-0.1)).toBe('Falling (-0.10 strokes gained per round)');
    expect(trendWords(0.001)).toBe('Flat (0.00 strokes gained per round)');
  });

  it('says what a verdict needs and how many rounds there are', () => {
    expect(waitingForVerdict(1)).toBe('3 rounds after the diagnosis give a verdict; 1 so far.');
    expect(waitingForVerdict(0)).toBe('3 rounds after the diagnosis give a verdict; 0 so far.');
  });

  it('says what a diagnosis needs and what was counted', () => {
    expect(roundsNeededWords(2, 27)).toEqual({ needed: '3 rounds and 54 holes', counted: '2 rounds and 27 holes' });
    expect(roundsNeededWords(1, 18)).toEqual({ needed: '3 rounds and 54 holes', counted: '1 round and 18 holes' });
    expect(roundsNeededWords(undefined, undefined).counted).toBe('0 rounds and 0 holes');
  });

  it("links a diagnosis by its id, with the player when it is not the caller's", () => {
    expect(diagnosisPath(11)).toBe('/ai-coach/diagnosis?diagnosis_id=11');
    expect(diagnosisPath(11, 21)).toBe('/ai-coach/diagnosis?diagnosis_id=11&uid=21');
    expect(aiCoachPath(null)).toBe('/ai-coach');
    expect(aiCoachPath(21)).toBe('/ai-coach?uid=21');
  });
});
