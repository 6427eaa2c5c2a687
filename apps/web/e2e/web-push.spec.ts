import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Push in the browser, in Chromium at 390 px: the switch on Notification settings registers the
 * real service worker (/sw.js), subscribes, and the API keeps the subscription as a web device;
 * switching off deletes it and unsubscribes. A push delivered to the worker (through the DevTools
 * protocol, as the push service would) is shown with its title, body and nav_loc.
 *
 * Two stand-ins, as this machine has no push service and the test server no VAPID keys:
 * PushManager.subscribe answers a fixed subscription (its endpoint and keys are what the API
 * validates and stores), and GET /v4/push/vapid_public_key is answered by the test after first
 * checking the real server's null hides the switch.
 */

test.use({ viewport: MOBILE_VIEWPORT, serviceWorkers: 'allow' });

// 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url.
const VAPID_KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
const P256DH = 'BFa_E2ah0bUjuHN9q46PXitkC2d0P9z0RWccPJp5YOSHeCPnhJLpaFff7JDyN8-U_pVIAj_jaqXJz9zurTTXGxo';
const AUTH = 'c2VjcmV0LWF1dGgtMTZiIQ';

/** PushManager answering a fixed subscription; records unsubscribes in window.__unsubscribed. */
async function fakePushService(page: Page, endpoint: string): Promise<void> {
  await page.addInitScript(
    ([endpoint, p256dh, auth]) => {
      const w = window as unknown as { __unsubscribed: number; __subscribed: boolean };
      w.__unsubscribed = 0;
      const key = `fake-push-subscribed:${endpoint}`;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          sessionStorage.removeItem(key);
          w.__unsubscribed += 1;
          return true;
        },
      };
      PushManager.prototype.subscribe = async function () {
        sessionStorage.setItem(key, '1');
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (sessionStorage.getItem(key) ? subscription : null) as unknown as PushSubscription | null;
      };
    },
    [endpoint, P256DH, AUTH] as const,
  );
}

async function webDevices(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/v4/devices', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { devices } = (await response.json()) as { devices: { platform: string; push_token: string }[] };
  return devices.filter((d) => d.platform === 'web').map((d) => d.push_token);
}

test('push in this browser: the settings switch subscribes and registers, a push shows, off unregisters', async ({ page, context }) => {
  test.setTimeout(120_000);
  const endpoint = `https://push.example.com/send/${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await context.grantPermissions(['notifications']);
  await fakePushService(page, endpoint);
  await logIn(page, DEMO_ACCOUNTS.player);

  await page.goto('/notification-settings');
  await expect(page.getByRole('table', { name: 'How each notification reaches you' })).toBeVisible();
  // The test server has no VAPID key: nothing to offer.
  await expect(page.getByTestId('web-push')).toHaveCount(0);

  await page.route('**/v4/push/vapid_public_key', (route) => route.fulfill({ json: { vapid_public_key: VAPID_KEY } }));
  await page.reload();
  const toggle = page.getByRole('switch', { name: 'Push notifications in this browser' });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expectNoAxeViolations(page, 'Notification settings with push in this browser (390 px)');

  await toggle.click();
  await expect(toggle).toBeChecked();
  // Checked at once, enabled again once the subscription is registered.
  await expect(toggle).toBeEnabled();
  expect(await webDevices(page)).toContain(endpoint);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope);
  expect(scope).toMatch(/\/$/);
  await expectNoAxeViolations(page, 'Push in this browser on (390 px)');

  // The push service delivering a push to the worker: it shows the notification with the push's data.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations[0]!.registrationId,
    data: JSON.stringify({ title: 'Round shared', body: 'Pat shared a round', data: { nav_loc: 'events', notify_id: '77' } }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      }),
    )
    .toEqual([{ title: 'Round shared', body: 'Pat shared a round', tag: 'notify-77', data: { nav_loc: 'events', notify_id: '77' } }]);
  await cdp.detach();

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  expect(await webDevices(page)).not.toContain(endpoint);
  expect(await page.evaluate(() => (window as unknown as { __unsubscribed: number }).__unsubscribed)).toBe(1);
});
