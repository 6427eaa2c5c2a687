import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '@holeout/golf';
import { resolveNotify } from '@holeout/contracts';
import { devices, notifications, pushDeliveries } from '../../db/schema/index.ts';
import { createPushSender } from '../../integrations/push/create-push-sender.ts';
import { PUSH_DELIVERY, startJobRunner, SUBSCRIPTION_SWEEP, type JobRunner } from '../../jobs/job-runner.ts';
import { signedInUser } from '../../test/factories.ts';
import { startFakeFcm, startFakeWebPush, type BrowserSubscription, type FakeFcm, type FakeWebPush } from '../../test/push-fakes.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { Notifier } from './notifier.ts';
import { PushChannel } from './push-channel.ts';
import { PushRepository } from './push.repository.ts';

/**
 * Push to devices end to end: notifications made by the product go through the notifier's pump to
 * one push_deliveries row and one pg-boss job per device, and out to a local fake of FCM HTTP v1
 * (OAuth token from a JWT signed with the service account's key) and of a Web Push service (VAPID,
 * aes128gcm). Two job runners on one database stand for two API processes. On PGlite locally; on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds (up to ~30 s); no timing is asserted, it only bounds the wait. */
async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    if (await done()) return;
    await sleep(250);
  }
  throw new Error(`gave up waiting for ${what}`);
}

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@holeout.test' };

let dir: string;
let fcm: FakeFcm;
let browser: FakeWebPush;
let server: TestServer;
const runners: JobRunner[] = [];
/** A second API process: its own push channel (sender, queue) and notifier on the same database. */
let second: { channel: PushChannel; notifier: Notifier };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'holeout-push-'));
  fcm = await startFakeFcm(dir);
  browser = await startFakeWebPush(VAPID);
  const push = {
    fcm: { serviceAccountPath: fcm.serviceAccountPath, apiUrl: fcm.apiUrl, tokenUrl: fcm.tokenUrl },
    vapid: { publicKey: VAPID.publicKey, privateKey: VAPID.privateKey, subject: VAPID.subject },
    outboxDir: path.join(dir, 'push-outbox'),
  };
  server = await createTestServer({ config: { push, logLevel: 'trace' } });
  const log = server.app.log;
  second = (() => {
    const channel = new PushChannel({
      db: server.db,
      repository: new PushRepository(server.db),
      sender: createPushSender(push),
      clock: server.clock.now,
      log,
    });
    const notifier = new Notifier({
      db: server.db,
      mailer: { send: async () => undefined },
      clock: server.clock.now,
      publicUrl: server.config.publicUrl,
      log,
      channels: [channel],
    });
    return { channel, notifier };
  })();
  // One after the other: the first creates pg-boss's schema, the second finds it.
  for (const send of [
    (job: Parameters<PushChannel['send']>[0]) => server.app.push.send(job),
    (job: Parameters<PushChannel['send']>[0]) => second.channel.send(job),
  ]) {
    runners.push(
      await startJobRunner({
        database: server.database,
        handlers: { [SUBSCRIPTION_SWEEP]: async () => undefined, [PUSH_DELIVERY]: send },
        log,
        schedule: false,
        pollingIntervalSeconds: 0.5,
        pushRetryDelaySeconds: 1,
      }),
    );
  }
  server.app.push.useQueue(runners[0]!);
  second.channel.useQueue(runners[1]!);
});

afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await server?.close();
  await fcm?.close();
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Golfer {
  uid: number;
  email: string;
  token: string;
}

async function registerDevice(user: Golfer, pushToken: string, platform: 'android' | 'ios'): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/v4/devices?push_token=${encodeURIComponent(pushToken)}&platform=${platform}`,
    headers: bearer(user.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function registerBrowser(user: Golfer, subscription: BrowserSubscription): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/v4/devices?push_token=${encodeURIComponent(subscription.endpoint)}&platform=web`,
    headers: bearer(user.token),
    payload: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A notification as the product makes them (Notifier.add), then the pump of this process; its id. */
async function notify(uid: number, type: NotificationType = 'EVENT_SHARED', title = 'Casey shared a round with you'): Promise<number> {
  await server.app.notifier.idle();
  await server.app.notifier.add(server.db, [{ uid, type, title, body: 'Saturday medal, 78', nav_loc: 'event?event_id=42' }]);
  const [row] = await server.db
    .select({ notify_id: notifications.notify_id })
    .from(notifications)
    .where(eq(notifications.uid, uid))
    .orderBy(sql`${notifications.notify_id} desc`)
    .limit(1);
  await server.app.notifier.pump();
  return row!.notify_id;
}

