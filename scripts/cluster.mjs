#!/usr/bin/env node
// `npm run cluster`: the production shape on one machine. API_PROCESSES (default 2) API processes on
// one PostgreSQL (DATABASE_URL, default the local server's database `holeout`, created when missing),
// behind HAProxy on PORT (default 3000), which checks each process's /readyz every second, sends a
// request id (X-Request-Id) through, and serves the web app from the processes. It writes
// <DATA_DIR>/cluster.json ({ balancer: { port, pid }, api: [{ port, pid }] }), restarts an API process
// that dies, and on SIGINT or SIGTERM stops everything it started: the API processes first (each
// drains: /readyz answers 503 so HAProxy moves on, then in-flight requests finish), then HAProxy.
// With `--replica` (or CLUSTER_REPLICA=1) it also makes a streaming replica of that PostgreSQL with
// pg_basebackup in <DATA_DIR>/replica, starts it on REPLICA_PORT (default a free port) and gives it to
// the API processes as DATABASE_REPLICA_URL: statistics are read there, each golfer's own last write
// permitting. The replica is stopped last and made afresh on every start.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const processes = Number(env.API_PROCESSES ?? 2);
const dataDir = resolve(env.DATA_DIR ?? './data');
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/holeout';
const haproxy = env.HAPROXY_PATH ?? 'haproxy';
/** How long a stopping process keeps serving while /readyz says 503: HAProxy marks it down after two failed checks a second apart. */
const drainMs = env.SHUTDOWN_DRAIN_MS ?? '3000';
const wantReplica = process.argv.includes('--replica') || ['1', 'true'].includes(env.CLUSTER_REPLICA ?? '');

if (!Number.isInteger(processes) || processes < 1 || processes > 32) {
  console.error(`API_PROCESSES must be a whole number from 1 to 32 (got ${env.API_PROCESSES}).`);
  process.exit(1);
}
const version = spawnSync(haproxy, ['-v'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error(
    'HAProxy is not installed: `npm run cluster` puts HAProxy in front of the API processes.\n' +
      "Install Debian's package: sudo apt-get update && sudo apt-get install -y haproxy (or set HAPROXY_PATH).",
  );
  process.exit(1);
}

/** Creates the database named by DATABASE_URL when it does not exist (the server's `postgres` database is asked). */
async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    console.error(`PostgreSQL at ${url.host} does not answer (${error.message}). Start it, or set DATABASE_URL.`);
    process.exit(1);
  }
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    console.log(`Created the database ${name}.`);
  }
  await client.end();
}

/** The streaming replica, once started: its port, data folder and the tools that stop it. */
let replica = null;

/** Runs a PostgreSQL tool as the user that owns the replica's files: `postgres` when we are root (the server refuses root). */
function runPg(tool, args, options = {}) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : tool;
  const commandArgs = asRoot ? ['-u', 'postgres', '--', tool, ...args] : args;
  return spawnSync(command, commandArgs, { encoding: 'utf8', ...options });
}

/**
 * Makes and starts a streaming replica of DATABASE_URL's server: pg_basebackup (-R writes the standby
 * settings) into <DATA_DIR>/replica, its own small postgresql.conf and pg_hba.conf (Debian keeps the
 * primary's in /etc, which a base backup does not copy), then pg_ctl start. Returns its connection string.
 */
