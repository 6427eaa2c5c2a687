import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** In-app notifications; unread while opened_at is null (reading one sets it to the time it was read). */
export const notifications = pgTable(
  'notifications',
  {
    notify_id: serial('notify_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    nav_loc: text('nav_loc').notNull().default('notifications'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    // The e-mail copy: 'pending' until the mail pump claims it ('sending'), then 'sent', 'skipped' (not wanted) or,
    // after EMAIL_MAX_ATTEMPTS failures, 'failed'.
    email_state: text('email_state').notNull().default('pending'),
    email_attempts: integer('email_attempts').notNull().default(0),
    // pending: not before this time (a retry waits); sending: the claim lapses then (a process died mid-send).
    email_next_at: timestamp('email_next_at', { withTimezone: true }),
    // The push copies, the same way: 'pending' until the pump fans it out to the user's devices (one
    // push_deliveries row and job each), then 'sent' (handed to the devices' jobs) or 'skipped' (push off).
    push_state: text('push_state').notNull().default('pending'),
    push_attempts: integer('push_attempts').notNull().default(0),
    push_next_at: timestamp('push_next_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_uid_idx').on(t.uid, t.created_at),
    index('notifications_email_queue_idx')
      .on(t.notify_id)
      .where(sql`${t.email_state} in ('pending', 'sending')`),
    index('notifications_push_queue_idx')
      .on(t.notify_id)
      .where(sql`${t.push_state} in ('pending', 'sending')`),
  ],
);

/** The secret in a user's unsubscribe links: one per user, so a link works without logging in. */
export const mailTokens = pgTable('mail_tokens', {
  uid: integer('uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
