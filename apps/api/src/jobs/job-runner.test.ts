import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, subscriptions } from '../db/schema/index.ts';
import { buildSubscription, buildUser } from '../test/factories.ts';
import { createTestServer, type TestServer } from '../test/test-server.ts';
import { startJobRunner, SUBSCRIPTION_SWEEP, type JobRunner } from './job-runner.ts';

/**
 * Two job runners on one database, as two API processes run them: each job is handled by one of
 * them, once. On PGlite locally; on PostgreSQL when TEST_DATABASE_URL is set (CI).
 */

const DAY = 24 * 60 * 60 * 1000;
const TEST_QUEUE = 'job-runner-test';

let server: TestServer;
const runners: JobRunner[] = [];
/** Sweep handler calls, by runner. */
const sweepCalls = [0, 0];
/** What each sweep job does besides being counted (the last test wires the real sweep). */
let sweepWork: () => Promise<unknown> = async () => undefined;
const runnerErrors: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  server = await createTestServer();
  // One after the other: the first creates pg-boss's schema, the second finds it.
  for (const index of [0, 1]) {
    runners.push(
      await startJobRunner({
        database: server.database,
        handlers: {
          [SUBSCRIPTION_SWEEP]: async () => {
            sweepCalls[index]! += 1;
            await sweepWork();
          },
        },
        log: { error: (details) => runnerErrors.push(details) },
        schedule: false,
        pollingIntervalSeconds: 0.5,
      }),
    );
  }
});

afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds (up to ~20 s); no timing is asserted, it only bounds the wait. */
async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await done()) return;
    await sleep(250);
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function send(runner: JobRunner, queue: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await runner.boss.send(queue, { n: i });
    expect(id).toEqual(expect.any(String));
    ids.push(id!);
  }
  return ids;
}

async function states(queue: string, ids: readonly string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await runners[0]!.boss.getJobById(queue, id))?.state ?? 'missing'));
}

const allCompleted = (queue: string, ids: readonly string[]) => async () => (await states(queue, ids)).every((s) => s === 'completed');
const totalSweeps = () => sweepCalls[0]! + sweepCalls[1]!;

describe('the job runner with two processes on one database', () => {
  it('five sweep jobs are each handled once: the handler calls across both runners equal the jobs completed', async () => {
    const before = totalSweeps();
    const ids = await send(runners[0]!, SUBSCRIPTION_SWEEP, 5);
    expect(new Set(ids).size).toBe(5);
    await waitFor('5 sweeps completed', allCompleted(SUBSCRIPTION_SWEEP, ids));
    expect(await states(SUBSCRIPTION_SWEEP, ids)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    expect(totalSweeps() - before).toBe(5);
    // A moment more: no job is handled a second time.
    await sleep(1500);
    expect(totalSweeps() - before).toBe(5);
  });

  it('jobs of another queue worked by both runners: every id handled, none twice', async () => {
    await runners[0]!.boss.createQueue(TEST_QUEUE);
    const handled: Array<{ runner: number; id: string }> = [];
    for (const [index, runner] of runners.entries()) {
      await runner.boss.work<{ n: number }>(TEST_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) handled.push({ runner: index, id: job.id });
      });
    }
    const ids = await send(runners[1]!, TEST_QUEUE, 5);
    await waitFor('5 test jobs completed', allCompleted(TEST_QUEUE, ids));
    await sleep(1500);
    const seen = handled.map((h) => h.id);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual([...ids].sort());
    for (const runner of runners) await runner.boss.offWork(TEST_QUEUE);
  });

  it('the real sweep run by both runners for three jobs sends one SUB_EXPIRING', async () => {
    const user = await buildUser(server.db, { first_name: 'Ada' });
    const subId = await buildSubscription(server.db, { purchaser: user.uid, status: 'ACTIVE_EXPIRING', source: 'OTHER' });
    const end = new Date(server.clock.now().getTime() + 3 * DAY);
    await server.db.update(subscriptions).set({ expires_at: end, renews: false }).where(eq(subscriptions.sub_id, subId));
    const results: Array<Awaited<ReturnType<TestServer['app']['payments']['sweep']>>> = [];
    sweepWork = async () => results.push(await server.app.payments.sweep());
    try {
      const before = totalSweeps();
      const ids = await send(runners[1]!, SUBSCRIPTION_SWEEP, 3);
      await waitFor('3 sweeps completed', allCompleted(SUBSCRIPTION_SWEEP, ids));
      expect(totalSweeps() - before).toBe(3);
      expect(results).toHaveLength(3);
      // One of the three sweeps claimed the notice; the others found it sent.
      expect(results.map((r) => r.expiring_notices).sort()).toEqual([0, 0, 1]);
    } finally {
      sweepWork = async () => undefined;
    }
    const notices = await server.db
      .select({ type: notifications.type, title: notifications.title, nav_loc: notifications.nav_loc })
      .from(notifications)
      .where(eq(notifications.uid, user.uid));
    expect(notices).toEqual([
      { type: 'SUB_EXPIRING', title: expect.stringMatching(/^Your Premium subscription ends on /) as unknown, nav_loc: 'subscriptions' },
    ]);
    const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    expect(row).toMatchObject({ status: 'ACTIVE_EXPIRING', expiring_notice_for: end });
  });
});
