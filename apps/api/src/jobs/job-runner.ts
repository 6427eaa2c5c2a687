import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/** The subscription sweep: period ends, SUB_EXPIRING and SUB_EXPIRED (PaymentsService.sweep). */
export const SUBSCRIPTION_SWEEP = 'subscription-sweep';
/** Every minute: a notice goes within a minute of its time. */
const SWEEP_CRON = '* * * * *';

export interface JobHandlers {
  [SUBSCRIPTION_SWEEP]: () => Promise<unknown>;
}

export interface JobRunnerLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** The scheduled work of the API, in PostgreSQL through pg-boss; stopped with the app. */
export interface JobRunner {
  /** Queues a sweep now (after a status change), besides the one every minute. */
  requestSweep(): void;
  stop(): Promise<void>;
  /** pg-boss itself, for the tests. */
  readonly boss: PgBoss;
}

/**
 * Starts pg-boss on the app's own database: natively on PostgreSQL, and on PGlite through its
 * executeSql option on the app's one connection. Several API processes may each start one: pg-boss
 * hands a job to one worker only (SKIP LOCKED), its cron sends each minute's sweep once, and the
 * sweep queue is a singleton queue, so no two sweeps run at once; the sweep's own conditional
 * updates make a notice go once even if they did.
 */
export async function startJobRunner(options: {
  database: DatabaseHandle;
  handlers: JobHandlers;
  log: JobRunnerLog;
  /** How often workers look for jobs; the tests poll faster. */
  pollingIntervalSeconds?: number;
  /** Schedule the minute cron (the tests send sweeps by hand). */
  schedule?: boolean;
}): Promise<JobRunner> {
  const connection = options.database.jobsConnection;
  const boss = new PgBoss({
    ...('connectionString' in connection ? { connectionString: connection.connectionString, max: 3 } : { db: connection as PgBoss.Db }),
    schema: 'pgboss',
    // PGlite has one connection, shared with the API: keep pg-boss's own upkeep light there.
    ...(options.database.driver === 'pglite' ? { maintenanceIntervalSeconds: 300 } : {}),
  });
  boss.on('error', (error: Error & { code?: string }) =>
    options.log.error({ code: error.code, message: error.message }, 'job runner error'),
  );
  await boss.start();
  await boss.createQueue(SUBSCRIPTION_SWEEP, {
    name: SUBSCRIPTION_SWEEP,
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 300,
  });
  if (options.schedule !== false) await boss.schedule(SUBSCRIPTION_SWEEP, SWEEP_CRON);
  await boss.work(SUBSCRIPTION_SWEEP, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async () => {
    await options.handlers[SUBSCRIPTION_SWEEP]();
  });
  return {
    boss,
    requestSweep() {
      boss
        .send(SUBSCRIPTION_SWEEP, {})
        .catch((error: Error) => options.log.error({ message: error.message }, 'could not queue a subscription sweep'));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
