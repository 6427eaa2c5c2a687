import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { MAX_DEVICES_PER_USER } from './devices.service.ts';

/**
 * POST/GET/DELETE /devices: the caller's push registrations. Bad input is a 400 that stores
 * nothing; a token registered by someone else moves to the caller; anyone else's token is as
 * unknown as one never registered (404).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
let sequence = 0;
const fcmToken = () => `cT9x:APA91bH${(sequence += 1)}_${'x'.repeat(140)}`;
const endpoint = () => `https://push.example.test/send/${(sequence += 1)}-abc`;

function register(token: string, query: Record<string, string>, body?: unknown) {
  const search = new URLSearchParams(query).toString();
  return server.app.inject({
    method: 'POST',
    url: `/v4/devices${search ? `?${search}` : ''}`,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
const remove = (token: string, pushToken: string) =>
  server.app.inject({ method: 'DELETE', url: `/v4/devices?push_token=${encodeURIComponent(pushToken)}`, headers: bearer(token) });
const list = async (token: string) =>
  ((await server.app.inject({ url: '/v4/devices', headers: bearer(token) })).json() as { devices: Array<Record<string, unknown>> }).devices;
const allRows = () => server.db.select().from(devices).orderBy(asc(devices.device_id));

describe('registering a device', () => {
  it('stores an android, an ios and a web device for the caller and lists them newest first; again is no second row', async () => {
    const me = await signedInUser(server);
    const android = fcmToken();
    const ios = fcmToken();
    const web = endpoint();
    const first = await register(me.token, { push_token: android, platform: 'android' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      device_id: expect.any(Number),
      platform: 'android',
      push_token: android,
      created_at: expect.any(String),
    });
    server.clock.advance(1000);
    expect((await register(me.token, { push_token: ios, platform: 'ios' })).statusCode).toBe(200);
    server.clock.advance(1000);
    const subscription = { endpoint: web, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
    const webRes = await register(me.token, { push_token: web, platform: 'web' }, subscription);
    expect(webRes.statusCode, webRes.body).toBe(200);
    expect((await list(me.token)).map((d) => [d.platform, d.push_token])).toEqual([
      ['web', web],
      ['ios', ios],
      ['android', android],
    ]);
    const rows = await server.db.select().from(devices).where(eq(devices.uid, me.uid)).orderBy(asc(devices.device_id));
    expect(rows.map((r) => [r.platform, r.web_p256dh, r.web_auth])).toEqual([
      ['android', null, null],
      ['ios', null, null],
      ['web', P256DH, AUTH],
    ]);
    // The same token again: still one row.
    server.clock.advance(1000);
    expect((await register(me.token, { push_token: android, platform: 'android' })).statusCode).toBe(200);
    expect(await server.db.select().from(devices).where(eq(devices.uid, me.uid))).toHaveLength(3);
    expect((await list(me.token))[0]!.push_token).toBe(android);
  });

  it('answers 400 to bad input and stores nothing', async () => {
    const me = await signedInUser(server);
    const web = endpoint();
    const keys = { p256dh: P256DH, auth: AUTH };
    const cases: Array<{ what: string; query: Record<string, string>; body?: unknown; field: string }> = [
      { what: 'no push_token', query: { platform: 'android' }, field: 'push_token' },
      { what: 'empty push_token', query: { push_token: '', platform: 'android' }, field: 'push_token' },
      { what: 'a space in push_token', query: { push_token: 'abc def', platform: 'android' }, field: 'push_token' },
      { what: 'a non-ASCII push_token', query: { push_token: 'tökén', platform: 'android' }, field: 'push_token' },
      { what: 'a control character', query: { push_token: 'abc\u0007def', platform: 'android' }, field: 'push_token' },
      { what: 'a bidi override', query: { push_token: 'abc\u202edef', platform: 'android' }, field: 'push_token' },
      { what: 'a push_token too long', query: { push_token: 'a'.repeat(4097), platform: 'android' }, field: 'push_token' },
      { what: 'no platform', query: { push_token: fcmToken() }, field: 'platform' },
      { what: 'an unknown platform', query: { push_token: fcmToken(), platform: 'windows' }, field: 'platform' },
      { what: 'a platform in capitals', query: { push_token: fcmToken(), platform: 'ANDROID' }, field: 'platform' },
      { what: 'android with a body', query: { push_token: fcmToken(), platform: 'android' }, body: { endpoint: web, keys }, field: 'body' },
      { what: 'web without its subscription', query: { push_token: web, platform: 'web' }, field: 'body' },
      {
        what: 'web with another endpoint',
        query: { push_token: web, platform: 'web' },
        body: { endpoint: endpoint(), keys },
        field: 'endpoint',
      },
      {
        what: 'web with an endpoint that is no URL',
        query: { push_token: 'not-a-url', platform: 'web' },
        body: { endpoint: 'not-a-url', keys },
        field: 'endpoint',
      },
      {
        what: 'web with an ftp endpoint',
        query: { push_token: 'ftp://push.example.test/1', platform: 'web' },
        body: { endpoint: 'ftp://push.example.test/1', keys },
        field: 'endpoint',
      },
      // Every push is POSTed to the endpoint: only the push services of WEB_PUSH_HOSTS (here the tests' example hosts).
      ...[
        'https://example.com/push/1',
        'https://169.254.169.254/latest/meta-data',
        'http://push.example.test/1',
        'http://localhost:9/push',
      ].map((elsewhere) => ({
        what: `web with an endpoint that is no push service (${elsewhere})`,
        query: { push_token: elsewhere, platform: 'web' },
        body: { endpoint: elsewhere, keys },
        field: 'endpoint',
      })),
      {
        what: 'a p256dh key of the wrong length',
        query: { push_token: web, platform: 'web' },
        body: { endpoint: web, keys: { ...keys, p256dh: P256DH.slice(1) } },
        field: 'p256dh',
      },
      {
        what: 'an auth secret not in base64url',
        query: { push_token: web, platform: 'web' },
        body: { endpoint: web, keys: { ...keys, auth: 'tBHItJI5svbpez7KI4CC+g' } },
        field: 'auth',
      },
      { what: 'no keys', query: { push_token: web, platform: 'web' }, body: { endpoint: web }, field: 'keys' },
      {
        what: 'an unknown key in the body',
        query: { push_token: web, platform: 'web' },
        body: { endpoint: web, keys, extra: 1 },
        field: 'extra',
      },
      {
        what: 'an unknown key in the keys',
        query: { push_token: web, platform: 'web' },
        body: { endpoint: web, keys: { ...keys, extra: 'x' } },
        field: 'extra',
      },
    ];
    const before = await allRows();
    const outcomes: string[] = [];
    for (const { what, query, body, field } of cases) {
      const res = await register(me.token, query, body);
      const answer = res.json() as { error?: string; code?: string };
      if (res.statusCode !== 400 || answer.code !== 'VALIDATION_ERROR' || !answer.error?.includes(field))
        outcomes.push(`${what}: ${res.statusCode} ${res.body}`);
    }
    expect(outcomes).toEqual([]);
    expect(await allRows()).toEqual(before);
    // DELETE without a token, or with one no registration can hold.
    for (const url of ['/v4/devices', '/v4/devices?push_token=', '/v4/devices?push_token=a%20b']) {
      const res = await server.app.inject({ method: 'DELETE', url, headers: bearer(me.token) });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await allRows()).toEqual(before);
  });

  it('moves a token registered by another user to the caller, web keys and platform included', async () => {
    const first = await signedInUser(server);
    const second = await signedInUser(server);
    const token = fcmToken();
    expect((await register(first.token, { push_token: token, platform: 'android' })).statusCode).toBe(200);
    const moved = await register(second.token, { push_token: token, platform: 'ios' });
    expect(moved.statusCode).toBe(200);
    expect(await list(first.token)).toEqual([]);
    expect((await list(second.token)).map((d) => [d.platform, d.push_token])).toEqual([['ios', token]]);
    expect((await server.db.select().from(devices).where(eq(devices.push_token, token))).map((r) => r.uid)).toEqual([second.uid]);

    const web = endpoint();
    const keys = { p256dh: P256DH, auth: AUTH };
    expect((await register(first.token, { push_token: web, platform: 'web' }, { endpoint: web, keys })).statusCode).toBe(200);
    const otherAuth = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(
      (await register(second.token, { push_token: web, platform: 'web' }, { endpoint: web, keys: { ...keys, auth: otherAuth } }))
        .statusCode,
    ).toBe(200);
    const [row] = await server.db.select().from(devices).where(eq(devices.push_token, web));
    expect([row!.uid, row!.web_auth]).toEqual([second.uid, otherAuth]);
  });

  it(`keeps a user's newest ${MAX_DEVICES_PER_USER} devices`, async () => {
    const me = await signedInUser(server);
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i += 1) {
      server.clock.advance(1000);
      tokens.push(fcmToken());
      expect((await register(me.token, { push_token: tokens.at(-1)!, platform: 'android' })).statusCode).toBe(200);
    }
    const kept = (await list(me.token)).map((d) => d.push_token);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).not.toContain(tokens[0]);
    expect(kept[0]).toBe(tokens.at(-1));
  });
});

describe('removing and listing devices', () => {
  it("removes the caller's own; another user's token and an unknown one are the same 404 and nothing changes", async () => {
    const me = await signedInUser(server);
    const other = await signedInUser(server);
    const mine = fcmToken();
    const theirs = fcmToken();
    await register(me.token, { push_token: mine, platform: 'android' });
    await register(other.token, { push_token: theirs, platform: 'ios' });
    const before = await allRows();
    const foreign = await remove(me.token, theirs);
    const unknown = await remove(me.token, fcmToken());
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(await allRows()).toEqual(before);
    expect((await list(other.token)).map((d) => d.push_token)).toEqual([theirs]);

    const removed = await remove(me.token, mine);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await list(me.token)).toEqual([]);
    expect((await remove(me.token, mine)).statusCode).toBe(404);
    expect((await list(other.token)).map((d) => d.push_token)).toEqual([theirs]);
  });

  it("lists only the caller's own devices", async () => {
    const me = await signedInUser(server);
    const other = await signedInUser(server);
    const mine = fcmToken();
    await register(me.token, { push_token: mine, platform: 'ios' });
    await register(other.token, { push_token: fcmToken(), platform: 'android' });
    expect((await list(me.token)).map((d) => d.push_token)).toEqual([mine]);
  });

  it('needs a signed-in caller for every devices route; logout alone leaves the devices (the app removes its own first)', async () => {
    for (const [method, url] of [
      ['GET', '/v4/devices'],
      ['POST', '/v4/devices?push_token=abc&platform=android'],
      ['DELETE', '/v4/devices?push_token=abc'],
    ] as const) {
      expect((await server.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const me = await signedInUser(server);
    const token = fcmToken();
    await register(me.token, { push_token: token, platform: 'android' });
    expect((await server.app.inject({ method: 'POST', url: '/v4/account/logout', headers: bearer(me.token) })).statusCode).toBe(200);
    expect((await server.db.select().from(devices).where(eq(devices.uid, me.uid))).map((r) => r.push_token)).toEqual([token]);
  });

  it('answers no VAPID key when Web Push is not configured', async () => {
    const res = await server.app.inject({ url: '/v4/push/vapid_public_key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vapid_public_key: null });
  });
});
