import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { orgKeys } from './org-keys.ts';

/** GET /orgs: the organisations the caller belongs to, with their role, seat and whether they bought its plan. */
export function fetchOrgs(): Promise<Org[]> {
  return apiClient.get<Org[]>('/orgs', { fallbackMessage: 'Could not load your organisations' });
}

export const orgsQuery = () => queryOptions({ queryKey: orgKeys.all, queryFn: fetchOrgs });

export function useOrgs() {
  return useQuery(orgsQuery());
}
