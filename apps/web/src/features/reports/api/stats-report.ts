import type { ReportMailBody, ReportQuery, ReportQueuedResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** A report's reader locale: the browser's language when it is a tag the API takes (it picks A4 or US Letter from it). */
export function reportLocale(language: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language) {
  return language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) && language.length <= 35 ? language : undefined;
}

/**
 * GET /reports/stats: one player's statistics report as a PDF. Quiet: the dialog shows a failure
 * itself (a 403 BASIC_REQUIRED as the Basic offer, anything else beside the button).
 */
export function fetchStatsReport(query: Omit<ReportQuery, 'players'> & { players: number[] }): Promise<Blob> {
  return apiClient.get<Blob>('/reports/stats', {
    query: { ...query, rounds: query.rounds && query.rounds.length > 0 ? query.rounds : undefined },
    responseType: 'blob',
    quiet: true,
  });
}

/** POST /reports/stats: the same PDF mailed as an attachment (answered 202 once queued). Quiet, as the download. */
export function mailStatsReport(body: ReportMailBody): Promise<ReportQueuedResponse> {
  return apiClient.post<ReportQueuedResponse>('/reports/stats', body, { quiet: true });
}
