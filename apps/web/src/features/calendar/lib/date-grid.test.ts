import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@holeout/golf';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../../../lib/theme.ts';
import {
  addDays,
  dayLabel,
  groupByDay,
  monthWeeks,
  moveToDay,
  parseDayKey,
  periodLabel,
  shiftDayKey,
  shiftPeriod,
  startOfWeek,
  toDayKey,
  visibleRange,
  weekDays,
} from './date-grid.ts';
import { CALENDAR_TYPES, calendarType, CHIP_TEXT, EVENT_TYPE_COLOURS } from './event-type-style.ts';

/** A local time, whatever the machine's time zone. */
const local = (year: number, month: number, day: number, hours = 0, minutes = 0) => new Date(year, month - 1, day, hours, minutes);

describe('day keys', () => {
  it('reads and writes local days, refusing days that do not exist', () => {
    expect(toDayKey(local(2026, 11, 21, 23, 59))).toBe('2026-11-21');
    expect(parseDayKey('2026-11-21')?.getTime()).toBe(local(2026, 11, 21).getTime());
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('21/11/2026')).toBeNull();
    expect(shiftDayKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDayKey('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('weeks start on Monday', () => {
  it('finds the Monday of any day, Sunday included', () => {
    expect(toDayKey(startOfWeek(local(2026, 11, 22, 15)))).toBe('2026-11-16'); // a Sunday
    expect(toDayKey(startOfWeek(local(2026, 11, 16)))).toBe('2026-11-16'); // a Monday
    expect(weekDays(local(2026, 11, 19)).map(toDayKey)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('lays a month out in whole weeks with the days of the months beside it', () => {
    // November 2026 starts on a Sunday and ends on a Monday: 6 rows.
    const november = monthWeeks(local(2026, 11, 21));
    expect(november).toHaveLength(6);
    expect(toDayKey(november[0]![0]!)).toBe('2026-10-26');
    expect(toDayKey(november[0]![6]!)).toBe('2026-11-01');
    expect(toDayKey(november[5]![0]!)).toBe('2026-11-30');
    expect(toDayKey(november[5]![6]!)).toBe('2026-12-06');
    // February 2027 starts on a Monday and has 28 days: exactly 4 rows.
    const february = monthWeeks(local(2027, 2, 10));
    expect(february).toHaveLength(4);
    expect(toDayKey(february[0]![0]!)).toBe('2027-02-01');
    expect(toDayKey(february[3]![6]!)).toBe('2027-02-28');
    for (const week of [...november, ...february]) expect(week).toHaveLength(7);
  });

  it('asks the API from the first shown midnight to the midnight after the last', () => {
    expect(visibleRange('month', local(2026, 11, 21))).toEqual({
      from: local(2026, 10, 26).toISOString(),
      to: local(2026, 12, 7).toISOString(),
    });
    expect(visibleRange('week', local(2026, 11, 21))).toEqual({
      from: local(2026, 11, 16).toISOString(),
      to: local(2026, 11, 23).toISOString(),
    });
  });
});

describe('previous and next', () => {
  it('steps a month keeping the day where it exists, else the last day', () => {
    expect(shiftPeriod('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftPeriod('month', '2026-12-15', 1)).toBe('2027-01-15');
    expect(shiftPeriod('month', '2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftPeriod('week', '2026-12-29', 1)).toBe('2027-01-05');
  });

  it('names the period: a month by name, a week by its dates (MM/d/yy)', () => {
    expect(periodLabel('month', local(2026, 11, 21))).toBe('November 2026');
    expect(periodLabel('week', local(2026, 11, 21))).toBe('11/16/26 to 11/22/26');
    expect(dayLabel(local(2026, 5, 2))).toBe('Saturday 05/2/26');
  });
});

describe('events on days', () => {
  it('groups events by the local day they start, in order of time', () => {
    const events = [
      { id: 1, start: local(2026, 11, 21, 16).toISOString() },
      { id: 2, start: local(2026, 11, 21, 8).toISOString() },
      { id: 3, start: local(2026, 11, 22, 0, 30).toISOString() },
      { id: 4, start: 'not a date' },
    ];
    const byDay = groupByDay(events);
    expect([...byDay.keys()]).toEqual(['2026-11-21', '2026-11-22']);
    expect(byDay.get('2026-11-21')!.map((e) => e.id)).toEqual([2, 1]);
  });

  it('a moved event keeps its time of day and its duration', () => {
    const start = local(2026, 11, 21, 16, 15);
    const end = local(2026, 11, 21, 18, 0);
    expect(moveToDay({ start: start.toISOString(), end: end.toISOString() }, '2026-11-24')).toEqual({
      start: local(2026, 11, 24, 16, 15).toISOString(),
      end: local(2026, 11, 24, 18, 0).toISOString(),
    });
    // Past midnight stays past midnight: the end moves by the same duration.
    const late = moveToDay({ start: local(2026, 11, 21, 23).toISOString(), end: local(2026, 11, 22, 1).toISOString() }, '2026-11-20');
    expect(late).toEqual({ start: local(2026, 11, 20, 23).toISOString(), end: local(2026, 11, 21, 1).toISOString() });
    expect(moveToDay({ start: start.toISOString(), end: null }, '2026-11-01')).toEqual({
      start: local(2026, 11, 1, 16, 15).toISOString(),
      end: null,
    });
    expect(moveToDay({ start: start.toISOString(), end: null }, '2026-11-31')).toBeNull();
    expect(toDayKey(addDays(local(2026, 3, 28, 10), 2))).toBe('2026-03-30');
  });
});

describe('type colours', () => {
  it('every type has a fill on which white text reaches 4.5:1', () => {
    expect([...CALENDAR_TYPES].sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of CALENDAR_TYPES) expect(contrastRatio(CHIP_TEXT, EVENT_TYPE_COLOURS[type])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(calendarType('LESSON')).toBe('LESSON');
    expect(calendarType('SOMETHING_NEW')).toBe('NOTE');
  });
});
