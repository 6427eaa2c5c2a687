import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { AuthRepository } from '../modules/auth/auth.module.ts';
import { buildEventBody } from './events-testing.ts';
import { buildUser } from './factories.ts';
import { openTestDatabase } from './test-database.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { createTestServer, type TestServer } from './test-server.ts';

const onPostgres = inject('databaseTemplate').kind === 'pg';
interface Answer {
  status: number;
  body: string;
}

/**
 * A server that loses its database connections (pg_terminate_backend, as a restart or a failover
 * does) while writes are in flight must keep running: the requests that lose their connection answer
 * 503 DATABASE_UNAVAILABLE, and the next ones succeed on new connections. Before, the 'error' event of
 * a client checked out for a transaction had no listener and ended the process.
 */
describe.skipIf(!onPostgres)('losing the database connections (PostgreSQL only: runs when TEST_DATABASE_URL is set)', () => {
  let database: DatabaseHandle;
  let databaseUrl: string;
  let dataDir: string;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!('connectionString' in database.jobsConnection)) throw new Error('expected a PostgreSQL test database');
    databaseUrl = database.jobsConnection.connectionString;
    const user = await buildUser(database.db);
    token = await new AuthRepository(database.db, () => new Date()).issueToken(user.uid);
    dataDir = await mkdtemp(path.join(tmpdir(), 'holeout-connection-loss-'));
    server = await startServer(databaseUrl, dataDir);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exited() === null) {
      const ended = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await ended;
    }
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const postEvent = async (title: string): Promise<Answer> => {
    try {
      const res = await fetch(`${server.baseUrl}/v4/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(buildEventBody({ title })),
      });
      return { status: res.status, body: await res.text() };
    } catch (err) {
      // The process went away under the request.
      return { status: 0, body: String(err) };
    }
  };

  it('answers 503 for the writes that lost their connection, keeps serving, and the next writes succeed', async () => {
    expect((await postEvent('before')).status).toBe(200);

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const answers: Answer[] = [];
    let stop = false;
    let terminated = 0;
    try {
      // Six writers keep transactions in flight while every other connection of the database is ended, three times.
      const writers = Array.from({ length: 6 }, async (_, writer) => {
        for (let i = 0; !stop; i++) answers.push(await postEvent(`writer ${writer} round ${i}`));
      });
      const waitForAnswers = async (count: number) => {
        while (answers.length < count && server.exited() === null) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      for (let wave = 1; wave <= 3; wave++) {
        await waitForAnswers(wave * 12);
        const { rows } = await admin.query<{ ended: boolean }>(
          'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        terminated += rows.filter((r) => r.ended).length;
      }
      await waitForAnswers(48);
      stop = true;
      await Promise.all(writers);
    } finally {
      stop = true;
      await admin.end();
    }

    expect(terminated).toBeGreaterThan(0);
    expect(server.exited(), server.output()).toBeNull();
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      server.output(),
    ).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
      // No internals: no SQLSTATE, no driver message, no SQL.
      expect(answer.body).not.toMatch(/57P0|terminat|insert|select|pg_/i);
    }

    const after = await postEvent('after');
    expect(after.status, after.body).toBe(200);
    const listed = await fetch(`${server.baseUrl}/v4/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(server.exited()).toBeNull();
  }, 120_000);
});

/** Errors as node-postgres and drizzle raise them when the connection goes, and others that are not that. */
const failures: Record<string, { error: () => Error; status: number }> = {
  'a statement whose backend was ended (57P01)': {
    error: () =>
      new DrizzleQueryError('insert into "events" ...', [1], Object.assign(new Error('terminating connection'), { code: '57P01' })),
    status: 503,
  },
  'a server starting up (57P03)': {
    error: () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    status: 503,
  },
  'a connection failure (class 08)': { error: () => Object.assign(new Error('connection failure'), { code: '08006' }), status: 503 },
  'a socket ended under a statement': {
    error: () => new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
    status: 503,
  },
  "a transaction's rollback on a lost connection": {
    error: () => new DrizzleQueryError('rollback', [], new Error('Client has encountered a connection error and is not queryable')),
    status: 503,
  },
  'a reset socket while connecting': { error: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), status: 503 },
  "another service's reset socket (a fetch)": {
    error: () => new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
    status: 500,
  },
  'a statement the database refused (23505)': {
    error: () => new DrizzleQueryError('insert ...', [], Object.assign(new Error('duplicate key'), { code: '23505' })),
    status: 500,
  },
};

describe('a lost database connection answers 503', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      beforeReady: (app) => {
        Object.values(failures).forEach((failure, i) =>
          app.get(`/v4/test/fail/${i}`, async () => {
            throw failure.error();
          }),
        );
      },
    });
  });
  afterAll(async () => server.close());

  Object.entries(failures).forEach(([name, failure], i) =>
    it(`${name}: ${failure.status}`, async () => {
      const res = await server.app.inject({ url: `/v4/test/fail/${i}` });
      expect(res.statusCode).toBe(failure.status);
      if (failure.status === 503) {
        expect(res.json()).toEqual({ error: 'The service is briefly unavailable. Try again in a moment.', code: 'DATABASE_UNAVAILABLE' });
        expect(res.headers['retry-after']).toBe('1');
      } else {
        expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
      }
    }),
  );
});
