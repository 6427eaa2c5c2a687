import { describe, expect, it } from 'vitest';
import { displayName, formatDate, formatStat, roundTo } from './display.ts';

describe('displayName', () => {
  it('uses first and last name when a first name exists', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Birdie', email: 'ada@example.com' })).toBe('Ada Birdie');
    expect(displayName({ first_name: 'Ada', last_name: '', email: 'ada@example.com' })).toBe('Ada');
  });
  it('falls back to the e-mail when there is no first name, even with a last name', () => {
    expect(displayName({ first_name: '', last_name: 'Birdie', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ first_name: '   ', email: 'ada@example.com' })).toBe('ada@example.com');
  });
  it('keeps an e-mail of exactly 27 characters and cuts a 28-character one to 25 plus an ellipsis', () => {
    const e27 = 'abcdefghijklmnopq@example.c'; // 27
    expect(e27).toHaveLength(27);
    expect(displayName({ email: e27 })).toBe(e27);
    const e28 = `${e27}o`;
    expect(displayName({ email: e28 })).toBe(`${e28.slice(0, 25)}...`);
  });
  it('is empty for a logged-out user', () => {
    expect(displayName({ first_name: '', last_name: '', email: '' })).toBe('');
  });
});

describe('roundTo and formatStat', () => {
  it('rounds to 2 decimals by default, half away from zero', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(2.344)).toBe(2.34);
    expect(roundTo(1.23456, 3)).toBe(1.235);
    expect(Object.is(roundTo(-0.001), 0)).toBe(true);
  });
  it("shows '-' for anything that is not a finite number", () => {
    expect(formatStat(Number.NaN)).toBe('-');
    expect(formatStat(undefined)).toBe('-');
    expect(formatStat('3')).toBe('-');
    expect(formatStat(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatStat(-4.126)).toBe('-4.13');
  });
});

describe('formatDate', () => {
  it('formats as MM/d/yy and h:mm when asked', () => {
    const d = new Date(2026, 2, 7, 8, 5);
    expect(formatDate(d)).toBe('03/7/26');
    expect(formatDate(d, true)).toBe('03/7/26 8:05');
    expect(formatDate(new Date(2026, 10, 22, 0, 30), true)).toBe('11/22/26 12:30');
    expect(formatDate(new Date(2026, 10, 22, 13, 0), true)).toBe('11/22/26 1:00');
  });
  it("shows '-' for an invalid date", () => {
    expect(formatDate('not a date')).toBe('-');
  });
});
