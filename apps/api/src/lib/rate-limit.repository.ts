import { and, count, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitHolds, rateLimits } from '../db/schema/index.ts';

/** A transaction, or the database itself outside one. */
export type Tx = Database;

/**
 * The only database code of the rate limiter: `rate_limits` holds per-window counters (mails, 404s) and
 * timestamped failures (throttles) by key; `rate_limit_holds` the attempts in flight.
 */
export class RateLimitRepository {
  constructor(readonly db: Database) {}

  /** Runs `work` in one transaction; the advisory locks it takes are held until it ends. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Takes each key's advisory lock for the rest of the transaction, in the order given. */
  async lockKeys(keys: readonly string[], tx: Tx): Promise<void> {
    for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
  }

  /** Adds one to a key's count in the window starting at `start`; returns the new count. */
  async countEvent(key: string, start: Date, tx: Tx = this.db): Promise<number> {
    const [row] = await tx
      .insert(rateLimits)
      .values({ key, window_start: start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.window_start], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    // Old windows of this key are useless; dropping them here keeps the table small without a job.
    await tx.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.window_start, start)));
    return row?.count ?? 1;
  }

  /**
   * A failure at `at` for a sliding window: counted in the row of that instant (two at the same
   * millisecond share it), and the key's rows at or before `forgetBefore` are dropped.
   */
  async recordFailure(key: string, at: Date, forgetBefore: Date, tx: Tx = this.db): Promise<void> {
    await tx
      .insert(rateLimits)
      .values({ key, window_start: at, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.window_start], set: { count: sql`${rateLimits.count} + 1` } });
    await tx.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.window_start, forgetBefore)));
  }

  /** The failures of a key after `since`, and when the last of them was (null: none). */
  async failuresSince(key: string, since: Date, tx: Tx = this.db): Promise<{ failures: number; last: Date | null }> {
    const [row] = await tx
      .select({ failures: sql<string | null>`sum(${rateLimits.count})`, last: sql<string | Date | null>`max(${rateLimits.window_start})` })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.window_start, since)));
    return { failures: Number(row?.failures ?? 0), last: row?.last ? new Date(row.last) : null };
  }

  /** The key's holds still in flight at `now`; lapsed ones (a crashed process's) are dropped first. */
  async holdsInFlight(key: string, now: Date, tx: Tx): Promise<number> {
    await tx.delete(rateLimitHolds).where(and(eq(rateLimitHolds.key, key), lte(rateLimitHolds.expires_at, now)));
    const [row] = await tx.select({ holds: count() }).from(rateLimitHolds).where(eq(rateLimitHolds.key, key));
    return row?.holds ?? 0;
  }

  /** One hold per key, lapsing at `expiresAt`; returns their ids in the keys' order. */
  async insertHolds(keys: readonly string[], expiresAt: Date, tx: Tx): Promise<number[]> {
    const rows = await tx
      .insert(rateLimitHolds)
      .values(keys.map((key) => ({ key, expires_at: expiresAt })))
      .returning({ hold_id: rateLimitHolds.hold_id });
    return rows.map((r) => r.hold_id);
  }

  async deleteHolds(holdIds: readonly number[], tx: Tx): Promise<void> {
    if (holdIds.length > 0) await tx.delete(rateLimitHolds).where(inArray(rateLimitHolds.hold_id, [...holdIds]));
  }

  /** Forgets every count of the key. */
  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
