import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitRounds, seededRandom } from '@holeout/golf';
import { eventUserShares, events, rounds, settings } from '../../db/schema/index.ts';
import { sql } from 'drizzle-orm';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildRoundBody } from '../../test/events-testing.ts';
import { StatsRepository } from './stats.repository.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/**
 * The statistics plan cuts the rounds to the spec's limits in SQL; packages/golf's limitRounds is
 * the definition. On generated seasons (starts that tie, players and rounds over small limits,
 * rounds the viewer may and may not see) both must keep exactly the same rounds.
 */
describe('StatsRepository.statsPlan', () => {
  it('keeps exactly the rounds limitRounds keeps, over generated seasons', async () => {
    const repo = new StatsRepository(server.db);
    const viewer = await buildUser(server.db);
    const owners = await Promise.all(Array.from({ length: 7 }, () => buildUser(server.db)));
    const random = seededRandom(42);
    const visible: Array<{ event_id: number; uid: number; start: string }> = [];
    for (const owner of owners) {
      const count = 1 + Math.floor(random() * 9);
      for (let i = 0; i < count; i += 1) {
        // Whole days in one month: many starts tie, so the event id decides.
        const start = new Date(Date.UTC(2026, 9, 1 + Math.floor(random() * 12), 8));
        const shared = random() < 0.7;
        const [row] = await server.db
          .insert(events)
          .values({ uid: owner.uid, event_type: 'ROUND', start, share: 'SHARE_SELECTED' })
          .returning({ event_id: events.event_id });
        if (shared) {
          await server.db.insert(eventUserShares).values({ event_id: row!.event_id, uid: viewer.uid, permissions: 0 });
          visible.push({ event_id: row!.event_id, uid: owner.uid, start: start.toISOString() });
        }
      }
    }
    const uids = owners.map((o) => o.uid);
    for (const [maxPlayers, maxRounds] of [
      [3, 10],
      [2, 4],
      [7, 60],
      [5, 1],
      [1, 3],
    ] as const) {
      const plan = await repo.statsPlan(viewer.uid, { owners: uids, players: uids }, { maxCandidates: 3000, maxPlayers, maxRounds });
      const expected = limitRounds(visible, maxPlayers, maxRounds);
      expect(
        plan.kept.map(([id]) => id),
        `${maxPlayers} players, ${maxRounds} rounds`,
      ).toEqual(expected.rounds.map((r) => r.event_id));
      expect(plan.kept.length < plan.candidates, `${maxPlayers}/${maxRounds} limited`).toBe(expected.limited);
      expect(plan.candidates).toBe(visible.length);
    }
    // A selection by round ids counts only the visible ones among them.
    const some = visible.slice(0, 3).map((r) => r.event_id);
    const plan = await repo.statsPlan(
      viewer.uid,
      { eventIds: [...some, 999_999] },
      { maxCandidates: 3000, maxPlayers: 15, maxRounds: 300 },
    );
    expect(plan.kept.map(([id]) => id).sort()).toEqual([...some].sort());
    // Owners with a round shared with the viewer are visible players; the rest are not.
    const expectedVisible = uids.filter((uid) => visible.some((r) => r.uid === uid));
    const asked = await repo.statsPlan(
      viewer.uid,
      { owners: uids, players: [...uids, viewer.uid] },
      { maxCandidates: 3000, maxPlayers: 15, maxRounds: 300 },
    );
    expect(asked.visible.sort()).toEqual([...expectedVisible, viewer.uid].sort());
  });

  it('sees organisation mates without rounds, reads the custom settings, and versions a round anew on every write', async () => {
    const repo = new StatsRepository(server.db);
    const viewer = await buildUser(server.db);
    const mate = await buildUser(server.db);
    const stranger = await buildUser(server.db);
    await buildOrg(server.db, { members: [{ uid: viewer.uid }, { uid: mate.uid }] });
    const limits = { maxCandidates: 3000, maxPlayers: 15, maxRounds: 300 };
    const none = await repo.statsPlan(viewer.uid, { owners: [mate.uid, stranger.uid], players: [mate.uid, stranger.uid] }, limits);
    expect(none).toMatchObject({ candidates: 0, kept: [], visible: [mate.uid], custom: null });

    const custom = {
      target: { score: 85 },
      boundaries: { chipMaxYards: 40, shortApproachMaxYards: 100, midApproachMaxYards: 150, shortPuttMaxFeet: 6, midPuttMaxFeet: 20 },
    };
    await server.db.insert(settings).values({ uid: viewer.uid, custom_sg: custom });
    const [own] = await server.db
      .insert(events)
      .values({ uid: viewer.uid, event_type: 'ROUND', start: new Date('2026-10-01T08:00:00Z') })
      .returning({ event_id: events.event_id });
    const before = await repo.statsPlan(viewer.uid, { owners: [viewer.uid], players: [viewer.uid] }, limits);
    expect(before.custom).toEqual(custom);
    expect(before.kept.map(([id]) => id)).toEqual([own!.event_id]);
    // Rewritten with the very same updated_at: the version still changes.
    const { eq } = await import('drizzle-orm');
    const [current] = await server.db.select({ updated_at: events.updated_at }).from(events).where(eq(events.event_id, own!.event_id));
    await server.db.update(events).set({ title: 'edited', updated_at: current!.updated_at }).where(eq(events.event_id, own!.event_id));
    const after = await repo.statsPlan(viewer.uid, { owners: [viewer.uid], players: [viewer.uid] }, limits);
    expect(after.kept[0]![1]).not.toBe(before.kept[0]![1]);
  });

  it('moves the statistics epoch with every write a plan depends on, and not otherwise', async () => {
    const repo = new StatsRepository(server.db);
    const owner = await buildUser(server.db);
    const friend = await buildUser(server.db);
    const writes: Array<[string, () => Promise<unknown>]> = [];
    let eventId = 0;
    writes.push([
      'event',
      async () => {
        const [row] = await server.db
          .insert(events)
          .values({ uid: owner.uid, event_type: 'ROUND', start: new Date() })
          .returning({ event_id: events.event_id });
        eventId = row!.event_id;
      },
    ]);
    writes.push(['share', () => server.db.insert(eventUserShares).values({ event_id: eventId, uid: friend.uid, permissions: 0 })]);
    writes.push(['organisation member', () => buildOrg(server.db, { members: [{ uid: owner.uid }, { uid: friend.uid }] })]);
    writes.push(['settings', () => server.db.insert(settings).values({ uid: owner.uid, theme: 2 })]);
    for (const [name, write] of writes) {
      const before = await repo.statsEpochNow();
      await write();
      expect(await repo.statsEpochNow(), name).not.toBe(before);
    }
    const still = await repo.statsEpochNow();
    await buildUser(server.db);
    expect(await repo.statsEpochNow()).toBe(still);
  });
});

