import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fireNativeEvent, installFakeNativeBridge, nativeCalls } from './fake-native-bridge.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  freshEmail,
  logIn,
  menu,
  MOBILE_VIEWPORT,
  registerAndLogIn,
} from './helpers.ts';

/**
 * The phone app's web layer in Chromium at 390 px, with a fake native bridge standing in for the
 * Capacitor plugins (App, PushNotifications, SplashScreen): signing in registers the device with
 * the API, a push in the foreground asks Dismiss or View (both mark it read, View opens it), a push
 * tapped from the background opens its page, an app link opens the page after the app host and
 * then hides the splash screen, and logout and account deletion remove the device before the
 * session ends.
 * axe (WCAG 2.2 AA) on each state. The edge swipe stays off on the pages with gestures of their own.
 */

test.use({ viewport: MOBILE_VIEWPORT });

const APP_HOST = 'app.holeout.golf';

interface Device {
  push_token: string;
  platform: string;
}
interface NotificationRow {
  notify_id: number;
  title: string;
  body: string;
  nav_loc: string;
  opened_at: string | null;
}

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/v4/account/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

interface OutboxPush {
  platform: string;
  push_token: string;
  title: string;
  body: string;
  data: { nav_loc: string; notify_id: string };
}

/** The push the server sent to this token for that notification: with no provider configured it is a file in <data dir>/push-outbox/. */
async function pushSentTo(pushToken: string, notifyId: number): Promise<OutboxPush> {
  const outbox = join(process.env.HOLEOUT_E2E_DATA_DIR ?? '', 'push-outbox');
  let found: OutboxPush | undefined;
  await expect
    .poll(
      () => {
        const pushes = existsSync(outbox)
          ? readdirSync(outbox)
              .filter((name) => name.endsWith('.json'))
              .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as OutboxPush)
          : [];
        found = pushes.find((p) => p.push_token === pushToken && p.data.notify_id === String(notifyId));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const pageToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token')))!;

/** The coach comments on one of the premium player's rounds shared with the academy: the player is notified (EVENT_COMMENT). */
async function notifyPremiumPlayer(request: APIRequestContext, premiumToken: string, marker: string): Promise<NotificationRow> {
  const coachToken = await apiLogin(request, DEMO_ACCOUNTS.coach);
  const { people } = await apiGet<{ people: { uid: number; first_name: string; last_name: string }[] }>(request, coachToken, '/v4/people');
  const premium = people.find((p) => `${p.first_name} ${p.last_name}` === 'Priya Premium')!;
  const { events } = await apiGet<{ events: { event_id: number }[] }>(
    request,
    coachToken,
    `/v4/events?uid=${premium.uid}&types=ROUND&limit=1`,
  );
  const posted = await request.post(`/v4/events/comments?event_id=${events[0]!.event_id}`, {
    headers: { authorization: `Bearer ${coachToken}` },
    data: { body: `Good round (${marker})` },
  });
  expect([200, 201]).toContain(posted.status());
  const { comment_id: commentId } = (await posted.json()) as { comment_id: number };
  // The comment only had to make the notification: it goes again (the notification stays).
  const removed = await request.delete(`/v4/events/comments?comment_id=${commentId}`, {
    headers: { authorization: `Bearer ${coachToken}` },
  });
  expect(removed.status()).toBe(200);
  let found: NotificationRow | undefined;
  await expect
    .poll(async () => {
      const { notifications } = await apiGet<{ notifications: NotificationRow[] }>(request, premiumToken, '/v4/notifications');
      found = notifications.find((n) => n.body.includes(marker));
      return found !== undefined;
    })
    .toBe(true);
  expect(found!.opened_at).toBeNull();
  return found!;
}

async function openedAt(request: APIRequestContext, token: string, notifyId: number): Promise<string | null | undefined> {
  const { notifications } = await apiGet<{ notifications: NotificationRow[] }>(request, token, '/v4/notifications');
  return notifications.find((n) => n.notify_id === notifyId)?.opened_at;
}

test('the phone app registers its device, answers pushes and app links, and removes the device at logout first', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const pushToken = `fake-fcm-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await installFakeNativeBridge(page, { platform: 'android', plugins: {}, state: { pushToken } });
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v4/')) requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });

  await test.step('start-up hides the splash screen', async () => {
    await page.goto('/login');
    await expect.poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length).toBeGreaterThan(0);
  });

  const token = await test.step('sign-in registers the device as android', async () => {
    await logIn(page, DEMO_ACCOUNTS.premium);
    const signedIn = await pageToken(page);
    await expect
      .poll(async () =>
        (await apiGet<{ devices: Device[] }>(request, signedIn, '/v4/devices')).devices.filter((d) => d.push_token === pushToken),
      )
      .toEqual([expect.objectContaining({ push_token: pushToken, platform: 'android' })]);
    expect((await nativeCalls(page, 'PushNotifications')).map((c) => c.method)).toEqual(
      expect.arrayContaining(['requestPermissions', 'register']),
    );
    await expectNoAxeViolations(page, 'Signed in in the app (390 px)');
    return signedIn;
  });

  await test.step('a foreground push asks; View marks it read and opens its page', async () => {
    const notice = await notifyPremiumPlayer(request, token, `view ${pushToken}`);
    // The server pushed it to the registered device (EVENT_COMMENT has push on by default): the app gets exactly that.
    const sent = await pushSentTo(pushToken, notice.notify_id);
    expect(sent).toEqual({
      platform: 'android',
      push_token: pushToken,
      title: notice.title,
      body: notice.body,
      data: { nav_loc: notice.nav_loc, notify_id: String(notice.notify_id) },
    });
    await fireNativeEvent(page, 'PushNotifications', 'pushNotificationReceived', {
      id: 'p1',
      title: sent.title,
      body: sent.body,
      data: sent.data,
    });
    const alert = page.getByRole('dialog', { name: notice.title });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(notice.body);
    await expect(alert.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect(alert).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page, 'Foreground push alert (390 px)');
    await alert.getByRole('button', { name: 'View' }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${notice.nav_loc.replace(/[?]/g, '\\?')}$`));
    await expect.poll(() => openedAt(request, token, notice.notify_id)).not.toBeNull();
    await expectNoAxeViolations(page, 'The page a push opened (390 px)');
  });

  await test.step('Dismiss marks it read and stays on the page', async () => {
    const notice = await notifyPremiumPlayer(request, token, `dismiss ${pushToken}`);
    await page.goto('/drills');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await fireNativeEvent(page, 'PushNotifications', 'pushNotificationReceived', {
      id: 'p2',
      title: notice.title,
      body: notice.body,
      data: { nav_loc: notice.nav_loc, notify_id: String(notice.notify_id) },
    });
    const alert = page.getByRole('dialog', { name: notice.title });
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toBeHidden();
    await expect.poll(() => openedAt(request, token, notice.notify_id)).not.toBeNull();
    await expect(page).toHaveURL(/\/drills$/);
  });

  await test.step('a push tapped from the background opens its nav_loc, or the notifications without one', async () => {
    await fireNativeEvent(page, 'PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: 'p3', data: { nav_loc: 'events', notify_id: 'not-a-number' } },
    });
    await expect(page).toHaveURL(/\/events$/);
    await expectNoAxeViolations(page, 'Events opened by a tapped push (390 px)');
    await fireNativeEvent(page, 'PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: 'p4', data: {} },
    });
    await expect(page).toHaveURL(/\/notifications$/);
    await expectNoAxeViolations(page, 'Notifications opened by a tapped push (390 px)');
  });

  await test.step('an app link opens the path after the app host, then hides the splash screen', async () => {
    const hidesBefore = (await nativeCalls(page, 'SplashScreen', 'hide')).length;
    await fireNativeEvent(page, 'App', 'appUrlOpen', { url: `https://${APP_HOST}/drills?from=link` });
    await expect(page).toHaveURL(/\/drills\?from=link$/);
    await expect.poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length).toBe(hidesBefore + 1);
    const hides = await nativeCalls(page, 'SplashScreen', 'hide');
    // The splash went once the linked page was reached, not before.
    expect(hides.at(-1)!.path).toBe('/drills?from=link');
    await expectNoAxeViolations(page, 'Drills opened by an app link (390 px)');
    // A link to another host is not the app's: nothing moves.
    await fireNativeEvent(page, 'App', 'appUrlOpen', { url: 'https://example.com/events' });
    await expect(page).toHaveURL(/\/drills\?from=link$/);
  });

  await test.step('logout removes the device first, then ends the session', async () => {
    requests.length = 0;
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menu(page).getByRole('button', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log Out' });
    await expect(confirm.getByRole('button', { name: 'Yes' })).toBeVisible();
    // Scanned once it has faded in: half-transparent text has no contrast to speak of.
    await expect(confirm).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page, 'Log Out confirmation in the app (390 px)');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const deleteAt = requests.indexOf('DELETE /v4/devices');
    const logoutAt = requests.indexOf('POST /v4/account/logout');
    expect(deleteAt, requests.join('\n')).toBeGreaterThanOrEqual(0);
    expect(logoutAt, requests.join('\n')).toBeGreaterThan(deleteAt);
    expect((await nativeCalls(page, 'PushNotifications', 'unregister')).length).toBe(1);
    const again = await apiLogin(request, DEMO_ACCOUNTS.premium);
    const { devices } = await apiGet<{ devices: Device[] }>(request, again, '/v4/devices');
    expect(devices.filter((d) => d.push_token === pushToken)).toEqual([]);
    await expectNoAxeViolations(page, 'Login after logout in the app (390 px)');
  });
});

