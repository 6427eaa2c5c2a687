import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { App, AppContext } from '../../platform/app-context.ts';
import { HealthRepository } from './health.repository.ts';

/** How long /readyz waits for the database before calling it unreachable. */
const DATABASE_CHECK_MS = 2_000;

/** The migrations this build carries (drizzle's journal); /readyz wants at least as many applied. */
function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Whether this process takes new requests: server.ts sets `draining` on SIGTERM so the balancer moves on first. */
export class Readiness {
  draining = false;
}

const ok = { status: 'ok' } as const;

/**
 * The balancer's and the operator's view of a process, at the root beside /v4, without auth and
 * without a log line per call (a balancer asks every second):
 * - GET /healthz: 200 while the process runs (its event loop answers);
 * - GET /readyz: 200 when it should get traffic (the database answers within 2 s, every migration
 *   of this build is applied, and it is not shutting down), 503 otherwise with the reason;
 * - GET /metrics: the Prometheus metrics, only with `Authorization: Bearer <METRICS_TOKEN>` (401
 *   otherwise), and 404 when no token is configured, so they are never public.
 */
export async function registerHealthModule(app: App, ctx: AppContext, deps: { readiness: Readiness; metrics: Metrics }): Promise<void> {
  const expectedMigrations = migrationsInBuild();
  const repository = new HealthRepository(ctx.db);
  let migrationsApplied = false;
  const notReady = (reason: string) => ({ status: 'unavailable', reason });

  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok;
  });

  app.get('/readyz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (deps.readiness.draining) return reply.code(503).send(notReady('shutting down'));
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer in time')), DATABASE_CHECK_MS);
      });
      if (migrationsApplied) {
        await Promise.race([repository.ping(), timeout]);
      } else {
        // Applied migrations never go away, so once all are there only the connection is checked.
        const applied = await Promise.race([repository.appliedMigrations(), timeout]);
        if (applied < expectedMigrations) return reply.code(503).send(notReady(`migrations applied: ${applied} of ${expectedMigrations}`));
        migrationsApplied = true;
      }
      return ok;
    } catch {
      return reply.code(503).send(notReady('database unreachable'));
    } finally {
      clearTimeout(timer);
    }
  });

  const token = ctx.config.metricsToken ? Buffer.from(`Bearer ${ctx.config.metricsToken}`) : null;
  app.get('/metrics', { logLevel: 'silent', schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) throw notFound('No such path: GET /metrics');
    const given = Buffer.from(request.headers.authorization ?? '');
    // Compared in constant time, so the token cannot be guessed a character at a time.
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new ApiError(401, 'UNAUTHORIZED', 'The metrics need their bearer token.');
    }
    return reply.type(deps.metrics.contentType).send(await deps.metrics.text());
  });
}