async function startReplica() {
  const url = new URL(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  const major = Math.floor(Number((await client.query('SHOW server_version_num')).rows[0].server_version_num) / 10_000);
  const hbaFile = (await client.query('SHOW hba_file')).rows[0].hba_file;
  await client.end();
  const bin = env.PG_BIN ?? `/usr/lib/postgresql/${major}/bin`;
  for (const tool of ['pg_basebackup', 'pg_ctl']) {
    if (!existsSync(join(bin, tool))) {
      console.error(
        `[cluster] --replica needs ${tool} of PostgreSQL ${major} in ${bin}: sudo apt-get install -y postgresql-${major} (or set PG_BIN).`,
      );
      process.exit(1);
    }
  }
  const dir = resolve(env.REPLICA_DIR ?? join(dataDir, 'replica'));
  const replicaPort = Number(env.REPLICA_PORT ?? (await freePort()));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['postgres:postgres', dir]);
    if (runPg('test', ['-w', dir]).status !== 0) {
      console.error(
        `[cluster] the replica's folder ${dir} is not reachable by the user postgres: set REPLICA_DIR to a folder it can reach.`,
      );
      process.exit(1);
    }
  }
  console.log(`[cluster] making a streaming replica of ${url.host} in ${dir} (pg_basebackup)`);
  const backup = runPg(
    join(bin, 'pg_basebackup'),
    [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ],
    { env: { ...env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) } },
  );
  if (backup.status !== 0) {
    console.error(
      `[cluster] pg_basebackup failed:\n${backup.stderr}\n` +
        `The primary must allow replication connections from this machine: add\n` +
        `  host replication all 127.0.0.1/32 trust\n` +
        `(or scram-sha-256 with a password in DATABASE_URL) to ${hbaFile}, then SELECT pg_reload_conf().`,
    );
    process.exit(1);
  }
  const own = (name, text) => {
    writeFileSync(join(dir, name), text);
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', join(dir, name)]);
  };
  own(
    'postgresql.conf',
    `# Written by scripts/cluster.mjs: a hot standby of ${url.host}; primary_conninfo is in postgresql.auto.conf.\n` +
      `port = ${replicaPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nhot_standby = on\n` +
      `max_connections = 100\nshared_buffers = 128MB\nlogging_collector = off\n`,
  );
  own('pg_hba.conf', 'host all all 127.0.0.1/32 trust\n');
  own('pg_ident.conf', '');
  const started = runPg(join(bin, 'pg_ctl'), ['-D', dir, '-l', join(dir, 'replica.log'), '-w', '-t', '120', 'start']);
  if (started.status !== 0) {
    console.error(`[cluster] the replica did not start:\n${started.stdout}${started.stderr}`);
    process.exit(1);
  }
  const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  replica = { port: replicaPort, pid, dir, bin };
  const replicaUrl = new URL(databaseUrl);
  replicaUrl.hostname = '127.0.0.1';
  replicaUrl.port = String(replicaPort);
  console.log(`[cluster] replica streaming from ${url.host} on 127.0.0.1:${replicaPort} (pid ${pid})`);
  return replicaUrl.toString();
}

function stopReplica() {
  if (!replica) return;
  runPg(join(replica.bin, 'pg_ctl'), ['-D', replica.dir, '-m', 'fast', '-w', 'stop']);
  replica = null;
}
// However this script ends (a thrown error too, short of SIGKILL), the replica it started stops with it.
process.on('exit', stopReplica);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolvePort(free));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ready(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  return false;
}

/** Prefixes each line a child prints with its name. */
function pipeLines(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

let stopping = false;
const api = [];
let balancer = null;
const clusterFile = join(dataDir, 'cluster.json');

function writeClusterFile() {
  const description = {
    balancer: { port, pid: balancer?.pid ?? null },
    api: api.map((p) => ({ port: p.port, pid: p.child?.pid ?? null })),
    ...(replica ? { replica: { port: replica.port, pid: replica.pid } } : {}),
  };
  writeFileSync(clusterFile, `${JSON.stringify(description, null, 2)}\n`);
}

function startApi(slot, seed) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(slot.port),
      DATABASE_URL: databaseUrl,
      ...(replicaUrl ? { DATABASE_REPLICA_URL: replicaUrl } : {}),
      DATA_DIR: dataDir,
      WEB_DIST: env.WEB_DIST ?? join(root, 'apps/web/dist'),
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
      // HAProxy is the one hop in front: the client's address is the last one it adds to X-Forwarded-For.
      TRUST_PROXY: env.TRUST_PROXY ?? '1',
      SHUTDOWN_DRAIN_MS: drainMs,
      // Only the first process seeds, once, before the others start.
      SEED_DEMO: seed ? (env.SEED_DEMO ?? 'true') : 'false',
      // The demo checkout keeps a fake Stripe inside one process, which another cannot answer for.
      DEMO_PAYMENTS: env.DEMO_PAYMENTS ?? 'false',
    },
  });
  slot.child = child;
  const startedAt = Date.now();
  pipeLines(child.stdout, slot.name, process.stdout);
  pipeLines(child.stderr, slot.name, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // A process that dies is started again on its port; HAProxy sends it traffic once /readyz says so.
    // One that dies within a minute of starting waits twice as long each time (0.5 s up to 30 s), so a
    // process that cannot start does not spin.
    slot.quickDeaths = Date.now() - startedAt < 60_000 ? (slot.quickDeaths ?? 0) + 1 : 0;
    const delay = Math.min(30_000, 500 * 2 ** Math.max(0, slot.quickDeaths - 1));
    console.error(`[cluster] ${slot.name} (pid ${child.pid}) ended (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms`);
    setTimeout(() => {
      if (stopping) return;
      startApi(slot, false);
      writeClusterFile();
    }, delay);
  });
}

