/**
 * The native app's federated sign-in: @capacitor-firebase/authentication signs in with the
 * platform's own flows (Google's and Microsoft's SDKs, Sign in with Apple) and hands over the
 * Firebase ID token. Built from the plugin's calls so it can be tested without the native shell.
 */
import type { FederatedProvider } from '@holeout/contracts';
import type { FederatedSignIn } from './federated-sign-in.ts';

/** The parts of @capacitor-firebase/authentication used here. */
export interface NativeFirebasePlugin {
  signInWithGoogle(): Promise<unknown>;
  signInWithApple(): Promise<unknown>;
  signInWithMicrosoft(): Promise<unknown>;
  getIdToken(): Promise<{ token: string }>;
  signOut(): Promise<void>;
}

export function createNativeFederatedSignIn(
  plugin: NativeFirebasePlugin,
  log: (message: string, cause?: unknown) => void = console.warn,
): FederatedSignIn {
  const signIns: Record<FederatedProvider, () => Promise<unknown>> = {
    google: () => plugin.signInWithGoogle(),
    apple: () => plugin.signInWithApple(),
    microsoft: () => plugin.signInWithMicrosoft(),
  };
  return {
    platform: 'native',
    async signInWith(provider) {
      try {
        await signIns[provider]();
        const { token } = await plugin.getIdToken();
        return token || null;
      } catch (cause) {
        // The plugin rejects a cancelled sign-in too; either way the page shows nothing alarming.
        log('Federated sign-in failed or was cancelled', cause);
        return null;
      }
    },
    // The native flows never leave the page.
    takeRedirectResult: async () => null,
    preload: () => undefined,
    signOut: () => plugin.signOut(),
  };
}
