import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle every repository takes: the same API over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** An open database with the means to migrate and close it, whichever driver is underneath. */
export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** How the job runner (pg-boss) reaches the same database: PGlite's one connection, or its own pool. */
  jobsConnection: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } | { connectionString: string };
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's use (node-postgres); absent for PGlite's single connection. */
  poolUse?: () => { total: number; idle: number; waiting: number };
}

/** Wraps an existing PGlite instance (tests clone one from a migrated template). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    jobsConnection: {
      // pg-boss sends its migrations as one multi-statement text without parameters: exec runs those.
      async executeSql(text: string, values?: unknown[]) {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** SQLSTATEs of a lost connection: class 08 (connection exception), and 57P01-57P03 (the server shut down or is starting). */
const LOST_CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;
/** Socket failures; counted only from the driver (raised by it, or the cause of a failed query), not from other I/O. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * node-postgres's own words for a client whose connection is gone (a rollback after the loss fails with these), and
 * pg-pool's for a connection it could not open within connectionTimeoutMillis.
 */
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * True when an error (or what it wraps: drizzle wraps each failed statement in a DrizzleQueryError
 * whose cause is the driver's error) means the database connection was lost rather than that the
 * statement was wrong: the request can be answered 503 and tried again on a new connection.
 */
export function isConnectionLost(err: unknown): boolean {
  let current: unknown = err;
  let fromDriver = true;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CONNECTION_SQLSTATE.test(code) || (fromDriver && SOCKET_CODES.has(code)))) return true;
    if (LOST_CONNECTION_MESSAGE.test(current.message)) return true;
    // A socket code inside another library's error (a fetch to S3 that failed) is not the database's.
    fromDriver = current instanceof DrizzleQueryError;
    current = current.cause;
  }
  return false;
}

/** Where a lost PostgreSQL connection is reported (server.ts passes the app's log once it exists). */
export interface DatabaseLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const consoleLog: DatabaseLog = {
  warn: (details, message) => console.error(`${message} ${JSON.stringify(details)}`),
};

/**
 * Wraps a node-postgres pool. Every connection the pool opens gets an 'error' listener for its whole
 * life, idle or checked out: a connection the server ends (pg_terminate_backend, a restart, a
 * failover) emits 'error' on its client, and an 'error' event nobody listens to ends the process.
 * The pool listens only while a client is idle, so a client checked out for a transaction (drizzle's
 * transaction takes one with pool.connect()) would otherwise have none. The statement that was
 * running fails on its own (the request answers 503, see isConnectionLost); the broken client is
 * then dropped by the pool on release (node-postgres marks it not queryable) and the next request
 * gets a new connection.
 */
export function pgHandle(pool: pg.Pool, connectionString: string, log: DatabaseLog = consoleLog): DatabaseHandle {
  // node-postgres reports a lost connection twice (the server's message, then the socket's end), on
  // the client and, while it is idle, on the pool too: it is logged once.
  const reported = new WeakSet<pg.ClientBase>();
  const report = (client: pg.ClientBase, err: Error & { code?: string }) => {
    if (reported.has(client)) return;
    reported.add(client);
    log.warn({ code: err.code ?? err.name }, 'PostgreSQL ended a connection; the pool will open another');
  };
  pool.on('connect', (client) => client.on('error', (err) => report(client, err)));
  pool.on('error', (err, client) => report(client, err));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    driver: 'pg',
    jobsConnection: { connectionString },
    async migrate() {
      // Several API processes may start at once against one PostgreSQL: an advisory lock lets one
      // of them migrate while the others wait, instead of racing on the same DDL.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock(7210401)');
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock(7210401)').catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** A node-postgres pool of 10 connections on `connectionString` (the primary, or a replica). */
export function openPostgres(connectionString: string, log?: DatabaseLog): DatabaseHandle {
  return pgHandle(
    new pg.Pool({
      connectionString,
      max: 10,
      // A PostgreSQL that does not answer (restarting, unreachable) fails a request in 5 s with 503 instead of holding it.
      connectionTimeoutMillis: 5_000,
    }),
    connectionString,
    log,
  );
}

/**
 * Opens the database: node-postgres when DATABASE_URL is set, otherwise an embedded PGlite
 * stored in `pgliteDir` (created when missing). `log` hears of connections PostgreSQL ends.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; pgliteDir: string; log?: DatabaseLog }): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.log);
  mkdirSync(options.pgliteDir, { recursive: true });
  return pgliteHandle(new PGlite(options.pgliteDir));
}
