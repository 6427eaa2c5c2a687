import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgSubscription } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** GET /orgs/subscription?org_id=: the organisation's plan with its seats, or null without one. */
export function fetchOrgSubscription(orgId: number): Promise<OrgSubscription | null> {
  return apiClient.get<OrgSubscription | null>('/orgs/subscription', {
    query: { org_id: orgId },
    fallbackMessage: "Could not load the organisation's subscription",
  });
}

export const orgSubscriptionQuery = (orgId: number) =>
  queryOptions({ queryKey: orgKeys.subscription(orgId), queryFn: () => fetchOrgSubscription(orgId) });

export function useOrgSubscription(orgId: number | null) {
  return useQuery({ ...orgSubscriptionQuery(orgId ?? 0), enabled: orgId !== null });
}
