import type { Database } from '../db/client.ts';
import { RateLimitRepository } from './rate-limit.repository.ts';

/** A limit: at most `max` counted events per key in each fixed window of `windowMs` (mails, 404s). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * A failure throttle (wrong passwords and codes): failures are counted in a sliding window of
 * `windowMs` back from now; the first `free` may follow each other at once, and after that each
 * attempt waits after the last failure `firstDelayMs`, doubling with every further failure up to
 * `maxDelayMs` (growing delays rather than a lock-out on clock windows, ASVS 2.2.1).
 */
export interface Throttle {
  windowMs: number;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** How long after the last of `failures` the next attempt must wait under `throttle`. */
export function throttleDelayMs(throttle: Throttle, failures: number): number {
  if (failures < throttle.free) return 0;
  return Math.min(throttle.maxDelayMs, throttle.firstDelayMs * 2 ** Math.min(30, failures - throttle.free));
}

/** The keys of some limits in the one order every transaction locks them in, so two never deadlock. */
function lockOrder(checks: ReadonlyArray<readonly [string, Throttle]>): string[] {
  return [...new Set(checks.map(([key]) => key))].sort();
}

/** The outcome of asking to check a password or code under some failure throttles. */
export type Reservation =
  | { kind: 'held'; holdIds: number[] }
  /** A throttle's delay after the last failure has not passed: refuse, saying how long is left. */
  | { kind: 'locked'; waitMs: number }
  /** Attempts still in flight would use up the free attempts: wait for them to settle, then ask again. */
  | { kind: 'busy'; waitMs: number };

/** How long an in-flight hold counts if its process dies before settling it. */
export const HOLD_LIFETIME_MS = 30_000;

/**
 * Counters in PostgreSQL, shared by every API process. `hit` counts an event in a fixed window and
 * returns the new count (mails sent, 404 answers). Failure throttles (wrong passwords and codes)
 * use `reserve` and `settle`: an attempt holds a place while it is checked and counts only if it fails.
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
   * Asks to check one attempt under each throttle. Under a per-key advisory lock (taken in key
   * order, so two attempts never deadlock) it reads the failures of the sliding window and the holds
   * still in flight: a throttle whose delay after the last failure has not passed is locked; one
   * where the failures and the holds in flight use up the free attempts is busy (their outcome
   * decides the delay); otherwise the attempt takes a hold under every key.
   */
  async reserve(checks: ReadonlyArray<readonly [string, Throttle]>): Promise<Reservation> {
    const now = this.clock();
    return this.repository.transaction(async (tx) => {
      await this.repository.lockKeys(lockOrder(checks), tx);
      let busy: number | null = null;
      let locked = 0;
      for (const [key, throttle] of checks) {
        const { failures, last } = await this.repository.failuresSince(key, new Date(now.getTime() - throttle.windowMs), tx);
        const delay = throttleDelayMs(throttle, failures);
        if (last && delay > 0) locked = Math.max(locked, last.getTime() + delay - now.getTime());
        const inFlight = await this.repository.holdsInFlight(key, now, tx);
        if (inFlight > 0 && failures + inFlight >= throttle.free) busy ??= throttleDelayMs(throttle, failures + inFlight);
      }
      if (locked > 0) return { kind: 'locked', waitMs: locked } as const;
      if (busy !== null) return { kind: 'busy', waitMs: busy } as const;
      const holdIds = await this.repository.insertHolds(
        checks.map(([key]) => key),
        new Date(now.getTime() + HOLD_LIFETIME_MS),
        tx,
      );
      return { kind: 'held', holdIds } as const;
    });
  }

  /**
   * Ends an attempt's holds; a failed attempt counts once under each of its keys. Under the same
   * locks as reserve, so no reservation sees the hold gone before it sees the failure counted.
   */
  async settle(holdIds: readonly number[], checks: ReadonlyArray<readonly [string, Throttle]>, failed: boolean): Promise<void> {
    await this.repository.transaction(async (tx) => {
      await this.repository.lockKeys(lockOrder(checks), tx);
      await this.repository.deleteHolds(holdIds, tx);
      if (!failed) return;
      const now = this.clock();
      for (const [key, throttle] of checks) {
        await this.repository.recordFailure(key, now, new Date(now.getTime() - throttle.windowMs), tx);
      }
    });
  }

  /** Forgets a key's counts, e.g. the failed logins from an address once the owner signs in there. */
  async clear(key: string): Promise<void> {
    await this.repository.clear(key);
  }

  /** Notes that `key` happened now (an address the owner signed in from), forgetting notes older than `keepMs`. */
  async note(key: string, keepMs: number): Promise<void> {
    const now = this.clock();
    await this.repository.recordFailure(key, now, new Date(now.getTime() - keepMs));
  }

  /** Whether `key` was noted within the last `withinMs`. */
  async noted(key: string, withinMs: number): Promise<boolean> {
    const { failures } = await this.repository.failuresSince(key, new Date(this.clock().getTime() - withinMs));
    return failures > 0;
  }

  /** Milliseconds until the current window of `limit` ends. */
  msUntilReset(limit: RateLimit): number {
    const now = this.clock().getTime();
    return windowStart(new Date(now), limit.windowMs).getTime() + limit.windowMs - now;
  }
}
