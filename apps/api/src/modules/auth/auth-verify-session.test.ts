import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, tokens, users } from '../../db/schema/index.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const PASSWORD = 'fairway-first-2026';

/** Registers an address; answers the ticket and the mailed code. */
async function registered(email: string): Promise<{ ticket: string; code: string }> {
  const before = server.mails.length;
  const res = await server.app.inject({ method: 'POST', url: '/v4/account/register', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const { ticket } = res.json() as { ticket: string };
  return { ticket, code: codeIn(await waitForMail(server, email, before)) };
}

const verify = (query: Record<string, string>) =>
  server.app.inject({ url: `/v4/account/verify?${new URLSearchParams(query).toString()}`, headers: { 'user-agent': 'Phone browser' } });

async function rowOf(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  return row!;
}
const tokensOf = async (uid: number) => server.db.select().from(tokens).where(eq(tokens.uid, uid));
const codesOf = async (uid: number) => server.db.select().from(codes).where(eq(codes.uid, uid));

describe('GET /account/verify signs the registering browser in', () => {
  it('answers a session as login does; the session works, is named, and the ticket is spent', async () => {
    const { ticket, code } = await registered('first-run@example.test');
    const res = await verify({ email: 'first-run@example.test', code, ticket });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { uid: number; token: string };
    const row = await rowOf('first-run@example.test');
    expect(body).toEqual({ uid: row.uid, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(row.verified_at).toBeInstanceOf(Date);
    expect(row.registration_ticket_hash).toBeNull();
    expect(row.setup_pending).toBe(true);
    const me = await server.app.inject({ url: '/v4/account', headers: bearer(body.token) });
    expect(me.json()).toMatchObject({ uid: row.uid, setup_pending: true });
    const sessions = await tokensOf(row.uid);
    expect(sessions.map((t) => t.user_agent)).toEqual(['Phone browser']);
    expect(sessions[0]?.token_hash).not.toContain(body.token);
  });

  it('without the ticket verifies but signs nobody in (the code was typed elsewhere: log in)', async () => {
    const { code } = await registered('other-device@example.test');
    const res = await verify({ email: 'other-device@example.test', code });
    const row = await rowOf('other-device@example.test');
    expect(res.json()).toEqual({ uid: row.uid });
    expect(row.verified_at).toBeInstanceOf(Date);
    expect(await tokensOf(row.uid)).toEqual([]);
    const login = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: 'other-device@example.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("a registration of someone else's pending address cannot have them signed in with its password", async () => {
    const victim = await registered('pending-victim@example.test');
    // Someone else registers the same unverified address: their password replaces the pending one, their code is mailed to the owner.
    const intruder = await registered('pending-victim@example.test');
    // The owner types the newest code in their own browser, which holds the first ticket.
    const res = await verify({ email: 'pending-victim@example.test', code: intruder.code, ticket: victim.ticket });
    const row = await rowOf('pending-victim@example.test');
    expect(res.json()).toEqual({ uid: row.uid });
    expect(await tokensOf(row.uid)).toEqual([]);
  });

  describe('a refused verification changes nothing and signs nobody in', () => {
    const cases: Array<{
      name: string;
      status: number;
      code: string;
      query: (r: { ticket: string; code: string }, email: string) => Record<string, string>;
      before?: (r: { ticket: string; code: string }, email: string) => Promise<void>;
    }> = [
      {
        name: 'wrong code',
        status: 400,
        code: 'INVALID_CODE',
        query: (r, email) => ({ email, code: r.code === '000000' ? '111111' : '000000', ticket: r.ticket }),
      },
      {
        name: 'expired code',
        status: 400,
        code: 'INVALID_CODE',
        query: (r, email) => ({ email, code: r.code, ticket: r.ticket }),
        before: async () => server.clock.advance(15 * 60 * 1000 + 1),
      },
      {
        name: 'code of another address',
        status: 400,
        code: 'INVALID_CODE',
        query: (r) => ({ email: 'nobody-here@example.test', code: r.code, ticket: r.ticket }),
      },
      { name: 'malformed code', status: 400, code: 'VALIDATION_ERROR', query: (r, email) => ({ email, code: '12ab', ticket: r.ticket }) },
      { name: 'malformed ticket', status: 400, code: 'VALIDATION_ERROR', query: (r, email) => ({ email, code: r.code, ticket: 'short' }) },
      {
        name: 'malformed e-mail',
        status: 400,
        code: 'VALIDATION_ERROR',
        query: (r) => ({ email: 'not-an-email', code: r.code, ticket: r.ticket }),
      },
      { name: 'no code', status: 400, code: 'VALIDATION_ERROR', query: (r, email) => ({ email, ticket: r.ticket }) },
    ];
    cases.forEach((c, i) => {
      it(c.name, async () => {
        const email = `refused-${i}@example.test`;
        const r = await registered(email);
        await c.before?.(r, email);
        const before = await rowOf(email);
        const codesBefore = await codesOf(before.uid);
        const res = await verify(c.query(r, email));
        expect(res.statusCode).toBe(c.status);
        expect(res.json()).toMatchObject({ code: c.code });
        expect(res.json()).not.toHaveProperty('token');
        expect(await rowOf(email)).toEqual(before);
        expect(before.verified_at).toBeNull();
        expect(await codesOf(before.uid)).toEqual(codesBefore);
        expect(await tokensOf(before.uid)).toEqual([]);
      });
    });

    it('used code: a second use is refused and issues no second session', async () => {
      const { ticket, code } = await registered('used-code@example.test');
      const first = await verify({ email: 'used-code@example.test', code, ticket });
      expect(first.statusCode).toBe(200);
      const row = await rowOf('used-code@example.test');
      const sessions = await tokensOf(row.uid);
      expect(sessions).toHaveLength(1);
      const second = await verify({ email: 'used-code@example.test', code, ticket });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ code: 'INVALID_CODE' });
      expect(second.json()).not.toHaveProperty('token');
      expect(await tokensOf(row.uid)).toEqual(sessions);
      expect(await rowOf('used-code@example.test')).toEqual(row);
    });
  });
});
