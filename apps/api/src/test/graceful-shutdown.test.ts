import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import { AuthRepository } from '../modules/auth/auth.module.ts';
import { buildEventBody } from './events-testing.ts';
import { buildUser } from './factories.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { openTestDatabase } from './test-database.ts';

const onPostgres = inject('databaseTemplate').kind === 'pg';
const DRAIN_MS = 2_500;

/** Polls until `check` holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * SIGTERM on a running process (a deploy, a balancer taking it out): /readyz turns 503 at once so
 * the balancer stops sending it new requests, the process keeps answering during the drain, a
 * request already in flight is answered and its write kept, and then it exits 0 on its own.
 */
describe.skipIf(!onPostgres)('a graceful stop on SIGTERM (PostgreSQL only: runs when TEST_DATABASE_URL is set)', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let server: RunningServer;
  let token: string;
  let uid: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!('connectionString' in database.jobsConnection)) throw new Error('expected a PostgreSQL test database');
    const user = await buildUser(database.db);
    uid = user.uid;
    token = await new AuthRepository(database.db, () => new Date()).issueToken(user.uid);
    dataDir = await mkdtemp(path.join(tmpdir(), 'holeout-graceful-'));
    server = await startServer(database.jobsConnection.connectionString, dataDir, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exited() === null) server.child.kill('SIGKILL');
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('turns /readyz to 503, answers the request in flight, keeps its write and exits 0', { timeout: 60_000 }, async () => {
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const body = JSON.stringify(buildEventBody({ title: 'Sent while the process stops' }));
    const url = new URL(`${server.baseUrl}/v4/events`);
    // A request in flight: its headers and half its body are sent before the signal, the rest after.
    let resolveAnswer: (answer: { status: number; body: string }) => void = () => undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve) => (resolveAnswer = resolve));
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error) => resolveAnswer({ status: 0, body: String(error) }));
    req.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<{ code: number | null }>((resolve) => server.child.once('exit', (code) => resolve({ code })));
    server.child.kill('SIGTERM');
    await until(async () => (await fetch(`${server.baseUrl}/readyz`)).status === 503, DRAIN_MS, '/readyz to answer 503');
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    // Still serving during the drain: the balancer may not have looked yet.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    req.end(body.slice(20));
    const answered = await answer;
    expect(answered.status, answered.body).toBe(200);
    const { code } = await exited;
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('shutting down');

    const stored = await database.db
      .select({ id: events.event_id })
      .from(events)
      .where(and(eq(events.uid, uid), eq(events.title, 'Sent while the process stops')));
    expect(stored).toHaveLength(1);
  });
});
