import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org, OrgMember } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The address a coach may mail a player's report to: the player's, as their organisations list it
 * (GET /orgs/members shows members' addresses to the organisation's coaches only). Null when none of
 * the coach's organisations lists the player (a player who shares with the coach directly): the
 * coach then types it, and the API accepts only the player's own address.
 */
export async function findPlayerEmail(uid: number): Promise<string | null> {
  const orgs = await apiClient.get<Org[]>('/orgs', { quiet: true });
  for (const org of orgs.filter((entry) => entry.role === 'coach')) {
    const { members } = await apiClient.get<{ members: OrgMember[] }>('/orgs/members', { query: { org_id: org.org_id }, quiet: true });
    const email = members.find((member) => member.uid === uid)?.email;
    if (email) return email;
  }
  return null;
}

export const playerEmailQuery = (uid: number) =>
  queryOptions({ queryKey: ['reports', 'player-email', uid] as const, queryFn: () => findPlayerEmail(uid), staleTime: 5 * 60_000 });

/** The player's address for a coach's report, looked up only once the coach chooses to mail it to the player. */
export function usePlayerEmail(uid: number | null) {
  return useQuery({ ...playerEmailQuery(uid ?? 0), enabled: uid !== null });
}
