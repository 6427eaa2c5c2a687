import type { StatName } from '@holeout/golf';
import type { HandicapQuery, HandicapResponse, StatsQuery, SubscriptionBody } from '@holeout/contracts';
import type { AppContext, App } from '../../platform/app-context.ts';
import type { Caller } from '../auth/auth.module.ts';
import { StatsCache } from './stats-cache.ts';
import { StatsRepository } from './stats.repository.ts';
import { statsRoutes } from './stats.routes.ts';
import { StatsService } from './stats.service.ts';

export { resolveBenchmark } from './stats.service.ts';

/**
 * What other modules (the AI coach, reports) may ask of the statistics: one statistic over the
 * rounds the caller may see, as the API answers it (JSON text, per the stats contract), with the
 * same visibility, limits and cache as GET /stats/{name}.
 */
export interface StatsReader {
  stat(caller: Caller, name: StatName, query: StatsQuery): Promise<string>;
  /** Several statistics of one selection, in the order asked: one plan, one cache read, one scoring for those not cached. */
  stats(caller: Caller, names: readonly StatName[], query: StatsQuery): Promise<string[]>;
  /**
   * GET /stats/handicap's answer: each player's World Handicap System index from the rated rounds the
   * caller may see; `history: false` leaves the history out (null) without asking for the caller's plan.
   */
  handicap(caller: Caller, query: HandicapQuery, options?: { history?: boolean }): Promise<HandicapResponse>;
  /** One player's rounds the caller may see (ids and starts, newest first), within whole UTC days `from` to `to` when given. */
  roundsOf(
    caller: Caller,
    player: number,
    period: { from?: string | undefined; to?: string | undefined },
  ): Promise<Array<{ event_id: number; start: string }>>;
}

/** Statistics: GET /stats/{name} for every statistic and the summary. */
export async function registerStatsModule(
  v4: App,
  ctx: AppContext,
  deps: { subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null> },
): Promise<StatsReader> {
  const repository = new StatsRepository(ctx.db);
  const replicaDb = ctx.reads.replicaDatabase;
  const stats = new StatsService({
    repository,
    // A computed body is stored after its answer has gone: the first request for it does not wait for the write.
    cache: new StatsCache(repository, ctx.clock, {
      background: ctx.background,
      onError: (err) => ctx.log.error({ err }, 'storing computed statistics failed'),
    }),
    subscriptionOf: deps.subscriptionOf,
    // Statistics are the heavy reads: with a streaming replica they go there, each reader's own last write permitting.
    routing: ctx.reads,
    // Read ahead only where the read runs beside the plan: on PGlite's one connection it would wait for it, and a cached answer reads nothing.
    readAhead: ctx.dbConcurrent,
    replica: replicaDb ? new StatsRepository(replicaDb) : undefined,
    after: { background: ctx.background, onError: (err) => ctx.log.error({ err }, "storing rounds' scores failed") },
  });
  await v4.register(statsRoutes, { stats, requireUser: ctx.requireUser });
  return stats;
}
