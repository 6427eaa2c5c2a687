import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgInvite } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** GET /orgs/invites?org_id=: the organisation's open invitations (its coaches). */
export async function fetchOrgInvites(orgId: number): Promise<OrgInvite[]> {
  const { invites } = await apiClient.get<{ invites: OrgInvite[] }>('/orgs/invites', {
    query: { org_id: orgId },
    fallbackMessage: 'Could not load the open invitations',
  });
  return invites;
}

export const orgInvitesQuery = (orgId: number) =>
  queryOptions({ queryKey: orgKeys.orgInvites(orgId), queryFn: () => fetchOrgInvites(orgId) });

export function useOrgInvites(orgId: number | null) {
  return useQuery({ ...orgInvitesQuery(orgId ?? 0), enabled: orgId !== null });
}
