import { describe, expect, it, vi } from 'vitest';
import type { DevicesResponse, WebPushSubscriptionBody } from '@holeout/contracts';
import { ApiError, createApiClient } from './api-client.ts';
import {
  createWebPush,
  vapidKeyBytes,
  webPushRegistrar,
  webPushServer,
  webPushSupported,
  type PushRegistrationLike,
  type PushSubscriptionLike,
  type WebPushBrowser,
  type WebPushServer,
} from './web-push.ts';

// 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url without padding.
const VAPID_KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
const P256DH = 'BFa_E2ah0bUjuHN9q46PXitkC2d0P9z0RWccPJp5YOSHeCPnhJLpaFff7JDyN8-U_pVIAj_jaqXJz9zurTTXGxo';
const AUTH = 'c2VjcmV0LWF1dGgtMTZiIQ';

/** A browser with a fake PushManager: subscriptions it made, unsubscribes it saw. */
function fakeBrowser(initial: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  let permission: NotificationPermission = initial.permission ?? 'default';
  let registered = initial.subscribed ?? false;
  let subscription: PushSubscriptionLike | null = null;
  const subscribeCalls: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[] = [];
  const unsubscribed: string[] = [];
  let count = 0;

  const makeSubscription = (): PushSubscriptionLike => {
    count += 1;
    const endpoint = `https://push.example.com/send/${count}`;
    const made: PushSubscriptionLike = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: async () => {
        unsubscribed.push(endpoint);
        if (subscription === made) subscription = null;
        return true;
      },
    };
    return made;
  };
  if (initial.subscribed) subscription = makeSubscription();

  const registration: PushRegistrationLike = {
    pushManager: {
      getSubscription: async () => subscription,
      subscribe: async (options) => {
        if (permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        subscribeCalls.push(options);
        subscription = makeSubscription();
        return subscription;
      },
    },
  };
  const browser: WebPushBrowser = {
    registration: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    existingRegistration: async () => (registered ? registration : undefined),
    permission: () => permission,
    requestPermission: vi.fn(async () => {
      permission = initial.answer ?? 'granted';
      return permission;
    }),
  };
  return { browser, subscribeCalls, unsubscribed, subscription: () => subscription };
}

/** A server keeping the caller's devices, as GET/POST/DELETE /devices do. */
function fakeServer(vapid: string | null = VAPID_KEY) {
  const devices: DevicesResponse['devices'] = [];
  const posted: WebPushSubscriptionBody[] = [];
  const server: WebPushServer = {
    vapidPublicKey: async () => vapid,
    listDevices: async () => devices,
    addDevice: vi.fn(async (subscription: WebPushSubscriptionBody) => {
      posted.push(subscription);
      devices.push({
        device_id: devices.length + 1,
        platform: 'web',
        push_token: subscription.endpoint,
        created_at: '2026-11-25T10:00:00Z',
      });
    }),
    removeDevice: vi.fn(async (endpoint: string) => {
      const at = devices.findIndex((d) => d.push_token === endpoint);
      if (at >= 0) devices.splice(at, 1);
    }),
  };
  return { server, devices, posted };
}

