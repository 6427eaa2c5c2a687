import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillProgress } from '@holeout/golf';
import { createPasswordHasher, TEST_PASSWORD_COST } from '../lib/passwords.ts';
import { bearer, createTestServer, type TestServer } from '../test/test-server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { users } from './schema/index.ts';
import { buildUser } from '../test/factories.ts';
import { validateRound, type Round } from '@holeout/golf';

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
    expect(count).toBe(15);
    expect(await seedDemoData(server.db, hasher)).toBe(false);
    expect((await server.db.select().from(users)).length).toBe(count);
  });

  it('gives the coach an active branded TEAM subscription and the branded org with both players', async () => {
    const coach = await login(DEMO_ACCOUNTS.coach);
    const me = (await server.app.inject({ url: '/v4/account', headers: bearer(coach) })).json() as {
      is_coach: boolean;
      uid: number;
      sub_id: number;
    };
    expect(me.is_coach).toBe(true);
    const sub = (await server.app.inject({ url: '/v4/account/subscription', headers: bearer(coach) })).json();
    expect(sub).toMatchObject({ level: 4, has_branding: true, status: 'ACTIVE', purchaser: me.uid, sub_id: me.sub_id });
    const orgs = (await server.app.inject({ url: '/v4/orgs', headers: bearer(coach) })).json() as Array<{ name: string; sub_id: number }>;
    expect(orgs).toEqual([expect.objectContaining({ name: 'Holeout Academy', sub_id: me.sub_id })]);
    for (const email of [DEMO_ACCOUNTS.player, DEMO_ACCOUNTS.premium]) {
      const playerOrgs = (await server.app.inject({ url: '/v4/orgs', headers: bearer(await login(email)) })).json() as Array<{
        org_id: number;
        role: string;
        is_purchaser: boolean;
      }>;
      expect(playerOrgs).toEqual([
        expect.objectContaining({ name: 'Holeout Academy', sub_id: me.sub_id, role: 'player', is_purchaser: false }),
      ]);
    }
  });

  it('makes the free player free and the premium player premium with unread notifications', async () => {
    const player = await login(DEMO_ACCOUNTS.player);
    expect((await server.app.inject({ url: '/v4/account/subscription', headers: bearer(player) })).json()).toBeNull();
    const premium = await login(DEMO_ACCOUNTS.premium);
    expect((await server.app.inject({ url: '/v4/account/subscription', headers: bearer(premium) })).json()).toMatchObject({
      level: 2,
      status: 'ACTIVE',
    });
    expect((await server.app.inject({ url: '/v4/notifications/count_unread', headers: bearer(premium) })).json()).toEqual({ count: 2 });
  });

  it('gives every golfer a season of valid rounds at their level, shared with the coach', async () => {
    type Listed = Array<{ uid: number; round: Round; round_summary: { score: number; par: number; holes: number } }>;
    const roundsOf = async (token: string, query: string) => {
      const all: Listed = [];
      for (;;) {
        const page = (
          (
            await server.app.inject({ url: `/v4/events?types=ROUND&limit=200&start=${all.length}&${query}`, headers: bearer(token) })
          ).json() as { events: Listed }
        ).events;
        all.push(...page);
        if (page.length < 200) return all;
      }
    };
    const player = await login(DEMO_ACCOUNTS.player);
    const premium = await login(DEMO_ACCOUNTS.premium);
    const playerRounds = await roundsOf(player, 'shared=false');
    const premiumRounds = await roundsOf(premium, 'shared=false');
    expect(playerRounds).toHaveLength(25);
    expect(premiumRounds).toHaveLength(40);
    for (const event of [...playerRounds, ...premiumRounds]) expect(() => validateRound(event.round)).not.toThrow();
    const per18 = (events: Listed) =>
      events.reduce((sum, e) => sum + (e.round_summary.score * 18) / e.round_summary.holes, 0) / events.length;
    // A 100 golfer and an 80 golfer, on courses of 6,050 to 6,800 yd.
    expect(per18(playerRounds)).toBeGreaterThan(96);
    expect(per18(premiumRounds)).toBeLessThan(86);
    const coach = await login(DEMO_ACCOUNTS.coach);
    const coachSees = await roundsOf(coach, 'shared=true');
    const owners = new Map<number, number>();
    for (const event of coachSees) owners.set(event.uid, (owners.get(event.uid) ?? 0) + 1);
    expect(owners.size).toBe(14);
    expect([...owners.values()].filter((n) => n === 19)).toHaveLength(12);
    const practice = await server.app.inject({ url: '/v4/events?types=PRACTICE,WORKOUT,NOTE&shared=false', headers: bearer(player) });
    expect((practice.json() as { events: Array<{ event_type: string }> }).events.map((e) => e.event_type).sort()).toEqual([
      'NOTE',
      'PRACTICE',
      'PRACTICE',
      'WORKOUT',
    ]);
    const lessons = await server.app.inject({ url: '/v4/events?types=LESSON', headers: bearer(player) });
    expect((lessons.json() as { events: Array<{ permissions: number }> }).events.map((e) => e.permissions)).toEqual([1, 1]);
  });

  it('gives the premium player 8 drills in two folders with three months of improving results, and the academy a shared folder', async () => {
    const premium = await login(DEMO_ACCOUNTS.premium);
    const drills = (
      (await server.app.inject({ url: '/v4/drills', headers: bearer(premium) })).json() as {
        drills: Array<{ drill_id: number; uid: number; title: string; folder_id: number; higher_is_better: boolean }>;
      }
    ).drills;
    const folders = (
      (await server.app.inject({ url: '/v4/folders', headers: bearer(premium) })).json() as {
        folders: Array<{ folder_id: number; name: string; drills: number; permissions: number }>;
      }
    ).folders;
    expect(folders.map((f) => [f.name, f.drills, f.permissions])).toEqual([
      ['Academy team drills', 2, 0],
      ['Putting', 4, 3],
      ['Short game and driving', 4, 3],
    ]);
    const ownFolders = new Set(folders.filter((f) => f.permissions === 3).map((f) => f.folder_id));
    const own = drills.filter((d) => ownFolders.has(d.folder_id));
    expect(own).toHaveLength(8);
    for (const drill of own) {
      const results = (
        (await server.app.inject({ url: `/v4/drills/results?drill_id=${drill.drill_id}`, headers: bearer(premium) })).json() as {
          results: Array<{ time: string; score: number }>;
        }
      ).results;
      expect(results.length, drill.title).toBeGreaterThan(8);
      const days = (Date.parse(results.at(-1)!.time) - Date.parse(results[0]!.time)) / 86_400_000;
      expect(days, drill.title).toBeGreaterThan(45);
      const progress = drillProgress(results, drill.higher_is_better);
      expect(progress.improving, drill.title).toBe(true);
    }
    // The free player sees the academy's folder and its drills, but cannot add to the library.
    const player = await login(DEMO_ACCOUNTS.player);
    const seen = (
      (await server.app.inject({ url: '/v4/drills', headers: bearer(player) })).json() as { drills: Array<{ title: string }> }
    ).drills.map((d) => d.title);
    expect(seen).toEqual(['Academy 50-putt test', 'Par-18 short game test']);
    const refused = await server.app.inject({ method: 'POST', url: '/v4/folders', headers: bearer(player), payload: { name: 'Mine' } });
    expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
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
