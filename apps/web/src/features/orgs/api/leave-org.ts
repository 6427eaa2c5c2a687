import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { hasCoachLevel } from '@holeout/golf';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { session } from '../../../lib/session/session.ts';
import { orgKeys } from './org-keys.ts';

/** GET /orgs/leave?org_id=: 409 for the purchaser while the organisation's subscription is active. */
export function leaveOrg(orgId: number): Promise<OkResponse> {
  // Quiet: the page shows the reason (the purchaser's 409) on the organisation's card.
  return apiClient.get<OkResponse>('/orgs/leave', { query: { org_id: orgId }, quiet: true });
}

/**
 * After leaving an organisation: a coach-level or higher subscription is cleared at once, and the
 * branding that came from the organisation left goes with it; then the user info, subscription and
 * branding are read again (a seat's level ends with the membership).
 */
export async function refreshSessionAfterLeaving(orgId: number): Promise<void> {
  session.store.set((state) => ({
    ...state,
    subscription: hasCoachLevel(state.subscription) ? null : state.subscription,
    branding: state.branding?.orgId === orgId ? null : state.branding,
  }));
  await session.reloadAccess().catch(() => undefined);
}

export function useLeaveOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrg,
    onSuccess: async (_answer, orgId) => {
      await refreshSessionAfterLeaving(orgId);
      // The organisations, their members and what was shared through them all change.
      void queryClient.invalidateQueries({ queryKey: orgKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void invalidateStatistics(queryClient);
    },
  });
}
