/**
 * What "Continue with ..." does on the Login and Registration pages, loaded on the first press (or
 * pointing at a button) so none of it is in the first page: sign in with the provider, then log in
 * or register with its token.
 */
import { Alert, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FederatedProvider } from '@holeout/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { federatedSignIn, type FederatedStep } from '../../../lib/federated/federated-sign-in.ts';
import { logInWithProvider, registerWithProvider } from '../api/provider-sign-in.ts';
import { PROVIDER_NAMES } from './providers.ts';

export type ProviderStep = Extract<FederatedStep, 'login' | 'registration'>;

export type ProviderOutcome =
  /** Signed in: the page moves on (to Set up for a new account). */
  | { kind: 'signedIn' }
  /** Cancelled, failed, or on its way by redirect: nothing to show. */
  | { kind: 'none' }
  /** No account is linked to the identity: the API's message, and the token to make one with. */
  | { kind: 'notRegistered'; provider: FederatedProvider; idToken: string; message: string }
  /** The API refused; its message. */
  | { kind: 'refused'; message: string };

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : 'Could not sign in. Please try again.');

async function logIn(provider: FederatedProvider, idToken: string): Promise<ProviderOutcome> {
  try {
    await logInWithProvider(provider, idToken);
    return { kind: 'signedIn' };
  } catch (cause) {
    if (cause instanceof ApiError && cause.code === 'NOT_REGISTERED')
      return { kind: 'notRegistered', provider, idToken, message: cause.message };
    return { kind: 'refused', message: messageOf(cause) };
  }
}

/** A new account for the identity; one it already has is simply logged in to. */
export async function createAccountWith(provider: FederatedProvider, idToken: string): Promise<ProviderOutcome> {
  try {
    await registerWithProvider(provider, idToken);
    return { kind: 'signedIn' };
  } catch (cause) {
    if (cause instanceof ApiError && cause.code === 'IDENTITY_LINKED') return logIn(provider, idToken);
    return { kind: 'refused', message: messageOf(cause) };
  }
}

function withToken(step: ProviderStep, provider: FederatedProvider, idToken: string | null): Promise<ProviderOutcome> {
  if (!idToken) return Promise.resolve({ kind: 'none' });
  return step === 'login' ? logIn(provider, idToken) : createAccountWith(provider, idToken);
}

export async function continueWith(provider: FederatedProvider, step: ProviderStep): Promise<ProviderOutcome> {
  const signIn = await federatedSignIn();
  return withToken(step, provider, await signIn.signInWith(provider, step));
}

/** Back from a redirect sign-in this step started: finish it. */
export async function resumeAfterRedirect(step: ProviderStep): Promise<ProviderOutcome> {
  const signIn = await federatedSignIn();
  const result = await signIn.takeRedirectResult(step);
  return result ? withToken(step, result.provider, result.idToken) : { kind: 'none' };
}

export async function preloadSignIn(): Promise<void> {
  (await federatedSignIn()).preload();
}

/** The answer beside the buttons: the API's message, and for an identity with no account the way to make one. */
export default function ProviderNotice({
  outcome,
  busy,
  onCreateAccount,
}: {
  outcome: ProviderOutcome;
  busy: boolean;
  onCreateAccount: (provider: FederatedProvider, idToken: string) => void;
}) {
  if (outcome.kind === 'notRegistered')
    return (
      <Alert color="gray" role="status" title="No account yet" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Text size="sm">{outcome.message}</Text>
        <Button mt="sm" mih={44} variant="light" loading={busy} onClick={() => onCreateAccount(outcome.provider, outcome.idToken)}>
          Create an account with {PROVIDER_NAMES[outcome.provider]}
        </Button>
      </Alert>
    );
  if (outcome.kind === 'refused')
    return (
      <Alert color="gray" role="status" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Text size="sm">{outcome.message}</Text>
      </Alert>
    );
  return null;
}
