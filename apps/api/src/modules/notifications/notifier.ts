import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@holeout/golf';
import { resolveNotify, type NotifyPreferences } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { mailTokens, notifications, settings, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';

/** A notification to create: for whom, of which type, what it says and where opening it leads. */
export interface Notice {
  uid: number;
  type: NotificationType;
  title: string;
  body: string;
  /** An app path without its leading slash, with its query ("event?event_id=5"). */
  nav_loc: string;
}

export interface NotifierLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** Mails sent per pump transaction; the rest wait for the next round. */
const PUMP_BATCH = 20;

export const NOTIFY_TYPE_LABELS: Record<NotificationType, string> = {
  RESERVED: 'reserved',
  TEAM_INVITATION: 'invitations to join an organisation',
  SUB_EXPIRING: 'a subscription about to end',
  SUB_EXPIRED: 'a subscription that ended',
  EVENT_SHARED: 'events shared with you',
  EVENT_UPDATED: 'changes to events shared with you',
  FOLDER_SHARED: 'drill folders shared with you',
  ROUND_SHARED: 'rounds shared with you',
  ORG_INVITE_ACCEPT: 'invitations accepted',
  ORG_INVITE_DECLINE: 'invitations declined',
  ORG_MEMBER_LEAVE: 'members leaving your organisation',
  TAG_SHARED: 'tags shared with you',
};

/**
 * Creates notifications and sends their e-mail copies. A notification row is its own mail job:
 * it is inserted with email_state 'pending' in the transaction of what caused it, and the pump
 * claims pending rows (FOR UPDATE SKIP LOCKED, so two API processes never mail one twice), sends
 * those whose recipient wants that type by e-mail, and marks them 'sent' or 'skipped' in the same
 * transaction. A crash before the commit leaves them pending for the next pump; the pump runs
 * after each write that notifies and every 30 seconds.
 */
export class Notifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly deps: { db: Database; mailer: Mailer; clock: () => Date; publicUrl: string; log: NotifierLog },
  ) {}

  /** Inserts notifications inside the caller's transaction (or on their own). */
  async add(tx: Database, notices: readonly Notice[]): Promise<void> {
    if (notices.length === 0) return;
    const now = this.deps.clock();
    await tx.insert(notifications).values(notices.map((n) => ({ ...n, created_at: now })));
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
        this.deps.log.error({ err: error }, 'notification mail pump failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Waits for a pump in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One batch: returns how many pending notifications it handled. */
  async pump(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const pending = await tx
        .select({ notify_id: notifications.notify_id, uid: notifications.uid, type: notifications.type, title: notifications.title, body: notifications.body, nav_loc: notifications.nav_loc })
        .from(notifications)
        .where(eq(notifications.email_state, 'pending'))
        .orderBy(asc(notifications.notify_id))
        .limit(PUMP_BATCH)
        .for('update', { of: notifications, skipLocked: true });
      if (pending.length === 0) return 0;
      const uids = [...new Set(pending.map((p) => p.uid))];
      const people = await tx
        .select({ uid: users.uid, email: users.email, verified_at: users.verified_at, notify: settings.notify })
        .from(users)
        .leftJoin(settings, eq(settings.uid, users.uid))
        .where(inArray(users.uid, uids));
      const byUid = new Map(people.map((p) => [p.uid, p]));
      const sent: number[] = [];
      const skipped: number[] = [];
      for (const notice of pending) {
        const person = byUid.get(notice.uid);
        const wants = person?.verified_at && (NOTIFICATION_TYPES as readonly string[]).includes(notice.type) && resolveNotify(person.notify as NotifyPreferences | null)[notice.type as NotificationType].email;
        if (!person || !wants) {
          skipped.push(notice.notify_id);
          continue;
        }
        const token = await this.tokenFor(tx, notice.uid);
        const unsubscribe = `${this.deps.publicUrl}/v4/notifications/unsubscribe?token=${token}&type=${notice.type}`;
        const open = `${this.deps.publicUrl}/${notice.nav_loc}`;
        await this.deps.mailer.send({
          to: person.email,
          subject: notice.title,
          purpose: 'notice',
          text: [
            notice.body,
            '',
            `Open it in Holeout: ${open}`,
            '',
            '--',
            `You get this e-mail for ${NOTIFY_TYPE_LABELS[notice.type as NotificationType]}. Stop these e-mails (no login needed): ${unsubscribe}`,
            `Choose which notifications you get: ${this.deps.publicUrl}/notification-settings`,
          ].join('\n'),
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        sent.push(notice.notify_id);
      }
      if (sent.length) await tx.update(notifications).set({ email_state: 'sent' }).where(inArray(notifications.notify_id, sent));
      if (skipped.length) await tx.update(notifications).set({ email_state: 'skipped' }).where(inArray(notifications.notify_id, skipped));
      return pending.length;
    });
  }

  /** The user's unsubscribe secret, made on first use. */
  private async tokenFor(tx: Database, uid: number): Promise<string> {
    await tx.insert(mailTokens).values({ uid, token: randomBytes(24).toString('base64url') }).onConflictDoNothing({ target: mailTokens.uid });
    const [row] = await tx.select({ token: mailTokens.token }).from(mailTokens).where(eq(mailTokens.uid, uid));
    return row!.token;
  }

  /** Who an unsubscribe token belongs to, or null. */
  async ownerOf(token: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
    const [row] = await this.deps.db.select({ uid: mailTokens.uid }).from(mailTokens).where(eq(mailTokens.token, token));
    return row?.uid ?? null;
  }

  /** Turns e-mail off for one type, or for every type, of the token's owner; false for an unknown token. */
  async unsubscribe(token: string, type: NotificationType | 'ALL'): Promise<boolean> {
    const uid = await this.ownerOf(token);
    if (uid === null) return false;
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ notify: settings.notify }).from(settings).where(eq(settings.uid, uid)).for('update');
      const current = resolveNotify(row?.notify ?? null);
      const next: NotifyPreferences = { ...(row?.notify ?? {}) };
      for (const t of type === 'ALL' ? NOTIFICATION_TYPES : [type]) next[t] = { email: false, push: current[t].push };
      await tx.insert(settings).values({ uid, notify: next }).onConflictDoUpdate({ target: settings.uid, set: { notify: next } });
    });
    return true;
  }
}
