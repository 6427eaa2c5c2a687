/**
 * Push notifications in a browser (Web Push): the service worker at /sw.js shows them and opens
 * their nav_loc when clicked. The user opts in on the notification settings page; this module holds
 * the browser side of that: permission, the PushManager subscription with the server's VAPID key,
 * and the device registration (POST /devices?platform=web with the subscription as the body,
 * DELETE /devices to end it).
 */
import type { DevicesResponse, VapidPublicKeyResponse, WebPushSubscriptionBody } from '@holeout/contracts';
import { ApiError, apiClient, type ApiClient } from './api-client.ts';
import { APP_WORKER_URL } from './offline/app-worker.ts';
import type { PushRegistrar } from './session/integrations.ts';

/** Push shares the app's one service worker (src/sw), which also keeps the app for offline use. */
export const SERVICE_WORKER_URL = APP_WORKER_URL;

/** The parts of the browser the module uses; tests pass fakes. */
export interface WebPushBrowser {
  /** Registers (or finds) the service worker and resolves once it is active. */
  registration(): Promise<PushRegistrationLike>;
  /** The registration if one exists, without creating it. */
  existingRegistration(): Promise<PushRegistrationLike | undefined>;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

export interface PushRegistrationLike {
  pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
  };
}

export interface PushSubscriptionLike {
  endpoint: string;
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

/** The API calls web push makes. */
export interface WebPushServer {
  vapidPublicKey(): Promise<string | null>;
  listDevices(): Promise<DevicesResponse['devices']>;
  addDevice(subscription: WebPushSubscriptionBody): Promise<void>;
  /** Resolves when the device is gone, also when the server no longer knew it. */
  removeDevice(endpoint: string): Promise<void>;
}

/**
 * What the settings switch shows: `unavailable` when this server has no VAPID key, `blocked` when
 * the browser's permission was denied (only the browser's own settings can lift that), otherwise
 * whether this browser's subscription is registered to the signed-in user.
 */
export type WebPushState = 'unavailable' | 'blocked' | 'on' | 'off';

/**
 * Web Push is offered where the browser has a PushManager, service workers and notifications, and
 * not in the native app, which has its own push.
 */
export function webPushSupported(win: Window = window): boolean {
  const native = (win as unknown as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  if (typeof native?.isNativePlatform === 'function' && native.isNativePlatform()) return false;
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
}

/** A VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The subscription as POST /devices takes it. */
function subscriptionBody(subscription: PushSubscriptionLike): WebPushSubscriptionBody {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!p256dh || !auth) throw new Error('The browser gave a push subscription without keys');
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh, auth } };
}

export interface WebPush {
  state(): Promise<WebPushState>;
  /** Asks the permission, subscribes and registers the subscription; answers the state it reached. */
  enable(): Promise<WebPushState>;
  /** Removes the registration, then the subscription. */
  disable(): Promise<WebPushState>;
  /**
   * At logout: removes the registration and, even when the server cannot be told, the subscription
   * (the push service then refuses the endpoint, and the server drops a device it is refused for).
   */
  endForLogout(): Promise<void>;
}

export function createWebPush(browser: WebPushBrowser, server: WebPushServer): WebPush {
  async function currentSubscription(): Promise<PushSubscriptionLike | null> {
    const registration = await browser.existingRegistration();
    return registration ? registration.pushManager.getSubscription() : null;
  }

  async function state(): Promise<WebPushState> {
    if ((await server.vapidPublicKey()) === null) return 'unavailable';
    if (browser.permission() === 'denied') return 'blocked';
    const subscription = await currentSubscription();
    if (!subscription || browser.permission() !== 'granted') return 'off';
    // A subscription left by someone else who signed in on this browser is not this user's.
    const devices = await server.listDevices();
    return devices.some((d) => d.platform === 'web' && d.push_token === subscription.endpoint) ? 'on' : 'off';
  }

  async function enable(): Promise<WebPushState> {
    const key = await server.vapidPublicKey();
    if (key === null) return 'unavailable';
    const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
    if (permission === 'denied') return 'blocked';
    if (permission !== 'granted') return 'off';
    const registration = await browser.registration();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(key) }));
    await server.addDevice(subscriptionBody(subscription));
    return 'on';
  }

  async function disable(): Promise<WebPushState> {
    const subscription = await currentSubscription();
    if (!subscription) return 'off';
    // The server goes first: while it still lists the endpoint, a failure here leaves the switch on and true.
    await server.removeDevice(subscription.endpoint);
    await subscription.unsubscribe();
    return 'off';
  }

  async function endForLogout(): Promise<void> {
    const subscription = await currentSubscription();
    if (!subscription) return;
    try {
      await server.removeDevice(subscription.endpoint);
    } finally {
      await subscription.unsubscribe();
    }
  }

  return { state, enable, disable, endForLogout };
}

/** The real browser, for webPushSupported() browsers. */
export const browserWebPush: WebPushBrowser = {
  async registration() {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    return navigator.serviceWorker.ready;
  },
  existingRegistration: () => navigator.serviceWorker.getRegistration('/'),
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
};

/** The /v4 calls of web push, through the app's client. */
export function webPushServer(api: ApiClient = apiClient): WebPushServer {
  return {
    vapidPublicKey: async () =>
      (await api.get<VapidPublicKeyResponse>('/push/vapid_public_key', { fallbackMessage: 'Could not read the push settings' }))
        .vapid_public_key,
    listDevices: async () => (await api.get<DevicesResponse>('/devices', { fallbackMessage: 'Could not read your devices' })).devices,
    addDevice: async (subscription) => {
      await api.post('/devices', subscription, {
        query: { push_token: subscription.endpoint, platform: 'web' },
        // The settings page says what failed beside its switch.
        quiet: true,
        fallbackMessage: 'Could not turn on push notifications',
      });
    },
    removeDevice: async (endpoint) => {
      try {
        await api.delete('/devices', { query: { push_token: endpoint }, on401: 'throw', quiet: true });
      } catch (cause) {
        // Gone already (removed elsewhere, or moved to another account): nothing of it is left to remove.
        if (cause instanceof ApiError && cause.status === 404) return;
        throw cause;
      }
    },
  };
}

/**
 * The session's registrar on the web: signing in registers nothing (push in a browser is opted
 * into on the settings page), while logout and account deletion end this browser's subscription
 * first, so the next person at this browser gets nobody's pushes.
 */
export function webPushRegistrar(webPush: WebPush): PushRegistrar {
  return {
    register: async () => {},
    unregister: () => webPush.endForLogout(),
  };
}
