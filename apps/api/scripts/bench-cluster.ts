/**
 * `npm run bench:cluster`: a mixed load through the cluster's balancer (HAProxy), once per process
 * count in BENCH_PROCESSES (default "1,2"), on a throw-away PostgreSQL database of the server in
 * DATABASE_URL (default the local one) seeded with the demo season. Writers post 18-hole rounds
 * with an Idempotency-Key; readers ask for statistics summaries and the event list, as the demo's
 * fourteen golfers. It prints requests per second, p50 and p95 of each kind, errors, and each count's
 * throughput as a ratio to the first, all from one run (the machines are shared; absolute figures
 * move with them).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runLoad, summarize } from './cluster-load.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const counts = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const writers = Number(process.env.BENCH_WRITERS ?? 4);
const readers = Number(process.env.BENCH_READERS ?? 12);
const DEMO = ['player', 'premium', ...Array.from({ length: 12 }, (_, i) => `academy${i + 1}`)].map((n) => `${n}@holeout.demo`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function admin(sql: string): Promise<void> {
  const url = new URL(server);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function benchOnce(processes: number) {
  const name = `holeout_bench_cluster_${processes}_${process.pid}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'holeout-bench-cluster-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/cluster.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_PROCESSES: String(processes),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (let waited = 0; !existsSync(path.join(dataDir, 'cluster.json')); waited += 200) {
      if (child.exitCode !== null || waited > 240_000) throw new Error('the cluster did not start');
      await sleep(200);
    }
    const baseUrl = `http://127.0.0.1:${(JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')) as { balancer: { port: number } }).balancer.port}`;
    const tokens: string[] = [];
    for (const email of DEMO) {
      const res = await fetch(`${baseUrl}/v4/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'holeout-demo' }),
      });
      if (res.status !== 200) throw new Error(`login of ${email}: ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    // Warm-up: the processes' code paths and caches, then the measured run.
    await runLoad({ baseUrl, tokens, writers, readers, durationMs: 3_000 });
    return summarize(await runLoad({ baseUrl, tokens, writers, readers, durationMs: seconds * 1000 }));
  } finally {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([ended, sleep(30_000)]);
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: Array<{ processes: number; figures: Awaited<ReturnType<typeof benchOnce>> }> = [];
for (const processes of counts) {
  console.log(
    `\n${processes} API process${processes === 1 ? '' : 'es'} behind HAProxy: ${writers} writers, ${readers} readers, ${seconds} s`,
  );
  const figures = await benchOnce(processes);
  console.log(JSON.stringify(figures));
  results.push({ processes, figures });
}
const base = results[0]!.figures;
const rate = (f: typeof base) => f.writesPerSecond + f.readsPerSecond;
console.log('\n| API processes | writes/s | reads/s | write p50 / p95 ms | read p50 / p95 ms | errors | throughput vs first |');
console.log('|---|---|---|---|---|---|---|');
for (const { processes, figures: f } of results) {
  console.log(
    `| ${processes} | ${f.writesPerSecond} | ${f.readsPerSecond} | ${f.writeMs.p50} / ${f.writeMs.p95} | ${f.readMs.p50} / ${f.readMs.p95} | ${f.errors} | ${(rate(f) / rate(base)).toFixed(2)}x |`,
  );
}
