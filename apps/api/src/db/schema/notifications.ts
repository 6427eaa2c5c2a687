import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** In-app notifications; unread while opened_at is null (spec section 4). */
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
  },
  (t) => [index('notifications_uid_idx').on(t.uid, t.created_at)],
);
