import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /orgs (a bare list): the organisations the caller belongs to, which a tag can be shared with. */
export function fetchOrgs(): Promise<Org[]> {
  return apiClient.get<Org[]>('/orgs', { quiet: true });
}

/** The same key and shape as every other GET /orgs of the app, so they share one copy. */
export const orgsQuery = () => queryOptions({ queryKey: ['orgs'], queryFn: fetchOrgs, staleTime: 5 * 60_000 });

export function useOrgs(enabled = true) {
  return useQuery({ ...orgsQuery(), enabled });
}
