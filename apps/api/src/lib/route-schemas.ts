import type { ZodError } from 'zod';
import { errorBody } from '@holeout/contracts';
import { ApiError } from './api-error.ts';

/** Error answers of a route for its OpenAPI description: each listed status answers the error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof errorBody> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S[number], typeof errorBody>;
}

/**
 * A body checked in a handler (its schema depends on the query) answers its problems as the schema
 * validation of every other route does: 400 VALIDATION_ERROR, each field named first.
 */
export function bodyError(error: ZodError): ApiError {
  const problems = error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  const text = problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ');
  return new ApiError(
    400,
    'VALIDATION_ERROR',
    text,
    problems.map((p) => ({ field: p.field || 'body', message: p.message, in: 'body' })),
  );
}
