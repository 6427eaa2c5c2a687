import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, TEST_PASSWORD_COST } from '../lib/passwords.ts';
import { bearer, createTestServer, type TestServer } from '../test/test-server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { users } from './schema/index.ts';
import { buildUser } from '../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const hasher = createPasswordHasher(TEST_PASSWORD_COST);

async function login(email: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

describe('seedDemoData', () => {
  it('seeds the demo accounts once, and a second run changes nothing', async () => {
    expect(await seedDemoData(server.db, hasher)).toBe(true);
    const count = (await server.db.select().from(users)).length;
    expect(count).toBe(3);
    expect(await seedDemoData(server.db, hasher)).toBe(false);
    expect((await server.db.select().from(users)).length).toBe(count);
  });

  it('gives the coach an active branded TEAM subscription and the branded org with both players', async () => {
    const coach = await login(DEMO_ACCOUNTS.coach);
    const me = (await server.app.inject({ url: '/v4/account', headers: bearer(coach) })).json() as { is_coach: boolean; uid: number; sub_id: number };
    expect(me.is_coach).toBe(true);
    const sub = (await server.app.inject({ url: '/v4/account/subscription', headers: bearer(coach) })).json();
    expect(sub).toMatchObject({ level: 4, has_branding: true, status: 'ACTIVE', purchaser: me.uid, sub_id: me.sub_id });
    const orgs = (await server.app.inject({ url: '/v4/orgs', headers: bearer(coach) })).json() as Array<{ name: string; sub_id: number }>;
    expect(orgs).toEqual([expect.objectContaining({ name: 'Holeout Academy', sub_id: me.sub_id })]);
    for (const email of [DEMO_ACCOUNTS.player, DEMO_ACCOUNTS.premium]) {
      const playerOrgs = (await server.app.inject({ url: '/v4/orgs', headers: bearer(await login(email)) })).json();
      expect(playerOrgs).toEqual(orgs);
    }
  });

  it('makes the free player free and the premium player premium with unread notifications', async () => {
    const player = await login(DEMO_ACCOUNTS.player);
    expect((await server.app.inject({ url: '/v4/account/subscription', headers: bearer(player) })).json()).toBeNull();
    const premium = await login(DEMO_ACCOUNTS.premium);
    expect((await server.app.inject({ url: '/v4/account/subscription', headers: bearer(premium) })).json()).toMatchObject({ level: 2, status: 'ACTIVE' });
    expect((await server.app.inject({ url: '/v4/notifications/count_unread', headers: bearer(premium) })).json()).toEqual({ count: 2 });
  });

  it('does not seed when users exist', async () => {
    const other = await createTestServer();
    try {
      await buildUser(other.db, { email: 'real-user@example.test' });
      expect(await seedDemoData(other.db, hasher)).toBe(false);
      expect(await other.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.coach))).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
