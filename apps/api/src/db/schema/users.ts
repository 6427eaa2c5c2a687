import { sql } from 'drizzle-orm';
import { subscriptions } from './subscriptions.ts';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Accounts. E-mails are stored lower-case (the `email` schema of @holeout/contracts lower-cases on input)
 * and are unique.
 * password_hash is null for accounts that only sign in through a federated provider.
 */
export const users = pgTable(
  'users',
  {
    uid: serial('uid').primaryKey(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    level: text('level'),
    // NINETY: the typical amateur who tracks practice scores around 90; the user can change it.
    benchmark: text('benchmark').notNull().default('NINETY'),
    is_coach: boolean('is_coach').notNull().default(false),
    // The subscription the user's access comes from: an own purchase or an organisation's.
    sub_id: integer('sub_id').references(() => subscriptions.sub_id),
    // A new address waiting for the code mailed to it; email changes only when the code is entered.
    pending_email: text('pending_email'),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    // True from registration until the first-run Set up (level, benchmark, units) is saved or skipped; it is asked once.
    setup_pending: boolean('setup_pending').notNull().default(false),
    // sha-256 of the ticket the registering browser got: verifying with it signs that browser in. Cleared once verified.
    registration_ticket_hash: text('registration_ticket_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
