import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiagnoseResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { diagnosesKey } from './diagnoses.ts';

/**
 * GET /ai/diagnose?players=<uid>: the player's diagnosis (a recent one is reused by the API), or
 * why there is none. Quiet: the page shows the failure beside the button.
 */
export function runDiagnosis(uid: number): Promise<DiagnoseResponse> {
  return apiClient.get<DiagnoseResponse>('/ai/diagnose', { query: { players: [uid] }, quiet: true });
}

export function useRunDiagnosis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDiagnosis,
    onSuccess: (_answer, uid) => void queryClient.invalidateQueries({ queryKey: diagnosesKey(uid) }),
  });
}
