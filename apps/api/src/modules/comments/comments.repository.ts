import { asc, eq } from 'drizzle-orm';
import type { EventComment } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { eventComments, events, users } from '../../db/schema/index.ts';

/** The only database code of comments on events. */
export class CommentsRepository {
  constructor(
    readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  private readonly answerColumns = {
    comment_id: eventComments.comment_id,
    event_id: eventComments.event_id,
    uid: eventComments.uid,
    first_name: users.first_name,
    last_name: users.last_name,
    body: eventComments.body,
    created_at: eventComments.created_at,
  };

  /** An event's comments with their authors' names, oldest first. */
  async list(eventId: number, db: Database = this.db): Promise<EventComment[]> {
    const rows = await db
      .select(this.answerColumns)
      .from(eventComments)
      .innerJoin(users, eq(users.uid, eventComments.uid))
      .where(eq(eventComments.event_id, eventId))
      .orderBy(asc(eventComments.created_at), asc(eventComments.comment_id));
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  /**
   * Adds a comment inside `tx` and answers it, or null when the event is gone. The event's row is
   * held (FOR KEY SHARE) until the transaction ends, so a delete meanwhile waits instead of the
   * insert failing on its foreign key.
   */
  async insert(tx: Database, eventId: number, uid: number, body: string): Promise<EventComment | null> {
    const held = await tx.select({ event_id: events.event_id }).from(events).where(eq(events.event_id, eventId)).for('key share');
    if (held.length === 0) return null;
    const [row] = await tx
      .insert(eventComments)
      .values({ event_id: eventId, uid, body, created_at: this.clock() })
      .returning({ comment_id: eventComments.comment_id });
    if (!row) throw new Error('insert into event_comments returned no row');
    const [answer] = await tx
      .select(this.answerColumns)
      .from(eventComments)
      .innerJoin(users, eq(users.uid, eventComments.uid))
      .where(eq(eventComments.comment_id, row.comment_id));
    return answer ? { ...answer, created_at: answer.created_at.toISOString() } : null;
  }

  /** Whose comment this is and on which event, or null. */
  async find(commentId: number): Promise<{ event_id: number; uid: number } | null> {
    const [row] = await this.db
      .select({ event_id: eventComments.event_id, uid: eventComments.uid })
      .from(eventComments)
      .where(eq(eventComments.comment_id, commentId));
    return row ?? null;
  }

  async delete(commentId: number): Promise<void> {
    await this.db.delete(eventComments).where(eq(eventComments.comment_id, commentId));
  }
}
