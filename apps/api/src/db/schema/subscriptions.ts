import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Subscriptions. purchaser is a plain uid (no FK): the subscription of an organisation keeps serving
 * its members when the purchasing coach deletes the account.
 */
export const subscriptions = pgTable('subscriptions', {
  sub_id: serial('sub_id').primaryKey(),
  level: integer('level').notNull(),
  has_branding: boolean('has_branding').notNull().default(false),
  status: text('status').notNull(),
  purchaser: integer('purchaser').notNull(),
  source: text('source').notNull().default('OTHER'),
  expires_at: timestamp('expires_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
