import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrgMember, SeatBody } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { orgKeys } from './org-keys.ts';

/** POST /orgs/seat?org_id= (the purchaser): a seat for a member, or none. 409 when the plan has no seat of that kind left. */
export function setSeat({ orgId, body }: { orgId: number; body: SeatBody }): Promise<OrgMember> {
  // Quiet: the page shows the reason beside the member it is about.
  return apiClient.post<OrgMember>('/orgs/seat', body, { query: { org_id: orgId }, quiet: true });
}

export function useSetSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSeat,
    onSuccess: (updated, { orgId }) => {
      // The control shows the new seat at once, not the old one until the list is read again.
      queryClient.setQueryData<OrgMember[]>(orgKeys.members(orgId), (members) =>
        members?.map((member) => (member.uid === updated.uid ? updated : member)),
      );
      void queryClient.invalidateQueries({ queryKey: orgKeys.members(orgId) });
      void queryClient.invalidateQueries({ queryKey: orgKeys.subscription(orgId) });
      // The purchaser's own seat is their own access (the menu, premium pages): read it again.
      if (updated.uid === session.store.get().user.uid) {
        void queryClient.invalidateQueries({ queryKey: orgKeys.all, exact: true });
        void session.reloadAccess().catch(() => undefined);
      }
    },
  });
}