test('deleting the account in the app removes the device first', async ({ page, request }) => {
  test.setTimeout(120_000);
  const pushToken = `fake-fcm-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await installFakeNativeBridge(page, { platform: 'ios', plugins: {}, state: { pushToken } });
  await registerAndLogIn(page, {
    email: freshEmail('native-delete'),
    password: 'Fairway-Bunker-Eagle-2026!',
    firstName: 'Dee',
    lastName: 'Leeted',
  });
  const token = await pageToken(page);
  await expect
    .poll(async () =>
      (await apiGet<{ devices: Device[] }>(request, token, '/v4/devices')).devices.map((d) => `${d.platform} ${d.push_token}`),
    )
    .toEqual([`ios ${pushToken}`]);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(confirm).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page, 'Delete account confirmation in the app (390 px)');
  const answered: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/v4/') && r.request().method() === 'DELETE') answered.push(`${new URL(r.url()).pathname} ${r.status()}`);
  });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The device went (answered) before the account did, while the session could still ask.
  expect(answered).toEqual(['/v4/devices 200', '/v4/account 200']);
  expect((await nativeCalls(page, 'PushNotifications', 'unregister')).length).toBe(1);
});

test('an app link that launched the app opens its page before the splash screen goes', async ({ page }) => {
  await installFakeNativeBridge(page, { platform: 'ios', plugins: {}, state: { launchUrl: `https://${APP_HOST}/how-to` } });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/how-to$/);
  await expect.poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length).toBeGreaterThan(0);
  const [firstHide] = await nativeCalls(page, 'SplashScreen', 'hide');
  expect(firstHide!.path).toBe('/how-to');
  await expectNoAxeViolations(page, 'How-To opened by a launch link (390 px)');
});

