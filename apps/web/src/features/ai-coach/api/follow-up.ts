import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowUpResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { AI_KEY } from './diagnoses.ts';

export const followUpKey = (diagnosisId: number) => [...AI_KEY, 'follow-up', diagnosisId] as const;

/** GET /ai/follow-up?diagnosis_id=: the category per round before and after, the plan's drill results and the verdict. */
export const followUpQuery = (diagnosisId: number) =>
  queryOptions({
    queryKey: followUpKey(diagnosisId),
    queryFn: () => apiClient.get<FollowUpResponse>('/ai/follow-up', { query: { diagnosis_id: diagnosisId }, quiet: true }),
  });

export const useFollowUp = (diagnosisId: number | null) => useQuery({ ...followUpQuery(diagnosisId ?? 0), enabled: diagnosisId !== null });
