import { createHash } from 'node:crypto';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { Lru } from '../../lib/lru.ts';
import type { StatsRepository } from './stats.repository.ts';

/** Rows older than this are pruned; a statistic still asked for is then computed once more. */
export const STATS_CACHE_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The key of what a body was computed from; any change to a part gives another key. */
export function statsCacheKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The body computed for `key`; a computation that left one out is a bug, not a cache miss. */
function bodyOf(bodies: Map<string, string>, key: string): string {
  const body = bodies.get(key);
  if (body === undefined) throw new Error(`statistics cache: nothing computed for ${key}`);
  return body;
}

/** Characters of bodies each process keeps in memory in front of the table (about 64 MB). */
const MEMORY_CHARS = 32_000_000;

/**
 * Computed statistics: the most recently used in this process's memory, all of them in
 * PostgreSQL (stats_cache), shared by every API process and kept across restarts. Concurrent
 * requests for the same key in one process compute it once. A key names everything the body was
 * computed from, so neither layer is ever stale.
 */
export class StatsCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly memory = new Lru<string, string>(MEMORY_CHARS, (body) => body.length);
  private lastPrune = 0;

  constructor(
    private readonly repository: StatsRepository,
    private readonly clock: () => Date = () => new Date(),
    /**
     * Where bodies are stored once computed: after the answer has gone (the app waits for it when it
     * closes), the body already in this process's memory. Without it the answer waits for the store.
     */
    private readonly after?: { background: BackgroundWork; onError: (err: unknown) => void },
  ) {}

  /** The body stored under `key`, or the one `compute` makes (stored for next time). */
  async get(key: string, compute: () => Promise<string>): Promise<string> {
    const [body] = await this.getMany([key], async () => new Map([[key, await compute()]]));
    return body!;
  }

  /**
   * The bodies stored under `keys`, in their order: those in memory, then the rest read from the
   * table in one query, then those still missing (and not being computed by another request) made
   * by one call of `compute`, which answers a body for each key it is given, and stored in one
   * insert. A page's several statistics of one selection cost one round trip each way, not one each.
   */
  async getMany(keys: readonly string[], compute: (missing: string[]) => Promise<Map<string, string>>): Promise<string[]> {
    const found = new Map<string, string | Promise<string>>();
    for (const key of keys) {
      const remembered = this.memory.get(key);
      if (remembered === undefined) continue;
      found.set(key, remembered);
    }
    const unread = keys.filter((key) => !found.has(key));
    if (unread.length > 0) {
      for (const [key, body] of await this.repository.cachedBodies(unread)) {
        this.memory.set(key, body);
        found.set(key, body);
      }
    }
    const missing: string[] = [];
    for (const key of keys) {
      if (found.has(key)) continue;
      const running = this.inFlight.get(key);
      if (running) found.set(key, running);
      else if (!missing.includes(key)) missing.push(key);
    }
    if (missing.length > 0) {
      const work = (async () => {
        const bodies = await compute(missing);
        const store = async () => {
          await this.repository.storeBodies(
            missing.map((key) => ({ key, body: bodyOf(bodies, key) })),
            this.clock(),
          );
          await this.pruneNow();
        };
        if (this.after) {
          // Kept in memory at once, so this process answers the same keys from there while the row is written.
          for (const key of missing) this.memory.set(key, bodyOf(bodies, key));
          this.after.background.run(store, this.after.onError);
        } else {
          await store();
          for (const key of missing) this.memory.set(key, bodyOf(bodies, key));
        }
        return bodies;
      })().finally(() => {
        for (const key of missing) this.inFlight.delete(key);
      });
      for (const key of missing) {
        const one = work.then((bodies) => bodyOf(bodies, key));
        this.inFlight.set(key, one);
        found.set(key, one);
      }
    }
    return Promise.all(keys.map((key) => found.get(key)!));
  }

  /** Deletes rows older than STATS_CACHE_DAYS, at most once an hour per process. */
  private async pruneNow(): Promise<void> {
    const now = this.clock().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.repository.pruneBodiesBefore(new Date(now - STATS_CACHE_DAYS * 86_400_000));
  }
}
