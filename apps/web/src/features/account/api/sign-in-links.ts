import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FederatedProvider, LinksResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const SIGN_IN_LINKS_KEY = ['account', 'links'] as const;

/** GET /account/links: the provider identities linked to this account. */
export function fetchSignInLinks(): Promise<LinksResponse> {
  // Quiet: the section says so itself when they cannot be loaded.
  return apiClient.get('/account/links', { quiet: true });
}

export const signInLinksQuery = () => queryOptions({ queryKey: SIGN_IN_LINKS_KEY, queryFn: fetchSignInLinks });

export function useSignInLinks() {
  return useQuery(signInLinksQuery());
}

/**
 * POST /account/link?method=firebase: links the identity of a fresh provider sign-in. 409
 * IDENTITY_TAKEN (another account has it) or PROVIDER_LINKED (unlink the other first). A refused
 * provider token is a 401 that must not sign the golfer out: 'throw'. Quiet: shown beside the row.
 */
export function linkProvider(idToken: string): Promise<LinksResponse> {
  return apiClient.post('/account/link', { idToken }, { query: { method: 'firebase' }, on401: 'throw', quiet: true });
}

/** DELETE /account/links?provider=: what remains linked. 409 LAST_SIGN_IN for the only way in of an account without a password. */
export function unlinkProvider(provider: FederatedProvider): Promise<LinksResponse> {
  return apiClient.delete('/account/links', { query: { provider }, quiet: true });
}

export function useLinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkProvider, onSuccess: (answer) => queryClient.setQueryData(SIGN_IN_LINKS_KEY, answer) });
}

export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkProvider, onSuccess: (answer) => queryClient.setQueryData(SIGN_IN_LINKS_KEY, answer) });
}
