#!/usr/bin/env node
// `npm run bench:api`: how fast the API answers a signed-in read, against a bare Fastify route that
// does the same token-and-user lookup in one SELECT (scripts/bench-api-bare.mjs), measured in one
// run on this machine. Starts the product (apps/api/src/server.ts) on PostgreSQL when DATABASE_URL
// is set (in a fresh database created beside the one it names, dropped afterwards) or on a
// throw-away embedded PGlite otherwise; signs in as the demo player; then loads GET /v4/account and
// GET /bare/account, and the statistics of the demo coach's team (GET /v4/stats/sg and /summary over
// 14 players' seasons; after the first request they come from the statistics cache, whose plan
// check still runs on every request), the premium player's drill library (GET /v4/drills) and one
// team drill's results across the coach's players (GET /v4/drills/results), with autocannon (after a short warm-up of each), 64 connections for 10 s
// each, alternating, twice, and prints
// req/s, p50 and p95 latency and the ratio of the means. BENCH_SECONDS and BENCH_CONNECTIONS
// override the load. Then the statistics report: a 20-round PDF (GET /v4/reports/stats) against
// GET /v4/stats/summary for the same rounds, one request at a time, built afresh (a selection and
// benchmark not asked before; target: the report in at most 3x the summary's time) and asked again
// (from the caches); see benchReport. BENCH_CASE=report runs only that. Last, the uncached statistics
// request for 15 players x 20 rounds beside the golf package scoring the same rounds
// (apps/api/scripts/bench-stats.ts); BENCH_CASE=stats runs only that.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const children = [];
const cleanups = [];
let stopping = false;

function stopAll() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
process.on('exit', stopAll);

/** Starts a node process and resolves once `ready(line)` returns a value for a line of its output. */
function startProcess(args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const value = ready(line);
      if (value !== undefined) resolvePromise(value);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => {
      if (!stopping) reject(new Error(`${args.at(-1)} exited with ${code}`));
    });
  });
}

async function waitForHttp(url) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

