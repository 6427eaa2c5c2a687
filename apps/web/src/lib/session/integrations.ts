/**
 * Seams for the platform services the session drives. The web build uses the no-op versions;
 * the native shell swaps in Capacitor-backed ones at start-up (app/native/).
 */

/** Registers this device for push notifications (POST /devices) and removes it again (DELETE /devices). */
export interface PushRegistrar {
  register(): Promise<void>;
  unregister(): Promise<void>;
}

/** A federated identity provider (google, apple, microsoft through Firebase). None is configured yet. */
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
