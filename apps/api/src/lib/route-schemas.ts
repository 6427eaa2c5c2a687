import { errorBody } from '@holeout/contracts';

/** Error answers of a route for its OpenAPI description: each listed status answers the error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof errorBody> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S[number], typeof errorBody>;
}
