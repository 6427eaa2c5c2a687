import { and, count, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitHolds, rateLimits } from '../db/schema/index.ts';

/** A limit: at most `max` counted events per key in each fixed window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Adds one to a key's count in the window starting at `start`; returns the new count. */
async function countEvent(db: Database, key: string, start: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.window_start], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  // Old windows of this key are useless; dropping them here keeps the table small without a job.
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.window_start, start)));
  return row?.count ?? 1;
}

/** The keys of some limits in the one order every transaction locks them in, so two never deadlock. */
function lockOrder(checks: ReadonlyArray<readonly [string, RateLimit]>): string[] {
  return [...new Set(checks.map(([key]) => key))].sort();
}

/** The outcome of asking to check a password or code under some failure limits. */
export type Reservation =
  | { kind: 'held'; holdIds: number[] }
  /** A limit has had its failures: refuse until its window ends. */
  | { kind: 'locked'; limit: RateLimit }
  /** Failures and attempts still in flight fill a limit: wait for those to settle, then ask again. */
  | { kind: 'busy'; limit: RateLimit };

/** How long an in-flight hold counts if its process dies before settling it. */
export const HOLD_LIFETIME_MS = 30_000;

/**
 * Fixed-window counters in PostgreSQL, shared by every API process. `hit` counts an event and
 * returns the new count (mails sent, 404 answers). Failure limits (wrong passwords and codes) use
 * `reserve` and `settle`: an attempt holds a place while it is checked and counts only if it fails.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** Counts one event in the current window and returns the new count. */
  async hit(key: string, limit: RateLimit): Promise<number> {
    return countEvent(this.db, key, windowStart(this.clock(), limit.windowMs));
  }

  /**
   * Asks to check one attempt under each failure limit. Under a per-key advisory lock (taken in key
   * order, so two attempts never deadlock) it reads the failures of the current window and the
   * holds still in flight: a limit whose failures are used up is locked; one that failures and
   * holds fill is busy; otherwise the attempt takes a hold in every limit.
   */
  async reserve(checks: ReadonlyArray<readonly [string, RateLimit]>): Promise<Reservation> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      for (const key of lockOrder(checks)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
      let busy: RateLimit | null = null;
      for (const [key, limit] of checks) {
        const start = windowStart(now, limit.windowMs);
        const [failures] = await tx
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(and(eq(rateLimits.key, key), eq(rateLimits.window_start, start)));
        const failed = failures?.count ?? 0;
        if (failed >= limit.max) return { kind: 'locked', limit } as const;
        await tx.delete(rateLimitHolds).where(and(eq(rateLimitHolds.key, key), lte(rateLimitHolds.expires_at, now)));
        const [inFlight] = await tx.select({ holds: count() }).from(rateLimitHolds).where(eq(rateLimitHolds.key, key));
        if (failed + (inFlight?.holds ?? 0) >= limit.max) busy ??= limit;
      }
      if (busy) return { kind: 'busy', limit: busy } as const;
      const expiresAt = new Date(now.getTime() + HOLD_LIFETIME_MS);
      const rows = await tx
        .insert(rateLimitHolds)
        .values(checks.map(([key]) => ({ key, expires_at: expiresAt })))
        .returning({ hold_id: rateLimitHolds.hold_id });
      return { kind: 'held', holdIds: rows.map((r) => r.hold_id) } as const;
    });
  }

  /**
   * Ends an attempt's holds; a failed attempt counts once in each of its limits. Under the same
   * locks as reserve, so no reservation sees the hold gone before it sees the failure counted.
   */
  async settle(holdIds: readonly number[], checks: ReadonlyArray<readonly [string, RateLimit]>, failed: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const key of lockOrder(checks)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
      if (holdIds.length > 0) await tx.delete(rateLimitHolds).where(inArray(rateLimitHolds.hold_id, [...holdIds]));
      if (!failed) return;
      for (const [key, limit] of checks) await countEvent(tx, key, windowStart(this.clock(), limit.windowMs));
    });
  }

  /** Forgets a key's counts, e.g. the failed logins of an account once its owner signs in. */
  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Milliseconds until the current window of `limit` ends. */
  msUntilReset(limit: RateLimit): number {
    const now = this.clock().getTime();
    return windowStart(new Date(now), limit.windowMs).getTime() + limit.windowMs - now;
  }
}
