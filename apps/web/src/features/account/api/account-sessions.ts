import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const ACCOUNT_SESSIONS_KEY = ['account', 'sessions'] as const;

/** GET /account/sessions: the live sign-ins of this account, this device's marked current. */
export function fetchAccountSessions(): Promise<AccountSessionsResponse> {
  return apiClient.get('/account/sessions', { fallbackMessage: 'Could not load your sessions' });
}

export const accountSessionsQuery = () => queryOptions({ queryKey: ACCOUNT_SESSIONS_KEY, queryFn: fetchAccountSessions });

export function useAccountSessions() {
  return useQuery(accountSessionsQuery());
}
