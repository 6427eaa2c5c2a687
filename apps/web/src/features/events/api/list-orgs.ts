import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /orgs: the caller's organisations, which an event can be shared with. */
export function fetchOrgs(): Promise<Org[]> {
  return apiClient.get<Org[]>('/orgs', { fallbackMessage: 'Could not load your organisations' });
}

export const orgsQuery = () => queryOptions({ queryKey: ['orgs'], queryFn: fetchOrgs, staleTime: 5 * 60_000 });

export function useOrgs(enabled = true) {
  return useQuery({ ...orgsQuery(), enabled });
}
