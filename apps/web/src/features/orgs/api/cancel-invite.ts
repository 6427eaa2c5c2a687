import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, OrgInvite } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** DELETE /orgs/invite?invite_id= (a coach of the org): the invitation can no longer be accepted. */
export function cancelInvite(invite: Pick<OrgInvite, 'invite_id' | 'org_id'>): Promise<OkResponse> {
  return apiClient.delete<OkResponse>('/orgs/invite', {
    query: { invite_id: invite.invite_id },
    fallbackMessage: 'Could not cancel the invitation',
  });
}

export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    // Also after a 409: the invitation was answered or expired meanwhile, so the list is out of date.
    onSettled: (_answer, _error, invite) => void queryClient.invalidateQueries({ queryKey: orgKeys.orgInvites(invite.org_id) }),
  });
}
