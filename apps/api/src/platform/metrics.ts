import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { PushSender } from '../integrations/push/push-sender.ts';

/** What server.ts reports of the process's surroundings when /metrics is read. */
export interface MetricsSources {
  /** The PostgreSQL pool's connections (absent on PGlite's single connection). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** Jobs waiting per queue (pg-boss), when this process runs the jobs. */
  queueDepths?: () => Promise<Record<string, number>>;
}

/**
 * The process's Prometheus metrics, one registry per app: requests by route (the route's pattern,
 * never the URL, so ids do not make new series), their latency, the database pool, the job queues,
 * and what became of each mail and push. GET /metrics serves them in the text format.
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources = {};
  private readonly requests = new Counter({
    name: 'holeout_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'holeout_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    // From a cached statistic (a few ms) to a report or an export (seconds).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly mails = new Counter({
    name: 'holeout_mail_messages_total',
    help: 'Mails handed to the mailer, by purpose and outcome (sent, failed).',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly pushes = new Counter({
    name: 'holeout_push_deliveries_total',
    help: 'Pushes handed to a provider, by platform and outcome (sent, unregistered, failed).',
    labelNames: ['platform', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly statsReads = new Counter({
    name: 'holeout_stats_reads_total',
    help: "Statistics reads by the database they were sent to: replica, or primary (no replica, or it had not replayed the reader's last write); a read the replica failed is counted again as primary.",
    labelNames: ['target'] as const,
    registers: [this.registry],
  });

  /** `processMetrics`: also Node's own figures (CPU, memory, event-loop lag, GC), only when /metrics is served. */
  constructor(options: { processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'holeout_' });
    const sources = () => this.sources;
    new Gauge({
      name: 'holeout_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for a connection).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const use = sources().poolUse?.();
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'holeout_job_queue_depth',
      help: 'Jobs waiting in each queue (pg-boss), as seen by this process.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const depths = await sources().queueDepths?.();
        if (!depths) return;
        for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
      },
    });
  }

  /** server.ts tells where the pool and the queues are once they exist. */
  useSources(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  countStatsRead(target: 'replica' | 'primary'): void {
    this.statsReads.inc({ target });
  }

  /** The mailer, counting what became of each mail. */
  countMail(mailer: Mailer): Mailer {
    const mails = this.mails;
    return {
      ...(mailer.close ? { close: () => mailer.close!() } : {}),
      async send(message) {
        try {
          await mailer.send(message);
          mails.inc({ purpose: message.purpose, outcome: 'sent' });
        } catch (error) {
          mails.inc({ purpose: message.purpose, outcome: 'failed' });
          throw error;
        }
      },
    };
  }

  /** The push sender, counting what became of each push. */
  countPush(sender: PushSender): PushSender {
    const pushes = this.pushes;
    return {
      async send(message) {
        try {
          const outcome = await sender.send(message);
          pushes.inc({ platform: message.platform, outcome });
          return outcome;
        } catch (error) {
          pushes.inc({ platform: message.platform, outcome: 'failed' });
          throw error;
        }
      },
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