const deliveriesOf = (notifyIds: readonly number[]) =>
  server.db
    .select({
      delivery_id: pushDeliveries.delivery_id,
      device_id: pushDeliveries.device_id,
      state: pushDeliveries.state,
      attempts: pushDeliveries.attempts,
    })
    .from(pushDeliveries)
    .where(inArray(pushDeliveries.notify_id, [...notifyIds]))
    .orderBy(asc(pushDeliveries.delivery_id));

const allSettled = (notifyIds: readonly number[], count: number) => async () => {
  const rows = await deliveriesOf(notifyIds);
  return rows.length === count && rows.every((r) => r.state !== 'queued' && r.state !== 'sending');
};

const users: Golfer[] = [];
const secrets: string[] = [];

async function golfer(): Promise<Golfer> {
  const user = await signedInUser(server);
  users.push(user);
  return user;
}

function uniqueToken(name: string): string {
  const token = `${name}:APA91b${Math.random().toString(36).slice(2)}${'Q'.repeat(100)}`;
  secrets.push(token);
  return token;
}

describe('push to each device of the user', () => {
  it('sends FCM to android and ios and Web Push to a browser, with title, body and data { nav_loc, notify_id }', async () => {
    const me = await golfer();
    const android = uniqueToken('android');
    const ios = uniqueToken('ios');
    const subscription = browser.subscribe('first-browser');
    secrets.push(subscription.endpoint, subscription.keys.auth, subscription.keys.p256dh);
    await registerDevice(me, android, 'android');
    await registerDevice(me, ios, 'ios');
    await registerBrowser(me, subscription);

    const notifyId = await notify(me.uid);
    await waitFor('three pushes sent', allSettled([notifyId], 3));
    expect((await deliveriesOf([notifyId])).map((d) => [d.state, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    const data = { nav_loc: 'event?event_id=42', notify_id: String(notifyId) };
    const notification = { title: 'Casey shared a round with you', body: 'Saturday medal, 78' };
    expect(fcm.accepted.filter((m) => m.token === android || m.token === ios).sort((a, b) => a.token.localeCompare(b.token))).toEqual([
      { token: android, notification, data },
      { token: ios, notification, data },
    ]);
    expect(browser.received.filter((r) => r.endpoint === subscription.endpoint)).toEqual([
      { endpoint: subscription.endpoint, payload: { ...notification, data }, ttl: '86400' },
    ]);
    // An access token per process (each keeps its own until it expires), only ever one the token endpoint issued.
    expect(fcm.tokenRequests).toBeGreaterThanOrEqual(1);
    expect(fcm.tokenRequests).toBeLessThanOrEqual(2);
    expect(fcm.badBearer).toBe(0);
    expect(browser.badVapid).toBe(0);
    const [row] = await server.db
      .select({ push_state: notifications.push_state })
      .from(notifications)
      .where(eq(notifications.notify_id, notifyId));
    expect(row!.push_state).toBe('sent');
  });

  it('sends nothing for a type whose push is off in the settings, and nothing to another user', async () => {
    const me = await golfer();
    const other = await golfer();
    const mine = uniqueToken('quiet');
    const theirs = uniqueToken('theirs');
    await registerDevice(me, mine, 'android');
    await registerDevice(other, theirs, 'android');
    const saved = await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(me.token),
      payload: { notify: { ROUND_SHARED: { email: false, push: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const off = await notify(me.uid, 'ROUND_SHARED');
    const [row] = await server.db
      .select({ push_state: notifications.push_state })
      .from(notifications)
      .where(eq(notifications.notify_id, off));
    expect(row!.push_state).toBe('skipped');
    expect(await deliveriesOf([off])).toEqual([]);
    // Another type is still on: it reaches my device only.
    const on = await notify(me.uid, 'EVENT_COMMENT', 'A new comment');
    await waitFor('the comment pushed', allSettled([on], 1));
    expect(fcm.accepted.filter((m) => m.token === mine).map((m) => m.data.notify_id)).toEqual([String(on)]);
    expect(fcm.attempts.filter((a) => a.token === theirs)).toEqual([]);
  });

  it('retries a push FCM answers 500 to, with backoff, until it is sent', async () => {
    const me = await golfer();
    const flaky = uniqueToken('flaky');
    fcm.script(flaky, [500, 503, 200]);
    await registerDevice(me, flaky, 'android');
    const notifyId = await notify(me.uid);
    await waitFor('the flaky push sent', allSettled([notifyId], 1));
    expect(fcm.attempts.filter((a) => a.token === flaky).map((a) => a.status)).toEqual([500, 503, 200]);
    expect(fcm.accepted.filter((m) => m.token === flaky)).toHaveLength(1);
    const [delivery] = await deliveriesOf([notifyId]);
    expect([delivery!.state, delivery!.attempts]).toEqual(['sent', 3]);
    const jobs = (await server.db.execute(
      sql`SELECT retry_count, retry_limit, retry_backoff, state FROM pgboss.job WHERE name = ${PUSH_DELIVERY} AND (data->>'delivery_id')::int = ${delivery!.delivery_id}`,
    )) as unknown as { rows: Array<{ retry_count: number; retry_limit: number; retry_backoff: boolean; state: string }> };
    expect(jobs.rows).toEqual([{ retry_count: 2, retry_limit: 5, retry_backoff: true, state: 'completed' }]);
    expect(server.logs.filter((line) => line.includes('push failed; will retry'))).toHaveLength(2);
  });

  it('deletes a device whose token the provider calls unregistered (FCM 404, FCM 400 on the token, Web Push 410); keeps one refused for another reason', async () => {
    const me = await golfer();
    const alive = uniqueToken('alive');
    const dead = uniqueToken('dead');
    const invalid = uniqueToken('invalid');
    const malformed = uniqueToken('malformed');
    fcm.script(dead, ['unregistered']);
    fcm.script(invalid, ['invalid-token']);
    fcm.script(malformed, ['invalid-data']);
    const expired = browser.subscribe('expired-browser');
    secrets.push(expired.endpoint);
    browser.gone('expired-browser');
    for (const token of [alive, dead, invalid, malformed]) await registerDevice(me, token, 'android');
    await registerBrowser(me, expired);

    const notifyId = await notify(me.uid);
    const remaining = async () =>
      (await server.db.select({ push_token: devices.push_token }).from(devices).where(eq(devices.uid, me.uid)))
        .map((d) => d.push_token)
        .sort();
    await waitFor('the dead devices removed', async () => (await remaining()).length === 2 && (await allSettled([notifyId], 2)()));
    expect(await remaining()).toEqual([alive, malformed].sort());
    const states = await server.db
      .select({ push_token: devices.push_token, state: pushDeliveries.state, attempts: pushDeliveries.attempts })
      .from(pushDeliveries)
      .innerJoin(devices, eq(devices.device_id, pushDeliveries.device_id))
      .where(eq(pushDeliveries.notify_id, notifyId));
    expect(states.sort((a, b) => a.push_token.localeCompare(b.push_token))).toEqual(
      [
        { push_token: alive, state: 'sent', attempts: 1 },
        // A malformed message is no reason to drop the device, nor to try again.
        { push_token: malformed, state: 'failed', attempts: 1 },
      ].sort((a, b) => a.push_token.localeCompare(b.push_token)),
    );
    expect(fcm.attempts.filter((a) => a.token === dead || a.token === invalid || a.token === malformed)).toHaveLength(3);
  });

  it('sends once per device per notification with two processes pumping and running jobs at once', async () => {
    const me = await golfer();
    const phone = uniqueToken('race-phone');
    const tablet = uniqueToken('race-tablet');
    const laptop = browser.subscribe('race-laptop');
    secrets.push(laptop.endpoint);
    await registerDevice(me, phone, 'android');
    await registerDevice(me, tablet, 'ios');
    await registerBrowser(me, laptop);
    await server.app.notifier.idle();
    const notices = Array.from({ length: 6 }, (_, i) => ({
      uid: me.uid,
      type: 'EVENT_UPDATED' as const,
      title: `Update ${i}`,
      body: '',
      nav_loc: `event?event_id=${100 + i}`,
    }));
    await server.app.notifier.add(server.db, notices);
    const ids = (
      await server.db.select({ notify_id: notifications.notify_id }).from(notifications).where(eq(notifications.uid, me.uid))
    ).map((n) => n.notify_id);
    expect(ids).toHaveLength(6);
    await Promise.all([server.app.notifier.pump(), second.notifier.pump(), server.app.notifier.pump(), second.notifier.pump()]);
    // A fan-out that runs again (a claim that lapsed while the first process still sent): no second job.
    const recipient = { uid: me.uid, email: me.email, emailVerified: true, notify: resolveNotify(null) };
    const first = { ...notices[0]!, notify_id: Math.min(...ids) };
    await Promise.all([second.channel.deliver(first, recipient), second.channel.deliver(first, recipient)]);

    await waitFor('18 pushes sent', allSettled(ids, 18));
    // A moment more: no job is handled a second time.
    await sleep(1500);
    const rows = await deliveriesOf(ids);
    expect(rows).toHaveLength(18);
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    const fcmSent = fcm.accepted.filter((m) => m.token === phone || m.token === tablet).map((m) => `${m.token}#${m.data.notify_id}`);
    const webSent = browser.received.filter((r) => r.endpoint === laptop.endpoint).map((r) => `web#${r.payload.data.notify_id}`);
    expect(fcmSent).toHaveLength(12);
    expect(new Set(fcmSent).size).toBe(12);
    expect(webSent).toHaveLength(6);
    expect(new Set(webSent).size).toBe(6);
  });

  it('skips a queued push whose device moved to another user meanwhile', async () => {
    const me = await golfer();
    const buyer = await golfer();
    const phone = uniqueToken('moved');
    await registerDevice(me, phone, 'android');
    server.app.push.useQueue(null);
    try {
      // Without a queue this process leaves push pending.
      const notifyId = await notify(me.uid);
      const [pending] = await server.db
        .select({ push_state: notifications.push_state })
        .from(notifications)
        .where(eq(notifications.notify_id, notifyId));
      expect(pending!.push_state).toBe('pending');
      // Fanned out by the other process, then the phone changes hands before the job runs.
      second.channel.useQueue(null);
      const [delivery] = await server.db.transaction(async (tx) => {
        const ids = await new PushRepository(server.db).insertDeliveries(tx, notifyId, me.uid);
        return ids;
      });
      await registerDevice(buyer, phone, 'android');
      await second.channel.send({ delivery_id: delivery!, final: false });
      const [row] = await server.db
        .select({ state: pushDeliveries.state })
        .from(pushDeliveries)
        .where(eq(pushDeliveries.delivery_id, delivery!));
      expect(row!.state).toBe('skipped');
      expect(fcm.attempts.filter((a) => a.token === phone)).toEqual([]);
      await server.db.update(notifications).set({ push_state: 'skipped' }).where(eq(notifications.notify_id, notifyId));
    } finally {
      server.app.push.useQueue(runners[0]!);
      second.channel.useQueue(runners[1]!);
    }
  });

  it("gives a push up on the job's last try, and hands it back to the queue before that", async () => {
    const me = await golfer();
    const down = uniqueToken('down');
    fcm.script(down, [503]);
    await registerDevice(me, down, 'android');
    server.app.push.useQueue(null);
    second.channel.useQueue(null);
    try {
      const notifyId = await notify(me.uid);
      const [deliveryId] = await server.db.transaction((tx) => new PushRepository(server.db).insertDeliveries(tx, notifyId, me.uid));
      await expect(server.app.push.send({ delivery_id: deliveryId!, final: false })).rejects.toThrow(/will retry/);
      expect((await deliveriesOf([notifyId])).map((d) => [d.state, d.attempts])).toEqual([['queued', 1]]);
      await server.app.push.send({ delivery_id: deliveryId!, final: true });
      expect((await deliveriesOf([notifyId])).map((d) => [d.state, d.attempts])).toEqual([['failed', 2]]);
      // A failed delivery is not sent again, whoever runs its job once more.
      await server.app.push.send({ delivery_id: deliveryId!, final: false });
      expect(fcm.attempts.filter((a) => a.token === down).map((a) => a.status)).toEqual([503, 503]);
      expect(server.logs.some((line) => line.includes('push failed; giving up'))).toBe(true);
      await server.db.update(notifications).set({ push_state: 'skipped' }).where(eq(notifications.notify_id, notifyId));
    } finally {
      server.app.push.useQueue(runners[0]!);
      second.channel.useQueue(runners[1]!);
    }
  });

  it('serves the VAPID public key', async () => {
    const res = await server.app.inject({ url: '/v4/push/vapid_public_key' });
    expect(res.json()).toEqual({ vapid_public_key: VAPID.publicKey });
  });

  it('writes no push token, endpoint, key, access token or e-mail address to the log (trace level)', async () => {
    await server.app.notifier.idle();
    expect(server.logs.length).toBeGreaterThan(20);
    // Over 20 FCM sends, each process asked the token endpoint once: the access token is kept.
    expect(fcm.accepted.length).toBeGreaterThan(15);
    expect(fcm.tokenRequests).toBeLessThanOrEqual(2);
    const log = server.logs.join('\n');
    const leaked = [...secrets, ...users.map((u) => u.email), ...fcm.issued, VAPID.privateKey].filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);
    // The request lines were logged, with the token redacted.
    expect(log).toContain('push_token=[redacted]');
  });
});

describe('the push outbox, without a provider', () => {
  let local: TestServer;
  let runner: JobRunner;
  beforeAll(async () => {
    local = await createTestServer({ config: { logLevel: 'trace' } });
    runner = await startJobRunner({
      database: local.database,
      handlers: { [SUBSCRIPTION_SWEEP]: async () => undefined, [PUSH_DELIVERY]: (job) => local.app.push.send(job) },
      log: local.app.log,
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    local.app.push.useQueue(runner);
  });
  afterAll(async () => {
    await runner?.stop();
    await local?.close();
  });

  it('writes each push as JSON { platform, push_token, title, body, data } to <data dir>/push-outbox/, newest last by name', async () => {
    expect(local.config.push.outboxDir).toBe(path.join(local.config.dataDir, 'push-outbox'));
    const me = await signedInUser(local);
    const phone = 'outbox-phone:APA91bExample';
    const browserEndpoint = 'https://push.example.test/send/outbox-browser';
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    expect(
      (await local.app.inject({ method: 'POST', url: `/v4/devices?push_token=${phone}&platform=ios`, headers: bearer(me.token) }))
        .statusCode,
    ).toBe(200);
    const web = await local.app.inject({
      method: 'POST',
      url: `/v4/devices?push_token=${encodeURIComponent(browserEndpoint)}&platform=web`,
      headers: bearer(me.token),
      payload: { endpoint: browserEndpoint, keys },
    });
    expect(web.statusCode).toBe(200);
    const files = async () => (await readdir(local.config.push.outboxDir).catch(() => [] as string[])).sort();
    const read = async (name: string) =>
      JSON.parse(await readFile(path.join(local.config.push.outboxDir, name), 'utf8')) as Record<string, unknown>;

    const sendOne = async (title: string) => {
      await local.app.notifier.idle();
      await local.app.notifier.add(local.db, [{ uid: me.uid, type: 'EVENT_SHARED', title, body: 'Open it', nav_loc: 'event?event_id=7' }]);
      await local.app.notifier.pump();
    };
    await sendOne('First');
    await waitFor('two files', async () => (await files()).length === 2);
    local.clock.advance(1000);
    await sendOne('Second');
    await waitFor('four files', async () => (await files()).length === 4);

    const names = await files();
    for (const name of names) expect(name).toMatch(/^\d{13}-\d{6}-(ios|web)-[0-9a-f]{6}\.json$/);
    const written = await Promise.all(names.map(read));
    const [firstId, secondId] = (
      await local.db
        .select({ notify_id: notifications.notify_id })
        .from(notifications)
        .where(eq(notifications.uid, me.uid))
        .orderBy(asc(notifications.notify_id))
    ).map((n) => String(n.notify_id));
    expect(written.slice(0, 2).map((w) => w.title)).toEqual(['First', 'First']);
    expect(written.slice(2).map((w) => w.title)).toEqual(['Second', 'Second']);
    const sorted = (list: Array<Record<string, unknown>>) => [...list].sort((a, b) => String(a.platform).localeCompare(String(b.platform)));
    expect(sorted(written.slice(2))).toEqual([
      { platform: 'ios', push_token: phone, title: 'Second', body: 'Open it', data: { nav_loc: 'event?event_id=7', notify_id: secondId } },
      {
        platform: 'web',
        push_token: browserEndpoint,
        title: 'Second',
        body: 'Open it',
        data: { nav_loc: 'event?event_id=7', notify_id: secondId },
      },
    ]);
    expect(written[0]!.data).toEqual({ nav_loc: 'event?event_id=7', notify_id: firstId });
    // The log names the file, never the token or the address.
    const log = local.logs.join('\n');
    for (const secret of [phone, browserEndpoint, me.email]) expect(log).not.toContain(secret);
  });
});