/**
 * A swipe from the left edge to the right, as the touch events the app listens for. Dispatched in
 * the page: Chromium would take real touches there for its own back-navigation gesture.
 */
async function edgeSwipe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const at = (x: number, y: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: y });
    document.body.dispatchEvent(new TouchEvent('touchstart', { touches: [at(4, 420)], changedTouches: [at(4, 420)], bubbles: true }));
    document.body.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [at(220, 428)], bubbles: true }));
  });
}

test('the edge swipe opens the menu on ordinary pages and stays off on Add Round, drill, event, invite and notification settings', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  const token = await pageToken(page);
  const { events } = await apiGet<{ events: { event_id: number }[] }>(request, token, '/v4/events?types=ROUND&limit=1');
  const { drills } = await apiGet<{ drills: { drill_id: number }[] }>(request, token, '/v4/drills');
  const toggle = page.getByRole('button', { name: 'Toggle menu' });

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await edgeSwipe(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'Menu opened by the edge swipe (390 px)');

  for (const [path, heading] of [
    ['/scanner', 'Add Round'],
    [`/drill?drill_id=${drills[0]!.drill_id}`, null],
    [`/event?event_id=${events[0]!.event_id}`, null],
    ['/invite', null],
    ['/notification-settings', 'Notification settings'],
  ] as const) {
    await page.goto(path);
    await expect(
      heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first(),
    ).toBeVisible();
    await expect(toggle, path).toHaveAttribute('aria-expanded', 'false');
    await edgeSwipe(page);
    // Had the swipe opened the menu, the burger would now close it.
    await toggle.click();
    await expect(toggle, path).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle, path).toHaveAttribute('aria-expanded', 'false');
  }
  await expectNoAxeViolations(page, 'Notification settings after a swipe (390 px)');
});
