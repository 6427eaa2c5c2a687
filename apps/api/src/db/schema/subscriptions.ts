import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Subscriptions. purchaser is a plain uid (no FK): the subscription of an organisation keeps serving
 * its members when the purchasing coach deletes the account.
 *
 * A bought subscription mirrors the provider's (provider_ref: the Stripe subscription id or the
 * iaptic purchase id; customer_ref: the Stripe customer or iaptic application username). The truth
 * lives with the provider: a webhook fetches the provider's current state and overwrites the row,
 * unless a fetch made later has already been applied (synced_at), so events handled out of order
 * end in the provider's latest state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    sub_id: serial('sub_id').primaryKey(),
    level: integer('level').notNull(),
    has_branding: boolean('has_branding').notNull().default(false),
    status: text('status').notNull(),
    purchaser: integer('purchaser').notNull(),
    source: text('source').notNull().default('OTHER'),
    // The end of the period paid for: the subscription renews or ends then.
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    plan_index: integer('plan_index'),
    provider_ref: text('provider_ref'),
    customer_ref: text('customer_ref'),
    // false once the purchaser turned renewal off (ACTIVE_EXPIRING) or the provider will not renew.
    renews: boolean('renews').notNull().default(true),
    // A refunded payment voids the subscription (INVALID) whatever the provider says afterwards.
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    // When the provider's state now held was fetched: an older fetch never overwrites a newer one.
    synced_at: timestamp('synced_at', { withTimezone: true }),
    // The expires_at that SUB_EXPIRING, and the one SUB_EXPIRED, were sent for: each goes once per period end.
    expiring_notice_for: timestamp('expiring_notice_for', { withTimezone: true }),
    expired_notice_for: timestamp('expired_notice_for', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_ref_idx')
      .on(t.source, t.provider_ref)
      .where(sql`${t.provider_ref} is not null`),
    index('subscriptions_purchaser_idx').on(t.purchaser),
    // The sweep reads the subscriptions that end: non-renewing ones with a period end.
    index('subscriptions_ending_idx')
      .on(t.expires_at)
      .where(sql`${t.expires_at} is not null`),
  ],
);
