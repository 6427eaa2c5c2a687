import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareRoundsBody, ShareRoundsResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';

/**
 * POST /orgs/share-rounds?org_id=: shares the caller's rounds since a date (null: all) with the
 * organisation's coaches. Quiet: the offer shows a failure beside its button.
 */
export function shareRounds(orgId: number, body: ShareRoundsBody): Promise<ShareRoundsResponse> {
  return apiClient.post<ShareRoundsResponse>('/orgs/share-rounds', body, { query: { org_id: orgId }, quiet: true });
}

export function useShareRounds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, since }: { orgId: number; since: string | null }) => shareRounds(orgId, { since }),
    onSuccess: () => {
      // The rounds' sharing changed: their lists and what the statistics count are read again where shown.
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void invalidateStatistics(queryClient);
    },
  });
}
