import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET /orgs: the caller's organisations, which a folder or a drill can be shared with. Kept under
 * ['orgs'], the key the events and orgs features use for the same call, so it is loaded once.
 */
export const drillShareOrgsQuery = () =>
  queryOptions({
    queryKey: ['orgs'],
    queryFn: () => apiClient.get<Org[]>('/orgs', { fallbackMessage: 'Could not load your organisations' }),
    staleTime: 5 * 60_000,
  });

export function useShareOrgs(enabled = true) {
  return useQuery({ ...drillShareOrgsQuery(), enabled });
}
