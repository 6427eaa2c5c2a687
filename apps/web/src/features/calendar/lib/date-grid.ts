/**
 * The calendar's days, in the user's local time: day keys (YYYY-MM-DD), month grids and weeks
 * starting on Monday, the range to ask the API for, and where a moved event lands. Pure: the
 * clock is passed in, so each rule has its unit test.
 */
import { formatDate } from '@holeout/golf';

export type CalendarView = 'month' | 'week';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment: 2026-11-21. */
export function toDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Local midnight of a day key; null when the key is not a real day (2026-02-30). */
export function parseDayKey(key: string): Date | null {
  const match = DAY_KEY.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The same local time of day `days` later (calendar days, not 24-hour steps, so DST changes keep the hour). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** A day key moved by whole days. */
export function shiftDayKey(key: string, days: number): string {
  const date = parseDayKey(key);
  return date ? toDayKey(addDays(date, days)) : key;
}

/** 0 for Monday to 6 for Sunday: weeks start on Monday. */
export function weekdayIndex(date: Date): number {
  return (date.getDay() + 6) % 7;
}

/** Local midnight of the Monday of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return addDays(midnight, -weekdayIndex(midnight));
}

/** The seven days (local midnights) of the week holding `date`, Monday first. */
export function weekDays(date: Date): Date[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The weeks of the month holding `date`, Monday first: every week that has a day of the month,
 * filled out with the days of the months beside it (4 to 6 rows of 7).
 */
export function monthWeeks(date: Date): Date[][] {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const weeks: Date[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) weeks.push(weekDays(monday));
  return weeks;
}

/** The days the view shows around `date`, first to last. */
export function visibleDays(view: CalendarView, date: Date): Date[] {
  return view === 'week' ? weekDays(date) : monthWeeks(date).flat();
}

/**
 * What to ask GET /events for: from the first shown day's local midnight up to the midnight after
 * the last, as ISO instants (a plain date would be read as a UTC day).
 */
export function visibleRange(view: CalendarView, date: Date): { from: string; to: string } {
  const days = visibleDays(view, date);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return { from: first.toISOString(), to: addDays(last, 1).toISOString() };
}

/**
 * The day `steps` months or weeks away. A month step keeps the day of the month where it exists
 * and otherwise takes the month's last day (January 31 + 1 month: February 28).
 */
export function shiftPeriod(view: CalendarView, key: string, steps: number): string {
  const date = parseDayKey(key);
  if (!date) return key;
  if (view === 'week') return toDayKey(addDays(date, steps * 7));
  const lastOfTarget = new Date(date.getFullYear(), date.getMonth() + steps + 1, 0).getDate();
  return toDayKey(new Date(date.getFullYear(), date.getMonth() + steps, Math.min(date.getDate(), lastOfTarget)));
}

/** "November 2026" or, for a week, "11/16/26 to 11/22/26" (dates as the app writes them, MM/d/yy). */
export function periodLabel(view: CalendarView, date: Date): string {
  if (view === 'month') return `${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`;
  const days = weekDays(date);
  return `${formatDate(days[0]!)} to ${formatDate(days[6]!)}`;
}

/** "Saturday 11/21/26". */
export function dayLabel(date: Date): string {
  return `${WEEKDAY_NAMES[weekdayIndex(date)]} ${formatDate(date)}`;
}

/** Events by the local day they start on, each day's in order of start time. */
export function groupByDay<E extends { start: string }>(events: readonly E[]): Map<string, E[]> {
  const byDay = new Map<string, E[]>();
  const sorted = [...events].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  for (const event of sorted) {
    const start = new Date(event.start);
    if (Number.isNaN(start.getTime())) continue;
    const key = toDayKey(start);
    const list = byDay.get(key);
    if (list) list.push(event);
    else byDay.set(key, [event]);
  }
  return byDay;
}

/**
 * An event moved to another day: the same local time of day, the same duration. Null when the
 * day key is not a real day.
 */
export function moveToDay(event: { start: string; end: string | null }, dayKey: string): { start: string; end: string | null } | null {
  const day = parseDayKey(dayKey);
  const start = new Date(event.start);
  if (!day || Number.isNaN(start.getTime())) return null;
  const moved = new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
    start.getMilliseconds(),
  );
  if (event.end === null) return { start: moved.toISOString(), end: null };
  const end = new Date(event.end);
  const duration = Number.isNaN(end.getTime()) ? 0 : end.getTime() - start.getTime();
  return { start: moved.toISOString(), end: new Date(moved.getTime() + duration).toISOString() };
}

/** "9:05" (the time part of the app's MM/d/yy h:mm). */
export function timeOfDay(value: string): string {
  const full = formatDate(value, true);
  return full.slice(full.indexOf(' ') + 1);
}
