import { count, eq } from 'drizzle-orm';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { federatedIdentities, tokens, users } from '../../db/schema/index.ts';
import { startFakeFirebase, type FakeFirebase } from '../../test/firebase-fakes.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let firebase: FakeFirebase;
let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  firebase = await startFakeFirebase('holeout-test');
  server = await createTestServer({
    config: {
      firebase: {
        projectId: firebase.projectId,
        jwksUrl: firebase.jwksUrl,
        providers: ['google', 'apple', 'microsoft'],
        web: { apiKey: 'web-key', authDomain: 'holeout-test.firebaseapp.com' },
      },
    },
    // High enough for the matrix below from one address; the limits have their own tests.
    accountRateLimits: { failuresPerAddress: { free: 1000, windowMs: 15 * 60 * 1000, firstDelayMs: 60_000, maxDelayMs: 60_000 } },
  });
});
afterAll(async () => {
  await server.close();
  await firebase.close();
});
beforeEach(() => {
  firebase.cacheControl = 'public, max-age=3600';
});

/** A fresh identity: a subject and an address nobody has used in this file. */
function identity(provider = 'google.com') {
  sequence += 1;
  return { provider, sub: `fb-user-${sequence}-${Date.now()}`, email: `player${sequence}-${Date.now()}@example.test` };
}

const post = (url: string, payload: unknown, token?: string) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

async function counts() {
  const [u] = await server.db.select({ n: count() }).from(users);
  const [i] = await server.db.select({ n: count() }).from(federatedIdentities);
  const [t] = await server.db.select({ n: count() }).from(tokens);
  return { users: u?.n, identities: i?.n, tokens: t?.n };
}

