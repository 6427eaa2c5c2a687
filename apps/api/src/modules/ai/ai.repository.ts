import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Round, UnitsPair } from '@holeout/golf';
import type { CustomSgSettings } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { aiTemplateDrills, diagnoses, events, rounds, settings, users } from '../../db/schema/index.ts';
import { eventVisibleTo } from '../../platform/access/access.repository.ts';

export type DiagnosisRow = typeof diagnoses.$inferSelect;
export type NewDiagnosisRow = Omit<typeof diagnoses.$inferInsert, 'diagnosis_id'>;

/** A round as the diagnosis counts it: its id, when it was played and its version (changes on every write of the event). */
export interface RoundVersion {
  event_id: number;
  start: Date;
  version: string;
}

export interface LoadedRound {
  event_id: number;
  start: Date;
  round: Round;
}

/** Whose rounds are diagnosed: their saved benchmark and custom strokes-gained settings. */
export interface PlayerTarget {
  uid: number;
  benchmark: string;
  custom: CustomSgSettings | null;
}

/** How long a diagnosis is reused: 7 days (604800000 ms). */
export const DIAGNOSIS_REUSE_MS = 604_800_000;

/** The advisory-lock classes (the two-key form) of the AI coach: one diagnosis at a time per player, one plan at a time per player. */
const DIAGNOSIS_LOCK = sql`hashtext('ai_diagnosis')`;
const PLAN_LOCK = sql`hashtext('ai_plan')`;

/**
 * SQL: the viewer may read the diagnosis: it is theirs, or it tells about rounds they may see: at least
 * one of the rounds it was made from is visible to them and none that still exists is hidden from them
 * (a diagnosis reaches no further than its rounds; a deleted round shows nobody anything).
 */
function diagnosisReaches(viewer: number) {
  const roundOfRecord = sql`${events.event_id} = r.id AND ${events.uid} = ${diagnoses.uid} AND ${events.event_type} = 'ROUND'`;
  return sql`(${diagnoses.uid} = ${viewer} OR (
    EXISTS (SELECT 1 FROM unnest(${diagnoses.round_ids}) AS r(id) JOIN ${events} ON ${roundOfRecord} WHERE ${eventVisibleTo(viewer)})
    AND NOT EXISTS (SELECT 1 FROM unnest(${diagnoses.round_ids}) AS r(id) JOIN ${events} ON ${roundOfRecord} WHERE NOT ${eventVisibleTo(viewer)})))`;
}

/** The version of an event row: its update time in ms and the row's transaction id, so two writes in one millisecond differ. */
const roundVersion = sql<string>`floor(extract(epoch FROM ${events.updated_at}) * 1000)::bigint::text || '.' || ${events}.xmin::text`;

/** The only database code of the AI coach: its diagnoses, the rounds they read and the starter drills its plans added. */
export class AiRepository {
  constructor(readonly db: Database) {}

  /** The player's saved benchmark and custom settings, or null when there is no such user. */
  async playerTarget(uid: number): Promise<PlayerTarget | null> {
    const [row] = await this.db
      .select({ uid: users.uid, benchmark: users.benchmark, custom: settings.custom_sg })
      .from(users)
      .leftJoin(settings, eq(settings.uid, users.uid))
      .where(eq(users.uid, uid));
    return row ? { uid: row.uid, benchmark: row.benchmark, custom: row.custom ?? null } : null;
  }

