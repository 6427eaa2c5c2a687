import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, tokens, users } from '../../db/schema/index.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/** The auth hook records a use without waiting: wait until the token row shows it (or a moment passes). */
async function settleTouch(uid: number, expected?: Date): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!expected) return;
    const [row] = await server.db.select().from(tokens).where(eq(tokens.uid, uid));
    if (row?.last_used_at.getTime() === expected.getTime()) return;
  }
}

const register = (payload: Record<string, unknown>, query = '?method=email') =>
  server.app.inject({ method: 'POST', url: `/v4/account/register${query}`, payload });

async function userRow(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /account/register', () => {
  it('creates an unverified user with an argon2id hash and mails a 6-digit code', async () => {
    const before = server.mails.length;
    const res = await register({
      email: '  New.Golfer@Example.test ',
      password: 'fairway-first-2026',
      first_name: 'Nia',
      last_name: 'Novak',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: -1, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const row = await userRow('new.golfer@example.test');
    const uid = row!.uid;
    expect(row?.verified_at).toBeNull();
    expect(row?.first_name).toBe('Nia');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain('fairway-first');
    const mail = await waitForMail(server, 'new.golfer@example.test', before);
    expect(mail.to).toBe('new.golfer@example.test');
    expect(mail.subject).toMatch(/^Your Holeout verification code: \d{6}$/);
    expect(mail.text).toContain(codeIn(mail));
    const [code] = await server.db.select().from(codes).where(eq(codes.uid, uid));
    expect(code?.purpose).toBe('verify');
    expect(code?.code_hash).not.toContain(codeIn(mail));
    expect(code!.expires_at.getTime() - server.clock.now().getTime()).toBe(15 * 60 * 1000);
  });

  it('defaults method to email and names to empty', async () => {
    const res = await register({ email: 'nameless@example.test', password: 'fairway-first-2026' }, '');
    expect(res.statusCode).toBe(200);
    expect((await userRow('nameless@example.test'))?.first_name).toBe('');
  });

  it('refuses bad input with 400 naming the field and stores nothing', async () => {
    const res = await register({ email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; code: string; details: Array<{ field: string }> };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toContain('email');
    expect(body.error).toContain('password: Password must be at least 12 characters');
    expect(body.details.map((d) => d.field).sort()).toEqual(['email', 'password']);
    expect(await userRow('not-an-email')).toBeUndefined();
    const bad = await register({ email: 'x@example.test', password: 'long-enough-to-pass' }, '?method=carrier-pigeon');
    expect(bad.statusCode).toBe(400);
    expect(await userRow('x@example.test')).toBeUndefined();
  });

  it('answers a taken address exactly as a free one, changes nothing, and tells its owner instead', async () => {
    const existing = await buildUser(server.db, { email: 'taken@example.test' });
    const before = await userRow(existing.email);
    const mailsBefore = server.mails.length;
    const taken = await register({ email: 'TAKEN@example.test', password: 'another-strong-passphrase', first_name: 'Eve' });
    const free = await register({ email: 'free-address@example.test', password: 'another-strong-passphrase', first_name: 'Eve' });
    expect(taken.statusCode).toBe(200);
    // Each answer carries a fresh random ticket; apart from it they are the same.
    const withoutTicket = (body: string) => body.replace(/"ticket":"[A-Za-z0-9_-]{43}"/, '"ticket":""');
    expect(withoutTicket(taken.body)).toBe(withoutTicket(free.body));
    expect(taken.body.length).toBe(free.body.length);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    expect(await userRow(existing.email)).toEqual(before);
    const notice = await waitForMail(server, existing.email, mailsBefore);
    expect(notice.subject).toBe('Someone tried to create a Holeout account with your address');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    const code = await server.db.select().from(codes).where(eq(codes.uid, existing.uid));
    expect(code).toEqual([]);
  });

  it('writes the user and its code in one transaction: a failure between them leaves neither', async () => {
    try {
      // Break the second write of the transaction: the codes insert fails, so the user insert must roll back.
      await server.db.execute(sql`ALTER TABLE codes ADD CONSTRAINT codes_fail_for_test CHECK (purpose <> 'verify') NOT VALID`);
      const res = await server.app.inject({
        method: 'POST',
        url: '/v4/account/register',
        payload: { email: 'half-done@example.test', password: 'fairway-first-2026' },
      });
      expect(res.statusCode).toBe(500);
      expect(await userRow('half-done@example.test')).toBeUndefined();
    } finally {
      await server.db.execute(sql`ALTER TABLE codes DROP CONSTRAINT codes_fail_for_test`);
    }
  });

  it('refuses a password that is easy to guess, saying why, and stores nothing', async () => {
    for (const weak of ['password1234', 'golfgolfgolfgolf', 'qwertyuiop12', 'weak-golfer@example.test']) {
      const res = await register({ email: 'weak-golfer@example.test', password: weak });
      expect(res.statusCode, weak).toBe(400);
      const body = res.json() as { error: string; code: string; details: Array<{ field: string }> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.error).toMatch(/^password: /);
      expect(body.details.map((d) => d.field)).toEqual(['password']);
    }
    expect((await register({ email: 'weak-golfer@example.test', password: 'password1234' })).json()).toMatchObject({
      error: expect.stringContaining('too easy to guess') as unknown,
    });
    expect(await userRow('weak-golfer@example.test')).toBeUndefined();
  });

  it('re-registering an unverified e-mail replaces the pending password and only the newest code works', async () => {
    const before = server.mails.length;
    const first = await register({ email: 'pending@example.test', password: 'first-birdie-putt', first_name: 'One' });
    const firstCode = codeIn(await waitForMail(server, 'pending@example.test', before));
    const between = server.mails.length;
    const second = await register({ email: 'pending@example.test', password: 'second-eagle-chip', first_name: 'Two' });
    const secondCode = codeIn(await waitForMail(server, 'pending@example.test', between));
    expect(second.json()).toMatchObject({ uid: (first.json() as { uid: number }).uid });
    expect((await userRow('pending@example.test'))?.first_name).toBe('Two');
    if (firstCode !== secondCode) {
      const old = await server.app.inject({ url: `/v4/account/verify?email=pending@example.test&code=${firstCode}` });
      expect(old.statusCode).toBe(400);
    }
    const ok = await server.app.inject({ url: `/v4/account/verify?email=pending@example.test&code=${secondCode}` });
    expect(ok.statusCode).toBe(200);
    const oldPassword = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: 'pending@example.test', password: 'first-birdie-putt' },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: 'pending@example.test', password: 'second-eagle-chip' },
    });
    expect(newPassword.statusCode).toBe(200);
  });
});