async function freshPostgres(url) {
  const name = `holeout_bench_${process.pid}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: admin.toString() });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  });
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

/**
 * The uncached statistics request beside the engine (apps/api/scripts/bench-stats.ts), in its own
 * process and database: 15 players x 20 rounds, GET /v4/stats/sg per benchmark against the golf
 * package scoring the same rounds.
 */
function benchStatsBesideEngine() {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/scripts/bench-stats.ts'], { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`bench-stats.ts exited with ${code}`))));
  });
}

async function main() {
  if (process.env.BENCH_CASE === 'stats') {
    await benchStatsBesideEngine();
    return;
  }
  const databaseUrl = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'holeout-bench-api-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const port = 3900 + (process.pid % 90);
  const productEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    WEB_DIST: join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl ?? '',
  };
  // server.ts logs at warn: nothing on stdout to wait for, so poll the port.
  startProcess(['--import', 'tsx', 'apps/api/src/server.ts'], productEnv, () => undefined).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
  const product = `http://127.0.0.1:${port}`;
  await waitForHttp(`${product}/v4/openapi.json`);
  const login = await fetch(`${product}/v4/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'player@holeout.demo', password: 'holeout-demo' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();

  const bareEnv = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { BARE_PGLITE: '1', BARE_TOKEN_HASH: createHash('sha256').update(token).digest('hex') };
  const barePort = await startProcess(['scripts/bench-api-bare.mjs'], bareEnv, (line) =>
    line.startsWith('LISTENING ') ? Number(line.slice(10)) : undefined,
  );
  const bare = `http://127.0.0.1:${barePort}`;
  if (process.env.BENCH_CASE === 'report') {
    await benchReport(product);
    return;
  }

  // The statistics of a coach's whole team: the demo coach sees 14 players' seasons (293 rounds).
  const coachLogin = await fetch(`${product}/v4/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'coach@holeout.demo', password: 'holeout-demo' }),
  });
  const coachToken = (await coachLogin.json()).token;
  const coachHeaders = { authorization: `Bearer ${coachToken}` };
  const team = new Set();
  for (let start = 0; ; start += 200) {
    const page = await (
      await fetch(`${product}/v4/events?types=ROUND&shared=true&limit=200&start=${start}`, { headers: coachHeaders })
    ).json();
    for (const event of page.events) team.add(event.uid);
    if (page.events.length < 200) break;
  }
  const players = [...team].slice(0, 15).join(',');
  // Practice pages: the premium player's drill library, and one team drill's results across the coach's players.
  const premiumLogin = await fetch(`${product}/v4/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'premium@holeout.demo', password: 'holeout-demo' }),
  });
  const premiumHeaders = { authorization: `Bearer ${(await premiumLogin.json()).token}` };
  const coachDrills = (await (await fetch(`${product}/v4/drills`, { headers: coachHeaders })).json()).drills;
  const teamDrill = coachDrills.find((d) => d.title === 'Academy 50-putt test') ?? coachDrills[0];

  const headers = { authorization: `Bearer ${token}` };
  const targets = [
    { name: 'GET /v4/account (the product)', url: `${product}/v4/account`, headers, runs: [] },
    { name: 'GET /bare/account (one SELECT)', url: `${bare}/bare/account`, headers, runs: [] },
    { name: `GET /v4/stats/sg (${team.size} players)`, url: `${product}/v4/stats/sg?players=${players}`, headers: coachHeaders, runs: [] },
    {
      name: `GET /v4/stats/summary (${team.size} players)`,
      url: `${product}/v4/stats/summary?players=${players}`,
      headers: coachHeaders,
      runs: [],
    },
    { name: 'GET /v4/drills (a library of 10)', url: `${product}/v4/drills`, headers: premiumHeaders, runs: [] },
    {
      name: `GET /v4/drills/results (team drill)`,
      url: `${product}/v4/drills/results?drill_id=${teamDrill.drill_id}&uids=${players}`,
      headers: coachHeaders,
      runs: [],
    },
  ];
  // The first request of each is timed alone: for the statistics that is the cold path (the plan
  // read, the rounds loaded and scored, the body computed and stored), before the cache has it.
  const cold = [];
  for (const target of targets) {
    const started = performance.now();
    const check = await fetch(target.url, { headers: target.headers });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${target.url} answered ${check.status}`);
    cold.push(`${target.name}: ${(performance.now() - started).toFixed(0)} ms`);
  }
  drainUrl = targets[0].url;
  drainHeaders = headers;
  // A short warm-up of each (not counted): the JIT and the connection pools settle first.
  for (const target of targets) {
    await autocannon({ url: target.url, connections, duration: Math.min(3, seconds), headers: target.headers });
    await drain();
  }
  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${connections} connections, ${seconds} s a run, alternating, twice`,
  );
  console.log(`first request of each, alone (the statistics uncached): ${cold.join('; ')}`);
  for (let round = 0; round < 2; round += 1) {
    for (const target of targets) {
      await drain();
      const result = await autocannon({ url: target.url, connections, duration: seconds, headers: target.headers });
      const non2xx = result.non2xx + result.errors + result.timeouts;
      if (non2xx > 0) console.warn(`  (${target.name}: ${non2xx} answers were not 2xx)`);
      target.runs.push({ rps: result.requests.average, p50: result.latency.p50, p95: percentile95(result) });
      const run = target.runs.at(-1);
      console.log(
        `  ${target.name.padEnd(34)} run ${round + 1}: ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p95 ${run.p95} ms`,
      );
    }
  }
  const mean = (runs, key) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
  console.log('');
  for (const target of targets) {
    console.log(
      `${target.name.padEnd(34)} ${mean(target.runs, 'rps').toFixed(0).padStart(6)} req/s  p50 ${mean(target.runs, 'p50').toFixed(1)} ms  p95 ${mean(target.runs, 'p95').toFixed(1)} ms`,
    );
  }
  const ratio = mean(targets[0].runs, 'rps') / mean(targets[1].runs, 'rps');
  console.log(
    `ratio: the product serves ${(ratio * 100).toFixed(0)}% of the bare route's requests per second (target on PostgreSQL: at least 60%)`,
  );
  const accountP95 = mean(targets[0].runs, 'p95');
  for (const target of targets.slice(2)) {
    console.log(`${target.name}: p95 ${(mean(target.runs, 'p95') / accountP95).toFixed(1)}x the account call's (target: at most 3x)`);
  }
  console.log('');
  await benchReport(product);
  console.log('');
  await benchStatsBesideEngine();
}

/**
 * The report case: the premium demo player's 20-round selections, the PDF against the summary of the
 * same rounds, each request alone (a report is one person's download, not a flood), measured twice:
 * - built: every request names a selection and benchmark not asked before (a sliding window of 20 of
 *   the player's rounds, each of the six benchmarks), so both the summary and the report compute
 *   their statistics afresh and the report is laid out anew: what building a report costs. The
 *   target (at most 3x the summary's time) is checked here.
 * - again: the same request repeated, both then served from the statistics cache and the report
 *   from the cache of built reports: what asking twice costs.
 */
