import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import NotificationSettingsPage from '../pages/notification-settings-page.tsx';

const VAPID_KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
const P256DH = 'BFa_E2ah0bUjuHN9q46PXitkC2d0P9z0RWccPJp5YOSHeCPnhJLpaFff7JDyN8-U_pVIAj_jaqXJz9zurTTXGxo';
const AUTH = 'c2VjcmV0LWF1dGgtMTZiIQ';
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser with service workers, a fake PushManager and a notification permission the test sets. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let subscribed = false;
  const unsubscribe = vi.fn(async () => {
    subscribed = false;
    return true;
  });
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe,
  };
  const subscribe = vi.fn(async () => {
    subscribed = true;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => (subscribed ? subscription : null), subscribe } };
  let registered = false;
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: async () => (registered ? registration : undefined),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { subscribe, unsubscribe, serviceWorker, notification };
}

function renderSettings(vapidKey: string | null) {
  const devices: { device_id: number; platform: string; push_token: string; created_at: string }[] = [];
  const fetchMock = createFetchMock({
    'GET /v4/push/vapid_public_key': { json: { vapid_public_key: vapidKey } },
    'GET /v4/devices': () => ({ json: { devices } }),
    'POST /v4/devices': ({ url }) => {
      devices.push({
        device_id: 1,
        platform: url.searchParams.get('platform')!,
        push_token: url.searchParams.get('push_token')!,
        created_at: '',
      });
      return { json: { ok: true } };
    },
    'DELETE /v4/devices': ({ url }) => {
      devices.splice(
        devices.findIndex((d) => d.push_token === url.searchParams.get('push_token')),
        1,
      );
      return { json: { ok: true } };
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
  renderWithProviders(<NotificationSettingsPage />, { route: '/notification-settings' });
  return { fetchMock, devices };
}

const browserSwitch = () => screen.findByRole('switch', { name: 'Push notifications in this browser' });

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Push in this browser (notification settings)', () => {
  it('switching on asks the permission, subscribes with the VAPID key and registers the subscription; off deletes it, then unsubscribes', async () => {
    const browser = fakeBrowser('default');
    const { fetchMock, devices } = renderSettings(VAPID_KEY);
    const toggle = await browserSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const [post] = callsTo(fetchMock, 'POST /v4/devices');
    expect(post!.url.searchParams.get('platform')).toBe('web');
    expect(post!.url.searchParams.get('push_token')).toBe(ENDPOINT);
    expect(JSON.parse(String(post!.init.body))).toEqual({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } });
    expect(devices.map((d) => d.push_token)).toEqual([ENDPOINT]);

    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(fetchMock, 'DELETE /v4/devices')).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(devices).toEqual([]);
  });

  it('a denied permission leaves the switch off and disabled, and says how to allow it', async () => {
    fakeBrowser('denied');
    const { fetchMock } = renderSettings(VAPID_KEY);
    const toggle = await browserSwitch();
    await waitFor(() => expect(screen.getByText('Notifications are blocked')).toBeInTheDocument());
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(callsTo(fetchMock, 'POST /v4/devices')).toHaveLength(0);
  });

  it('a dismissed permission prompt keeps push off and says so', async () => {
    const browser = fakeBrowser('default', 'default');
    const { fetchMock } = renderSettings(VAPID_KEY);
    const toggle = await browserSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('The browser did not allow notifications, so push stays off.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST /v4/devices')).toHaveLength(0);
  });

  it('is hidden without a PushManager, and while the server has no Web Push key', async () => {
    fakeBrowser('default');
    const { fetchMock } = renderSettings(null);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/push/vapid_public_key')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('web-push')).toBeNull());
    expect(screen.queryByRole('switch', { name: 'Push notifications in this browser' })).toBeNull();
  });

  it('is not offered where the browser has no PushManager', async () => {
    const { fetchMock } = renderSettings(VAPID_KEY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Push notifications in this browser' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /v4/push/vapid_public_key')).toHaveLength(0);
  });
});
