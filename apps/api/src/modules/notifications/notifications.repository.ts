import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

type Row = typeof notifications.$inferSelect;

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
}
