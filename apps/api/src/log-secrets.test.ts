import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.ts';
import { redactUrl, serializeError } from './lib/log-safety.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from './test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // Everything is logged, down to trace: the secrets must stay out at every level.
  server = await createTestServer({
    config: { logLevel: 'trace' },
    beforeReady: (app) => {
      // A failed insert whose parameters hold an e-mail and a password hash, as a racing registration would.
      app.post('/v4/test/duplicate-user', async (request) => {
        const { email, hash } = request.body as { email: string; hash: string };
        await server.db.insert(users).values({ email, password_hash: hash });
        return { ok: true };
      });
    },
  });
});
afterAll(async () => server.close());

/** A 6-digit code or other token standing alone, not inside a longer run of letters and digits. */
const standsAlone = (secret: string) => new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);

describe('logs hold no secrets (ASVS 7.1.1, 7.1.2)', () => {
  it('a whole sign-up, verify, login, reset, e-mail change and a failed SQL insert leave no code, password, token, e-mail or hash in the log', async () => {
    const email = 'secret.golfer@example.test';
    const newEmail = 'moved.golfer@example.test';
    const firstPassword = 'first-secret-passphrase';
    const secondPassword = 'second-secret-passphrase';
    const wrongPassword = 'wrong-secret-guess-123';
    const secrets: string[] = [
      email,
      newEmail,
      encodeURIComponent(email),
      encodeURIComponent(newEmail),
      firstPassword,
      secondPassword,
      wrongPassword,
    ];

    // The form's strength checks as the password is typed, one of them too long (400), before registering.
    for (const typed of [firstPassword.slice(0, 8), firstPassword, `${firstPassword}${'x'.repeat(130)}`]) {
      const judged = await server.app.inject({
        method: 'POST',
        url: '/v4/account/password_strength',
        payload: { password: typed, personal: [email, 'Sam'] },
      });
      expect(judged.statusCode).toBe(typed.length > 128 ? 400 : 200);
    }

    let before = server.mails.length;
    const registered = await server.app.inject({
      method: 'POST',
      url: '/v4/account/register',
      payload: { email, password: firstPassword, first_name: 'Sam' },
    });
    expect(registered.statusCode).toBe(200);
    const { ticket } = registered.json() as { ticket: string };
    const verifyCode = codeIn(await waitForMail(server, email, before));
    const verified = await server.app.inject({
      url: `/v4/account/verify?email=${encodeURIComponent(email)}&code=${verifyCode}&ticket=${ticket}`,
    });
    expect(verified.statusCode).toBe(200);
    const verifyToken = (verified.json() as { token: string }).token;
    expect(verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email, password: wrongPassword } })).statusCode,
    ).toBe(401);
    const login = await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email, password: firstPassword } });
    const firstToken = (login.json() as { token: string }).token;
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(firstToken) })).statusCode).toBe(200);

    before = server.mails.length;
    expect((await server.app.inject({ url: `/v4/account/forgot_password?email=${email}` })).statusCode).toBe(200);
    const resetCode = codeIn(await waitForMail(server, email, before));
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/v4/account/password_reset',
          payload: { email, code: resetCode, password: secondPassword },
        })
      ).statusCode,
    ).toBe(200);
    const secondToken = (
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email, password: secondPassword } })).json() as {
        token: string;
      }
    ).token;

    before = server.mails.length;
    const change = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(secondToken),
      payload: { email: newEmail, first_name: 'Sam', last_name: '', level: null, benchmark: 'NINETY', password: secondPassword },
    });
    expect(change.statusCode).toBe(200);
    const emailCode = codeIn(await waitForMail(server, newEmail, before));
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/v4/account/confirm_email',
          headers: bearer(secondToken),
          payload: { code: emailCode },
        })
      ).statusCode,
    ).toBe(200);

    const [row] = await server.db.select().from(users).where(eq(users.email, newEmail));
    const hash = row!.password_hash!;
    const failed = await server.app.inject({ method: 'POST', url: '/v4/test/duplicate-user', payload: { email: newEmail, hash } });
    expect(failed.statusCode).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 50));

    secrets.push(ticket, verifyToken, verifyCode, resetCode, emailCode, firstToken, secondToken, hash);
    const log = server.logs.join('\n');
    // The walk was logged: request lines with the secret query values replaced, and the failed insert.
    expect(log).toContain('/v4/account/verify?email=[redacted]&code=[redacted]&ticket=[redacted]');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('users_email_lower_idx');
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toMatch(standsAlone(secret));
    expect(log).not.toContain('$argon2id$');
  });
});

describe('redactUrl', () => {
  it('replaces the values of code, email, password and token query parameters, whatever their case or escaping', () => {
    expect(redactUrl('/v4/account/verify?email=a%40b.test&code=123456')).toBe('/v4/account/verify?email=[redacted]&code=[redacted]');
    expect(redactUrl('/v4/x?Token=abc&rounds=1,2&PASSWORD=hunter2&push_token=t')).toBe(
      '/v4/x?Token=[redacted]&rounds=1,2&PASSWORD=[redacted]&push_token=[redacted]',
    );
    expect(redactUrl('/v4/x?%65mail=a%40b.test')).toBe('/v4/x?%65mail=[redacted]');
    expect(redactUrl('/v4/account')).toBe('/v4/account');
  });
});

describe('serializeError', () => {
  it('keeps the SQL of a failed query and drops its parameters and the database detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_idx"'), {
      code: '23505',
      detail: 'Key (lower(email))=(ada@example.test) already exists.',
      constraint: 'users_email_lower_idx',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ada@example.test,$argon2id$v=19$secret'),
      {
        query: 'insert into "users" ("email") values ($1)',
        params: ['ada@example.test', '$argon2id$v=19$secret'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_lower_idx');
    expect(logged).not.toContain('ada@example.test');
    expect(logged).not.toContain('argon2id');
  });
});
