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
/** 429 saying how long to wait (in seconds under a minute, else in whole minutes), also as `details.retry_after_seconds`. */
export const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new ApiError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, { retry_after_seconds: seconds });
};
