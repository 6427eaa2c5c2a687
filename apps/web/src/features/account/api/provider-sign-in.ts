import type { FederatedProvider, FirebaseRegisterResponse, LoginResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/**
 * POST /account/login?method=firebase: the provider's ID token for a session, which signs this
 * browser in as a password login does. 404 NOT_REGISTERED when no account is linked to that
 * identity. Quiet: the page shows the answer beside the buttons.
 */
export async function logInWithProvider(provider: FederatedProvider, idToken: string): Promise<void> {
  const { token } = await apiClient.post<LoginResponse>(
    '/account/login',
    { idToken },
    { auth: false, quiet: true, query: { method: 'firebase' }, fallbackMessage: 'Could not log in' },
  );
  await session.signInWithToken(token, { method: 'firebase', provider });
}

/**
 * POST /account/register?method=firebase: a new, verified account for the identity, signed in at
 * once (its first-run Set up follows). 409 EMAIL_TAKEN when the address has an account, 409
 * IDENTITY_LINKED when the identity has one.
 */
export async function registerWithProvider(provider: FederatedProvider, idToken: string): Promise<void> {
  const { token } = await apiClient.post<FirebaseRegisterResponse>(
    '/account/register',
    { idToken },
    { auth: false, quiet: true, query: { method: 'firebase' }, fallbackMessage: 'Could not create the account' },
  );
  await session.signInWithToken(token, { method: 'firebase', provider });
}
