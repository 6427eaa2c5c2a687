import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrillResultBody, DrillResultResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const DRILL_RESULTS_KEY = ['drill-results'] as const;

/** GET /drills/results?ced_id=1,2: the results of these event drills, oldest first. */
export const eventDrillResultsQuery = (cedIds: readonly number[]) =>
  queryOptions({
    queryKey: [...DRILL_RESULTS_KEY, 'ced', [...cedIds].sort((a, b) => a - b)],
    queryFn: async () =>
      (
        await apiClient.get<{ results: DrillResultResponse[] }>('/drills/results', {
          query: { ced_id: cedIds },
          fallbackMessage: 'Could not load the results',
        })
      ).results,
  });
export const useEventDrillResults = (cedIds: readonly number[]) =>
  useQuery({ ...eventDrillResultsQuery(cedIds), enabled: cedIds.length > 0 });

/**
 * GET /drills/results?drill_id=&uids=&from=: one drill's results across every event the caller
 * may see, oldest first; `uids` picks players (a coach's group), left out: everyone visible.
 */
export const drillResultsQuery = (drillId: number, options: { uids?: readonly number[]; from?: string } = {}) =>
  queryOptions({
    queryKey: [...DRILL_RESULTS_KEY, 'drill', drillId, options.uids ? [...options.uids].sort((a, b) => a - b) : null, options.from ?? null],
    queryFn: async () =>
      (
        await apiClient.get<{ results: DrillResultResponse[] }>('/drills/results', {
          query: { drill_id: drillId, uids: options.uids && options.uids.length > 0 ? options.uids : undefined, from: options.from },
          fallbackMessage: 'Could not load the results',
        })
      ).results,
  });
export const useDrillResults = (drillId: number | null, options: { uids?: readonly number[]; from?: string } = {}) =>
  useQuery({ ...drillResultsQuery(drillId ?? 0, options), enabled: drillId !== null });

/** POST /drills/results (create) or ?drillresult_id= (update). Quiet: the form shows the field the API names. */
export function useSaveDrillResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, body }: { resultId: number | null; body: DrillResultBody }) =>
      apiClient.post<DrillResultResponse>('/drills/results', body, {
        query: resultId === null ? undefined : { drillresult_id: resultId },
        quiet: true,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DRILL_RESULTS_KEY }),
  });
}

/** DELETE /drills/results?drillresult_id=. */
export function useDeleteDrillResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resultId: number) =>
      apiClient.delete<{ ok: true }>('/drills/results', {
        query: { drillresult_id: resultId },
        fallbackMessage: 'Could not delete the result',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DRILL_RESULTS_KEY }),
  });
}
