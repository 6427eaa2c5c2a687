import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Push registrations of the mobile app; a push token belongs to one user at a time. */
export const devices = pgTable(
  'devices',
  {
    device_id: serial('device_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    push_token: text('push_token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_push_token_idx').on(t.push_token)],
);
