import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../lib/rate-limiter.ts';
import { postgresRateLimitStore } from './not-found-rate-store.ts';

/** A limiter that records the keys it is asked to count (its counters are another test's). */
function recordingLimiter() {
  const keys: string[] = [];
  const counts = new Map<string, number>();
  const limiter = {
    async hit(key: string) {
      keys.push(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key)!;
    },
    msUntilReset: () => 60_000,
  };
  return { keys, limiter: limiter as unknown as RateLimiter };
}

describe('the PostgreSQL store of @fastify/rate-limit', () => {
  it('counts under readable keys: a route limit under its method and URL, app.rateLimit() under its own key', async () => {
    const { keys, limiter } = recordingLimiter();
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(limiter) });
    app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => 'ok');
    app.get('/own-key', { preHandler: app.rateLimit({ max: 5, timeWindow: 60_000, keyGenerator: () => 'export:7' }) }, async () => 'ok');
    app.get('/by-address', { preHandler: app.rateLimit({ max: 5, timeWindow: 60_000 }) }, async () => 'ok');
    await app.ready();
    for (const url of ['/limited', '/own-key', '/by-address'])
      expect((await app.inject({ url, remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    expect(keys).toEqual(['http:GET /limited:203.0.113.9', 'http:export:7', 'http:203.0.113.9']);
    expect(keys.join(' ')).not.toMatch(/object|undefined/);
    await app.close();
  });
});
