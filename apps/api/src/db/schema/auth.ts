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
    // Sign-in time: a session never outlives 180 days from here, however much it is used.
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Touched at most every 10 minutes (a read must not write on every request); 30 idle days end it.
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    // The browser or app that signed in, as it said (cut to 256 characters), to name the session in My Profile.
    user_agent: text('user_agent'),
  },
  (t) => [uniqueIndex('tokens_hash_idx').on(t.token_hash), index('tokens_uid_idx').on(t.uid)],
);

/**
 * verify: confirm the address at sign-up; reset: set a new password; email: confirm a new address
 * (target_email); password: set the first password of an account made with a provider, signed in;
 * delete: confirm deleting an account that has no password.
 */
export const CODE_PURPOSES = ['verify', 'reset', 'email', 'password', 'delete'] as const;
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
    // For purpose 'email': the address the code confirms.
    target_email: text('target_email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('codes_uid_purpose_idx').on(t.uid, t.purpose)],
);

/**
 * Rate-limit counts by key: a fixed window's count (mails, 404s: `window_start` is the window's
 * start), or the failures of a throttle at one instant (`window_start` is when they happened; the
 * sliding window sums those after now minus its length). They live in PostgreSQL, not in process
 * memory, so that every API process behind a load balancer counts the same attempts.
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

/**
 * Attempts in flight (a password or code being checked right now), one row each. Together with the
 * failures counted in rate_limits they keep a burst of concurrent guesses within the limit, while a
 * right password is never refused because of them: it waits for them to settle instead. A row
 * left by a crashed process stops counting at expires_at.
 */
export const rateLimitHolds = pgTable(
  'rate_limit_holds',
  {
    hold_id: serial('hold_id').primaryKey(),
    key: text('key').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_holds_key_idx').on(t.key)],
);

/**
 * Identities of Google, Apple and Microsoft linked to an account, as Firebase names them: the
 * provider and the token's subject. One identity belongs to one account (unique), and an account
 * links at most one identity of each provider (unique). They are linked only by registering with
 * the provider or by linking while signed in, never through a matching e-mail address.
 */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    identity_id: serial('identity_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'apple', 'microsoft'] }).notNull(),
    subject: text('subject').notNull(),
    // The address the provider gave when it was linked, shown in My Profile; null when it gave none.
    email: text('email'),
    linked_at: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federated_identities_subject_idx').on(t.provider, t.subject),
    uniqueIndex('federated_identities_uid_provider_idx').on(t.uid, t.provider),
  ],
);
export type FederatedIdentityRow = typeof federatedIdentities.$inferSelect;
