// The uncached statistics request beside the engine, in one run (part of `npm run bench:api`, or alone:
// `npx tsx apps/api/scripts/bench-stats.ts`). A coach and 15 players, each with 20 simulated 18-hole rounds
// shared with the coach, on a throw-away database (PostgreSQL beside DATABASE_URL when it is set,
// otherwise PGlite). Five times, a fresh API (nothing in its memory), warmed on other calls, is asked
// GET /v4/stats/sg?players=<the 15> for a benchmark no earlier request used (no cache has the answer),
// timed over HTTP at a client in a worker thread (its own event loop, as a phone's); beside it the golf package scores the same 300 rounds (prepareStats and
// the sg statistic, the rounds already in memory in the shape the engine reads; the median of 5 runs).
// Prints each first request's ratio and their median (target: at most 3): one first request alone swings
// with the garbage collector on a shared machine. The rounds are posted through the API, which stores
// each round's strokes gained against every level as it saves it (round_scores), so the first request
// adds those up. Then the same first request with the stored scores and computed bodies dropped (scored
// from the shots, as for rounds saved before the scores were stored), a later uncached request in the
// same process, and a cached one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BENCHMARK_LEVELS, prepareStats, simulateRound, STAT_FUNCTIONS, type BenchmarkLevel } from '@holeout/golf';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { DEMO_COURSES } from '../src/db/demo-season.ts';
import { createOutboxMailer } from '../src/integrations/mail/outbox-mailer.ts';
import { AuthRepository } from '../src/modules/auth/auth.module.ts';
import { StatsRepository } from '../src/modules/stats/stats.repository.ts';
import { roundScores, statsCache } from '../src/db/schema/index.ts';
import { acquaint, buildUser } from '../src/test/factories.ts';

const PLAYERS = 15;
const ROUNDS_EACH = 20;
const LEVELS: BenchmarkLevel[] = ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function throwAwayDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(tmpdir(), 'holeout-bench-stats-'));
    return { handle: openDatabase({ pgliteDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `holeout_bench_stats_${process.pid}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    handle: openDatabase({ databaseUrl: url.toString(), pgliteDir: '' }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The API on the bench database, listening on a free port; `fresh` as a new process would be (nothing in memory). */
async function startApi(handle: DatabaseHandle, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), JOBS: 'false' });
  const app = await buildApp({
    config,
    db: handle.db,
    dbDriver: handle.driver,
    mailer: createOutboxMailer({ outboxDir: config.outboxDir, from: config.mailFrom }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v4` };
}

/**
 * The client the API's answers are timed at: a worker thread with its own event loop, as a phone
 * would be. A client in the API's own thread would count, as the answer's time, work the API does
 * after the answer has been sent (a computed body stored, a round's scores written), which delays
 * only its reading of the answer.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, headers }) => {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers });
    const body = await res.text();
    parentPort.postMessage({ status: res.status, body, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ status: 0, body: String(error), ms: 0 });
  }
});`;
const client = new Worker(CLIENT, { eval: true });
client.unref();

/** GET `url` from the client thread: the status, the body and the time from asking to the body's last byte. */
function timedGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve) => {
    client.once('message', resolve);
    client.postMessage({ url, headers });
  });
}

/** Warms a process (JIT, pools, the client's connection) on other calls: the coach's account and own (empty) statistics. */
async function warm(base: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    await timedGet(`${base}/account`, headers);
    await timedGet(`${base}/stats/summary`, headers);
  }
}

