import type { Database } from '../db/client.ts';
import { RateLimitRepository } from './rate-limit.repository.ts';

/** A limit: at most `max` counted events per key in each fixed window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
  private readonly repository: RateLimitRepository;

  /** Over the database given, or over a repository built on it. */
  constructor(
    store: Database | RateLimitRepository,
    private readonly clock: () => Date,
  ) {
    this.repository = store instanceof RateLimitRepository ? store : new RateLimitRepository(store);
  }

  /** Counts one event in the current window and returns the new count. */
  async hit(key: string, limit: RateLimit): Promise<number> {
    return this.repository.countEvent(key, windowStart(this.clock(), limit.windowMs));
  }

  /**
   * Asks to check one attempt under each failure limit. Under a per-key advisory lock (taken in key
   * order, so two attempts never deadlock) it reads the failures of the current window and the
   * holds still in flight: a limit whose failures are used up is locked; one that failures and
   * holds fill is busy; otherwise the attempt takes a hold in every limit.
   */
  async reserve(checks: ReadonlyArray<readonly [string, RateLimit]>): Promise<Reservation> {
    const now = this.clock();
    return this.repository.transaction(async (tx) => {
      await this.repository.lockKeys(lockOrder(checks), tx);
      let busy: RateLimit | null = null;
      for (const [key, limit] of checks) {
        const failed = await this.repository.countIn(key, windowStart(now, limit.windowMs), tx);
        if (failed >= limit.max) return { kind: 'locked', limit } as const;
        const inFlight = await this.repository.holdsInFlight(key, now, tx);
        if (failed + inFlight >= limit.max) busy ??= limit;
      }
      if (busy) return { kind: 'busy', limit: busy } as const;
      const holdIds = await this.repository.insertHolds(
        checks.map(([key]) => key),
        new Date(now.getTime() + HOLD_LIFETIME_MS),
        tx,
      );
      return { kind: 'held', holdIds } as const;
    });
  }

  /**
   * Ends an attempt's holds; a failed attempt counts once in each of its limits. Under the same
   * locks as reserve, so no reservation sees the hold gone before it sees the failure counted.
   */
  async settle(holdIds: readonly number[], checks: ReadonlyArray<readonly [string, RateLimit]>, failed: boolean): Promise<void> {
    await this.repository.transaction(async (tx) => {
      await this.repository.lockKeys(lockOrder(checks), tx);
      await this.repository.deleteHolds(holdIds, tx);
      if (!failed) return;
      for (const [key, limit] of checks) await this.repository.countEvent(key, windowStart(this.clock(), limit.windowMs), tx);
    });
  }

  /** Forgets a key's counts, e.g. the failed logins of an account once its owner signs in. */
  async clear(key: string): Promise<void> {
    await this.repository.clear(key);
  }

  /** Milliseconds until the current window of `limit` ends. */
  msUntilReset(limit: RateLimit): number {
    const now = this.clock().getTime();
    return windowStart(new Date(now), limit.windowMs).getTime() + limit.windowMs - now;
  }
}
