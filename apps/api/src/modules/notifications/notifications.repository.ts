import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /** How many of the user's notifications were never opened. */
  async countUnread(uid: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), isNull(notifications.opened_at)));
    return row?.unread ?? 0;
  }
}
