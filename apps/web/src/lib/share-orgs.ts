import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@holeout/contracts';
import { apiClient } from './api-client.ts';

/**
 * GET /orgs for the share dialogs (events, tags, drill folders and drills): the organisations the
 * caller belongs to, which anything can be shared with. Kept under ['orgs'], the key of the orgs
 * feature's own call, so the list loads once and leaving an organisation refreshes it everywhere.
 */
export const shareOrgsQuery = () =>
  queryOptions({
    queryKey: ['orgs'],
    // Quiet: each share dialog says beside its organisation list when they could not be loaded.
    queryFn: () => apiClient.get<Org[]>('/orgs', { quiet: true }),
    staleTime: 5 * 60_000,
  });

export function useShareOrgs(enabled = true) {
  return useQuery({ ...shareOrgsQuery(), enabled });
}
