import { z } from 'zod';

/** The error body of every non-2xx answer: a message for the user, a machine code, and details such as the fields at fault. */
export const errorBody = z.object({
  error: z.string().describe('A human-readable message, fit to show the user'),
  code: z.string().describe('A machine code, e.g. VALIDATION_ERROR, UNAUTHORIZED, RATE_LIMITED'),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Machine codes used in error bodies. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'NOT_VERIFIED',
  'INVALID_CODE',
  'WRONG_PASSWORD',
  'FORBIDDEN',
  'PREMIUM_REQUIRED',
  // Statistics reports (PDF and their e-mail) need Basic or above.
  'BASIC_REQUIRED',
  'PAYMENTS_NOT_CONFIGURED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  // Federated sign-in (Google, Apple, Microsoft through Firebase).
  'INVALID_METHOD',
  'INVALID_ID_TOKEN',
  'NOT_REGISTERED',
  'EMAIL_NOT_VERIFIED',
  'IDENTITY_LINKED',
  'IDENTITY_TAKEN',
  'PROVIDER_LINKED',
  'LAST_SIGN_IN',
  'HAS_PASSWORD',
  'CONFIRMATION_REQUIRED',
  'SIGN_IN_AGAIN',
  'NOT_LINKED',
  'SERVICE_UNAVAILABLE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/**
 * The largest id: every id column (users, events, drills, organisations, ...) is a PostgreSQL
 * integer, so a larger number names nothing and would make the database raise out-of-range.
 */
export const ID_MAX = 2_147_483_647;
/** The most ids one comma-separated list takes (the request line bounds it anyway; this bounds the work). */
export const MAX_ID_LIST = 2000;

const ID_MESSAGE = `must be an id: a whole number from 1 to ${ID_MAX}`;
/** An id as a query string writes it: plain decimal digits, no sign, space, exponent, fraction or leading zero. */
const DECIMAL_ID = '[1-9][0-9]{0,9}';
const DECIMAL_ID_PATTERN = new RegExp(`^${DECIMAL_ID}$`);
const ID_LIST_PATTERN = new RegExp(`^${DECIMAL_ID}(,${DECIMAL_ID})*$`);

/** An id in a JSON body: a whole number the id columns hold. */
export const idNumber = z.int(ID_MESSAGE).min(1, ID_MESSAGE).max(ID_MAX, ID_MESSAGE);

/**
 * An id in a query string (`?event_id=12`). Only the decimal an id prints as is taken: `0x10`,
 * ` 1`, `+1`, `1.0`, `1e3`, `Infinity` and `01` are not ids (one id has one spelling). Documented
 * as the integer it stands for.
 */
export const idParam = z
  .string(ID_MESSAGE)
  .regex(DECIMAL_ID_PATTERN, ID_MESSAGE)
  .transform(Number)
  .pipe(idNumber)
  .meta({ type: 'integer', minimum: 1, maximum: ID_MAX, pattern: undefined });

/** `?rounds=12,15`: a comma-separated list of ids, each as `idParam` takes it, at most MAX_ID_LIST of them. */
export const idListParam = z
  .string('must be a comma-separated list of ids')
  .max(MAX_ID_LIST * 11 - 1, `must be a list of at most ${MAX_ID_LIST} ids`)
  .regex(ID_LIST_PATTERN, `must be a comma-separated list of ids, each a whole number from 1 to ${ID_MAX}`)
  .transform((list) => list.split(',').map(Number))
  .pipe(z.array(idNumber).max(MAX_ID_LIST, `must be a list of at most ${MAX_ID_LIST} ids`));

/**
 * A whole number in a query string (an offset, a page size): plain decimal digits as `idParam`
 * reads them, from `min` to `max`.
 */
export function wholeNumberParam(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string(message)
    .regex(/^(0|[1-9][0-9]{0,15})$/, message)
    .transform(Number)
    .pipe(z.int(message).min(min, message).max(max, message))
    .meta({ type: 'integer', minimum: min, maximum: max, pattern: undefined });
}

/**
 * Dates and times that reach the database and come back as they were sent: from the year 0100 to
 * 9999. PostgreSQL has no year 0; a time in the years 0001 to 0099 is stored but read back as
 * 19xx or 20xx (the driver reads the year as two digits); past 9999 JavaScript writes a six-digit
 * year that the database does not read. An offset counts: 0100-01-01T00:00:00+01:00 is in 0099.
 * The ISO formats already refuse month 13, February 30, hour 24 and second 60.
 */
const FIRST_INSTANT = Date.parse('0100-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const DATE_RANGE_MESSAGE = 'must be in the years 0100 to 9999';
const withinYears = (text: string) => {
  const instant = Date.parse(text);
  return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
};

/** A calendar date, 2026-11-21. */
export const isoDate = (message = 'Give a date as 2026-11-21') =>
  z.iso.date({ message }).refine(withinYears, { message: `The date ${DATE_RANGE_MESSAGE}`, abort: true });

/** An ISO 8601 date and time with its offset, 2026-11-21T16:00:00Z. */
export const isoDateTime = (message = 'Give an ISO 8601 date and time, e.g. 2026-11-21T16:00:00Z') =>
  z.iso.datetime({ offset: true, message }).refine(withinYears, { message: `The time ${DATE_RANGE_MESSAGE}`, abort: true });
