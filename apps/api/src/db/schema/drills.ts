import { index, integer, jsonb, pgTable, primaryKey, boolean, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DrillField, ResultValues } from '@holeout/contracts';
import { events } from './events.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/** A drill library folder; its shares reach the drills in it (a drill without shares of its own takes its folder's). */
export const folders = pgTable(
  'folders',
  {
    folder_id: serial('folder_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folders_uid_idx').on(t.uid)],
);

export const folderUserShares = pgTable(
  'folder_user_shares',
  {
    folder_id: integer('folder_id')
      .notNull()
      .references(() => folders.folder_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.folder_id, t.uid] }), index('folder_user_shares_uid_idx').on(t.uid)],
);

export const folderOrgShares = pgTable(
  'folder_org_shares',
  {
    folder_id: integer('folder_id')
      .notNull()
      .references(() => folders.folder_id, { onDelete: 'cascade' }),
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.folder_id, t.org_id] }), index('folder_org_shares_org_idx').on(t.org_id)],
);

/** A drill: the fields each attempt records (checked by contracts' checkResultValues). A deleted folder leaves its drills unfiled. */
export const drills = pgTable(
  'drills',
  {
    drill_id: serial('drill_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    folder_id: integer('folder_id').references(() => folders.folder_id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    fields: jsonb('fields').$type<DrillField[]>().notNull(),
    score_field: text('score_field'),
    higher_is_better: boolean('higher_is_better').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drills_uid_idx').on(t.uid), index('drills_folder_idx').on(t.folder_id)],
);

/** A drill's own shares; a drill with none follows its folder's. */
export const drillUserShares = pgTable(
  'drill_user_shares',
  {
    drill_id: integer('drill_id')
      .notNull()
      .references(() => drills.drill_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.drill_id, t.uid] }), index('drill_user_shares_uid_idx').on(t.uid)],
);

export const drillOrgShares = pgTable(
  'drill_org_shares',
  {
    drill_id: integer('drill_id')
      .notNull()
      .references(() => drills.drill_id, { onDelete: 'cascade' }),
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.drill_id, t.org_id] }), index('drill_org_shares_org_idx').on(t.org_id)],
);

/** Drills a user removed themself from (GET /drills/unshare) when they reached them by an organisation or a folder. */
export const drillHides = pgTable(
  'drill_hides',
  {
    drill_id: integer('drill_id')
      .notNull()
      .references(() => drills.drill_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.drill_id, t.uid] })],
);

/** One drill placed in one practice, lesson or workout (its ced_id): drill results are recorded against it. */
export const eventDrills = pgTable(
  'event_drills',
  {
    ced_id: serial('ced_id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    drill_id: integer('drill_id')
      .notNull()
      .references(() => drills.drill_id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('event_drills_event_idx').on(t.event_id), index('event_drills_drill_idx').on(t.drill_id)],
);

/** One attempt at a drill in an event; uid is the player (the event's owner), recorded_by who entered it. */
export const drillResults = pgTable(
  'drill_results',
  {
    drillresult_id: serial('drillresult_id').primaryKey(),
    ced_id: integer('ced_id')
      .notNull()
      .references(() => eventDrills.ced_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    // A coach who leaves takes nothing of the player's with them.
    recorded_by: integer('recorded_by').references(() => users.uid, { onDelete: 'set null' }),
    time: timestamp('time', { withTimezone: true }).notNull(),
    values: jsonb('values').$type<ResultValues>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drill_results_ced_idx').on(t.ced_id), index('drill_results_uid_time_idx').on(t.uid, t.time)],
);
