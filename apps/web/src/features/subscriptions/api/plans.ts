import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const plansKey = ['plans'] as const;

/** GET /plans: the plan catalogue, each plan saying whether this server sells it on the web, and how it takes payments. */
export function fetchPlans(): Promise<PlansResponse> {
  // Public: the catalogue is the same for everyone, so no sign-in is needed to read it.
  return apiClient.get<PlansResponse>('/plans', { auth: false, fallbackMessage: 'Could not load the plans' });
}

export const plansQuery = () => queryOptions({ queryKey: plansKey, queryFn: fetchPlans });

export function usePlans() {
  return useQuery(plansQuery());
}
