import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BenchmarkRef, CategoryBoundaries } from '@holeout/golf';
import { drills } from './drills.ts';
import { users } from './users.ts';

/**
 * The AI coach's diagnoses (modules/ai). A record is reused while `time` (created_at + 7 days) is in
 * the future and at most 7 days ahead, for the same benchmark and boundaries, as long as the rounds it
 * was made from are still the rounds it would be made from (`rounds_fingerprint`: their ids and
 * versions). Diagnoses that found nothing to work on are not stored.
 */
export const diagnoses = pgTable(
  'diagnoses',
  {
    diagnosis_id: serial('diagnosis_id').primaryKey(),
    // The player whose rounds were diagnosed.
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    display_name: text('display_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    // The baseline id (EIGHTY, CUSTOM:85) and label, and what rebuilds it exactly for the follow-up.
    benchmark: text('benchmark').notNull(),
    benchmark_label: text('benchmark_label').notNull(),
    benchmark_ref: jsonb('benchmark_ref').$type<BenchmarkRef>().notNull(),
    boundaries: jsonb('boundaries').$type<CategoryBoundaries>(),
    round_ids: integer('round_ids').array().notNull(),
    rounds_fingerprint: text('rounds_fingerprint').notNull(),
    rounds: integer('rounds').notNull(),
    holes: integer('holes').notNull(),
    confidence: text('confidence').notNull(),
    evidence: jsonb('evidence').$type<unknown[]>().notNull(),
    findings: jsonb('findings').$type<string[]>().notNull(),
    figures: jsonb('figures').$type<unknown[]>().notNull(),
    plan: jsonb('plan').$type<unknown>().notNull(),
    narrative: text('narrative').notNull(),
    narrative_source: text('narrative_source').notNull(),
  },
  (t) => [index('diagnoses_uid_idx').on(t.uid, t.created_at)],
);

/**
 * The drills a plan added to a player's library from the built-in starter catalogue, by template:
 * a later plan with the same template reuses the drill while it exists (deleting the drill deletes the row).
 */
export const aiTemplateDrills = pgTable(
  'ai_template_drills',
  {
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    template_key: text('template_key').notNull(),
    drill_id: integer('drill_id')
      .notNull()
      .references(() => drills.drill_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.uid, t.template_key] }), index('ai_template_drills_drill_idx').on(t.drill_id)],
);
