import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad, summarize, loadRound, type LoadResult } from '../../scripts/cluster-load.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { events, notifications, subscriptions } from '../../src/db/schema/index.ts';
import { SUBSCRIPTION_SWEEP } from '../../src/jobs/job-runner.ts';
import { AuthRepository } from '../../src/modules/auth/auth.module.ts';
import { acquaint, buildSubscription, buildUser, type BuiltUser } from '../../src/test/factories.ts';

/**
 * The cluster as `npm run cluster` starts it (HAProxy in front of two API processes on one
 * PostgreSQL), run in CI after the API suites: behaviour across processes, and the faults it must
 * survive under a mixed load (a process killed, the database's connections cut, PostgreSQL
 * restarted). Every acknowledged write must be stored, once and whole. The figures are printed.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const haproxyFound = spawnSync('haproxy', ['-v']).status === 0;
const pgCluster: string = existsSync('/etc/postgresql') ? (readdirSync('/etc/postgresql')[0] ?? '') : '';
const canRestartPostgres = Boolean(pgCluster) && process.getuid?.() === 0 && spawnSync('pg_ctlcluster', ['--help']).status !== null;
/**
 * A streaming replica needs the local server's pg_basebackup and the right to change its pg_hba.conf
 * (a replication line for 127.0.0.1): root on a Debian PostgreSQL, as in CI. Elsewhere the cluster
 * runs without one and the replica's test is skipped.
 */
const withReplica = canRestartPostgres && existsSync(`/usr/lib/postgresql/${pgCluster}/bin/pg_basebackup`);
const METRICS_TOKEN = 'cluster-test-metrics-token';

interface ClusterFile {
  balancer: { port: number; pid: number };
  api: Array<{ port: number; pid: number }>;
  replica?: { port: number; pid: number };
}