async function benchReport(product) {
  const login = await fetch(`${product}/v4/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'premium@holeout.demo', password: 'holeout-demo' }),
  });
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const user = await (await fetch(`${product}/v4/account`, { headers })).json();
  const rounds = (await (await fetch(`${product}/v4/stats/round_sg?players=${user.uid}`, { headers })).json()).rounds;
  const ids = rounds.map((r) => r.event_id);
  const benchmarks = ['TOUR', 'SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED', 'LPGA'];
  // Selections never asked before: each window of 20 consecutive rounds under each benchmark.
  const fresh = [];
  for (let end = ids.length; end >= 20; end -= 1)
    for (const benchmark of benchmarks)
      fresh.push(`players=${user.uid}&benchmark=${benchmark}&rounds=${ids.slice(end - 20, end).join(',')}`);
  const time = async (url) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

  // Built: alternate summary and report, each on its own fresh selection.
  // 5 warm-up requests each, as below.
  const pairs = Math.min(30, Math.floor((fresh.length - 10) / 2));
  if (pairs < 10) throw new Error(`the premium demo player has ${ids.length} rounds: too few fresh 20-round selections`);
  for (let i = 0; i < 5; i += 1) {
    await time(`${product}/v4/stats/summary?${fresh.pop()}`);
    await time(`${product}/v4/reports/stats?${fresh.pop()}`);
  }
  const built = { summary: [], report: [], bytes: [] };
  for (let i = 0; i < pairs; i += 1) {
    built.summary.push((await time(`${product}/v4/stats/summary?${fresh.pop()}`)).ms);
    const report = await time(`${product}/v4/reports/stats?${fresh.pop()}`);
    built.report.push(report.ms);
    built.bytes.push(report.bytes);
  }
  const summaryBuilt = median(built.summary);
  const reportBuilt = median(built.report);
  console.log(`Built afresh (${pairs} requests each, a new selection and benchmark every time):`);
  console.log(`  GET /v4/stats/summary (20 rounds): median ${summaryBuilt.toFixed(1)} ms`);
  console.log(
    `  GET /v4/reports/stats (20 rounds, at most ${(Math.max(...built.bytes) / 1024).toFixed(0)} KB): median ${reportBuilt.toFixed(1)} ms`,
  );
  console.log(`  report: ${(reportBuilt / summaryBuilt).toFixed(1)}x the summary's time (target: at most 3x)`);

  // Again: the latest 20 rounds, 5 warm-up requests then 30 timed.
  const query = `players=${user.uid}&rounds=${ids.slice(-20).join(',')}`;
  const again = async (url) => {
    const times = [];
    for (let i = 0; i < 35; i += 1) {
      const { ms } = await time(url);
      if (i >= 5) times.push(ms);
    }
    return median(times);
  };
  const summaryAgain = await again(`${product}/v4/stats/summary?${query}`);
  const reportAgain = await again(`${product}/v4/reports/stats?${query}`);
  console.log('Asked again (30 requests each of one selection, from the caches):');
  console.log(`  GET /v4/stats/summary (20 rounds): median ${summaryAgain.toFixed(1)} ms`);
  console.log(`  GET /v4/reports/stats (20 rounds): median ${reportAgain.toFixed(1)} ms`);
  console.log(`  report: ${(reportAgain / summaryAgain).toFixed(1)}x the summary's time`);
}

let drainUrl = '';
let drainHeaders = {};

/**
 * Waits until the product has finished what the last run left queued (a statistics run leaves a
 * minute of scoring behind it): until a signed-in read answers within 20 ms three times running,
 * for at most 60 s. Otherwise the next run would measure the leftovers.
 */
async function drain() {
  let quick = 0;
  const giveUpAt = Date.now() + 60_000;
  while (quick < 3 && Date.now() < giveUpAt) {
    const started = performance.now();
    await fetch(drainUrl, { headers: drainHeaders }).then((r) => r.arrayBuffer());
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** autocannon reports p90 and p97.5 but not p95: interpolate between them. */
function percentile95(result) {
  const { p90, p97_5: p975 } = result.latency;
  return Number((p90 + ((p975 - p90) * (95 - 90)) / (97.5 - 90)).toFixed(1));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopAll();
    await new Promise((r) => setTimeout(r, 500));
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    process.exit();
  });
