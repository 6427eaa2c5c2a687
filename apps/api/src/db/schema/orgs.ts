import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/** Organisations (academies, teams); name is the brand shown in the menu header. */
export const orgs = pgTable('orgs', {
  org_id: serial('org_id').primaryKey(),
  name: text('name').notNull(),
  media_id: integer('media_id'),
  sub_id: integer('sub_id').references(() => subscriptions.sub_id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.org_id, t.uid] }), index('org_members_uid_idx').on(t.uid)],
);
