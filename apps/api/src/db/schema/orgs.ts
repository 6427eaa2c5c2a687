import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/** Organisations (academies, teams); name is the brand shown in the menu header. */
export const orgs = pgTable(
  'orgs',
  {
    org_id: serial('org_id').primaryKey(),
    name: text('name').notNull(),
    media_id: integer('media_id'),
    // The theme colour (#rrggbb) the menu header takes when branding applies; null: the user's theme.
    colour: text('colour'),
    sub_id: integer('sub_id').references(() => subscriptions.sub_id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One organisation per subscription: two would each count the plan's seats.
  (t) => [
    uniqueIndex('orgs_sub_id_idx')
      .on(t.sub_id)
      .where(sql`${t.sub_id} is not null`),
  ],
);

export const orgMembers = pgTable(
  'org_members',
  {
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    is_coach: boolean('is_coach').notNull().default(false),
    // The seat of the organisation's subscription the member holds: 'COACH', 'PREMIUM' or null.
    seat: text('seat'),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.org_id, t.uid] }), index('org_members_uid_idx').on(t.uid)],
);

/**
 * Invitations to join an organisation, addressed to an e-mail (the invitee may have no account
 * yet). OPEN until answered, cancelled or past expires_at (14 days); each is answered once.
 */
export const orgInvites = pgTable(
  'org_invites',
  {
    invite_id: serial('invite_id').primaryKey(),
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invited_by: integer('invited_by').notNull(),
    status: text('status').notNull().default('OPEN'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('org_invites_email_idx').on(t.email, t.status),
    index('org_invites_org_idx').on(t.org_id, t.status),
    // One open invitation per organisation and address: a second invite renews it.
    uniqueIndex('org_invites_open_idx')
      .on(t.org_id, t.email)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

/** Uploaded images (organisation logos), stored resized behind the storage interface under storage_key. */
export const media = pgTable('media', {
  media_id: serial('media_id').primaryKey(),
  uid: integer('uid').notNull(),
  storage_key: text('storage_key').notNull(),
  content_type: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
