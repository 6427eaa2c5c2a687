import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.ts';

/** The subscription sweep: period ends, SUB_EXPIRING and SUB_EXPIRED (PaymentsService.sweep). */
export const SUBSCRIPTION_SWEEP = 'subscription-sweep';
/** Every minute: a notice goes within a minute of its time. */
const SWEEP_CRON = '* * * * *';

/** One push to one device (a push_deliveries row); retried with backoff. */
export const PUSH_DELIVERY = 'push-delivery';
/** Tries after the first: with backoff from 30 s, about half an hour in all before a push is given up. */
export const PUSH_RETRY_LIMIT = 5;
const PUSH_RETRY_DELAY_SECONDS = 30;

/** One statistics report to build and mail (POST /reports/stats); tried again a few times when it throws. */
export const REPORT_MAIL = 'report-mail';
const REPORT_RETRY_LIMIT = 2;
const REPORT_RETRY_DELAY_SECONDS = 60;

export interface PushDeliveryJob {
  delivery_id: number;
  /** True on the job's last try: a failure then is given up. */
  final: boolean;
}

export interface JobHandlers {
  [SUBSCRIPTION_SWEEP]: () => Promise<unknown>;
  /** Sends one push; a throw makes pg-boss try again later. Absent: this runner works no push jobs. */
  [PUSH_DELIVERY]?: (job: PushDeliveryJob) => Promise<unknown>;
  /** Builds and mails one report (the job's data as queued); a throw makes pg-boss try again later. Absent: this runner works no report jobs. */
  [REPORT_MAIL]?: (data: unknown) => Promise<unknown>;
}

export interface JobRunnerLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** The scheduled and queued work of the API, in PostgreSQL through pg-boss; stopped with the app. */
export interface JobRunner {
  /** Queues a sweep now (after a status change), besides the one every minute. */
  requestSweep(): void;
  /** Queues a push job for each delivery inside the caller's transaction: the jobs exist only if the rows do. */
  enqueuePushDeliveries(tx: Database, deliveryIds: readonly number[]): Promise<void>;
  /** Queues one report to build and mail; resolves once the job is stored. */
  enqueueReportMail(data: object): Promise<void>;
  stop(): Promise<void>;
  /** Jobs not yet started in each queue (for /metrics). */
  queueDepths(): Promise<Record<string, number>>;
  /** pg-boss itself, for the tests. */
  readonly boss: PgBoss;
}

/**
 * Starts pg-boss on the app's own database: natively on PostgreSQL, and on PGlite through its
 * executeSql option on the app's one connection. Several API processes may each start one: pg-boss
 * hands a job to one worker only (SKIP LOCKED), its cron sends each minute's sweep once, and the
 * sweep queue is a singleton queue, so no two sweeps run at once; the sweep's own conditional
 * updates make a notice go once even if they did. Push jobs (one per device and notification) are
 * added in the transaction that records the delivery, and tried again with backoff when they throw.
 */
export async function startJobRunner(options: {
  database: DatabaseHandle;
  handlers: JobHandlers;
  log: JobRunnerLog;
  /** How often workers look for jobs; the tests poll faster. */
  pollingIntervalSeconds?: number;
  /** Schedule the minute cron (the tests send sweeps by hand). */
  schedule?: boolean;
  /** The first retry delay of a push, doubled on each try (the tests shorten it). */
  pushRetryDelaySeconds?: number;
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
  await boss.createQueue(PUSH_DELIVERY, {
    name: PUSH_DELIVERY,
    policy: 'standard',
    retryLimit: PUSH_RETRY_LIMIT,
    retryDelay: options.pushRetryDelaySeconds ?? PUSH_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const sendPush = options.handlers[PUSH_DELIVERY];
  if (sendPush) {
    await boss.work<{ delivery_id: number }>(
      PUSH_DELIVERY,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        await sendPush({ delivery_id: job.data.delivery_id, final: job.retryCount >= job.retryLimit });
      },
    );
  }
  await boss.createQueue(REPORT_MAIL, {
    name: REPORT_MAIL,
    policy: 'standard',
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelay: REPORT_RETRY_DELAY_SECONDS,
    expireInSeconds: 300,
  });
  const mailReport = options.handlers[REPORT_MAIL];
  if (mailReport) {
    await boss.work(REPORT_MAIL, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
      if (job) await mailReport(job.data);
    });
  }
  return {
    boss,
    async enqueueReportMail(data) {
      await boss.send(REPORT_MAIL, data);
    },
    async enqueuePushDeliveries(tx, deliveryIds) {
      if (deliveryIds.length === 0) return;
      await boss.insert(
        deliveryIds.map((delivery_id) => ({ name: PUSH_DELIVERY, data: { delivery_id } })),
        { db: transactionSql(tx) },
      );
    },
    requestSweep() {
      boss
        .send(SUBSCRIPTION_SWEEP, {})
        .catch((error: Error) => options.log.error({ message: error.message }, 'could not queue a subscription sweep'));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
    async queueDepths() {
      const queues = [SUBSCRIPTION_SWEEP, PUSH_DELIVERY, REPORT_MAIL];
      // pg-boss counts the jobs created or waiting for a retry (before 'active').
      const sizes = await Promise.all(queues.map((queue) => boss.getQueueSize(queue)));
      return Object.fromEntries(queues.map((queue, i) => [queue, sizes[i] ?? 0]));
    },
  };
}

/**
 * pg-boss's statements run on a drizzle transaction: its `$n` placeholders become drizzle
 * parameters, so a job is written by the transaction's own connection and commits (or not) with it.
 */
function transactionSql(tx: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks = text.split(/\$(\d+)/);
      const parts: SQL[] = chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${sql.param(values[Number(chunk) - 1] ?? null)}`));
      const result = (await tx.execute(sql.join(parts))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
