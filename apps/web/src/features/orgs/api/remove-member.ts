import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** DELETE /orgs/member?org_id=&uid= (a coach of the org); the purchaser cannot be removed. */
export function removeMember({ orgId, uid }: { orgId: number; uid: number }): Promise<OkResponse> {
  return apiClient.delete<OkResponse>('/orgs/member', { query: { org_id: orgId, uid }, fallbackMessage: 'Could not remove the member' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    // Also after a failure: someone else may have changed the list meanwhile.
    onSettled: (_answer, _error, { orgId }) => {
      void queryClient.invalidateQueries({ queryKey: orgKeys.members(orgId) });
      void queryClient.invalidateQueries({ queryKey: orgKeys.subscription(orgId) });
    },
  });
}
