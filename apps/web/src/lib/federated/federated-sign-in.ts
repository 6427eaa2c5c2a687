/**
 * Sign-in with a federated identity provider (Google, Apple, Microsoft through Firebase): the one
 * interface the pages use, with a web implementation (the Firebase JS SDK, web-sign-in.ts) and a
 * native one (@capacitor-firebase/authentication, native-sign-in.ts) that the native shell swaps in
 * at start-up. Neither ever throws at a page: a cancelled or failed sign-in is null.
 */
import type { FederatedProvider } from '@holeout/contracts';
import { session } from '../session/session.ts';
import type { FederatedAuth } from '../session/integrations.ts';

/**
 * Where a sign-in started. On phones the web signs in by redirect: the page is left and loaded
 * again, and only the step that started it picks the result up.
 */
export type FederatedStep = 'login' | 'registration' | 'link' | 'delete';

export interface FederatedSignIn extends FederatedAuth {
  /** The native app signs in without the web's Firebase configuration (GET /config's firebase block). */
  readonly platform: 'web' | 'native';
  /**
   * Signs in with the provider and answers its Firebase ID token; null when cancelled or failed.
   * A redirect sign-in leaves the page: it answers on the way back, through takeRedirectResult.
   */
  signInWith(provider: FederatedProvider, step?: FederatedStep): Promise<string | null>;
  /** The token a redirect sign-in started by `step` brought back to this page, once; else null. */
  takeRedirectResult(step: FederatedStep): Promise<{ provider: FederatedProvider; idToken: string } | null>;
  /** Starts loading what a sign-in needs, so a popup opens straight from the press (popup blockers). */
  preload(): void;
}

let current: FederatedSignIn | null = null;

/** The sign-in in force: the native one once the shell installed it, else the web's. */
export async function federatedSignIn(): Promise<FederatedSignIn> {
  if (current) return current;
  const { webFederatedSignIn } = await import('./web-sign-in.ts');
  return current ?? webFederatedSignIn;
}

/** Installs an implementation (the native shell's) for sign-in and for the session's logout. */
export function setFederatedSignIn(next: FederatedSignIn): void {
  current = next;
  session.setFederatedAuth(next);
}