describe('web push', () => {
  it('turning it on asks the permission, subscribes with the VAPID key and posts the subscription', async () => {
    const b = fakeBrowser();
    const s = fakeServer();
    const push = createWebPush(b.browser, s.server);
    expect(await push.state()).toBe('off');

    expect(await push.enable()).toBe('on');
    expect(b.browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.subscribeCalls).toHaveLength(1);
    expect(b.subscribeCalls[0]!.userVisibleOnly).toBe(true);
    expect([...b.subscribeCalls[0]!.applicationServerKey]).toEqual([...vapidKeyBytes(VAPID_KEY)]);
    expect(s.posted).toEqual([{ endpoint: 'https://push.example.com/send/1', keys: { p256dh: P256DH, auth: AUTH } }]);
    expect(await push.state()).toBe('on');
  });

  it('turning it off deletes the device first, then unsubscribes', async () => {
    const b = fakeBrowser();
    const s = fakeServer();
    const order: string[] = [];
    const push = createWebPush(b.browser, {
      ...s.server,
      removeDevice: async (endpoint) => {
        order.push(`DELETE ${endpoint} (subscribed: ${b.subscription() !== null})`);
        await s.server.removeDevice(endpoint);
      },
    });
    await push.enable();
    expect(await push.disable()).toBe('off');
    expect(order).toEqual(['DELETE https://push.example.com/send/1 (subscribed: true)']);
    expect(b.unsubscribed).toEqual(['https://push.example.com/send/1']);
    expect(s.devices).toEqual([]);
    expect(await push.state()).toBe('off');
  });

  it('a refused DELETE keeps the subscription, so the switch stays on and true', async () => {
    const b = fakeBrowser();
    const s = fakeServer();
    const push = createWebPush(b.browser, { ...s.server, removeDevice: vi.fn().mockRejectedValue(new ApiError('Offline', 0)) });
    await push.enable();
    await expect(push.disable()).rejects.toThrow('Offline');
    expect(b.unsubscribed).toEqual([]);
    expect(await push.state()).toBe('on');
  });

  it('a denied permission is blocked and subscribes nothing; a dismissed prompt stays off', async () => {
    const denied = fakeBrowser({ answer: 'denied' });
    const s = fakeServer();
    expect(await createWebPush(denied.browser, s.server).enable()).toBe('blocked');
    expect(await createWebPush(denied.browser, s.server).state()).toBe('blocked');
    const dismissed = fakeBrowser({ answer: 'default' });
    expect(await createWebPush(dismissed.browser, s.server).enable()).toBe('off');
    expect(denied.subscribeCalls).toHaveLength(0);
    expect(dismissed.subscribeCalls).toHaveLength(0);
    expect(s.posted).toEqual([]);
  });

  it('without a VAPID key on the server it is unavailable and asks nothing', async () => {
    const b = fakeBrowser();
    const push = createWebPush(b.browser, fakeServer(null).server);
    expect(await push.state()).toBe('unavailable');
    expect(await push.enable()).toBe('unavailable');
    expect(b.browser.requestPermission).not.toHaveBeenCalled();
  });

  it("a subscription the server does not list for this user (someone else's) reads off; turning on posts the same endpoint", async () => {
    const b = fakeBrowser({ permission: 'granted', subscribed: true });
    const s = fakeServer();
    const push = createWebPush(b.browser, s.server);
    expect(await push.state()).toBe('off');
    expect(await push.enable()).toBe('on');
    expect(b.subscribeCalls).toHaveLength(0);
    expect(s.posted.map((p) => p.endpoint)).toEqual(['https://push.example.com/send/1']);
  });

  it('logout removes the device and ends the subscription even when the server cannot be told', async () => {
    const b = fakeBrowser();
    const s = fakeServer();
    await createWebPush(b.browser, s.server).enable();
    const failing = webPushRegistrar(
      createWebPush(b.browser, { ...s.server, removeDevice: vi.fn().mockRejectedValue(new Error('offline')) }),
    );
    await expect(failing.unregister()).rejects.toThrow('offline');
    expect(b.unsubscribed).toEqual(['https://push.example.com/send/1']);

    const b2 = fakeBrowser();
    const s2 = fakeServer();
    const registrar = webPushRegistrar(createWebPush(b2.browser, s2.server));
    await registrar.register();
    expect(b2.subscribeCalls).toHaveLength(0);
    await createWebPush(b2.browser, s2.server).enable();
    await registrar.unregister();
    expect(s2.devices).toEqual([]);
    expect(b2.unsubscribed).toEqual(['https://push.example.com/send/1']);
  });

  it('reads a base64url VAPID key as its 65 bytes', () => {
    const bytes = vapidKeyBytes(VAPID_KEY);
    expect(bytes).toHaveLength(65);
    expect([...bytes.slice(0, 3)]).toEqual([4, 1, 2]);
    expect(bytes[64]).toBe(64);
  });

  it('is offered only where the browser has service workers, a PushManager and notifications, and not in the native app', () => {
    const browserWindow = (extra: Record<string, unknown>) =>
      ({ navigator: { serviceWorker: {} }, PushManager: class {}, Notification: class {}, ...extra }) as unknown as Window;
    expect(webPushSupported(browserWindow({}))).toBe(true);
    expect(webPushSupported({ navigator: {}, Notification: class {} } as unknown as Window)).toBe(false);
    expect(webPushSupported({ navigator: { serviceWorker: {} }, Notification: class {} } as unknown as Window)).toBe(false);
    expect(webPushSupported(browserWindow({ Capacitor: { isNativePlatform: () => true } }))).toBe(false);
  });
});

describe('web push calls', () => {
  function recordingApi(answer: (url: string, init: RequestInit) => Response) {
    const calls: { method: string; url: string; body: string | null }[] = [];
    const api = createApiClient({
      getToken: () => 'token',
      toaster: { show: vi.fn() },
      log: vi.fn(),
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? init.body : null });
        return answer(url, init);
      }) as typeof fetch,
    });
    return { api, calls };
  }

  it('POST /devices names the endpoint and platform=web and sends the subscription; DELETE names the endpoint', async () => {
    const { api, calls } = recordingApi(() => new Response('{"ok":true}', { status: 200 }));
    const server = webPushServer(api);
    const body = { endpoint: 'https://push.example.com/send/9', keys: { p256dh: P256DH, auth: AUTH } };
    await server.addDevice(body);
    await server.removeDevice(body.endpoint);
    const endpoint = encodeURIComponent(body.endpoint);
    expect(calls).toEqual([
      { method: 'POST', url: `/v4/devices?push_token=${endpoint}&platform=web`, body: JSON.stringify(body) },
      { method: 'DELETE', url: `/v4/devices?push_token=${endpoint}`, body: null },
    ]);
  });

  it('a device the server no longer knows (404) counts as removed; other failures are raised', async () => {
    const gone = recordingApi(() => new Response('{"error":"No such device","code":"NOT_FOUND"}', { status: 404 }));
    await expect(webPushServer(gone.api).removeDevice('https://push.example.com/send/1')).resolves.toBeUndefined();
    const down = recordingApi(() => new Response('{"error":"Unavailable","code":"DATABASE_UNAVAILABLE"}', { status: 503 }));
    await expect(webPushServer(down.api).removeDevice('https://push.example.com/send/1')).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the VAPID key, null when the server has none', async () => {
    const on = recordingApi(() => new Response(JSON.stringify({ vapid_public_key: VAPID_KEY }), { status: 200 }));
    expect(await webPushServer(on.api).vapidPublicKey()).toBe(VAPID_KEY);
    expect(on.calls[0]!.url).toBe('/v4/push/vapid_public_key');
    const off = recordingApi(() => new Response(JSON.stringify({ vapid_public_key: null }), { status: 200 }));
    expect(await webPushServer(off.api).vapidPublicKey()).toBeNull();
  });
});
