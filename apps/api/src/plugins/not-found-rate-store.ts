import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiter } from '../lib/rate-limiter.ts';

/**
 * A @fastify/rate-limit store over the PostgreSQL counters, so limits such as the one on 404
 * answers hold across every API process rather than per process.
 */
export function postgresRateLimitStore(limiter: RateLimiter, prefix = 'http:'): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(private readonly keyPrefix: string = prefix) {}

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

    child(routeOptions: { path: string; prefix: string }): FastifyRateLimitStore {
      return new PostgresStore(`${this.keyPrefix}${routeOptions.path}:`);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}
