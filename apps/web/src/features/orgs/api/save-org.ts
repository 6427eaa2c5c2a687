import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Org, OrgBody } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { rebrand } from '../../../lib/session/branding.ts';
import { session } from '../../../lib/session/session.ts';
import { orgKeys } from './org-keys.ts';

/**
 * POST /orgs?org_id= (a coach of the org: name, logo, colour), or POST /orgs without org_id (the
 * purchaser of a coach-level plan creating their organisation).
 */
export function saveOrg({ orgId, body }: { orgId: number | null; body: OrgBody }): Promise<Org> {
  return apiClient.post<Org>('/orgs', body, {
    query: orgId === null ? undefined : { org_id: orgId },
    quiet: true,
  });
}

export function useSaveOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrg,
    onSuccess: (saved) => {
      // The menu header shows the new name, logo and colour at once when this org's branding applies.
      session.store.set((state) => ({ ...state, branding: rebrand(state.branding, saved) }));
      void queryClient.invalidateQueries({ queryKey: orgKeys.all, exact: true });
    },
  });
}
