/**
 * Seams for the platform services the session drives. The web build uses the no-op push registrar
 * and the web's federated sign-out; the native shell swaps in Capacitor-backed ones at start-up
 * (app/native/).
 */
import { marked, PROVIDER_SESSION_KEY } from '../federated/marks.ts';

/** Registers this device for push notifications (POST /devices) and removes it again (DELETE /devices). */
export interface PushRegistrar {
  register(): Promise<void>;
  unregister(): Promise<void>;
}

/** A federated identity provider (google, apple, microsoft through Firebase); logout signs out of it too. */
export interface FederatedAuth {
  signOut(): Promise<void>;
}

export const noPushRegistrar: PushRegistrar = {
  register: async () => {},
  unregister: async () => {},
};

export const noFederatedAuth: FederatedAuth = {
  signOut: async () => {},
};

/**
 * The web's sign-out of the provider: the Firebase SDK is large, so it is loaded only when this
 * browser signed in with a provider (lib/federated keeps that mark).
 */
export const webFederatedAuth: FederatedAuth = {
  signOut: async () => {
    if (!marked(() => localStorage, PROVIDER_SESSION_KEY)) return;
    const { signOutOfProvider } = await import('../federated/sign-out.ts');
    await signOutOfProvider();
  },
};