  /**
   * The player's rounds the viewer may see, newest first (by start, then id), at most `limit`,
   * optionally only those that started after `after`: ids and versions, no shots.
   */
  async visibleRounds(viewer: number, player: number, limit: number, after?: Date): Promise<RoundVersion[]> {
    const rows = await this.db
      .select({ event_id: events.event_id, start: events.start, version: roundVersion })
      .from(events)
      .where(
        and(eq(events.uid, player), eq(events.event_type, 'ROUND'), after ? gt(events.start, after) : undefined, eventVisibleTo(viewer)),
      )
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit);
    return rows.map((r) => ({ ...r, version: String(r.version) }));
  }

  /** Of these round ids of the player, those the viewer may see. */
  async visibleRoundIds(viewer: number, player: number, eventIds: readonly number[]): Promise<Set<number>> {
    if (eventIds.length === 0) return new Set();
    const rows = await this.db
      .select({ event_id: events.event_id })
      .from(events)
      .where(and(inArray(events.event_id, [...eventIds]), eq(events.uid, player), eq(events.event_type, 'ROUND'), eventVisibleTo(viewer)));
    return new Set(rows.map((r) => r.event_id));
  }

  /** The shots of these rounds, in the order of `eventIds` (those that still exist). */
  async loadRounds(eventIds: readonly number[]): Promise<LoadedRound[]> {
    if (eventIds.length === 0) return [];
    const rows = await this.db
      .select({ event_id: events.event_id, start: events.start, course: rounds.course, units: rounds.units, holes: rounds.holes })
      .from(rounds)
      .innerJoin(events, eq(events.event_id, rounds.event_id))
      .where(inArray(events.event_id, [...eventIds]));
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    return eventIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          event_id: r.event_id,
          start: r.start,
          round: { ...(r.course ? { course: r.course } : {}), units: r.units as UnitsPair, holes: r.holes },
        },
      ];
    });
  }

  /**
   * The player's newest diagnosis that may be reused now: made against the same benchmark and
   * boundaries from the same rounds (fingerprint), with `time` in the future and at most 7 days
   * ahead. (A record made this very millisecond is exactly 7 days ahead.)
   */
  async reusableDiagnosis(
    db: Database,
    key: { uid: number; benchmark: string; boundaries: unknown; fingerprint: string },
    now: Date,
  ): Promise<DiagnosisRow | null> {
    const [row] = await db
      .select()
      .from(diagnoses)
      .where(
        and(
          eq(diagnoses.uid, key.uid),
          eq(diagnoses.benchmark, key.benchmark),
          sql`${diagnoses.boundaries} IS NOT DISTINCT FROM ${key.boundaries === null ? null : JSON.stringify(key.boundaries)}::jsonb`,
          eq(diagnoses.rounds_fingerprint, key.fingerprint),
          gt(diagnoses.time, now),
          lte(diagnoses.time, new Date(now.getTime() + DIAGNOSIS_REUSE_MS)),
        ),
      )
      .orderBy(desc(diagnoses.created_at), desc(diagnoses.diagnosis_id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores a diagnosis unless a reusable one of the same key was stored meanwhile (two requests at
   * once): under a transaction-scoped advisory lock on the player, so only one of them inserts.
   * Answers the stored row, the earlier one when there was one.
   */
  async storeDiagnosis(row: NewDiagnosisRow, key: { boundaries: unknown }, now: Date): Promise<DiagnosisRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DIAGNOSIS_LOCK}, ${row.uid})`);
      const earlier = await this.reusableDiagnosis(
        tx,
        { uid: row.uid, benchmark: row.benchmark, boundaries: key.boundaries, fingerprint: row.rounds_fingerprint },
        now,
      );
      if (earlier) return earlier;
      const [stored] = await tx.insert(diagnoses).values(row).returning();
      return stored!;
    });
  }

  async diagnosisById(diagnosisId: number, viewer: number): Promise<DiagnosisRow | null> {
    const [row] = await this.db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.diagnosis_id, diagnosisId), diagnosisReaches(viewer)));
    return row ?? null;
  }

  /** The player's diagnoses the viewer may read, newest first. */
  async diagnosesOf(player: number, viewer: number, limit: number): Promise<DiagnosisRow[]> {
    return this.db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.uid, player), diagnosisReaches(viewer)))
      .orderBy(desc(diagnoses.created_at), desc(diagnoses.diagnosis_id))
      .limit(limit);
  }

  // --- plans ----------------------------------------------------------------------------------

  /** Runs `work` in one transaction holding the player's plan lock, so two plans at once add each starter drill once. */
  async inPlanTransaction<T>(uid: number, work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLAN_LOCK}, ${uid})`);
      return work(tx);
    });
  }

  /** The drills earlier plans added to the player's library, by template key (those still there). */
  async templateDrills(tx: Database, uid: number, keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await tx
      .select({ template_key: aiTemplateDrills.template_key, drill_id: aiTemplateDrills.drill_id })
      .from(aiTemplateDrills)
      .where(and(eq(aiTemplateDrills.uid, uid), inArray(aiTemplateDrills.template_key, [...keys])));
    return new Map(rows.map((r) => [r.template_key, r.drill_id]));
  }

  async rememberTemplateDrill(tx: Database, uid: number, templateKey: string, drillId: number): Promise<void> {
    await tx.insert(aiTemplateDrills).values({ uid, template_key: templateKey, drill_id: drillId });
  }
}
