import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * What every table of the public schema holds, as one string per table: its row count and an md5
 * of its rows' text, sorted. Two equal digests mean no row was inserted, updated or deleted in
 * between. A test that says "a rejected request changes nothing" compares a digest taken before the
 * request with one taken after it.
 */
export type TableDigest = Record<string, string>;

async function select<T>(db: Database, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** The base tables of the public schema, by name (a new table is in the digest without naming it). */
export async function publicTables(db: Database): Promise<string[]> {
  const rows = await select<{ table_name: string }>(
    db,
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;
const literal = (table: string) => `'${table.replaceAll("'", "''")}'`;

/**
 * One SELECT per table: its row count and an md5 of its rows (each row's text, which is every
 * column, in the order of that text, so the digest does not depend on where rows sit on disk). The
 * SELECTs go as one statement joined by UNION ALL: one round trip rather than one per table, which
 * on PGlite is several times faster.
 */
export async function tableDigest(db: Database, tables: readonly string[]): Promise<TableDigest> {
  if (tables.length === 0) return {};
  const parts = tables.map(
    (table) =>
      `SELECT ${literal(table)} AS name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS state FROM ${quoted(table)} t`,
  );
  const rows = await select<{ name: string; state: string }>(db, parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

/** The tables whose digest differs. */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * The transaction horizon: one past the newest transaction id that has completed, server wide (the
 * xmax of a snapshot). A row is written only by a transaction that holds an id, and completing it
 * moves the horizon past that id; so, read once the writes before it are done, an unchanged horizon
 * means no row changed, in one small query. Transactions of other databases on the same server move
 * it too, which costs a digest, never a wrong answer.
 */
export async function transactionHorizon(db: Database): Promise<string> {
  const [row] = await select<{ x: string }>(db, 'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x');
  return row?.x ?? '';
}

/**
 * Watches the tables across requests: `before()` and `changedSince()` around each request. The
 * digest is taken again only when the transaction horizon moved since the last one (no transaction
 * with a write completed, no row changed), so requests that write nothing cost one small query.
 */
export class TableWatch {
  private digest: TableDigest | null = null;
  private horizon: string | null = null;
  /** Digests computed (the rest were settled by the horizon). */
  digests = 0;

  constructor(
    private readonly db: Database,
    /** The tables compared. */
    readonly tables: readonly string[],
  ) {}

  private async current(): Promise<TableDigest> {
    // The horizon is read first: a write between the two reads moves it again, and the next call digests anew.
    const horizon = await transactionHorizon(this.db);
    if (this.digest !== null && horizon === this.horizon) return this.digest;
    this.digest = await tableDigest(this.db, this.tables);
    this.digests += 1;
    this.horizon = horizon;
    return this.digest;
  }

  /** The state before a request. */
  async before(): Promise<TableDigest> {
    return this.current();
  }

  /** The tables changed since `before` was taken. */
  async changedSince(before: TableDigest): Promise<string[]> {
    return changedTables(before, await this.current());
  }
}