async function registerWith(who: ReturnType<typeof identity>, extra: Record<string, unknown> = {}) {
  const idToken = await firebase.token({ provider: who.provider, sub: who.sub, email: who.email });
  const res = await post('/v4/account/register?method=firebase', { idToken, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { uid: number; token: string };
}

const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

/** Every way a token can fail to be a Firebase ID token of this project for Google, Apple or Microsoft. */
const forgeries: Record<string, () => Promise<string>> = {
  'a bad signature (a key the JWKS never served, with its kid)': async () => firebase.token({}, { key: await firebase.foreignKey() }),
  'a payload changed after signing': async () => {
    const [header, payload, signature] = (await firebase.token()).split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as Record<string, unknown>;
    return [header, base64url.encode(JSON.stringify({ ...claims, sub: 'someone-else' })), signature].join('.');
  },
  'alg none': async () => {
    const [, payload] = (await firebase.token()).split('.');
    return `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
  },
  'HS256 keyed with the public key': async () => {
    const jwks = (await (await fetch(firebase.jwksUrl)).json()) as { keys: { kid: string; n: string }[] };
    const key = jwks.keys[0]!;
    const valid = await firebase.token();
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(valid.split('.')[1]!))) as Record<string, unknown>;
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(new TextEncoder().encode(key.n));
  },
  'an unknown kid': async () => firebase.token({}, { key: await firebase.foreignKey(), header: { kid: 'no-such-key' } }),
  'no kid': async () => firebase.token({}, { header: { kid: undefined } }),
  "another project's iss": async () => firebase.token({ iss: 'https://securetoken.google.com/someone-elses-app' }),
  "another project's aud": async () => firebase.token({ aud: 'someone-elses-app' }),
  'an issuer that is not securetoken': async () => firebase.token({ iss: 'https://accounts.google.com' }),
  'an expired token': async () => firebase.token({ exp: nowSeconds() - 3600, iat: nowSeconds() - 7200, auth_time: nowSeconds() - 7200 }),
  'no exp': async () => firebase.token({ exp: undefined }),
  'iat in the future (past the skew)': async () => firebase.token({ iat: nowSeconds() + 600 }),
  'auth_time in the future (past the skew)': async () => firebase.token({ auth_time: nowSeconds() + 600 }),
  'no auth_time': async () => firebase.token({ auth_time: undefined }),
  'an empty sub': async () => firebase.token({ sub: '' }),
  'no sub': async () => firebase.token({ sub: undefined }),
  'provider password': async () => firebase.token({ provider: 'password' }),
  'provider phone': async () => firebase.token({ provider: 'phone' }),
  'provider anonymous': async () => firebase.token({ provider: 'anonymous' }),
  'provider custom': async () => firebase.token({ provider: 'custom' }),
  'provider github': async () => firebase.token({ provider: 'github.com' }),
  'no firebase claim': async () => firebase.token({ firebase: undefined }),
  'not a JWT at all': async () => 'not-a-token',
  'three dots of nothing': async () => '..',
};

describe('a token that is not a Firebase ID token of this project is refused with 401, changing nothing', () => {
  for (const [what, forge] of Object.entries(forgeries)) {
    it(what, async () => {
      const idToken = await forge();
      const player = await buildUser(server.db);
      const session = await loginAs(server, player);
      const before = await counts();
      for (const [url, token] of [
        ['/v4/account/login?method=firebase', undefined],
        ['/v4/account/register?method=firebase', undefined],
        ['/v4/account/link?method=firebase', session],
      ] as const) {
        const res = await post(url, { idToken }, token);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'INVALID_ID_TOKEN' });
      }
      // Deleting an account without a password with the token: refused too, the account stays.
      const passwordless = await registerWith(identity());
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: '/v4/account',
        payload: { idToken },
        headers: bearer(passwordless.token),
      });
      expect(deleted.statusCode, deleted.body).toBe(401);
      const after = await counts();
      expect(after).toEqual({ users: before.users! + 1, identities: before.identities! + 1, tokens: before.tokens! + 1 });
      // The link call's refusal did not end the caller's session.
      expect((await server.app.inject({ url: '/v4/account/links', headers: bearer(session) })).json()).toEqual({ links: [] });
    });
  }

  it('accepts a token whose iat and auth_time are within the skew of 60 seconds', async () => {
    const who = identity();
    const idToken = await firebase.token({ sub: who.sub, email: who.email, iat: nowSeconds() + 30, auth_time: nowSeconds() + 30 });
    expect((await post('/v4/account/register?method=firebase', { idToken })).statusCode).toBe(200);
  });
});

describe('methods', () => {
  it.each([
    ['/v4/account/login?method=github', { idToken: 'x' }],
    ['/v4/account/login?method=', { email: 'a@example.test', password: 'x' }],
    ['/v4/account/login?method=EMAIL', { email: 'a@example.test', password: 'x' }],
    ['/v4/account/register?method=saml', { idToken: 'x' }],
    ['/v4/account/register?method=firebase%20', { idToken: 'x' }],
  ])('%s is 400 Invalid method', async (url, body) => {
    const before = await counts();
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid method', code: 'INVALID_METHOD' });
    expect(await counts()).toEqual(before);
  });

  it('link takes only method=firebase', async () => {
    const player = await buildUser(server.db);
    const res = await post('/v4/account/link?method=email', { idToken: await firebase.token() }, await loginAs(server, player));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid method' });
  });

  it.each([
    ['login', { email: 'a@example.test', password: 'x' }, 'idToken'],
    ['login', {}, 'idToken'],
    ['register', { idToken: 'a', first_name: 'x'.repeat(51) }, 'first_name'],
    ['register', { idToken: 'a', level: 'Scratch' }, 'level'],
    ['register', { idToken: 'a', password: 'extra-field' }, ''],
    ['login', { idToken: 'x'.repeat(8193) }, 'idToken'],
  ])('%s?method=firebase with the body %j is a 400 naming %s', async (call, body, field) => {
    const res = await post(`/v4/account/${call}?method=firebase`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    if (field) expect((res.json() as { error: string }).error).toContain(field);
  });

  it('password login and registration work as before, with and without ?method=email', async () => {
    const player = await buildUser(server.db);
    for (const url of ['/v4/account/login', '/v4/account/login?method=email'])
      expect((await post(url, { email: player.email, password: player.password })).statusCode).toBe(200);
    const bad = await post('/v4/account/login', { email: 'not-an-address', password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toMatch(/^email: /);
  });
});

describe('registering, signing in and linking', () => {
  it('registers a verified account without a password and signs it in; signing in again finds it', async () => {
    const who = identity('apple.com');
    const registered = await registerWith(who, { benchmark: 'EIGHTY' });
    const me = await server.app.inject({ url: '/v4/account', headers: bearer(registered.token) });
    expect(me.json()).toMatchObject({
      uid: registered.uid,
      email: who.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      benchmark: 'EIGHTY',
      has_password: false,
      setup_pending: true,
    });
    const [row] = await server.db.select().from(users).where(eq(users.uid, registered.uid));
    expect(row?.verified_at).toBeInstanceOf(Date);
    const links = await server.app.inject({ url: '/v4/account/links', headers: bearer(registered.token) });
    expect(links.json()).toEqual({ links: [{ provider: 'apple', email: who.email, linked_at: expect.any(String) }] });

    const again = await post('/v4/account/login?method=firebase', {
      idToken: await firebase.token({ provider: who.provider, sub: who.sub, email: who.email }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ uid: registered.uid, token: expect.any(String) });
    expect((await server.app.inject({ url: '/v4/account', headers: bearer((again.json() as { token: string }).token) })).statusCode).toBe(
      200,
    );

    // The same identity registered twice is told to log in.
    const twice = await post('/v4/account/register?method=firebase', {
      idToken: await firebase.token({ provider: who.provider, sub: who.sub, email: who.email }),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'IDENTITY_LINKED' });
  });

  it('an unknown identity is 404 NOT_REGISTERED and creates nothing', async () => {
    const before = await counts();
    const who = identity('microsoft.com');
    const res = await post('/v4/account/login?method=firebase', {
      idToken: await firebase.token({ provider: who.provider, sub: who.sub, email: who.email }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_REGISTERED' });
    expect((res.json() as { error: string }).error).toContain('Microsoft');
    expect(await counts()).toEqual(before);
  });

  it('never takes over a password account through its e-mail address', async () => {
    const owner = await buildUser(server.db);
    const attacker = { provider: 'google.com', sub: `attacker-${Date.now()}`, email: owner.email };
    const idToken = await firebase.token(attacker);
    const before = await counts();
    const login = await post('/v4/account/login?method=firebase', { idToken });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({ code: 'NOT_REGISTERED' });
    expect((login.json() as { error: string }).error).toMatch(/log in with your e-mail and password and link Google/);
    const register = await post('/v4/account/register?method=firebase', { idToken });
    expect(register.statusCode).toBe(409);
    expect(register.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    // Upper case in the token's address changes nothing.
    const shouted = await post('/v4/account/register?method=firebase', {
      idToken: await firebase.token({ ...attacker, email: owner.email.toUpperCase() }),
    });
    expect(shouted.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    const session = await loginAs(server, owner);
    expect((await server.app.inject({ url: '/v4/account/links', headers: bearer(session) })).json()).toEqual({ links: [] });

    // The owner links it while signed in; from then on it signs in to the owner's account.
    const linked = await post('/v4/account/link?method=firebase', { idToken }, session);
    expect(linked.statusCode).toBe(200);
    const login2 = await post('/v4/account/login?method=firebase', { idToken });
    expect(login2.json()).toMatchObject({ uid: owner.uid });
  });

  it('takes over a registration that was never verified: the pending password stops working', async () => {
    const squatter = await buildUser(server.db, { verified: false });
    const res = await post('/v4/account/register?method=firebase', {
      idToken: await firebase.token({ sub: `real-owner-${Date.now()}`, email: squatter.email }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uid: squatter.uid });
    const login = await post('/v4/account/login', { email: squatter.email, password: squatter.password });
    expect(login.statusCode).toBe(401);
  });

  it('an address the provider did not verify, or none, does not register', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: undefined }, { email: undefined }]) {
      const before = await counts();
      const res = await post('/v4/account/register?method=firebase', {
        idToken: await firebase.token({ sub: `unverified-${Date.now()}`, email: `u${Date.now()}@example.test`, ...claims }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(await counts()).toEqual(before);
    }
  });

  it('an identity belongs to one account; an account links one identity of each provider', async () => {
    const first = await registerWith(identity());
    const other = await buildUser(server.db);
    const otherSession = await loginAs(server, other);
    const firstIdentityToken = await firebase.token({
      sub: (await server.db.select().from(federatedIdentities).where(eq(federatedIdentities.uid, first.uid)))[0]!.subject,
    });
    const taken = await post('/v4/account/link?method=firebase', { idToken: firstIdentityToken }, otherSession);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'IDENTITY_TAKEN' });

    const secondGoogle = identity();
    const twice = await post(
      '/v4/account/link?method=firebase',
      { idToken: await firebase.token({ sub: secondGoogle.sub, email: secondGoogle.email }) },
      first.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'PROVIDER_LINKED' });

    // Linking the same identity again changes nothing.
    const again = await post('/v4/account/link?method=firebase', { idToken: firstIdentityToken }, first.token);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { links: unknown[] }).links).toHaveLength(1);
  });

  it('unlinks, but never the last way into an account without a password', async () => {
    const google = identity();
    const account = await registerWith(google);
    const last = await server.app.inject({ method: 'DELETE', url: '/v4/account/links?provider=google', headers: bearer(account.token) });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_SIGN_IN' });

    const microsoft = identity('microsoft.com');
    const linked = await post('/v4/account/link?method=firebase', { idToken: await firebase.token(microsoft) }, account.token);
    expect(linked.statusCode).toBe(200);
    expect((linked.json() as { links: { provider: string }[] }).links.map((l) => l.provider)).toEqual(['google', 'microsoft']);
    await waitForMail(server, google.email);

    const unlinked = await server.app.inject({
      method: 'DELETE',
      url: '/v4/account/links?provider=google',
      headers: bearer(account.token),
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ links: [{ provider: 'microsoft', email: microsoft.email, linked_at: expect.any(String) }] });
    // Google no longer signs in; Microsoft does.
    expect((await post('/v4/account/login?method=firebase', { idToken: await firebase.token(google) })).statusCode).toBe(404);
    expect((await post('/v4/account/login?method=firebase', { idToken: await firebase.token(microsoft) })).json()).toMatchObject({
      uid: account.uid,
    });

    for (const [query, status] of [
      ['provider=apple', 404],
      ['provider=github', 400],
      ['', 400],
    ] as const) {
      const res = await server.app.inject({ method: 'DELETE', url: `/v4/account/links?${query}`, headers: bearer(account.token) });
      expect(res.statusCode, query).toBe(status);
    }
  });
});

describe('an account without a password', () => {
  it('sets a first password with a mailed code, and then logs in with it', async () => {
    const who = identity();
    const account = await registerWith(who);
    const asked = await post('/v4/account/code', { purpose: 'set_password' }, account.token);
    expect(asked.statusCode).toBe(200);
    const code = codeIn(await waitForMail(server, who.email));
    const wrong = await post(
      '/v4/account/set_password',
      { code: code === '000000' ? '111111' : '000000', password: 'lag-putting-ladder-2026' },
      account.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const weak = await post('/v4/account/set_password', { code, password: 'password1234' }, account.token);
    expect(weak.statusCode).toBe(400);
    const set = await post('/v4/account/set_password', { code, password: 'lag-putting-ladder-2026' }, account.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ has_password: true });
    expect((await post('/v4/account/login', { email: who.email, password: 'lag-putting-ladder-2026' })).statusCode).toBe(200);
    // Now it has a password: no second first password, and its last provider may go.
    const again = await post('/v4/account/code', { purpose: 'set_password' }, account.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'HAS_PASSWORD' });
    expect(
      (await server.app.inject({ method: 'DELETE', url: '/v4/account/links?provider=google', headers: bearer(account.token) })).statusCode,
    ).toBe(200);
  });

  it('is deleted only with a fresh sign-in of a linked identity or a mailed code', async () => {
    const who = identity();
    const account = await registerWith(who);
    const del = (payload?: object) =>
      server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(account.token), ...(payload ? { payload } : {}) });
    expect((await del()).json()).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    const stale = await del({ idToken: await firebase.token({ ...who, auth_time: nowSeconds() - 600 }) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'SIGN_IN_AGAIN' });
    const stranger = identity();
    await registerWith(stranger);
    const notMine = await del({ idToken: await firebase.token(stranger) });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ code: 'NOT_LINKED' });
    expect((await del({ code: '123456' })).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(account.token) })).statusCode).toBe(200);

    const fresh = await del({ idToken: await firebase.token(who) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await server.db.select().from(users).where(eq(users.uid, account.uid))).toEqual([]);
    expect(await server.db.select().from(federatedIdentities).where(eq(federatedIdentities.uid, account.uid))).toEqual([]);
  });

  it('is deleted with the code mailed for it', async () => {
    const who = identity();
    const account = await registerWith(who);
    expect((await post('/v4/account/code', { purpose: 'delete_account' }, account.token)).statusCode).toBe(200);
    const code = codeIn(await waitForMail(server, who.email));
    const res = await server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(account.token), payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await server.db.select().from(users).where(eq(users.uid, account.uid))).toEqual([]);
  });

  it('an account with a password is deleted as before, with no body', async () => {
    const player = await buildUser(server.db);
    const res = await server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(await loginAs(server, player)) });
    expect(res.statusCode).toBe(200);
  });
});

describe('signing keys', () => {
  it('keeps the keys as long as their Cache-Control says', async () => {
    const who = identity();
    await registerWith(who);
    const fetched = firebase.fetches();
    for (let i = 0; i < 3; i += 1)
      expect((await post('/v4/account/login?method=firebase', { idToken: await firebase.token(who) })).statusCode).toBe(200);
    expect(firebase.fetches()).toBe(fetched);
  });

  it('picks up a rotated key without a restart; the withdrawn key stops working', async () => {
    const who = identity();
    await registerWith(who);
    const oldToken = await firebase.token(who);
    expect((await post('/v4/account/login?method=firebase', { idToken: oldToken })).statusCode).toBe(200);
    await firebase.rotate();
    const newToken = await firebase.token(who);
    expect((await post('/v4/account/login?method=firebase', { idToken: newToken })).statusCode).toBe(200);
    expect((await post('/v4/account/login?method=firebase', { idToken: oldToken })).statusCode).toBe(401);
  });

  it('fetches again each time when the keys may not be cached', async () => {
    firebase.cacheControl = 'no-store';
    const who = identity();
    await firebase.rotate();
    await registerWith(who);
    const fetched = firebase.fetches();
    for (let i = 0; i < 2; i += 1) await post('/v4/account/login?method=firebase', { idToken: await firebase.token(who) });
    expect(firebase.fetches()).toBeGreaterThanOrEqual(fetched + 2);
  });
});

describe('public config', () => {
  it('names the providers and the web settings', async () => {
    const res = await server.app.inject({ url: '/v4/config' });
    expect(res.json()).toEqual({
      sign_in: {
        providers: ['google', 'apple', 'microsoft'],
        firebase: { api_key: 'web-key', auth_domain: 'holeout-test.firebaseapp.com', project_id: 'holeout-test' },
      },
    });
  });
});

describe('security headers with a Firebase web app', () => {
  it("let the page load Firebase's sign-in script, frame its auth domain and reach its token endpoints; the popup may report back", async () => {
    const res = await server.app.inject({ url: '/v4/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://apis.google.com");
    expect(csp).toContain("frame-src 'self' https://holeout-test.firebaseapp.com");
    expect(csp).toMatch(/connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('without a Firebase project', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await createTestServer({ database: server.database });
  });
  afterAll(async () => plain.close());

  it('keeps the strict security headers', async () => {
    const res = await plain.app.inject({ url: '/v4/config' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('offers no provider and refuses the firebase method with 400', async () => {
    expect((await plain.app.inject({ url: '/v4/config' })).json()).toEqual({ sign_in: { providers: [], firebase: null } });
    const res = await plain.app.inject({
      method: 'POST',
      url: '/v4/account/login?method=firebase',
      payload: { idToken: await firebase.token() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_METHOD' });
  });
});

describe('failure limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({
      database: server.database,
      config: { firebase: { projectId: firebase.projectId, jwksUrl: firebase.jwksUrl, providers: ['google'], web: null } },
      accountRateLimits: {
        failuresPerAccount: { free: 3, windowMs: 60_000, firstDelayMs: 60_000, maxDelayMs: 60_000 },
        failuresPerAddress: { free: 6, windowMs: 60_000, firstDelayMs: 60_000, maxDelayMs: 60_000 },
      },
      maxAttemptWaitMs: 200,
    });
  });
  afterAll(async () => limited.close());
  const login = (idToken: string, ip: string) =>
    limited.app.inject({ method: 'POST', url: '/v4/account/login?method=firebase', payload: { idToken }, remoteAddress: ip });

  it('counts failed tokens per subject, then refuses even a good one for that subject with 429', async () => {
    const who = identity();
    await registerWith(who);
    const foreign = await firebase.foreignKey();
    for (let i = 0; i < 3; i += 1) expect((await login(await firebase.token(who, { key: foreign }), `10.0.1.${i}`)).statusCode).toBe(401);
    expect((await login(await firebase.token(who), '10.0.1.9')).statusCode).toBe(429);
    // Another subject is not held back.
    const other = identity();
    expect((await login(await firebase.token(other), '10.0.1.9')).statusCode).toBe(404);
  });

  it('counts failed tokens per client address', async () => {
    for (let i = 0; i < 6; i += 1) expect((await login('not-a-token', '10.0.2.1')).statusCode).toBe(401);
    expect((await login('not-a-token', '10.0.2.1')).statusCode).toBe(429);
    expect((await login('not-a-token', '10.0.2.2')).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never hold a token or an e-mail address', async () => {
    const who = identity();
    const idToken = await firebase.token(who);
    await post('/v4/account/login?method=firebase', { idToken });
    const account = await registerWith(who);
    await post('/v4/account/login?method=firebase', { idToken: await firebase.token({ ...who, aud: 'other' }) });
    await post('/v4/account/link?method=firebase', { idToken: 'garbage' }, account.token);
    const text = server.logs.join('\n');
    expect(text).not.toContain(idToken.split('.')[2]!);
    expect(text).not.toContain(who.email);
    expect(text).not.toContain(account.token);
  });
});
