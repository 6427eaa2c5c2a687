import { ApiError } from '../../../lib/api-client.ts';

/** The API's answer to a report asked for below Basic: 403 with the code BASIC_REQUIRED. */
export function isBasicRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'BASIC_REQUIRED';
}
