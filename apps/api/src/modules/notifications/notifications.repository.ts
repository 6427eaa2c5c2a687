import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotifyPreferences } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { mailTokens, notifications, settings, users } from '../../db/schema/index.ts';
import type { ChannelName, Notice } from './notification-channel.ts';

type Row = typeof notifications.$inferSelect;
type NewRow = typeof notifications.$inferInsert;

/**
 * Each channel's delivery state on the notification row: the state ('pending' until the pump claims
 * it, 'sending' while claimed, then 'sent', 'skipped' when not wanted or not reachable, or 'failed'
 * after the last try), the tries so far, and when it is next due (a retry's time, or when a claim
 * lapses). A second channel brings its own three columns in a migration and one line here.
 */
const DELIVERY_COLUMNS = {
  email: { state: 'email_state', attempts: 'email_attempts', nextAt: 'email_next_at' },
  push: { state: 'push_state', attempts: 'push_attempts', nextAt: 'push_next_at' },
} as const satisfies Record<ChannelName, { state: keyof NewRow; attempts: keyof NewRow; nextAt: keyof NewRow }>;

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

/** A notification claimed for delivery through one channel. */
export interface ClaimedNotification {
  notify_id: number;
  uid: number;
  /** As stored: a type the code no longer knows is skipped. */
  type: string;
  title: string;
  body: string;
  nav_loc: string;
  /** Tries of this channel so far. */
  attempts: number;
}

/** Who a notification goes to: the address and the saved settings (null: never saved, the defaults apply). */
export interface RecipientRow {
  uid: number;
  email: string;
  verified_at: Date | null;
  notify: NotifyPreferences | null;
}

export function toNotification(
  row: Pick<Row, 'notify_id' | 'type' | 'title' | 'body' | 'nav_loc' | 'created_at' | 'opened_at'>,
): Notification {
  return {
    notify_id: row.notify_id,
    type: row.type as Notification['type'],
    title: row.title,
    body: row.body,
    nav_loc: row.nav_loc,
    created_at: row.created_at.toISOString(),
    opened_at: row.opened_at ? row.opened_at.toISOString() : null,
  };
}

export class NotificationsRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** How many of the user's notifications were never opened. */
  async countUnread(uid: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), isNull(notifications.opened_at)));
    return row?.unread ?? 0;
  }

  /** A page of 20, newest first, from offset `start`; ties keep the newer id first so pages never overlap. */
  async page(uid: number, start: number): Promise<Notification[]> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.uid, uid))
      .orderBy(desc(notifications.created_at), desc(notifications.notify_id))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset(start);
    return rows.map(toNotification);
  }

  /** Marks these of the user's notifications opened (others' ids are ignored), keeping the first opening time. */
  async markRead(uid: number, ids: readonly number[]): Promise<void> {
    await this.db
      .update(notifications)
      .set({ opened_at: this.clock() })
      .where(and(eq(notifications.uid, uid), inArray(notifications.notify_id, [...ids]), isNull(notifications.opened_at)));
  }

  async markAllRead(uid: number): Promise<void> {
    await this.db
      .update(notifications)
      .set({ opened_at: this.clock() })
      .where(and(eq(notifications.uid, uid), isNull(notifications.opened_at)));
  }

  /** Inserts notifications, in the caller's transaction when one is given, so they exist only if what caused them does. */
  async insert(notices: readonly Notice[], tx: Database = this.db): Promise<void> {
    if (notices.length === 0) return;
    const now = this.clock();
    await tx.insert(notifications).values(notices.map((n) => ({ ...n, created_at: now })));
  }

  /**
   * Claims up to `limit` notifications due for delivery through `channel`, oldest first, in one
   * short transaction: pending ones whose retry time has come, and claims that lapsed (a process
   * died mid-send). They become 'sending' until `claimUntil`. FOR UPDATE SKIP LOCKED, so two
   * processes never claim one row.
   */
  async claimDue(channel: ChannelName, now: Date, limit: number, claimUntil: Date): Promise<ClaimedNotification[]> {
    const columns = DELIVERY_COLUMNS[channel];
    const state = notifications[columns.state];
    const nextAt = notifications[columns.nextAt];
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ notify_id: notifications.notify_id })
        .from(notifications)
        .where(or(and(eq(state, 'pending'), or(isNull(nextAt), lte(nextAt, now))), and(eq(state, 'sending'), lte(nextAt, now))))
        .orderBy(asc(notifications.notify_id))
        .limit(limit)
        .for('update', { of: notifications, skipLocked: true });
      if (due.length === 0) return [];
      const claim: Partial<NewRow> = {};
      claim[columns.state] = 'sending';
      claim[columns.nextAt] = claimUntil;
      return tx
        .update(notifications)
        .set(claim)
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
          attempts: notifications[columns.attempts],
        });
    });
    return claimed.sort((a, b) => a.notify_id - b.notify_id);
  }

  /** Records how one channel's delivery of a notification went. */
  async markDelivery(
    channel: ChannelName,
    notifyId: number,
    change: { state: DeliveryState; nextAt: Date | null; attempts?: number },
  ): Promise<void> {
    const columns = DELIVERY_COLUMNS[channel];
    const values: Partial<NewRow> = {};
    values[columns.state] = change.state;
    values[columns.nextAt] = change.nextAt;
    if (change.attempts !== undefined) values[columns.attempts] = change.attempts;
    await this.db.update(notifications).set(values).where(eq(notifications.notify_id, notifyId));
  }

  /** These users' addresses and saved notification settings. */
  async recipients(uids: readonly number[]): Promise<RecipientRow[]> {
    if (uids.length === 0) return [];
    return this.db
      .select({ uid: users.uid, email: users.email, verified_at: users.verified_at, notify: settings.notify })
      .from(users)
      .leftJoin(settings, eq(settings.uid, users.uid))
      .where(inArray(users.uid, [...uids]));
  }

  /** The user's unsubscribe secret, made on first use. */
  async mailTokenFor(uid: number): Promise<string> {
    await this.db
      .insert(mailTokens)
      .values({ uid, token: randomBytes(24).toString('base64url') })
      .onConflictDoNothing({ target: mailTokens.uid });
    const [row] = await this.db.select({ token: mailTokens.token }).from(mailTokens).where(eq(mailTokens.uid, uid));
    if (!row) throw new Error('the unsubscribe token was not stored');
    return row.token;
  }

  /** Who an unsubscribe secret belongs to, or null. */
  async ownerOfMailToken(token: string): Promise<number | null> {
    const [row] = await this.db.select({ uid: mailTokens.uid }).from(mailTokens).where(eq(mailTokens.token, token));
    return row?.uid ?? null;
  }

  /**
   * Rewrites the user's notification settings with `change` (given the saved ones, null when never
   * saved), holding a lock on the saved row meanwhile so a concurrent change is not lost.
   */
  async updateNotifyPreferences(uid: number, change: (saved: NotifyPreferences | null) => NotifyPreferences): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ notify: settings.notify }).from(settings).where(eq(settings.uid, uid)).for('update');
      const next = change(row?.notify ?? null);
      await tx
        .insert(settings)
        .values({ uid, notify: next })
        .onConflictDoUpdate({ target: settings.uid, set: { notify: next } });
    });
  }
}
