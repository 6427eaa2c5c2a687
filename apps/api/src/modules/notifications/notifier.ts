import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@holeout/golf';
import { resolveNotify, type NotifyPreferences } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { mailTokens, notifications, settings, users } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';

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

/** Notifications claimed per pump round; the rest wait for the next round. */
const PUMP_BATCH = 20;
/** How long a claim holds: a process that dies mid-send leaves its claims to be taken again after this. */
const CLAIM_MS = 10 * 60_000;
/** Sends tried before a notification's mail is given up ('failed'). */
export const EMAIL_MAX_ATTEMPTS = 5;

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
 * it is inserted with email_state 'pending' in the transaction of what caused it. The pump claims
 * due rows (FOR UPDATE SKIP LOCKED, so two API processes never claim one row), mails those whose
 * recipient wants that type by e-mail outside any transaction, and marks each one. A process that
 * dies mid-send leaves 'sending' rows that are claimed again after 10 minutes (a mail may then go
 * twice; none is lost). The pump runs after each signed-in write and every 30 seconds.
 */
export class Notifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: { db: Database; mailer: Mailer; clock: () => Date; publicUrl: string; log: NotifierLog }) {}

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
        this.deps.log.error({ code: (error as { code?: unknown }).code }, 'notification mail pump failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Waits for a pump in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * One batch: claims up to 20 due notifications in a short transaction (they become 'sending'
   * until a deadline), then mails each outside any transaction and marks it on its own. A failed
   * send is retried later (1, 2, 4, 8 minutes) and marked 'failed' after the fifth attempt; one bad
   * address never holds back or repeats the others. Returns how many it claimed.
   */
  async pump(): Promise<number> {
    const now = this.deps.clock();
    const claimed = await this.deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ notify_id: notifications.notify_id })
        .from(notifications)
        .where(
          or(
            and(eq(notifications.email_state, 'pending'), or(isNull(notifications.email_next_at), lte(notifications.email_next_at, now))),
            and(eq(notifications.email_state, 'sending'), lte(notifications.email_next_at, now)),
          ),
        )
        .orderBy(asc(notifications.notify_id))
        .limit(PUMP_BATCH)
        .for('update', { of: notifications, skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(notifications)
        .set({ email_state: 'sending', email_next_at: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            notifications.notify_id,
            due.map((d) => d.notify_id),
          ),
        )
        .returning({
          notify_id: notifications.notify_id,
          uid: notifications.uid,
          type: notifications.type,
          title: notifications.title,
          body: notifications.body,
          nav_loc: notifications.nav_loc,
          email_attempts: notifications.email_attempts,
        });
    });
    if (claimed.length === 0) return 0;
    const people = await this.deps.db
      .select({ uid: users.uid, email: users.email, verified_at: users.verified_at, notify: settings.notify })
      .from(users)
      .leftJoin(settings, eq(settings.uid, users.uid))
      .where(inArray(users.uid, [...new Set(claimed.map((c) => c.uid))]));
    const byUid = new Map(people.map((p) => [p.uid, p]));
    for (const notice of claimed.sort((a, b) => a.notify_id - b.notify_id)) {
      const person = byUid.get(notice.uid);
      const known = (NOTIFICATION_TYPES as readonly string[]).includes(notice.type);
      const wants =
        !!person?.verified_at && known && resolveNotify(person.notify as NotifyPreferences | null)[notice.type as NotificationType].email;
      if (!person || !wants) {
        await this.mark(notice.notify_id, { email_state: 'skipped', email_next_at: null });
        continue;
      }
      try {
        const token = await this.tokenFor(notice.uid);
        await this.deps.mailer.send(this.mailOf(person.email, notice, token));
        await this.mark(notice.notify_id, { email_state: 'sent', email_next_at: null });
      } catch (error) {
        const attempts = notice.email_attempts + 1;
        const giveUp = attempts >= EMAIL_MAX_ATTEMPTS;
        // Only the failure's codes are logged: an SMTP message usually quotes the address.
        this.deps.log.error(
          {
            notify_id: notice.notify_id,
            attempts,
            code: (error as { code?: unknown }).code,
            responseCode: (error as { responseCode?: unknown }).responseCode,
          },
          giveUp ? 'notification mail failed; giving up' : 'notification mail failed; will retry',
        );
        await this.mark(notice.notify_id, {
          email_state: giveUp ? 'failed' : 'pending',
          email_attempts: attempts,
          email_next_at: giveUp ? null : new Date(this.deps.clock().getTime() + 60_000 * 2 ** (attempts - 1)),
        });
      }
    }
    return claimed.length;
  }

  private async mark(
    notifyId: number,
    change: Partial<Pick<typeof notifications.$inferInsert, 'email_state' | 'email_attempts' | 'email_next_at'>>,
  ): Promise<void> {
    await this.deps.db.update(notifications).set(change).where(eq(notifications.notify_id, notifyId));
  }

  private mailOf(to: string, notice: { type: string; title: string; body: string; nav_loc: string }, token: string): MailMessage {
    const unsubscribe = `${this.deps.publicUrl}/v4/notifications/unsubscribe?token=${token}&type=${notice.type}`;
    return {
      to,
      subject: notice.title,
      purpose: 'notice',
      text: [
        notice.body,
        '',
        `Open it in Holeout: ${this.deps.publicUrl}/${notice.nav_loc}`,
        '',
        '--',
        `You get this e-mail for ${NOTIFY_TYPE_LABELS[notice.type as NotificationType]}. Stop these e-mails (no login needed): ${unsubscribe}`,
        `Choose which notifications you get: ${this.deps.publicUrl}/notification-settings`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** The user's unsubscribe secret, made on first use. */
  private async tokenFor(uid: number): Promise<string> {
    const tx = this.deps.db;
    await tx
      .insert(mailTokens)
      .values({ uid, token: randomBytes(24).toString('base64url') })
      .onConflictDoNothing({ target: mailTokens.uid });
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
      await tx
        .insert(settings)
        .values({ uid, notify: next })
        .onConflictDoUpdate({ target: settings.uid, set: { notify: next } });
    });
    return true;
  }
}
