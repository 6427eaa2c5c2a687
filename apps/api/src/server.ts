import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, openPostgres, type DatabaseLog } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { createMailer } from './integrations/mail/create-mailer.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { PUSH_DELIVERY, REPORT_MAIL, startJobRunner, SUBSCRIPTION_SWEEP, type JobRunner } from './jobs/job-runner.ts';

/** Starts the product: migrate, seed on first start, serve /v4 and the web app, stop cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The database and the mailer log through the app's logger, which exists only once the app is built.
  const appLog: { current?: FastifyBaseLogger } = {};
  const databaseLog: DatabaseLog = {
    warn: (details, message) => (appLog.current ? appLog.current.warn(details, message) : console.error(message, details)),
  };
  const database = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, log: databaseLog });
  await database.migrate();
  // A replica is only read (the statistics); its migrations arrive by replication.
  const replica = config.databaseReplicaUrl ? openPostgres(config.databaseReplicaUrl, databaseLog) : null;
  const mailer = createMailer(config, { info: (details, message) => appLog.current?.info(details, message) });
  const app = await buildApp({ config, db: database.db, dbDriver: database.driver, mailer, ...(replica ? { replica: replica.db } : {}) });
  appLog.current = app.log;
  const seedingStarted = performance.now();
  if (config.seedDemo && (await seedDemoData(database.db, createPasswordHasher()))) {
    const seconds = ((performance.now() - seedingStarted) / 1000).toFixed(1);
    app.log.info({ seconds }, 'seeded demo accounts and their season (player@, premium@, coach@holeout.demo; password holeout-demo)');
  }
  app.log.info({ driver: database.driver, dataDir: config.dataDir, mail: config.smtpUrl ? 'smtp' : config.outboxDir }, 'database ready');

  if (database.poolUse) app.metrics.useSources({ poolUse: database.poolUse });

  let jobs: JobRunner | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // First /readyz answers 503, so a balancer checking it moves new requests to the other processes;
    // then this one stops taking requests, finishes those in flight, stops its jobs and releases the database.
    app.readiness.draining = true;
    const timer = setTimeout(() => process.exit(1), config.shutdownDrainMs + 20_000);
    timer.unref();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    try {
      app.push.useQueue(null);
      app.reports.useQueue(null);
      await jobs?.stop();
      await app.close();
      await mailer.close?.();
      await replica?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.notifier.start();
  if (config.jobs) {
    jobs = await startJobRunner({
      database,
      handlers: {
        [SUBSCRIPTION_SWEEP]: async () => {
          const swept = await app.payments.sweep();
          // The notices' e-mail copies go now rather than at the pump's next round.
          if (swept.expiring_notices + swept.expired_notices > 0) app.notifier.kick();
        },
        [PUSH_DELIVERY]: (job) => app.push.send(job),
        [REPORT_MAIL]: (data) => app.reports.mail(data),
      },
      log: app.log,
    });
    const runner = jobs;
    app.metrics.useSources({ queueDepths: () => runner.queueDepths() });
    app.payments.onStatusChange = () => runner.requestSweep();
    // Push goes through this process's job queue from now on; notifications waiting for it go now.
    app.push.useQueue(runner);
    // Mailed reports are queued here from now on.
    app.reports.useQueue(runner);
    app.notifier.kick();
    app.log.info(
      { payments: config.payments.stripe ? 'stripe' : config.payments.demo ? 'demo' : 'off', iaptic: config.payments.iaptic !== null },
      'jobs running',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
