import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, Org, OrgInvite } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

export const inviteKey = (inviteId: number) => ['orgs', 'invite', inviteId] as const;
export const myInvitesKey = ['orgs', 'invites', 'mine'] as const;

/**
 * GET /orgs/invite?invite_id=: one invitation (for its addressee or the organisation's coaches).
 * Quiet: the page says itself what a 404 (not this account's) or a 409 means.
 */
export function fetchInvite(inviteId: number): Promise<OrgInvite> {
  return apiClient.get<OrgInvite>('/orgs/invite', { query: { invite_id: inviteId }, quiet: true });
}

export const inviteQuery = (inviteId: number) =>
  queryOptions({ queryKey: inviteKey(inviteId), queryFn: () => fetchInvite(inviteId), staleTime: 0 });

export function useInvite(inviteId: number | null) {
  return useQuery({ ...inviteQuery(inviteId ?? 0), enabled: inviteId !== null });
}

/** GET /orgs/invites: the caller's own open invitations. */
export async function fetchMyInvites(): Promise<OrgInvite[]> {
  const { invites } = await apiClient.get<{ invites: OrgInvite[] }>('/orgs/invites', {
    fallbackMessage: 'Could not load your invitations',
  });
  return invites;
}

export function useMyInvites(enabled: boolean) {
  return useQuery({ queryKey: myInvitesKey, queryFn: fetchMyInvites, enabled });
}

/** GET /orgs/invite/accept?invite_id=: joins the organisation; answers it. Quiet: a 409 is shown on the page. */
export function acceptInvite(inviteId: number): Promise<Org> {
  return apiClient.get<Org>('/orgs/invite/accept', { query: { invite_id: inviteId }, quiet: true });
}

/** GET /orgs/invite/decline?invite_id=. Quiet: a 409 is shown on the page. */
export function declineInvite(inviteId: number): Promise<OkResponse> {
  return apiClient.get<OkResponse>('/orgs/invite/decline', { query: { invite_id: inviteId }, quiet: true });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: async () => {
      // Membership changes what the user sees almost everywhere (people, shares, statistics): all of it is
      // stale, and is read again where it is shown next (not here, where the invitation would turn "accepted").
      void queryClient.invalidateQueries({ refetchType: 'none' });
      await Promise.all([session.reloadAccess().catch(() => undefined), session.refreshUnreadCount()]);
    },
  });
}

export function useDeclineInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvite,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['orgs'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['notifications'], refetchType: 'none' });
      await session.refreshUnreadCount();
    },
  });
}
