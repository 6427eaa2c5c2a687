import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHolds, rateLimits } from '../../db/schema/index.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const login = (email: string, password: string, ip = '203.0.113.7') =>
  server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email, password }, remoteAddress: ip });

describe('login throttles: growing delays on sliding windows, per account and address (stored in PostgreSQL)', () => {
  const MINUTE = 60 * 1000;
  const HOUR = 60 * MINUTE;
  const pairKey = (email: string, ip: string) => `login:pair:${email}|${ip}`;

  it('a guesser at one address gets 5 tries, then waits 1, 2, 4 ... minutes after each failure, never more than an hour', async () => {
    const golfer = await buildUser(server.db);
    const ip = '203.0.113.30';
    for (let i = 0; i < 5; i += 1) expect((await login(golfer.email, 'wrong-password', ip)).statusCode).toBe(401);
    // Within the delay even the right password waits: the answer does not tell a guesser it was right.
    const blocked = await login(golfer.email, golfer.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'Too many attempts. Please wait 1 minute and try again.',
      code: 'RATE_LIMITED',
      details: { retry_after_seconds: 60 },
    });
    const waits: number[] = [];
    for (let failure = 6; failure <= 12; failure += 1) {
      // Refused until the delay after the last failure has passed, then checked (and failing again).
      let waited = 0;
      for (;;) {
        const res = await login(golfer.email, 'wrong-password', ip);
        if (res.statusCode === 401) break;
        expect(res.statusCode).toBe(429);
        const left = (res.json() as { details: { retry_after_seconds: number } }).details.retry_after_seconds;
        server.clock.advance(left * 1000);
        waited += left;
      }
      waits.push(waited);
    }
    // After the 5th failure 1 minute, then doubling: 2, 4, 8, 16, 32, then capped at 60 minutes.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60].map((m) => m * 60));
    server.clock.advance(HOUR);
    expect((await login(golfer.email, golfer.password, ip)).statusCode).toBe(200);
    // Getting in forgets this address's failures on the account.
    expect(
      await server.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, pairKey(golfer.email, ip))),
    ).toEqual([]);
  });

  it('counts over a sliding window: failures a day old no longer count, however the clock windows fall', async () => {
    const golfer = await buildUser(server.db);
    const ip = '203.0.113.31';
    for (let i = 0; i < 4; i += 1) expect((await login(golfer.email, 'wrong-password', ip)).statusCode).toBe(401);
    server.clock.advance(23 * HOUR);
    // Still counted 23 hours later: the 5th failure is free, the 6th attempt waits.
    expect((await login(golfer.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(golfer.email, 'wrong-password', ip)).statusCode).toBe(429);
    // A day after the first four only the fifth counts: five tries at once again.
    server.clock.advance(HOUR + MINUTE);
    for (let i = 0; i < 4; i += 1) expect((await login(golfer.email, 'wrong-password', ip)).statusCode, `try ${i}`).toBe(401);
    expect((await login(golfer.email, golfer.password, ip)).statusCode).toBe(429);
  });

  it('the owner on their usual address gets in while a guesser elsewhere is held back', async () => {
    const golfer = await buildUser(server.db);
    const home = '203.0.113.40';
    expect((await login(golfer.email, golfer.password, home)).statusCode).toBe(200);
    // Guessers at many addresses: each address gets its 5 tries, and together they use up the
    // account's 5 tries for addresses it has not signed in from.
    for (let i = 0; i < 5; i += 1) expect((await login(golfer.email, 'wrong-password', `198.51.100.${50 + i}`)).statusCode).toBe(401);
    expect((await login(golfer.email, 'wrong-password', '198.51.100.60')).statusCode).toBe(429);
    expect((await login(golfer.email, golfer.password, '198.51.100.61')).statusCode).toBe(429);
    // The owner at home is not slowed by them.
    expect((await login(golfer.email, golfer.password, home)).statusCode).toBe(200);
    // Nor by the owner's own typos at home beyond what that address did.
    for (let i = 0; i < 3; i += 1) expect((await login(golfer.email, 'typo-password', home)).statusCode).toBe(401);
    expect((await login(golfer.email, golfer.password, home)).statusCode).toBe(200);
  });

  it('one address guessing many accounts gets 20 tries an hour, then waits; other addresses do not', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i += 1) expect((await login(`stranger${i}@example.test`, 'guessing-1', ip)).statusCode).toBe(401);
    const golfer = await buildUser(server.db);
    const refused = await login(golfer.email, golfer.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ details: { retry_after_seconds: 30 } });
    expect((await login(golfer.email, golfer.password, '198.51.100.21')).statusCode).toBe(200);
    server.clock.advance(HOUR);
    expect((await login(golfer.email, golfer.password, ip)).statusCode).toBe(200);
  });
});

describe('concurrent attempts', () => {
  // The limit must hold for a burst sent at once, not only for attempts made one after another:
  // each attempt takes its place in the count before the password or code is checked.
  it('a burst of 12 wrong passwords at once gets 5 answers of 401 and 7 of 429', async () => {
    const golfer = await buildUser(server.db);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(golfer.email, 'wrong-password', `203.0.113.${100 + i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    const [counter] = await server.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:${golfer.email}`));
    expect(counter?.count).toBe(5);
    server.clock.advance(FIFTEEN_MINUTES);
  });

  it('a burst of 12 code guesses at once gets 5 answers of 400 and 7 of 429', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.app.inject({
          url: `/v4/account/verify?email=${golfer.email}&code=${String(100000 + i)}`,
          remoteAddress: `192.0.2.${100 + i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
    server.clock.advance(FIFTEEN_MINUTES);
  });

  it('successful logins from one address do not use up its failure allowance', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 21; i += 1) {
      const golfer = await buildUser(server.db);
      expect((await login(golfer.email, golfer.password, ip)).statusCode).toBe(200);
    }
    const [counter] = await server.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:address:${ip}`));
    expect(counter?.count ?? 0).toBe(0);
  });
});

