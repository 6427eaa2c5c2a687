import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Hole } from '@holeout/golf';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/** Every event: practice, lesson, workout, note or round. uid is the owner. */
export const events = pgTable(
  'events',
  {
    event_id: serial('event_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    event_type: text('event_type').notNull(),
    title: text('title').notNull().default(''),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    share: text('share').notNull().default('SHARE_SELECTED'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_uid_start_idx').on(t.uid, t.start)],
);

/**
 * A round's shots, one row per round: the holes as one JSON document in the units they were entered
 * in, beside the figures a list shows. Statistics load any number of rounds with one query.
 * `json`, not `jsonb`: the document is only ever stored and read whole (nothing queries inside it),
 * and PostgreSQL sends json as the text it keeps, where jsonb is turned back into text on every
 * read (for the 300 rounds of a team's statistics, about 12 ms of the first request). The statistics
 * read `shot_text` instead: a tenth of the bytes, parsed without JSON.
 */
export const rounds = pgTable('rounds', {
  event_id: integer('event_id')
    .primaryKey()
    .references(() => events.event_id, { onDelete: 'cascade' }),
  course: text('course'),
  tees: text('tees'),
  course_rating: real('course_rating'),
  slope: real('slope'),
  units: text('units').notNull(),
  holes: json('holes').$type<Hole[]>().notNull(),
  /**
   * What the statistics read of the holes, as @holeout/golf's shot text (`shotText`): derived by the
   * database on every write (migration 0015's function), read instead of `holes` by the statistics.
   */
  shot_text: text('shot_text')
    .notNull()
    .generatedAlwaysAs(sql`holeout_shot_text(holes)`),
  hole_count: integer('hole_count').notNull(),
  score: integer('score').notNull(),
  par: integer('par').notNull(),
});

/**
 * A round's strokes gained against each benchmark level (default category boundaries), computed by
 * @holeout/golf's `standardRoundScores` in the transaction that writes the round's holes, and gone
 * with them. `definitions` is the statistics' definitions version it was computed under
 * (lib/definitions-version.ts): a row of another version is not read, and is written again the next
 * time the statistics score the round. GET /v4/stats/sg adds these up instead of scoring every shot.
 */
export const roundScores = pgTable(
  'round_scores',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => rounds.event_id, { onDelete: 'cascade' }),
    benchmark: text('benchmark').notNull(),
    definitions: text('definitions').notNull(),
    holes: integer('holes').notNull(),
    score: integer('score').notNull(),
    /** The breakdown's figures in `sgFigures` order. */
    sg: doublePrecision('sg').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.benchmark] })],
);

/** Who an event is shared with, and how far: one row per user with the permission they were given on it. */
export const eventUserShares = pgTable(
  'event_user_shares',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.uid] }), index('event_user_shares_uid_idx').on(t.uid)],
);

export const eventOrgShares = pgTable(
  'event_org_shares',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.org_id] }), index('event_org_shares_org_idx').on(t.org_id)],
);

/** Events a viewer took off their list ("Remove from my list"), when it reached them by an organisation, a tag or a scope. */
export const eventHides = pgTable(
  'event_hides',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.uid] })],
);

/** A user's tags; names are unique per owner whatever their case. */
export const tags = pgTable(
  'tags',
  {
    tag_id: serial('tag_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    name: text('name').notNull(),
    colour: text('colour'),
  },
  (t) => [uniqueIndex('tags_uid_name_idx').on(t.uid, sql`lower(${t.name})`)],
);

export const eventTags = pgTable(
  'event_tags',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.tag_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.tag_id] }), index('event_tags_tag_idx').on(t.tag_id)],
);

/** Sharing a tag shares, at VIEW, every event of its owner that carries it. */
export const tagUserShares = pgTable(
  'tag_user_shares',
  {
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.tag_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag_id, t.uid] }), index('tag_user_shares_uid_idx').on(t.uid)],
);

export const tagOrgShares = pgTable(
  'tag_org_shares',
  {
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.tag_id, { onDelete: 'cascade' }),
    org_id: integer('org_id')
      .notNull()
      .references(() => orgs.org_id, { onDelete: 'cascade' }),
    permissions: integer('permissions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag_id, t.org_id] })],
);

/**
 * Answers of writes sent with an Idempotency-Key, kept 24 hours: the same key from the same user
 * gets the first answer again and creates nothing (a phone on a weak signal retries).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.key] })],
);

/**
 * Comments on an event, by anyone who may see it. They go with the event, and with their author's
 * account: a deleted account takes its words with it, as it takes its events and notifications.
 */
export const eventComments = pgTable(
  'event_comments',
  {
    comment_id: serial('comment_id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.event_id, { onDelete: 'cascade' }),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_comments_event_idx').on(t.event_id, t.comment_id), index('event_comments_uid_idx').on(t.uid)],
);
