import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteBody, OrgInvite } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** POST /orgs/invite?org_id= (a coach of the org): mails an invitation and notifies the addressee if they have an account. */
export function sendInvite({ orgId, body }: { orgId: number; body: InviteBody }): Promise<OrgInvite> {
  // Quiet: the form shows the reason (already a member, already invited) under the address.
  return apiClient.post<OrgInvite>('/orgs/invite', body, { query: { org_id: orgId }, quiet: true });
}

export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvite,
    onSuccess: (_invite, { orgId }) => void queryClient.invalidateQueries({ queryKey: orgKeys.orgInvites(orgId) }),
  });
}
