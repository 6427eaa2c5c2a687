import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiPlanBody, EventResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { followUpKey } from './follow-up.ts';

/** A fresh Idempotency-Key: crypto.randomUUID where the page is a secure context, else 128 random bits. */
export function newPlanKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SchedulePlanInput {
  diagnosisId: number;
  body: AiPlanBody;
  /** The same for every try of one scheduling, so a retry after a lost answer adds no second set of practices. */
  key: string;
}

/**
 * POST /ai/plan?diagnosis_id=: the plan's practices on the caller's calendar from start_date for
 * `weeks` weeks (starter drills are added to their library first). Quiet: the form shows the failure.
 */
export function schedulePlan({ diagnosisId, body, key }: SchedulePlanInput): Promise<{ events: EventResponse[] }> {
  return apiClient.post<{ events: EventResponse[] }>('/ai/plan', body, {
    query: { diagnosis_id: diagnosisId },
    headers: { 'Idempotency-Key': key },
    quiet: true,
  });
}

export function useSchedulePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePlan,
    onSuccess: (_answer, { diagnosisId }) => {
      // New events: the calendar and the events list (both under ['events']), and every event write refreshes the statistics.
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void invalidateStatistics(queryClient);
      // Starter drills joined the library, and the drills now sit in practices.
      void queryClient.invalidateQueries({ queryKey: ['drills'] });
      void queryClient.invalidateQueries({ queryKey: ['folders'] });
      void queryClient.invalidateQueries({ queryKey: followUpKey(diagnosisId) });
    },
  });
}
