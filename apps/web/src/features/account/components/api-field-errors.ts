import { ApiError } from '../../../lib/api-client.ts';

/**
 * The fields a 400 VALIDATION_ERROR names (details: [{ field, message }]), first message per field,
 * so the form can show the server's reason beside the field it is about.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const byField: Record<string, string> = {};
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string') byField[field] ??= message;
  }
  return byField;
}