describe('one query for the statistics', () => {
  it('loads 300 rounds of 15 players with one SELECT', async () => {
    const players = await Promise.all(Array.from({ length: 15 }, () => buildUser(server.db)));
    const [first] = await server.db
      .insert(events)
      .values(
        players.flatMap((p) =>
          Array.from({ length: 20 }, (_, i) => ({ uid: p.uid, event_type: 'ROUND', start: new Date(Date.UTC(2026, 0, 1 + i)) })),
        ),
      )
      .returning({ event_id: events.event_id });
    const ids = await server.db
      .select({ event_id: events.event_id, uid: events.uid })
      .from(events)
      .where(sql`${events.event_id} >= ${first!.event_id}`);
    await server.db.insert(rounds).values(
      ids.map((e) => ({
        event_id: e.event_id,
        units: 'FEET_YARDS',
        holes: buildRoundBody().holes as never,
        hole_count: 2,
        score: 8,
        par: 7,
      })),
    );
    let queries = 0;
    const counting = new Proxy(server.db, {
      get(target, property, receiver) {
        if (property === 'select') queries += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const repository = new StatsRepository(counting);
    // Building the repository prepares its statements; count only the load.
    queries = 0;
    const loaded = await repository.roundsForStatistics({ owners: players.map((p) => p.uid) }, 300);
    expect(loaded).toHaveLength(300);
    expect(new Set(loaded.map((r) => r.uid)).size).toBe(15);
    expect(queries).toBe(1);
    expect(loaded[0]?.round.holes).toHaveLength(2);
  });
});