/** Lets replication connections from 127.0.0.1 in (trust, as the machine's other local connections), once. */
async function allowReplication(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const hbaFile = String((await client.query('SHOW hba_file')).rows[0].hba_file);
    const lines = readFileSync(hbaFile, 'utf8');
    if (/^\s*host\s+replication\s+all\s+127\.0\.0\.1\/32\s/m.test(lines)) return;
    appendFileSync(
      hbaFile,
      '\n# Added by the cluster tests: pg_basebackup and the streaming replica connect from here.\nhost replication all 127.0.0.1/32 trust\n',
    );
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, ms: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!baseUrl || !haproxyFound)(
  'the cluster: HAProxy in front of two API processes (needs TEST_DATABASE_URL and HAProxy)',
  () => {
    let dbName: string;
    let databaseUrl: string;
    let dataDir: string;
    let cluster: ChildProcess;
    let output = '';
    let database: DatabaseHandle;
    let golfers: Array<BuiltUser & { token: string }>;
    const figures: Record<string, unknown> = {};

    const clusterFile = (): ClusterFile => JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')) as ClusterFile;
    const balancer = () => `http://127.0.0.1:${clusterFile().balancer.port}`;
    const direct = (i: number) => `http://127.0.0.1:${clusterFile().api[i]!.port}`;
    const admin = () => {
      const url = new URL(baseUrl!);
      url.pathname = '/postgres';
      return url.toString();
    };
    const bothReady = () =>
      until('both API processes ready', 60_000, async () => {
        const answers = await Promise.all([0, 1].map(async (i) => (await fetch(`${direct(i)}/readyz`)).status));
        return answers.every((s) => s === 200);
      });

    /** Every acknowledged write is stored once, with its 18 holes. */
    async function expectStoredOnce(result: LoadResult): Promise<number> {
      const titles = result.acknowledged.map((w) => w.title);
      const rows = [];
      for (let i = 0; i < titles.length; i += 500) {
        rows.push(
          ...(await database.db
            .select({ event_id: events.event_id, title: events.title })
            .from(events)
            .where(inArray(events.title, titles.slice(i, i + 500)))),
        );
      }
      const byTitle = new Map<string, number[]>();
      for (const row of rows) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row.event_id]);
      let lost = 0;
      for (const write of result.acknowledged) {
        const ids = byTitle.get(write.title) ?? [];
        if (ids.length === 0) lost += 1;
        expect(ids, write.title).toEqual([write.eventId]);
      }
      return lost;
    }

    beforeAll(async () => {
      const url = new URL(baseUrl!);
      dbName = `${decodeURIComponent(url.pathname.slice(1))}_cluster`;
      const client = new pg.Client({ connectionString: admin() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${dbName}"`);
      await client.end();
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
      dataDir = await mkdtemp(path.join(tmpdir(), 'holeout-cluster-'));
      if (withReplica) {
        await allowReplication(admin());
        // The replica's files belong to the user postgres, which must reach them through this folder.
        await chmod(dataDir, 0o755);
      }
      cluster = spawn(process.execPath, ['scripts/cluster.mjs', ...(withReplica ? ['--replica'] : [])], {
        cwd: repositoryRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          API_PROCESSES: '2',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          WEB_DIST: path.join(dataDir, 'no-web'),
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          SHUTDOWN_DRAIN_MS: '1500',
          METRICS_TOKEN,
        },
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-100_000);
      };
      cluster.stdout!.on('data', keep);
      cluster.stderr!.on('data', keep);
      await until('the cluster to start', 180_000, async () => {
        if (cluster.exitCode !== null) throw new Error(`the cluster ended:\n${output}`);
        return existsSync(path.join(dataDir, 'cluster.json'));
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${output.slice(-5000)}`);
      });
      database = openDatabase({ databaseUrl, pgliteDir: '' });
      const auth = new AuthRepository(database.db, () => new Date());
      golfers = [];
      for (let i = 0; i < 4; i += 1) {
        const user = await buildUser(database.db);
        golfers.push({ ...user, token: await auth.issueToken(user.uid) });
      }
    }, 240_000);

    afterAll(async () => {
      if (cluster && cluster.exitCode === null) {
        const ended = new Promise((resolve) => cluster.once('exit', resolve));
        cluster.kill('SIGTERM');
        await Promise.race([ended, sleep(30_000)]);
      }
      await database?.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: admin() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      // The figures of the faults, for the CI log and the README.
      if (Object.keys(figures).length > 0) console.log(`cluster fault figures:\n${JSON.stringify(figures, null, 2)}`);
    }, 60_000);

    it('serves through HAProxy with a request id that crosses the balancer, kept when the client sends one', async () => {
      const res = await fetch(`${balancer()}/v4/account`, { headers: { authorization: `Bearer ${golfers[0]!.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9A-F]{20,}$/);
      const own = await fetch(`${balancer()}/v4/account`, {
        headers: { authorization: `Bearer ${golfers[0]!.token}`, 'x-request-id': 'trace-42' },
      });
      expect(own.headers.get('x-request-id')).toBe('trace-42');
    });

    it('a session, a failure throttle, an idempotency key and the statistics cache behave across the two processes as in one', async () => {
      const [ada, bob] = golfers;
      const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      // A session made by one process is known to the other, and its end too.
      const login = async (i: number, password: string) =>
        fetch(`${direct(i)}/v4/account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ada!.email, password }),
        });
      const session = (await (await login(0, ada!.password)).json()) as { token: string };
      expect((await fetch(`${direct(1)}/v4/account`, { headers: as(session.token) })).status).toBe(200);
      const logout = await fetch(`${direct(1)}/v4/account/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(logout.status).toBeLessThan(300);
      expect((await fetch(`${direct(0)}/v4/account`, { headers: as(session.token) })).status).toBe(401);
      // Five wrong passwords at one process: the other holds the sixth attempt back.
      for (let i = 0; i < 5; i += 1) expect((await login(0, 'wrong-password')).status).toBe(401);
      expect((await login(1, ada!.password)).status).toBe(429);

      // One Idempotency-Key at both processes: one round.
      const body = JSON.stringify(loadRound('Sent twice', '2026-10-03T08:00:00Z'));
      const headers = { ...as(bob!.token), 'idempotency-key': 'cluster-key-1' };
      const first = (await (await fetch(`${direct(0)}/v4/events`, { method: 'POST', headers, body })).json()) as { event_id: number };
      const again = (await (await fetch(`${direct(1)}/v4/events`, { method: 'POST', headers, body })).json()) as { event_id: number };
      expect(again.event_id).toBe(first.event_id);
      expect(await database.db.select().from(events).where(eq(events.title, 'Sent twice'))).toHaveLength(1);

      // The statistics cached by one process see a round saved through the other.
      const rounds = async (i: number) => {
        const res = await fetch(`${direct(i)}/v4/stats/summary?benchmark=SCRATCH`, { headers: as(bob!.token) });
        return ((await res.json()) as { players: Array<{ rounds: number }> }).players[0]?.rounds ?? 0;
      };
      expect(await rounds(1)).toBe(1);
      await fetch(`${direct(0)}/v4/events`, {
        method: 'POST',
        headers: as(bob!.token),
        body: JSON.stringify(loadRound('Second', '2026-10-04T08:00:00Z')),
      });
      expect(await rounds(1)).toBe(2);
    });

    /** Statistics reads by target, summed over both processes' /metrics. */
    async function statsReads(): Promise<{ replica: number; primary: number }> {
      const sum = { replica: 0, primary: 0 };
      for (const i of [0, 1]) {
        const res = await fetch(`${direct(i)}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        const text = await res.text();
        for (const match of text.matchAll(/^holeout_stats_reads_total\{target="(replica|primary)"\} (\d+)/gm))
          sum[match[1] as 'replica' | 'primary'] += Number(match[2]);
      }
      return sum;
    }

    it.skipIf(!withReplica)(
      'a replica behind the primary: every golfer reads their own last write, readers without one are served by the replica',
      { timeout: 120_000 },
      async () => {
        const replicaPort = clusterFile().replica!.port;
        const replicaUrl = new URL(databaseUrl);
        replicaUrl.hostname = '127.0.0.1';
        replicaUrl.port = String(replicaPort);
        const onReplica = new pg.Client({ connectionString: replicaUrl.toString() });
        await onReplica.connect();
        const auth = new AuthRepository(database.db, () => new Date());
        const writers: Array<BuiltUser & { token: string }> = [];
        for (let i = 0; i < 3; i += 1) {
          const user = await buildUser(database.db);
          writers.push({ ...user, token: await auth.issueToken(user.uid) });
        }
        const idle = await buildUser(database.db);
        const idleToken = await auth.issueToken(idle.uid);
        const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
        const roundsSeen = async (token: string) => {
          const res = await fetch(`${balancer()}/v4/stats/summary?benchmark=SCRATCH`, { headers: as(token) });
          expect(res.status).toBe(200);
          return ((await res.json()) as { players: Array<{ rounds: number }> }).players[0]?.rounds ?? 0;
        };
        // The replica has everything so far (the golfers above), then stops replaying.
        await until('the replica to have the new golfers', 30_000, async () => {
          const { rows } = await onReplica.query('SELECT count(*)::int AS n FROM users WHERE uid = $1', [idle.uid]);
          return rows[0].n === 1;
        });
        const before = await statsReads();
        let reads = 0;
        let stale = 0;
        let behindRounds = 0;
        try {
          for (let step = 1; step <= 6; step += 1) {
            // Replay paused on odd steps (the replica falls behind), running on even ones (it catches up as it can).
            await onReplica.query(step % 2 === 1 ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');
            await Promise.all(
              writers.map(async (writer, w) => {
                const saved = await fetch(`${balancer()}/v4/events`, {
                  method: 'POST',
                  headers: as(writer.token),
                  body: JSON.stringify(loadRound(`Replica ${w} ${step}`, `2026-09-${String(step).padStart(2, '0')}T0${w}:00:00Z`)),
                });
                expect(saved.status, await saved.clone().text()).toBe(200);
                // At once, through the balancer (either process): the round just saved is counted.
                const seen = await roundsSeen(writer.token);
                reads += 1;
                if (seen !== step) stale += 1;
              }),
            );
            if (step % 2 === 1) {
              // The lag is real: the paused replica does not have the rounds the writers were just shown.
              const { rows } = await onReplica.query('SELECT count(*)::int AS n FROM events WHERE uid = ANY($1::int[])', [
                writers.map((writer) => writer.uid),
              ]);
              behindRounds += writers.length * step - rows[0].n;
              expect(rows[0].n).toBeLessThan(writers.length * step);
            }
            // A golfer who wrote nothing is read from the replica, paused or not.
            expect(await roundsSeen(idleToken)).toBe(0);
          }
        } finally {
          await onReplica.query('SELECT pg_wal_replay_resume()');
        }
        const during = await statsReads();
        expect(stale).toBe(0);
        // The idle golfer's six reads, at least, went to the replica; the writers' reads behind a paused replica to the primary.
        expect(during.replica - before.replica).toBeGreaterThanOrEqual(6);
        expect(during.primary - before.primary).toBeGreaterThanOrEqual(writers.length * 3);
        // Caught up again, the writers are read from the replica too.
        await until('the replica to catch up', 30_000, async () => {
          const { rows } = await onReplica.query('SELECT count(*)::int AS n FROM events WHERE uid = ANY($1::int[])', [
            writers.map((writer) => writer.uid),
          ]);
          return rows[0].n === writers.length * 6;
        });
        const caughtUp = await statsReads();
        expect(await roundsSeen(writers[0]!.token)).toBe(6);
        const after = await statsReads();
        expect(after.replica - caughtUp.replica).toBe(1);
        await onReplica.end();
        figures['replica behind the primary'] = {
          readsOfOwnWrite: reads,
          missingTheirOwnWrite: stale,
          roundsNotYetOnTheReplica: behindRounds,
          statsReadsOnReplica: during.replica - before.replica,
          statsReadsOnPrimary: during.primary - before.primary,
        };
      },
    );

    it('a share made through one process notifies through the other: one notification, one mail and one push, though both send', async () => {
      const carol = golfers[2]!;
      const dan = golfers[3]!;
      await acquaint(database.db, carol.uid, [dan.uid]);
      const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      // Dan wants shared rounds by e-mail too (push is on by default).
      const settings = await fetch(`${direct(1)}/v4/account/settings`, {
        method: 'POST',
        headers: as(dan.token),
        body: JSON.stringify({ notify: { ROUND_SHARED: { email: true, push: true }, EVENT_SHARED: { email: true, push: true } } }),
      });
      expect(settings.status, await settings.text()).toBeLessThan(300);
      const pushToken = `cluster-device-${dan.uid}`;
      const device = await fetch(`${direct(1)}/v4/devices?push_token=${pushToken}&platform=android`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dan.token}` },
      });
      expect(device.status, await device.text()).toBeLessThan(300);
      const shared = await fetch(`${direct(0)}/v4/events`, {
        method: 'POST',
        headers: as(carol.token),
        body: JSON.stringify({
          ...loadRound('Shared across processes', '2026-10-05T08:00:00Z'),
          usershares: [{ uid: dan.uid, permissions: 0 }],
          orgshares: [],
        }),
      });
      expect(shared.status, await shared.clone().text()).toBe(200);
      // A write at the other process wakes its mail pump too: both processes try to send.
      await fetch(`${direct(1)}/v4/tags`, { method: 'POST', headers: as(dan.token), body: JSON.stringify({ name: 'Cluster' }) });
      const listed = await until('the notification at the other process', 20_000, async () => {
        const res = await fetch(`${direct(1)}/v4/notifications`, { headers: as(dan.token) });
        const body = (await res.json()) as { notifications: Array<{ title: string }> };
        return body.notifications.length > 0 ? body.notifications : null;
      });
      expect(listed).toHaveLength(1);
      const filesWith = (folder: string, text: string) => {
        const dir = path.join(dataDir, folder);
        if (!existsSync(dir)) return 0;
        return readdirSync(dir).filter((name) => readFileSync(path.join(dir, name), 'utf8').includes(text)).length;
      };
      await until('the mail', 40_000, async () => filesWith('outbox', dan.email) > 0);
      await until('the push', 40_000, async () => filesWith('push-outbox', pushToken) > 0);
      // Both processes had their chance: still one of each.
      await sleep(3_000);
      expect(filesWith('outbox', dan.email)).toBe(1);
      expect(filesWith('push-outbox', pushToken)).toBe(1);
    });

    it('subscription sweeps queued four times, with both processes working the queue: one SUB_EXPIRING notice, one mail', async () => {
      const user = await buildUser(database.db, { first_name: 'Sweep' });
      const subId = await buildSubscription(database.db, { purchaser: user.uid, status: 'ACTIVE_EXPIRING', source: 'OTHER' });
      const end = new Date(Date.now() + 3 * 86_400_000);
      await database.db.update(subscriptions).set({ expires_at: end, renews: false }).where(eq(subscriptions.sub_id, subId));
      // A pg-boss client of its own (no workers, no cron) puts the jobs where both processes' workers look.
      const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, max: 1 });
      await boss.start();
      try {
        const ids: string[] = [];
        for (let i = 0; i < 4; i += 1) ids.push((await boss.send(SUBSCRIPTION_SWEEP, { n: i }))!);
        expect(ids.every(Boolean)).toBe(true);
        await until('the four sweeps to complete', 60_000, async () => {
          const jobs = await Promise.all(ids.map((id) => boss.getJobById(SUBSCRIPTION_SWEEP, id)));
          return jobs.every((job) => job?.state === 'completed');
        });
      } finally {
        await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
      }
      const notices = await database.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.uid, user.uid));
      expect(notices).toEqual([{ type: 'SUB_EXPIRING' }]);
      const mails = () =>
        readdirSync(path.join(dataDir, 'outbox')).filter((name) =>
          readFileSync(path.join(dataDir, 'outbox', name), 'utf8').includes(user.email),
        ).length;
      await until('the notice by mail', 40_000, async () => existsSync(path.join(dataDir, 'outbox')) && mails() > 0);
      await sleep(3_000);
      expect(mails()).toBe(1);
    });

    it('kill -9 of one API process under a mixed load: the balancer moves on, every acknowledged write is stored once, retries with the same key make one row', async () => {
      const victim = clusterFile().api[0]!.pid;
      const killAt = Date.now() + 2_500;
      const killer = sleep(2_500).then(() => process.kill(victim, 'SIGKILL'));
      const result = await runLoad({ baseUrl: balancer(), tokens: golfers.map((g) => g.token), writers: 4, readers: 4, durationMs: 8_000 });
      await killer;
      const summary = summarize(result, { at: killAt });
      figures['kill -9 of one of two API processes'] = summary;
      expect(result.unacknowledged).toBe(0);
      expect(await expectStoredOnce(result)).toBe(0);
      expect(result.acknowledged.length).toBeGreaterThan(10);
      // The dead process is started again and back in the balancer.
      await until('the killed process to be replaced', 60_000, async () => clusterFile().api[0]!.pid !== victim);
      await bothReady();
    });

    it('PostgreSQL connections terminated under load: nothing but 2xx or 503, no write lost, the same processes serving on new connections', async () => {
      const pids = clusterFile().api.map((a) => a.pid);
      const cutAt = Date.now() + 2_000;
      const cutter = sleep(2_000).then(async () => {
        const client = new pg.Client({ connectionString: admin() });
        await client.connect();
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
          dbName,
        ]);
        await client.end();
      });
      const result = await runLoad({ baseUrl: balancer(), tokens: golfers.map((g) => g.token), writers: 4, readers: 4, durationMs: 7_000 });
      await cutter;
      figures['pg_terminate_backend of every connection'] = summarize(result, { at: cutAt });
      expect(result.unacknowledged).toBe(0);
      expect(await expectStoredOnce(result)).toBe(0);
      // Only 2xx and 503 (never another 5xx), and the same processes still serve.
      expect(result.attempts.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      expect(clusterFile().api.map((a) => a.pid)).toEqual(pids);
      await bothReady();
    });

    it.skipIf(!canRestartPostgres)(
      'PostgreSQL restarted: the API answers 503 while it is down and recovers without a restart',
      { timeout: 240_000 },
      async () => {
        const pids = clusterFile().api.map((a) => a.pid);
        const ctl = (action: string) =>
          spawnSync(
            'pg_ctlcluster',
            ['--skip-systemctl-redirect', pgCluster, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
            {
              encoding: 'utf8',
            },
          );
        const headers = { authorization: `Bearer ${golfers[0]!.token}` };
        const stopped = ctl('stop');
        expect(stopped.status, stopped.stderr).toBe(0);
        const downAt = Date.now();
        try {
          // While it is down: 503 in the error shape, from a process or from the balancer once both fail /readyz.
          const answer = await until('a 503 while PostgreSQL is down', 30_000, async () => {
            const res = await fetch(`${balancer()}/v4/account`, { headers });
            return res.status === 503 ? res : null;
          });
          expect(await answer.json()).toMatchObject({ code: expect.stringMatching(/^(DATABASE_UNAVAILABLE|SERVICE_UNAVAILABLE)$/) });
          expect((await fetch(`${direct(0)}/readyz`)).status).toBe(503);
        } finally {
          const started = ctl('start');
          expect(started.status, started.stderr).toBe(0);
        }
        const startedAt = Date.now();
        await until('the API to answer again', 60_000, async () => (await fetch(`${balancer()}/v4/account`, { headers })).status === 200);
        const recoveredMs = Date.now() - startedAt;
        // The same processes: nothing was restarted.
        expect(clusterFile().api.map((a) => a.pid)).toEqual(pids);
        await bothReady();
        const result = await runLoad({
          baseUrl: balancer(),
          tokens: golfers.map((g) => g.token),
          writers: 2,
          readers: 2,
          durationMs: 2_000,
        });
        expect(await expectStoredOnce(result)).toBe(0);
        figures['PostgreSQL restarted'] = {
          ...summarize(result),
          recoveryMs: recoveredMs,
          seconds: Math.round((startedAt - downAt) / 100) / 10,
        };
      },
    );
  },
);
