import type { PushRegistrar } from '../../lib/session/integrations.ts';

/** The parts of @capacitor/push-notifications the registrar uses (the fake bridge answers the same calls). */
export interface NativePushPlugin {
  requestPermissions(): Promise<{ receive: string }>;
  register(): Promise<void>;
  unregister(): Promise<void>;
  /** The OS hands the device token over through this event after register(). */
  onRegistration(listener: (token: string) => void): void;
}

export interface DeviceCalls {
  /** POST /devices?push_token=&platform= */
  add(token: string, platform: 'android' | 'ios'): Promise<void>;
  /** DELETE /devices?push_token= */
  remove(token: string): Promise<void>;
}

export interface NativePushRegistrarDeps {
  plugin: NativePushPlugin;
  devices: DeviceCalls;
  platform: 'android' | 'ios';
  log?: (message: string, cause?: unknown) => void;
}

/**
 * The mobile app's device registration. After sign-in it asks for permission and registers with
 * the OS; the token the OS answers is posted to the API. Logout and account deletion remove it
 * first, while the session's token still authorises the DELETE.
 *
 * A token that arrives once nobody is signed in any more (logout won the race with the OS) is not
 * posted: it would belong to nobody, and an unauthenticated call would send the app to /login.
 */
export function createNativePushRegistrar({ plugin, devices, platform, log = console.warn }: NativePushRegistrarDeps): PushRegistrar {
  let token: string | null = null;
  let signedIn = false;
  let posting: Promise<void> = Promise.resolve();

  plugin.onRegistration((value) => {
    if (!signedIn || !value) return;
    token = value;
    posting = devices.add(value, platform).catch((cause: unknown) => log('Could not register this device for push', cause));
  });

  return {
    async register() {
      signedIn = true;
      const permission = await plugin.requestPermissions();
      if (permission.receive !== 'granted') return;
      await plugin.register();
    },
    async unregister() {
      signedIn = false;
      // A POST still on its way lands first, so the DELETE is not overtaken by it.
      await posting;
      const registered = token;
      token = null;
      if (registered === null) return;
      await devices.remove(registered).catch((cause: unknown) => log('Could not remove this device', cause));
      await plugin.unregister().catch((cause: unknown) => log('Push unregister failed', cause));
    },
  };
}
