import type { z } from 'zod';

/** The first message per field of a failed zod parse, keyed by field name, for inline errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    byField[field] ??= issue.message;
  }
  return byField;
}
