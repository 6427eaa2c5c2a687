import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Diagnosis } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Every AI Coach query lives under ['ai']; running a diagnosis or scheduling a plan invalidates by these keys. */
export const AI_KEY = ['ai'] as const;
export const diagnosesKey = (uid: number) => [...AI_KEY, 'diagnoses', uid] as const;

/**
 * GET /ai/diagnoses?uid=: one player's diagnoses, newest first. Quiet: the page shows the failure
 * itself (a 403 PREMIUM_REQUIRED as the premium notice, a player not shared with the caller as such).
 */
export const diagnosesQuery = (uid: number) =>
  queryOptions({
    queryKey: diagnosesKey(uid),
    queryFn: async () => (await apiClient.get<{ diagnoses: Diagnosis[] }>('/ai/diagnoses', { query: { uid }, quiet: true })).diagnoses,
  });

export const useDiagnoses = (uid: number | null) => useQuery({ ...diagnosesQuery(uid ?? 0), enabled: uid !== null });
