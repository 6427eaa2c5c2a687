import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrgInvite } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** POST /orgs/invite/resend?invite_id=: mails the invitation again (409 once it is answered, cancelled or expired). */
export function resendInvite(invite: Pick<OrgInvite, 'invite_id' | 'org_id'>): Promise<OrgInvite> {
  return apiClient.post<OrgInvite>('/orgs/invite/resend', undefined, {
    query: { invite_id: invite.invite_id },
    fallbackMessage: 'Could not send the invitation again',
  });
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSettled: (_answer, _error, invite) => void queryClient.invalidateQueries({ queryKey: orgKeys.orgInvites(invite.org_id) }),
  });
}
