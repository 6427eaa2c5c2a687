import type { Database } from '../../db/client.ts';
import { PushFailure, type PushMessage, type PushSender } from '../../integrations/push/push-sender.ts';
import type { NotificationChannel, PendingNotification, Recipient } from './notification-channel.ts';
import type { ClaimedPush, PushRepository } from './push.repository.ts';

/** The job queue pushes go through (the job runner): jobs added inside the caller's transaction. */
export interface PushQueue {
  enqueuePushDeliveries(tx: Database, deliveryIds: readonly number[]): Promise<void>;
}

/** One job of the queue: send one delivery. `final` is true on the job's last try. */
export interface PushJob {
  delivery_id: number;
  final: boolean;
}

export interface PushLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** How long a claimed delivery is held before another try may take it (a process died mid-send). */
const CLAIM_MS = 2 * 60_000;

/** Thrown to the job queue so it tries again later (with backoff); holds no token. */
export class PushRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushRetry';
  }
}

/**
 * Push notifications to a user's devices, in two steps.
 *
 * The channel (the notifier's pump, for each notification whose type has push on): in one
 * transaction, a push_deliveries row for each of the user's devices, unique per (notification,
 * device), and one job per new row in the job queue. A fan-out that runs twice (two processes, a
 * lapsed claim) finds the rows and queues nothing, so each device gets one job per notification.
 * Without a queue in this process (JOBS=false) the channel is not ready and the notifications stay
 * pending for a process that has one.
 *
 * The job (`deliver`): claims its row, sends through the platform's provider, and records it:
 * 'sent'; the device deleted when the provider calls the token unregistered; back to 'queued' and
 * thrown for the queue's retry with backoff on a failure worth another try; 'failed' on the last
 * try or a refusal for good. Log lines carry ids, the platform and status codes, never a token or
 * an address.
 */
export class PushChannel implements NotificationChannel {
  readonly name = 'push';
  readonly setting = 'push';
  private queue: PushQueue | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      repository: PushRepository;
      sender: PushSender;
      clock: () => Date;
      log: PushLog;
    },
  ) {}

  /** The job queue of this process; until it is set, notifications wait for push. */
  useQueue(queue: PushQueue | null): void {
    this.queue = queue;
  }

  ready(): boolean {
    return this.queue !== null;
  }

  reaches(): boolean {
    return true;
  }

  async deliver(notification: PendingNotification, recipient: Recipient): Promise<void> {
    const queue = this.queue;
    if (!queue) throw new Error('no job queue for push in this process');
    await this.deps.db.transaction(async (tx) => {
      const deliveryIds = await this.deps.repository.insertDeliveries(tx, notification.notify_id, recipient.uid);
      if (deliveryIds.length > 0) await queue.enqueuePushDeliveries(tx, deliveryIds);
    });
  }

  /** Sends one delivery (a job of the queue). Throws PushRetry for the queue to try again later. */
  async send(job: PushJob): Promise<void> {
    const { repository, sender, clock, log } = this.deps;
    const now = clock();
    const push = await repository.claim(job.delivery_id, now, new Date(now.getTime() + CLAIM_MS));
    if (!push) return;
    const details = { delivery_id: push.delivery_id, notify_id: push.notify_id, platform: push.platform, attempts: push.attempts };
    let outcome: Awaited<ReturnType<PushSender['send']>>;
    try {
      outcome = await sender.send(messageOf(push));
    } catch (error) {
      const retry = !(error instanceof PushFailure) || error.retry;
      const giveUp = job.final || !retry;
      // Codes only: a network error's message may quote the endpoint, which is the token.
      log.error(
        { ...details, status: (error as { status?: unknown }).status, code: codeOf(error) },
        giveUp ? 'push failed; giving up' : 'push failed; will retry',
      );
      await repository.mark(push.delivery_id, giveUp ? 'failed' : 'queued', clock());
      if (giveUp) return;
      throw new PushRetry(`push to ${push.platform} failed; will retry`);
    }
    if (outcome === 'unregistered') {
      await repository.deleteDevice(push.device_id, push.push_token);
      log.info(details, 'push token unregistered by the provider; device removed');
      return;
    }
    await repository.mark(push.delivery_id, 'sent', clock());
  }
}

function messageOf(push: ClaimedPush): PushMessage {
  return {
    platform: push.platform,
    push_token: push.push_token,
    ...(push.platform === 'web' && push.web_p256dh && push.web_auth ? { keys: { p256dh: push.web_p256dh, auth: push.web_auth } } : {}),
    title: push.title,
    body: push.body,
    data: { nav_loc: push.nav_loc, notify_id: String(push.notify_id) },
  };
}

/** The error's code, or its cause's (fetch wraps a socket error). */
function codeOf(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) return code;
  return ((error as { cause?: { code?: unknown } }).cause ?? {}).code;
}
