import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens } from '../../db/schema/index.ts';
import { buildUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';

async function signIn(email: string, password: string, userAgent: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v4/account/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

interface SessionBody {
  token_id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  current: boolean;
}
const list = async (token: string) => {
  const res = await server.app.inject({ url: '/v4/account/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { sessions: SessionBody[] }).sessions;
};
const end = (token: string, tokenId: number | string) =>
  server.app.inject({ method: 'DELETE', url: `/v4/account/sessions?token_id=${tokenId}`, headers: bearer(token) });

describe('GET /account/sessions', () => {
  it("lists the caller's live sessions with sign-in, last use, expiry and user agent, marking this one", async () => {
    const golfer = await buildUser(server.db);
    const phone = await signIn(golfer.email, golfer.password, PHONE);
    server.clock.advance(60_000);
    const laptop = await signIn(golfer.email, golfer.password, LAPTOP);
    const signedInAt = server.clock.now();
    const sessions = await list(laptop);
    expect(sessions.map((s) => [s.user_agent, s.current])).toEqual([
      [LAPTOP, true],
      [PHONE, false],
    ]);
    expect(sessions[0]).toMatchObject({ created_at: signedInAt.toISOString(), last_used_at: signedInAt.toISOString() });
    // 30 idle days from the last use, within the 180 days from sign-in.
    expect(sessions[0]?.expires_at).toBe(new Date(signedInAt.getTime() + 30 * 24 * 3600 * 1000).toISOString());
    expect((await list(phone)).find((s) => s.current)?.user_agent).toBe(PHONE);
  });

  it("leaves out revoked, idle and other users' sessions", async () => {
    const golfer = await buildUser(server.db);
    const other = await buildUser(server.db);
    const kept = await signIn(golfer.email, golfer.password, LAPTOP);
    const loggedOut = await signIn(golfer.email, golfer.password, PHONE);
    await server.app.inject({ method: 'POST', url: '/v4/account/logout', headers: bearer(loggedOut) });
    await signIn(other.email, other.password, PHONE);
    const sessions = await list(kept);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ url: '/v4/account/sessions' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'DELETE', url: '/v4/account/sessions?token_id=1' })).statusCode).toBe(401);
  });
});

describe('DELETE /account/sessions', () => {
  it('ends another session of the caller, which then answers 401; this one goes on', async () => {
    const golfer = await buildUser(server.db);
    const phone = await signIn(golfer.email, golfer.password, PHONE);
    const laptop = await signIn(golfer.email, golfer.password, LAPTOP);
    const phoneSession = (await list(laptop)).find((s) => !s.current)!;
    const res = await end(laptop, phoneSession.token_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(phone) })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(laptop) })).statusCode).toBe(200);
    expect((await end(laptop, phoneSession.token_id)).statusCode).toBe(404);
  });

  it('ending the current session signs this device out', async () => {
    const golfer = await buildUser(server.db);
    const laptop = await signIn(golfer.email, golfer.password, LAPTOP);
    const [current] = await list(laptop);
    expect((await end(laptop, current!.token_id)).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(laptop) })).statusCode).toBe(401);
  });

  it("answers 404 for another user's session or one that does not exist, and ends nothing", async () => {
    const golfer = await buildUser(server.db);
    const victim = await buildUser(server.db);
    const mine = await signIn(golfer.email, golfer.password, LAPTOP);
    const theirs = await signIn(victim.email, victim.password, PHONE);
    const [victimToken] = await server.db.select().from(tokens).where(eq(tokens.uid, victim.uid));
    const res = await end(mine, victimToken!.token_id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await end(mine, 999_999)).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(theirs) })).statusCode).toBe(200);
  });

  it('refuses a token_id that is not a positive whole number with 400', async () => {
    const golfer = await buildUser(server.db);
    const token = await signIn(golfer.email, golfer.password, LAPTOP);
    for (const bad of ['abc', '-3', '0', '1.5', '']) {
      const res = await end(token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await list(token)).toHaveLength(1);
  });
});
