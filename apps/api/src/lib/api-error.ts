import type { ErrorCode } from '@holeout/contracts';

/**
 * An expected failure with its HTTP status and machine code. The central error handler answers it
 * as `{ error, code, details? }`; anything that is not an ApiError is an internal error.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Not logged in');
export const notFound = (what = 'Not found') => new ApiError(404, 'NOT_FOUND', what);
export const tooManyAttempts = (minutes: number) =>
  new ApiError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${minutes} minutes and try again.`);
