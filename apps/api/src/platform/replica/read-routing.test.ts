import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client.ts';
import { writePositions } from '../../db/schema/index.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { buildRoundBody, createEvent } from '../../test/events-testing.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * Statistics read from a streaming replica, each golfer's own last write permitting. A primary given
 * as its own "replica" has replayed nothing (it replays no log), so it stands for a replica that is
 * behind: a golfer who has written is read from the primary, one who has not from the "replica".
 * The replica that is really behind, on a streaming standby, is tested in the cluster tests.
 */

/** Statistics reads by target so far, from the app's /metrics counters. */
async function statsReads(server: TestServer): Promise<{ replica: number; primary: number }> {
  const text = await server.app.metrics.text();
  const count = (target: string) =>
    Number(new RegExp(`^holeout_stats_reads_total\\{target="${target}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { replica: count('replica'), primary: count('primary') };
}

async function signedIn(server: TestServer) {
  const user = await buildUser(server.db);
  return { ...user, token: await loginAs(server, user) };
}

async function roundsCounted(server: TestServer, token: string): Promise<number> {
  const res = await server.app.inject({ method: 'GET', url: '/v4/stats/summary?benchmark=SCRATCH', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { players: Array<{ rounds: number }> }).players[0]?.rounds ?? 0;
}

async function positionOf(server: TestServer, uid: number): Promise<string | undefined> {
  const [row] = await server.db.select({ lsn: writePositions.lsn }).from(writePositions).where(eq(writePositions.uid, uid));
  return row?.lsn;
}

describe('without a replica', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it('records no write positions and reads every statistic from the primary', async () => {
    const golfer = await signedIn(server);
    await createEvent(server, golfer.token, { round: buildRoundBody() });
    const before = await statsReads(server);
    expect(await roundsCounted(server, golfer.token)).toBe(1);
    const after = await statsReads(server);
    expect(after.primary - before.primary).toBe(1);
    expect(after.replica).toBe(0);
    expect(await positionOf(server, golfer.uid)).toBeUndefined();
  });
});

describe('with a replica that has replayed nothing', () => {
  let server: TestServer;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    server = await createTestServer({ database, replica: database.db });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('reads a golfer with no write from the replica; after a write, from the primary, which has it', async () => {
    const golfer = await signedIn(server);
    let before = await statsReads(server);
    expect(await roundsCounted(server, golfer.token)).toBe(0);
    let after = await statsReads(server);
    expect(after.replica - before.replica).toBe(1);
    expect(after.primary - before.primary).toBe(0);

    await createEvent(server, golfer.token, { round: buildRoundBody() });
    const first = await positionOf(server, golfer.uid);
    expect(first).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    before = await statsReads(server);
    expect(await roundsCounted(server, golfer.token)).toBe(1);
    after = await statsReads(server);
    expect(after.primary - before.primary).toBe(1);
    expect(after.replica - before.replica).toBe(0);

    // A later write moves the position on, never back.
    await createEvent(server, golfer.token, { round: buildRoundBody(), start: '2026-10-02T08:00:00Z' });
    const second = await positionOf(server, golfer.uid);
    const ordered = (await server.db.execute(sql`SELECT ${second}::pg_lsn > ${first}::pg_lsn AS later`)) as unknown as {
      rows: Array<{ later: boolean }>;
    };
    expect(ordered.rows[0]?.later).toBe(true);
  });

  it('records nothing for a refused write, a read, or a write that deleted the account', async () => {
    const refused = await signedIn(server);
    const bad = await server.app.inject({ method: 'POST', url: '/v4/events', headers: bearer(refused.token), payload: { title: 5 } });
    expect(bad.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: '/v4/events', headers: bearer(refused.token) })).statusCode).toBe(200);
    expect(await positionOf(server, refused.uid)).toBeUndefined();

    const leaving = await signedIn(server);
    await createEvent(server, leaving.token, { round: buildRoundBody() });
    expect(await positionOf(server, leaving.uid)).toBeDefined();
    const deleted = await server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(leaving.token) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await positionOf(server, leaving.uid)).toBeUndefined();
    expect(server.logs.filter((line) => line.includes('write position'))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('with a replica that does not answer (PostgreSQL)', () => {
  let server: TestServer;
  let unreachable: DatabaseHandle;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every connection is refused at once.
    unreachable = openPostgres('postgres://postgres@127.0.0.1:9/none', { warn: () => undefined });
    server = await createTestServer({ replica: unreachable.db });
  });
  afterAll(async () => {
    await server.close();
    await unreachable.close();
  });

  it('reads everyone from the primary: the answers are whole and the failure is logged', async () => {
    const quiet = await signedIn(server);
    const writer = await signedIn(server);
    await createEvent(server, writer.token, { round: buildRoundBody() });
    const before = await statsReads(server);
    // No write: sent to the replica, whose connection fails, and read again from the primary.
    expect(await roundsCounted(server, quiet.token)).toBe(0);
    // A write: whether the replica has it cannot be asked, so the primary answers.
    expect(await roundsCounted(server, writer.token)).toBe(1);
    const after = await statsReads(server);
    expect(after.primary - before.primary).toBe(2);
    expect(server.logs.some((line) => line.includes('read again from the primary'))).toBe(true);
    expect(server.logs.some((line) => line.includes('the read replica did not answer'))).toBe(true);
  });
});
