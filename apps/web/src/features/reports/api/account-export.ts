import { apiClient } from '../../../lib/api-client.ts';

/** GET /account/export: a zip of the caller's own data (free at every level). Quiet: the page says what went wrong. */
export function fetchAccountExport(): Promise<Blob> {
  return apiClient.get<Blob>('/account/export', { responseType: 'blob', quiet: true });
}
