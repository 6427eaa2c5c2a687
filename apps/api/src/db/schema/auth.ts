import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Bearer tokens: only the sha-256 hash of the 256-bit token is stored, so a database leak yields no session. */
export const tokens = pgTable(
  'tokens',
  {
    token_id: serial('token_id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tokens_hash_idx').on(t.token_hash), index('tokens_uid_idx').on(t.uid)],
);

export const CODE_PURPOSES = ['verify', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** One-time 6-digit codes mailed for e-mail verification and password reset; stored hashed, single use. */
export const codes = pgTable(
  'codes',
  {
    code_id: serial('code_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    code_hash: text('code_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('codes_uid_purpose_idx').on(t.uid, t.purpose)],
);

/**
 * Fixed-window counters for rate limits. They live in PostgreSQL, not in process memory, so that
 * every API process behind a load balancer counts the same attempts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('rate_limits_key_window_idx').on(t.key, t.window_start)],
);
