import { describe, expect, it } from 'vitest';
import { ID_MAX, MAX_ID_LIST, idListParam, idNumber, idParam, isoDate, isoDateTime, wholeNumberParam } from './common.ts';

describe('ids', () => {
  it('takes an id in a query string only as the plain decimal it prints as, 1 to 2147483647', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of [
      String(ID_MAX + 1),
      '9999999999',
      '1'.repeat(30),
      '9'.repeat(10_000),
      'Infinity',
      '1e+30',
      '0x10',
      ' 1',
      '1 ',
      '+1',
      '1.0',
      '1e3',
      '01',
      '0',
      '-1',
      '',
      '１',
    ])
      expect(idParam.safeParse(bad).success, JSON.stringify(bad.slice(0, 40))).toBe(false);
  });

  it('takes an id in a body as a whole number the integer columns hold', () => {
    expect(idNumber.parse(ID_MAX)).toBe(ID_MAX);
    for (const bad of [ID_MAX + 1, 1e30, Infinity, Number.NaN, 1.5, 0, -1, '1'])
      expect(idNumber.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('takes a list of ids only when every element is an id, and at most MAX_ID_LIST of them', () => {
    expect(idListParam.parse(`1,2,${ID_MAX}`)).toEqual([1, 2, ID_MAX]);
    const longest = Array.from({ length: MAX_ID_LIST }, (_, i) => ID_MAX - i).join(',');
    expect(idListParam.parse(longest)).toHaveLength(MAX_ID_LIST);
    for (const bad of [
      `1,${ID_MAX + 1}`,
      `1,${'1'.repeat(30)}`,
      '1,Infinity',
      '1,1e+30',
      '1, 2',
      '1,,2',
      ',1',
      '1,',
      '1,01',
      '1,0',
      `${longest},1`,
    ])
      expect(idListParam.safeParse(bad).success, bad.slice(0, 40)).toBe(false);
  });

  it('takes offsets and page sizes as plain decimals within their bounds', () => {
    const offset = wholeNumberParam(0, 100);
    expect(offset.parse('0')).toBe(0);
    expect(offset.parse('100')).toBe(100);
    for (const bad of ['101', '-1', '1e2', '0x10', '01', ' 1', 'Infinity', '']) expect(offset.safeParse(bad).success, bad).toBe(false);
  });
});

describe('dates', () => {
  it('takes the dates and times of the years 0100 to 9999 that exist', () => {
    for (const good of ['0100-01-01', '2024-02-29', '9999-12-31']) expect(isoDate().safeParse(good).success, good).toBe(true);
    for (const good of ['0100-01-01T00:00:00Z', '2026-11-21T16:00:00.123+05:30', '9999-12-31T23:59:59.999Z'])
      expect(isoDateTime().safeParse(good).success, good).toBe(true);
  });

  it('refuses year 0, the years the driver misreads (0001 to 0099), past 9999, and days that do not exist', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '0099-12-31', '10000-01-01', '2026-13-01', '2026-02-30', '2025-02-29'])
      expect(isoDate().safeParse(bad).success, bad).toBe(false);
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0100-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '+010000-01-01T00:00:00Z',
      '2026-06-30T23:59:60Z',
      '2026-01-01T24:00:00Z',
    ])
      expect(isoDateTime().safeParse(bad).success, bad).toBe(false);
  });
});
