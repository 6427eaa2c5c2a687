import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

/** Wraps a node-postgres pool. */
export function pgHandle(pool: pg.Pool, connectionString: string): DatabaseHandle {
  // An idle connection the server ends (a restart, a failover, a dropped database) is reported on the
  // pool; unheard, node-postgres would throw it out of the process. The pool opens a new one on demand.
  pool.on('error', (err) =>
    console.error(`PostgreSQL closed an idle connection (${(err as { code?: string }).code ?? err.name}); the pool will open another`),
  );
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
  };
}

/**
 * Opens the database: node-postgres when DATABASE_URL is set, otherwise an embedded PGlite
 * stored in `pgliteDir` (created when missing).
 */
export function openDatabase(options: { databaseUrl?: string | undefined; pgliteDir: string }): DatabaseHandle {
  if (options.databaseUrl) return pgHandle(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }), options.databaseUrl);
  mkdirSync(options.pgliteDir, { recursive: true });
  return pgliteHandle(new PGlite(options.pgliteDir));
}