function haproxyConfig(slots) {
  const servers = slots.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n');
  return `# Written by scripts/cluster.mjs on every start.
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-request 30s
  # A request that could not reach a process, or that a stopping process refused (503), goes to another.
  retries 2
  option redispatch 1
  retry-on conn-failure 503
  option forwardfor
  # When no process can answer (all failing /readyz: the database is down), the API's own error shape.
  errorfile 503 ${join(dataDir, 'haproxy-503.http')}

frontend holeout
  bind ${host}:${port}
  # One id per request, kept when the client sent its own: the API logs it and answers it as X-Request-Id.
  unique-id-format %{+X}o%ci%cp%fp%Ts%rt%pid
  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
  default_backend api

backend api
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${servers}
`;
}

/** Stops everything started; exits 0 on a signal, 1 when the cluster could not start or HAProxy ended. */
async function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping the API processes, then HAProxy`);
  const exits = api.map((s) => (s.child && s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : null)).filter(Boolean);
  for (const s of api) s.child?.kill('SIGTERM');
  await Promise.race([Promise.all(exits), sleep(Number(drainMs) + 25_000)]);
  balancer?.kill('SIGTERM');
  stopReplica();
  rmSync(clusterFile, { force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));

mkdirSync(dataDir, { recursive: true });
// A WEB_DIST given is served as it is (the cluster tests give none); otherwise the web app is built when needed.
if (!env.WEB_DIST) ensureWebBuild();
await ensureDatabase();
const replicaUrl = wantReplica ? await startReplica() : null;
for (let i = 0; i < processes; i += 1) api.push({ name: `api-${i + 1}`, port: await freePort(), child: null });

// The first process migrates and seeds; the others start once it is ready.
startApi(api[0], true);
if (!(await ready(`http://127.0.0.1:${api[0].port}/readyz`, 180_000))) {
  console.error('[cluster] the first API process did not become ready');
  await stop('start failure', 1);
}
for (const slot of api.slice(1)) startApi(slot, false);
for (const slot of api.slice(1)) {
  if (!(await ready(`http://127.0.0.1:${slot.port}/readyz`, 120_000))) {
    console.error(`[cluster] ${slot.name} did not become ready`);
    await stop('start failure', 1);
  }
}

const body = JSON.stringify({ error: 'The service is briefly unavailable. Try again in a moment.', code: 'SERVICE_UNAVAILABLE' });
writeFileSync(
  join(dataDir, 'haproxy-503.http'),
  `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncache-control: no-store\r\nretry-after: 5\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
);
const configFile = join(dataDir, 'haproxy.cfg');
writeFileSync(configFile, haproxyConfig(api));
const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(`[cluster] HAProxy refused its configuration:\n${check.stdout}${check.stderr}`);
  await stop('bad configuration', 1);
}
balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
pipeLines(balancer.stdout, 'haproxy', process.stdout);
pipeLines(balancer.stderr, 'haproxy', process.stderr);
balancer.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`[cluster] HAProxy ended (${signal ?? `exit code ${code}`}); stopping`);
  void stop('haproxy ended', 1);
});
if (!(await ready(`http://127.0.0.1:${port}/readyz`, 30_000))) {
  console.error('[cluster] HAProxy does not answer');
  await stop('start failure', 1);
}
writeClusterFile();
console.log(
  `[cluster] Holeout at http://localhost:${port}: HAProxy in front of ${processes} API processes on ${new URL(databaseUrl).host}` +
    (replica ? `, statistics read from the replica on 127.0.0.1:${replica.port}` : ''),
);
console.log(`[cluster] ${clusterFile}`);
