import { NOTIFICATION_TYPES, type NotificationType } from '@holeout/golf';
import { resolveNotify, type NotifyPreferences } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { MailChannel } from './mail-channel.ts';
import type { Notice, NotificationChannel, Recipient } from './notification-channel.ts';
import { NotificationsRepository, type RecipientRow } from './notifications.repository.ts';

export type { Notice } from './notification-channel.ts';

export interface NotifierLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** Notifications claimed per channel and pump round; the rest wait for the next round. */
const PUMP_BATCH = 20;
/** How long a claim holds: a process that dies mid-send leaves its claims to be taken again after this. */
const CLAIM_MS = 10 * 60_000;
/** Tries of one channel's delivery before it is given up ('failed'); the same for every channel. */
export const EMAIL_MAX_ATTEMPTS = 5;

const isNotificationType = (type: string): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type);

/**
 * Creates notifications and delivers them through the channels (e-mail, push). A notification row
 * is its own delivery job: it is inserted in the transaction of what caused it, with each channel's
 * state 'pending'. For each channel the pump claims due rows (FOR UPDATE SKIP LOCKED, so two API
 * processes never claim one row), delivers those whose recipient wants that type through that
 * channel (settings.notify[type][channel.setting]) outside any transaction, and marks each one. A
 * process that dies mid-send leaves 'sending' rows that are claimed again after 10 minutes (a
 * message may then go twice; none is lost). The pump runs after each signed-in write and every 30
 * seconds.
 */
export class Notifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly notifications: NotificationsRepository;
  private readonly channels: readonly NotificationChannel[];

  constructor(
    private readonly deps: {
      db: Database;
      mailer: Mailer;
      clock: () => Date;
      publicUrl: string;
      log: NotifierLog;
      /** The delivery channels; the e-mail channel over `mailer` (and `push`, when given) when not given. */
      channels?: readonly NotificationChannel[];
      /** The push channel, after the e-mail one. */
      push?: NotificationChannel;
    },
  ) {
    this.notifications = new NotificationsRepository(deps.db, deps.clock);
    this.channels = deps.channels ?? [
      new MailChannel({
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
        mailTokenFor: (uid) => this.notifications.mailTokenFor(uid),
      }),
      ...(deps.push ? [deps.push] : []),
    ];
  }

  /** Inserts notifications inside the caller's transaction (or on their own). */
  async add(tx: Database, notices: readonly Notice[]): Promise<void> {
    await this.notifications.insert(notices, tx);
  }

  /** Starts the 30-second pump; server.ts calls this, tests pump by hand. */
  start(intervalMs = 30_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs the pump soon; a kick while it runs makes it run once more. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.pump()) === PUMP_BATCH);
        } while (this.again);
      } catch (error) {
        this.deps.log.error({ code: (error as { code?: unknown }).code }, 'notification pump failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Waits for a pump in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One round: a batch for each channel. Returns the most any channel claimed (a full batch means more may wait). */
  async pump(): Promise<number> {
    let most = 0;
    for (const channel of this.channels) most = Math.max(most, await this.pumpChannel(channel));
    return most;
  }

  /**
   * One batch of one channel: claims up to 20 due notifications in a short transaction (they become
   * 'sending' until a deadline), then delivers each outside any transaction and marks it on its own.
   * A failed delivery is retried later (1, 2, 4, 8 minutes) and marked 'failed' after the fifth
   * attempt; one bad address never holds back or repeats the others. Returns how many it claimed.
   */
  private async pumpChannel(channel: NotificationChannel): Promise<number> {
    if (channel.ready?.() === false) return 0;
    const now = this.deps.clock();
    const claimed = await this.notifications.claimDue(channel.name, now, PUMP_BATCH, new Date(now.getTime() + CLAIM_MS));
    if (claimed.length === 0) return 0;
    const rows = await this.notifications.recipients([...new Set(claimed.map((c) => c.uid))]);
    const recipients = new Map(rows.map((row) => [row.uid, recipientOf(row)]));
    for (const notice of claimed) {
      const recipient = recipients.get(notice.uid);
      const type = notice.type;
      if (!recipient || !isNotificationType(type) || !recipient.notify[type][channel.setting] || !channel.reaches(recipient)) {
        await this.notifications.markDelivery(channel.name, notice.notify_id, { state: 'skipped', nextAt: null });
        continue;
      }
      try {
        await channel.deliver({ ...notice, type }, recipient);
        await this.notifications.markDelivery(channel.name, notice.notify_id, { state: 'sent', nextAt: null });
      } catch (error) {
        const attempts = notice.attempts + 1;
        const giveUp = attempts >= EMAIL_MAX_ATTEMPTS;
        // Only the failure's codes are logged: an SMTP message usually quotes the address.
        this.deps.log.error(
          {
            notify_id: notice.notify_id,
            channel: channel.name,
            attempts,
            code: (error as { code?: unknown }).code,
            responseCode: (error as { responseCode?: unknown }).responseCode,
          },
          giveUp ? `notification ${channel.name} failed; giving up` : `notification ${channel.name} failed; will retry`,
        );
        await this.notifications.markDelivery(channel.name, notice.notify_id, {
          state: giveUp ? 'failed' : 'pending',
          attempts,
          nextAt: giveUp ? null : new Date(this.deps.clock().getTime() + 60_000 * 2 ** (attempts - 1)),
        });
      }
    }
    return claimed.length;
  }

  /** Who an unsubscribe token belongs to, or null. */
  async ownerOf(token: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
    return this.notifications.ownerOfMailToken(token);
  }

  /** Turns e-mail off for one type, or for every type, of the token's owner (push stays as it was); false for an unknown token. */
  async unsubscribe(token: string, type: NotificationType | 'ALL'): Promise<boolean> {
    const uid = await this.ownerOf(token);
    if (uid === null) return false;
    await this.notifications.updateNotifyPreferences(uid, (saved) => {
      const current = resolveNotify(saved);
      const next: NotifyPreferences = { ...(saved ?? {}) };
      for (const t of type === 'ALL' ? NOTIFICATION_TYPES : [type]) next[t] = { email: false, push: current[t].push };
      return next;
    });
    return true;
  }
}

function recipientOf(row: RecipientRow): Recipient {
  return { uid: row.uid, email: row.email, emailVerified: row.verified_at !== null, notify: resolveNotify(row.notify) };
}
