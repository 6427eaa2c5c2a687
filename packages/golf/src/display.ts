/**
 * Display rules shared by the API and the apps: the name under the menu header, numbers rounded to 2
 * decimals ('-' for anything that is not a number) and dates as MM/d/yy.
 */

/** Display-name limits: an e-mail longer than 27 characters is cut to 25 plus an ellipsis. */
export const DISPLAY_NAME_MAX = 27;
export const DISPLAY_NAME_CUT = 25;
/** The name of the product when no organisation brand applies. */
export const DEFAULT_PRODUCT_NAME = 'Holeout';

/**
 * The name under the menu header: first and last name when a first name exists, otherwise the
 * e-mail, cut to 25 characters plus an ellipsis when it is longer than 27.
 */
export function displayName(user: { first_name?: string | null; last_name?: string | null; email?: string | null }): string {
  const first = user.first_name?.trim();
  if (first) return [first, user.last_name?.trim()].filter(Boolean).join(' ');
  const email = user.email ?? '';
  return email.length > DISPLAY_NAME_MAX ? `${email.slice(0, DISPLAY_NAME_CUT)}...` : email;
}

/** Rounds to `decimals` places (2 by default), half away from zero, without binary drift (1.005 -> 1.01). */
export function roundTo(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  // Whole numbers (most recorded distances) need no work; the exact path below costs a string conversion.
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(Number(scaled.toPrecision(15))) / factor;
  const signed = value < 0 ? -rounded : rounded;
  return Object.is(signed, -0) ? 0 : signed;
}

/** A number rounded for display, or '-' for anything that is not a finite number. */
export function formatStat(value: unknown, decimals = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return String(roundTo(value, decimals));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Dates display as MM/d/yy (US English), with h:mm when the time is asked for, in local time.
 * Examples: 03/7/26, 11/22/26 8:05.
 */
export function formatDate(value: Date | string | number, withTime = false): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const date = `${pad2(d.getMonth() + 1)}/${d.getDate()}/${pad2(d.getFullYear() % 100)}`;
  if (!withTime) return date;
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${date} ${hours}:${pad2(d.getMinutes())}`;
}
