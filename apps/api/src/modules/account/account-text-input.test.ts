import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, tokens, users } from '../../db/schema/index.ts';
import { buildUser, loginAs, type BuiltUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let golfer: BuiltUser;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  golfer = await buildUser(server.db, { first_name: 'Kept', last_name: 'Asis' });
  token = await loginAs(server, golfer);
});
afterAll(async () => server.close());

interface Call {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
  /** A valid input; each of its string values is a text field. */
  input: Record<string, string | null>;
}

const strong = 'fairway-first-2026';
const calls = (): Call[] => [
  {
    method: 'POST',
    url: '/v4/account/register',
    auth: false,
    input: { email: 'text-field@example.test', password: strong, first_name: 'Ada', last_name: 'Lovelace' },
  },
  { method: 'GET', url: '/v4/account/verify', auth: false, input: { email: golfer.email, code: '123456' } },
  { method: 'GET', url: '/v4/account/regencode', auth: false, input: { email: golfer.email } },
  { method: 'GET', url: '/v4/account/forgot_password', auth: false, input: { email: golfer.email } },
  { method: 'POST', url: '/v4/account/login', auth: false, input: { email: golfer.email, password: golfer.password } },
  { method: 'POST', url: '/v4/account/password_reset', auth: false, input: { email: golfer.email, code: '123456', password: strong } },
  {
    method: 'POST',
    url: '/v4/account',
    auth: true,
    input: { email: golfer.email, first_name: 'Ada', last_name: 'Lovelace', password: golfer.password },
  },
  { method: 'POST', url: '/v4/account/confirm_email', auth: true, input: { code: '123456' } },
  { method: 'POST', url: '/v4/account/update_password', auth: true, input: { password: golfer.password, newPassword: strong } },
];

const BAD = { NUL: '\u0000', 'right-to-left override': '\u202e', 'zero-width space': '\u200b', escape: '\u001b', newline: '\n' };

function send(call: Call, input: Record<string, string | null>) {
  const headers = call.auth ? bearer(token) : {};
  if (call.method === 'GET') {
    const query = new URLSearchParams(input as Record<string, string>).toString();
    return server.app.inject({ method: 'GET', url: `${call.url}?${query}`, headers, remoteAddress: '198.51.100.200' });
  }
  const payload = call.url === '/v4/account' ? { ...input, level: null, benchmark: 'NINETY' } : input;
  return server.app.inject({ method: 'POST', url: call.url, headers, payload, remoteAddress: '198.51.100.200' });
}

async function snapshot() {
  const [row] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
  const [userCount] = await server.db.select({ n: count() }).from(users);
  const [codeCount] = await server.db.select({ n: count() }).from(codes);
  const [tokenCount] = await server.db.select({ n: count() }).from(tokens);
  return { row, users: userCount?.n, codes: codeCount?.n, tokens: tokenCount?.n, mails: server.mails.length };
}

describe('every text field of every account call refuses control, bidi and zero-width characters', () => {
  it('answers 400 naming the field, for each field and character, and changes nothing', async () => {
    const before = await snapshot();
    let checked = 0;
    for (const call of calls()) {
      for (const field of Object.keys(call.input)) {
        for (const [what, character] of Object.entries(BAD)) {
          const value = String(call.input[field]);
          const res = await send(call, { ...call.input, [field]: `${value.slice(0, 3)}${character}${value.slice(3)}` });
          const where = `${call.method} ${call.url} ${field} with ${what}`;
          expect(res.statusCode, where).toBe(400);
          const body = res.json() as { code: string; error: string; details: Array<{ field: string }> };
          expect(body.code, where).toBe('VALIDATION_ERROR');
          expect(
            body.details.map((d) => d.field),
            where,
          ).toContain(field);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(20 * Object.keys(BAD).length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await snapshot()).toEqual(before);
  });

  it("the issue's case: a NUL in first_name on register and POST /account is a 400, not a 500", async () => {
    const register = await server.app.inject({
      method: 'POST',
      url: '/v4/account/register',
      payload: { email: 'nul@example.test', password: strong, first_name: 'a\u0000b' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'first_name' }] });
    const profile = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(token),
      payload: { email: golfer.email, first_name: 'a\u0000b', last_name: '', level: null, benchmark: 'NINETY' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'first_name' }] });
  });

  it('still takes names in any script, with accents and emoji', async () => {
    for (const name of ['Zoë', 'إرني', '松山', 'Seve 🏌️']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v4/account',
        headers: bearer(token),
        payload: { email: golfer.email, first_name: name, last_name: 'Asis', level: null, benchmark: 'NINETY' },
      });
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ first_name: name });
    }
  });
});
