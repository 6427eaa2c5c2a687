import type { PublicConfig } from '@holeout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';

export const PUBLIC_CONFIG_KEY = ['config'] as const;

/**
 * GET /config: which providers "Continue with" is offered for, and the web's Firebase app. Public
 * and read once per visit; when it fails (offline, an older API) nothing federated is offered and
 * the e-mail sign-in still works.
 */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>('/config', { auth: false, quiet: true });
}

export const publicConfigQuery = () => queryOptions({ queryKey: PUBLIC_CONFIG_KEY, queryFn: fetchPublicConfig, staleTime: Infinity });
