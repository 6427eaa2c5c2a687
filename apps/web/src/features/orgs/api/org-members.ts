import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgMember } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** GET /orgs/members?org_id=: every member for the org's coaches (with e-mail), its coaches for a player. */
export async function fetchOrgMembers(orgId: number): Promise<OrgMember[]> {
  const { members } = await apiClient.get<{ members: OrgMember[] }>('/orgs/members', {
    query: { org_id: orgId },
    fallbackMessage: "Could not load the organisation's members",
  });
  return members;
}

export const orgMembersQuery = (orgId: number) => queryOptions({ queryKey: orgKeys.members(orgId), queryFn: () => fetchOrgMembers(orgId) });

export function useOrgMembers(orgId: number | null) {
  return useQuery({ ...orgMembersQuery(orgId ?? 0), enabled: orgId !== null });
}