describe('GET /account/verify', () => {
  it('verifies with the mailed code, once', async () => {
    const before = server.mails.length;
    await register({ email: 'verify-me@example.test', password: 'fairway-first-2026' });
    const code = codeIn(await waitForMail(server, 'verify-me@example.test', before));
    const uid = (await userRow('verify-me@example.test'))!.uid;
    const res = await server.app.inject({ url: `/v4/account/verify?email=Verify-Me@example.test&code=${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid });
    expect((await userRow('verify-me@example.test'))?.verified_at).toBeInstanceOf(Date);
    const again = await server.app.inject({ url: `/v4/account/verify?email=verify-me@example.test&code=${code}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('refuses a wrong code, an unknown e-mail and an expired code with 400 INVALID_CODE', async () => {
    const before = server.mails.length;
    await register({ email: 'slow@example.test', password: 'fairway-first-2026' });
    const code = codeIn(await waitForMail(server, 'slow@example.test', before));
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await server.app.inject({ url: `/v4/account/verify?email=slow@example.test&code=${wrong}` });
    expect(bad.json()).toMatchObject({ code: 'INVALID_CODE' });
    const unknown = await server.app.inject({ url: `/v4/account/verify?email=nobody@example.test&code=${code}` });
    expect(unknown.statusCode).toBe(400);
    server.clock.advance(15 * 60 * 1000 + 1);
    const expired = await server.app.inject({ url: `/v4/account/verify?email=slow@example.test&code=${code}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect((await userRow('slow@example.test'))?.verified_at).toBeNull();
  });

  it('rejects a malformed code with 400 VALIDATION_ERROR', async () => {
    const res = await server.app.inject({ url: '/v4/account/verify?email=slow@example.test&code=12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'code: The code is 6 digits' });
  });
});

describe('GET /account/regencode', () => {
  it('mails a new code to an unverified account; same answer for unknown and verified e-mails', async () => {
    const registered = server.mails.length;
    await register({ email: 'lost-code@example.test', password: 'fairway-first-2026' });
    await waitForMail(server, 'lost-code@example.test', registered);
    const before = server.mails.length;
    const res = await server.app.inject({ url: '/v4/account/regencode?email=lost-code@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await waitForMail(server, 'lost-code@example.test', before);
    const verify = await server.app.inject({ url: `/v4/account/verify?email=lost-code@example.test&code=${codeIn(mail)}` });
    expect(verify.statusCode).toBe(200);

    const verified = await buildUser(server.db);
    const mailsBefore = server.mails.length;
    const unknown = await server.app.inject({ url: '/v4/account/regencode?email=ghost@example.test' });
    const known = await server.app.inject({ url: `/v4/account/regencode?email=${verified.email}` });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.mails.length).toBe(mailsBefore);
  });
});

describe('POST /account/login and /account/logout', () => {
  it('issues a 256-bit token stored only as its sha-256 hash', async () => {
    const golfer = await buildUser(server.db);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email.toUpperCase(), password: golfer.password },
    });
    expect(res.statusCode).toBe(200);
    const { token, uid } = res.json() as { token: string; uid: number };
    expect(uid).toBe(golfer.uid);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await server.db.select().from(tokens).where(eq(tokens.uid, golfer.uid));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toBe(token);
    const me = await server.app.inject({ url: '/v4/account', headers: bearer(token) });
    expect(me.json()).toMatchObject({ uid: golfer.uid, email: golfer.email });
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password or an unknown e-mail', async () => {
    const golfer = await buildUser(server.db);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: 'ghost@example.test', password: 'whatever-it-is' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 403 NOT_VERIFIED with the instruction for an unverified user with the right password', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: golfer.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'NOT_VERIFIED',
      error: 'Please verify your e-mail address first: enter the 6-digit code we sent you.',
    });
    expect(await server.db.select().from(tokens).where(eq(tokens.uid, golfer.uid))).toHaveLength(0);
  });

  it('logout revokes the presented token only', async () => {
    const golfer = await buildUser(server.db);
    const phone = await loginAs(server, golfer);
    const laptop = await loginAs(server, golfer);
    const res = await server.app.inject({ method: 'POST', url: '/v4/account/logout', headers: bearer(phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const revoked = await server.app.inject({ url: '/v4/account', headers: bearer(phone) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ error: 'Not logged in', code: 'UNAUTHORIZED' });
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(laptop) })).statusCode).toBe(200);
  });

  it('keeps a token alive while it is used and lets it die after 30 idle days', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const day = 24 * 60 * 60 * 1000;
    server.clock.advance(29 * day);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    await settleTouch(golfer.uid);
    server.clock.advance(29 * day);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    await settleTouch(golfer.uid);
    server.clock.advance(30 * day + 1000);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('ends a token 180 days after sign-in however often it is used', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const day = 24 * 60 * 60 * 1000;
    for (let used = 7; used <= 175; used += 7) {
      server.clock.advance(7 * day);
      expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
      await settleTouch(golfer.uid);
    }
    server.clock.advance(4 * day);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    server.clock.advance(2 * day);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('reads the token without writing it: last_used_at moves only when 10 minutes old', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const [issued] = await server.db.select().from(tokens).where(eq(tokens.uid, golfer.uid));
    server.clock.advance(9 * 60 * 1000);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    await settleTouch(golfer.uid);
    const [unchanged] = await server.db.select().from(tokens).where(eq(tokens.uid, golfer.uid));
    expect(unchanged?.last_used_at).toEqual(issued?.last_used_at);
    server.clock.advance(2 * 60 * 1000);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    await settleTouch(golfer.uid, server.clock.now());
    const [touched] = await server.db.select().from(tokens).where(eq(tokens.uid, golfer.uid));
    expect(touched?.last_used_at).toEqual(server.clock.now());
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await server.app.inject({ url: '/v4/account' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer('A'.repeat(43)) })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/v4/account', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/v4/account/logout' })).statusCode).toBe(401);
  });
});

describe('GET /account/forgot_password and POST /account/password_reset', () => {
  it('resets the password, verifies the e-mail and revokes every token', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const before = server.mails.length;
    const res = await server.app.inject({ url: `/v4/account/forgot_password?email=${golfer.email}` });
    expect(res.json()).toEqual({ ok: true });
    const mail = await waitForMail(server, golfer.email, before);
    expect(mail.subject).toMatch(/^Your Holeout password reset code: \d{6}$/);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: codeIn(mail), password: 'brand-new-putter-grip' },
    });
    expect(reset.statusCode).toBe(200);
    const notice = await waitForMail(server, golfer.email, before + 1);
    expect(notice.subject).toBe('Your Holeout password was changed');
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(401);
    const live = await server.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.uid, golfer.uid), isNull(tokens.revoked_at)));
    expect(live).toHaveLength(0);
    const login = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: 'brand-new-putter-grip' },
    });
    expect(login.statusCode).toBe(200);
    const reuse = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: codeIn(mail), password: 'third-strong-putter-grip' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('verifies an unverified account, since the code proves the mailbox', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    const before = server.mails.length;
    await server.app.inject({ url: `/v4/account/forgot_password?email=${golfer.email}` });
    const mail = await waitForMail(server, golfer.email, before);
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: codeIn(mail), password: 'brand-new-putter-grip' },
    });
    expect((await userRow(golfer.email))?.verified_at).toBeInstanceOf(Date);
  });

  it('refuses an expired reset code and keeps the old password', async () => {
    const golfer = await buildUser(server.db);
    const before = server.mails.length;
    await server.app.inject({ url: `/v4/account/forgot_password?email=${golfer.email}` });
    const mail = await waitForMail(server, golfer.email, before);
    server.clock.advance(16 * 60 * 1000);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: codeIn(mail), password: 'brand-new-putter-grip' },
    });
    expect(reset.statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const golfer = await buildUser(server.db);
    const before = server.mails.length;
    const unknown = await server.app.inject({ url: '/v4/account/forgot_password?email=nobody-here@example.test' });
    const known = await server.app.inject({ url: `/v4/account/forgot_password?email=${golfer.email}` });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await waitForMail(server, golfer.email, before);
    expect(server.mails.slice(before).map((m) => m.to)).toEqual([golfer.email]);
  });

  it('refuses a too-short new password with 400 and changes nothing', async () => {
    const golfer = await buildUser(server.db);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: '123456', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(200);
  });
});
