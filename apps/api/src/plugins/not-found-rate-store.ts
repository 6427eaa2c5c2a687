import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiter } from '../lib/rate-limiter.ts';

/**
 * A @fastify/rate-limit store over the PostgreSQL counters, so limits such as the one on 404
 * answers hold across every API process rather than per process.
 */
export function postgresRateLimitStore(limiter: RateLimiter, prefix = 'http:'): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    private readonly keyPrefix: string;

    /**
     * @fastify/rate-limit makes the store with its own options (not a prefix) and then a child per
     * limiter, so the prefix is taken only when it is one of ours.
     */
    constructor(keyPrefix?: unknown) {
      this.keyPrefix = typeof keyPrefix === 'string' ? keyPrefix : prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const limit = { max, windowMs: timeWindow };
      limiter
        .hit(this.keyPrefix + key, limit)
        .then((current) => callback(null, { current, ttl: limiter.msUntilReset(limit) }))
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    }

    /**
     * The store of one limiter: a route's own limit is counted under its method and URL; a limiter
     * made with `app.rateLimit()` (no route) under the prefix alone, its key generator naming what it counts.
     */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as the route's options, it is the limiter's merged options, the route under routeInfo ({} for app.rateLimit()).
      const { routeInfo } = options as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
      const route = routeInfo?.url;
      const method = [routeInfo?.method ?? []].flat().join(',');
      return new PostgresStore(route ? `${this.keyPrefix}${method} ${route}:` : this.keyPrefix);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}
