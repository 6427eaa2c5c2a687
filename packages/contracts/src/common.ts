import { z } from 'zod';

/** The error body of every non-2xx answer (api-contract.md, Conventions). */
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
  'PAYMENTS_NOT_CONFIGURED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
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

/** Integer ids as they arrive in query strings. */
export const idParam = z.coerce.number().int().positive();

/** `?rounds=12,15`: a comma-separated list of event ids. */
export const idListParam = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of ids')
  .transform((s) => s.split(',').map(Number));