async function main(): Promise<void> {
  const { handle, drop } = await throwAwayDatabase();
  await handle.migrate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'holeout-bench-stats-data-'));
  let { app, base } = await startApi(handle, dataDir);
  try {
    const auth = new AuthRepository(handle.db, () => new Date());
    const coach = await buildUser(handle.db, { first_name: 'Bench', last_name: 'Coach' });
    const coachToken = await auth.issueToken(coach.uid);
    const players: number[] = [];
    for (let p = 0; p < PLAYERS; p += 1) {
      const player = await buildUser(handle.db, { first_name: `Player${p}`, last_name: 'Bench' });
      await acquaint(handle.db, player.uid, [coach.uid]);
      const token = await auth.issueToken(player.uid);
      for (let r = 0; r < ROUNDS_EACH; r += 1) {
        const round = simulateRound({
          course: DEMO_COURSES[(p + r) % DEMO_COURSES.length]!,
          benchmark: LEVELS[p % LEVELS.length]!,
          seed: p * 1000 + r,
        });
        const day = new Date(Date.UTC(2026, 3, 1 + r, 8 + (p % 8))).toISOString();
        const res = await fetch(`${base}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Round ${r + 1}`,
            start: day,
            end: day,
            event_type: 'ROUND',
            round: { course: round.course, units: round.units, holes: round.holes },
            usershares: [{ uid: coach.uid, permissions: 0 }],
            orgshares: [],
          }),
        });
        if (res.status !== 200) throw new Error(`saving a round failed: ${res.status} ${await res.text()}`);
      }
      players.push(player.uid);
    }
    const statsUrl = (benchmark: string) => `${base}/stats/sg?players=${players.join(',')}&benchmark=${benchmark}`;
    const headers = { authorization: `Bearer ${coachToken}` };
    await warm(base, headers);
    // The same rounds in the engine's shape, loaded once and not timed.
    const repository = new StatsRepository(handle.db);
    const plan = await repository.statsPlan(
      coach.uid,
      { owners: players, players },
      { maxCandidates: 3000, maxPlayers: 15, maxRounds: 300 },
    );
    const eventIds = plan.kept.map(([eventId]) => eventId);
    const rounds = await repository.roundsForStatistics({ eventIds }, eventIds.length);
    if (rounds.length !== PLAYERS * ROUNDS_EACH)
      throw new Error(`expected ${PLAYERS * ROUNDS_EACH} rounds, the plan kept ${rounds.length}`);
    // The engine once before timing, as the API process has been warmed.
    STAT_FUNCTIONS.sg(prepareStats(rounds, { benchmark: 'LPGA' }));

    const engineMedian = (benchmark: BenchmarkLevel) => {
      // The engine's time is the median of 5 runs: one run swings with the garbage collector.
      const runs: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const engineStarted = performance.now();
        STAT_FUNCTIONS.sg(prepareStats(rounds, { benchmark }));
        runs.push(performance.now() - engineStarted);
      }
      return median(runs);
    };

    // The first request of a process, five times: each time a fresh API (nothing in its memory: no
    // plan, no rounds read), warmed on other calls, asked for a benchmark no earlier request used
    // (so no cache has its answer), beside the engine on the same rounds.
    const firsts: Array<{ benchmark: string; apiMs: number; engineMs: number }> = [];
    for (const benchmark of BENCHMARK_LEVELS.slice(0, 5)) {
      await app.close();
      ({ app, base } = await startApi(handle, dataDir));
      await warm(base, headers);
      const { status, body, ms: apiMs } = await timedGet(statsUrl(benchmark), headers);
      if (status !== 200) throw new Error(`GET /stats/sg answered ${status}: ${body}`);
      firsts.push({ benchmark, apiMs, engineMs: engineMedian(benchmark) });
    }
    const firstRatio = median(firsts.map((row) => row.apiMs / row.engineMs));

    // The same first request for rounds with no stored scores (written before the API stored them, or
    // under other definitions of the statistics): scored from their shots, as a custom target always is.
    // The rounds' scores and the computed bodies are dropped first, so the request finds neither.
    const fromShots: Array<{ benchmark: string; apiMs: number; engineMs: number }> = [];
    for (const benchmark of BENCHMARK_LEVELS.slice(0, 3)) {
      await app.close();
      await handle.db.delete(roundScores);
      await handle.db.delete(statsCache);
      ({ app, base } = await startApi(handle, dataDir));
      await warm(base, headers);
      const { status, body, ms: apiMs } = await timedGet(statsUrl(benchmark), headers);
      if (status !== 200) throw new Error(`GET /stats/sg answered ${status}: ${body}`);
      fromShots.push({ benchmark, apiMs, engineMs: engineMedian(benchmark) });
      // The request stores the rounds' scores after its answer: the next fresh process adds them up again.
      await app.background.settled();
    }

    // Later requests in the same process: the last benchmark (unasked so far) and those asked again under other custom settings.
    const rows: Array<{ benchmark: string; apiMs: number; engineMs: number }> = [];
    for (const benchmark of BENCHMARK_LEVELS.slice(5)) {
      const { status, body, ms: apiMs } = await timedGet(statsUrl(benchmark), headers);
      if (status !== 200) throw new Error(`GET /stats/sg answered ${status}: ${body}`);
      rows.push({ benchmark, apiMs, engineMs: engineMedian(benchmark) });
    }
    const { ms: cachedMs } = await timedGet(statsUrl('SCRATCH'), headers);
    const line = (row: { benchmark: string; apiMs: number; engineMs: number }) =>
      `  ${row.benchmark.padEnd(8)} API ${row.apiMs.toFixed(1).padStart(6)} ms   engine ${row.engineMs.toFixed(1).padStart(6)} ms   ${(row.apiMs / row.engineMs).toFixed(2)}x`;
    console.log(
      `the first GET /v4/stats/sg of a fresh API process, ${PLAYERS} players x ${ROUNDS_EACH} rounds (${handle.driver}), beside the engine on the same rounds:`,
    );
    for (const row of firsts) console.log(line(row));
    console.log(`  median ${firstRatio.toFixed(2)}x (target at most 3x)`);
    console.log('the same, for rounds with no stored scores (scored from their shots, as a custom target always is):');
    for (const row of fromShots) console.log(line(row));
    console.log(`  median ${median(fromShots.map((row) => row.apiMs / row.engineMs)).toFixed(2)}x`);
    console.log('a later uncached request in the same process:');
    for (const row of rows) console.log(line(row));
    console.log(`cached: ${cachedMs.toFixed(1)} ms`);
  } finally {
    await app.close();
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
