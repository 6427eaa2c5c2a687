import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's customer record at a payment provider (Stripe customer id), made at their first checkout. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customer_ref: text('customer_ref').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.provider] }), uniqueIndex('payment_customers_ref_idx').on(t.provider, t.customer_ref)],
);

/** Webhook events applied, by the provider's id: a replay finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_id] })],
);