describe('code check rate limits', () => {
  it('refuses the 6th wrong verification code for an e-mail with 429', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    for (let i = 0; i < 5; i += 1) {
      const res = await server.app.inject({
        url: `/v4/account/verify?email=${golfer.email}&code=00000${i}`,
        remoteAddress: `192.0.2.${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await server.app.inject({ url: `/v4/account/verify?email=${golfer.email}&code=000009`, remoteAddress: '192.0.2.99' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const reset = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_reset',
      payload: { email: golfer.email, code: '123456', password: 'new-password-1' },
    });
    expect(reset.statusCode).toBe(429);
    server.clock.advance(FIFTEEN_MINUTES);
  });
});

describe('mail rate limits', () => {
  it('forgot_password and regencode answer 429 after 5 requests for one e-mail, whether or not it exists', async () => {
    const golfer = await buildUser(server.db);
    for (const email of [golfer.email, 'nobody-at-all@example.test']) {
      for (let i = 0; i < 5; i += 1) {
        const path = i % 2 === 0 ? 'forgot_password' : 'regencode';
        expect((await server.app.inject({ url: `/v4/account/${path}?email=${email}`, remoteAddress: `10.0.${i}.1` })).statusCode).toBe(200);
      }
      const blocked = await server.app.inject({ url: `/v4/account/forgot_password?email=${email}`, remoteAddress: '10.9.9.9' });
      expect(blocked.statusCode).toBe(429);
      expect((blocked.json() as { error: string }).error).toMatch(/wait/);
    }
    server.clock.advance(FIFTEEN_MINUTES);
  });
});

describe('current-password checks', () => {
  it('refuses update_password with 429 after 5 wrong current passwords', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const change = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v4/account/update_password',
        headers: bearer(token),
        payload: { password, newPassword: 'a-better-password' },
      });
    for (let i = 0; i < 5; i += 1) expect((await change('not-it-at-all')).statusCode).toBe(403);
    expect((await change(golfer.password)).statusCode).toBe(429);
  });
});

describe('failures count, attempts in flight do not (a right password is never refused for them)', () => {
  it('16 concurrent logins with the right password all get in', async () => {
    const golfer = await buildUser(server.db);
    const answers = await Promise.all(Array.from({ length: 16 }, () => login(golfer.email, golfer.password, '203.0.113.160')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(16).fill(200));
    expect(new Set(answers.map((a) => (a.json() as { token: string }).token)).size).toBe(16);
    expect(await server.db.select().from(rateLimitHolds)).toEqual([]);
  });

  it('a right password sent among wrong ones still in flight gets in', async () => {
    const golfer = await buildUser(server.db);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => login(golfer.email, 'wrong-password', `203.0.113.${170 + i}`)),
      login(golfer.email, golfer.password, '203.0.113.180'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 200]);
  });

  it('a right code sent among wrong guesses still in flight verifies', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    const before = server.mails.length;
    await server.app.inject({ url: `/v4/account/regencode?email=${golfer.email}` });
    const code = codeIn(await waitForMail(server, golfer.email, before));
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        server.app.inject({ url: `/v4/account/verify?email=${golfer.email}&code=${wrong(i)}`, remoteAddress: `192.0.2.${150 + i}` }),
      ),
      server.app.inject({ url: `/v4/account/verify?email=${golfer.email}&code=${code}`, remoteAddress: '192.0.2.160' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 200]);
    server.clock.advance(FIFTEEN_MINUTES);
  });

  it('X-Forwarded-For does not escape the per-address limit (proxies are not trusted by default)', async () => {
    const ip = '198.51.100.90';
    for (let i = 0; i < 20; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v4/account/login',
        payload: { email: `xff${i}@example.test`, password: 'guessing-1' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `10.${i}.0.1` },
      });
      expect(res.statusCode).toBe(401);
    }
    const golfer = await buildUser(server.db);
    const spoofed = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: golfer.password },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '10.200.0.1' },
    });
    expect(spoofed.statusCode).toBe(429);
    server.clock.advance(FIFTEEN_MINUTES);
  });

  it('holds left by a process that died stop counting after 30 seconds', async () => {
    const impatient = await createTestServer({ database: server.database, maxAttemptWaitMs: 100 });
    try {
      const golfer = await buildUser(server.db);
      const key = `login:account:${golfer.email}`;
      const expires = new Date(impatient.clock.now().getTime() + 30_000);
      await server.db.insert(rateLimitHolds).values(Array.from({ length: 5 }, () => ({ key, expires_at: expires })));
      const waiting = await impatient.app.inject({
        method: 'POST',
        url: '/v4/account/login',
        payload: { email: golfer.email, password: golfer.password },
      });
      expect(waiting.statusCode).toBe(429);
      impatient.clock.advance(30_001);
      const after = await impatient.app.inject({
        method: 'POST',
        url: '/v4/account/login',
        payload: { email: golfer.email, password: golfer.password },
      });
      expect(after.statusCode).toBe(200);
      expect(await server.db.select().from(rateLimitHolds).where(eq(rateLimitHolds.key, key))).toEqual([]);
    } finally {
      await impatient.close();
    }
  });
});
