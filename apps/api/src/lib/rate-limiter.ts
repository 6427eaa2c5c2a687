import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** A limit: at most `max` counted events per key in each fixed window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Fixed-window counters in PostgreSQL, shared by every API process. `hit` counts an event and
 * returns the new count (the 404 limit); `tryHit` takes a place only while the window has room and
 * `release` gives it back (the account limits, which count failures).
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** Counts one event in the current window and returns the new count. */
  async hit(key: string, limit: RateLimit): Promise<number> {
    return (await this.increment(key, limit, false)) ?? 1;
  }

  /**
   * Takes one place in the current window unless it is full, in one statement, so that a burst of
   * concurrent attempts cannot all read "not full yet" before any of them is counted. Returns
   * whether a place was taken; a full window is left as it is.
   */
  async tryHit(key: string, limit: RateLimit): Promise<boolean> {
    return (await this.increment(key, limit, true)) !== null;
  }

  /** The one upsert behind hit and tryHit: the new count, or null when `onlyBelowMax` found the window full. */
  private async increment(key: string, limit: RateLimit, onlyBelowMax: boolean): Promise<number | null> {
    const start = windowStart(this.clock(), limit.windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, window_start: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.window_start],
        set: { count: sql`${rateLimits.count} + 1` },
        ...(onlyBelowMax ? { setWhere: sql`${rateLimits.count} < ${limit.max}` } : {}),
      })
      .returning({ count: rateLimits.count });
    // Old windows of this key are useless; dropping them here keeps the table small without a job.
    await this.db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.window_start, start)));
    return row?.count ?? null;
  }

  /** Gives back a place taken by tryHit, for limits that count failures only and the attempt succeeded. */
  async release(key: string, limit: RateLimit): Promise<void> {
    const start = windowStart(this.clock(), limit.windowMs);
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.window_start, start), gt(rateLimits.count, 0)));
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
