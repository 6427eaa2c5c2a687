import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { holesFromShotText, type BenchmarkLevel, type PlayerRound, type UnitsPair } from '@holeout/golf';
import type { CustomSgSettings } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { writeRoundScores, type RoundScoreRow } from '../../db/round-scores.ts';
import { events, orgMembers, roundScores, rounds, settings, statsCache, statsEpoch, users } from '../../db/schema/index.ts';
import { eventVisibleTo } from '../../platform/access/access.repository.ts';

/** A rated round of a player, as the handicap index reads it. */
export interface RatedRound {
  event_id: number;
  uid: number;
  start: string;
  round: PlayerRound['round'] & { course_rating: number; slope: number };
}

/** What the statistics need to know before computing anything (`EventsRepository.statsPlan`). */
export interface StatsPlan {
  /** Visible rounds matching the selection, counted up to the candidate cap. */
  candidates: number;
  /** The counted rounds after the limits (15 players, 300 rounds), oldest first: [event_id, version]. The version changes whenever the event is written. */
  kept: Array<[number, string]>;
  /** Of the players asked about, those the viewer may see. */
  visible: number[];
  /** The viewer's custom-sg-settings, or null. */
  custom: CustomSgSettings | null;
  /** The statistics epoch (schema stats_epoch) in the same snapshot as everything above. */
  epoch: string;
}

/**
 * One prepared statement answering `StatsPlan`: the visible candidate rounds (newest first, at most
 * `maxCandidates`), cut to the limits the way packages/golf's `limitRounds` does (the
 * `maxPlayers` players whose newest round is newest; of their rounds the newest `maxRounds`),
 * which of the asked-about players the viewer may see (themself, organisation mates, anyone with a
 * round they may see) and the viewer's custom-sg-settings. One round trip, planned once.
 */
function prepareStatsPlan(db: Database) {
  const viewer = sql.placeholder('viewer');
  const owners = sql`${sql.placeholder('owners')}::int[]`;
  const roundIds = sql`${sql.placeholder('rounds')}::int[]`;
  const asked = sql`${sql.placeholder('players')}::int[]`;
  const visible = eventVisibleTo(viewer);
  return db
    .select({
      plan: sql<StatsPlan>`(
        WITH vis AS (
          SELECT ${events.event_id} AS event_id, ${events.uid} AS uid, ${events.start} AS start,
                 floor(extract(epoch FROM ${events.updated_at}) * 1000)::bigint::text || '.' || ${events}.xmin::text AS version
          FROM ${events}
          WHERE ${events.event_type} = 'ROUND' AND ${visible}
            AND (${owners} IS NULL OR ${events.uid} = ANY(${owners}))
            AND (${roundIds} IS NULL OR ${events.event_id} = ANY(${roundIds}))
          ORDER BY ${events.start} DESC, ${events.event_id} DESC
          LIMIT ${sql.placeholder('maxCandidates')}
        ),
        newest AS (SELECT DISTINCT ON (uid) uid, start, event_id FROM vis ORDER BY uid, start DESC, event_id DESC),
        admitted AS (SELECT uid FROM newest ORDER BY start DESC, event_id DESC LIMIT ${sql.placeholder('maxPlayers')}),
        kept AS (SELECT * FROM vis WHERE uid IN (SELECT uid FROM admitted) ORDER BY start DESC, event_id DESC LIMIT ${sql.placeholder('maxRounds')})
        SELECT json_build_object(
          'candidates', (SELECT count(*) FROM vis),
          'kept', (SELECT coalesce(json_agg(json_build_array(event_id, version) ORDER BY start, event_id), '[]'::json) FROM kept),
          'visible', (SELECT coalesce(json_agg(p.uid), '[]'::json) FROM unnest(coalesce(${asked}, '{}'::int[])) AS p(uid)
            WHERE p.uid = ${viewer}
               OR EXISTS (SELECT 1 FROM ${orgMembers} a JOIN ${orgMembers} b ON b.org_id = a.org_id WHERE a.uid = ${viewer} AND b.uid = p.uid)
               OR EXISTS (SELECT 1 FROM ${events} WHERE ${events.uid} = p.uid AND ${events.event_type} = 'ROUND' AND ${visible})),
          'custom', (SELECT ${settings.custom_sg} FROM ${settings} WHERE ${settings.uid} = ${viewer}),
          'epoch', (SELECT sum(${statsEpoch.n})::text FROM ${statsEpoch})
        ))`,
    })
    .from(users)
    .where(eq(users.uid, viewer))
    .prepare('stats_plan');
}

function prepareStatsEpoch(db: Database) {
  return db
    .select({ epoch: sql<string>`sum(${statsEpoch.n})::text` })
    .from(statsEpoch)
    .prepare('stats_epoch');
}

/** The only database code of the statistics: what they count, and the bodies already computed. */
export class StatsRepository {
  private readonly statsPlanStatement: ReturnType<typeof prepareStatsPlan>;
  private readonly statsEpochStatement: ReturnType<typeof prepareStatsEpoch>;

  constructor(private readonly db: Database) {
    this.statsPlanStatement = prepareStatsPlan(db);
    this.statsEpochStatement = prepareStatsEpoch(db);
  }

  /** The statistics epoch now: unchanged means nothing a statistics plan reads has changed. */
  async statsEpochNow(): Promise<string> {
    const [row] = await this.statsEpochStatement.execute();
    return String(row?.epoch ?? '');
  }

  /**
   * Everything the statistics decide before computing, in one prepared statement (see
   * `prepareStatsPlan`): the selection (round ids, or all rounds of `owners`), the asked-about
   * players' visibility and the viewer's custom-sg-settings.
   */
  async statsPlan(
    viewer: number,
    selection: {
      eventIds?: readonly number[] | undefined;
      owners?: readonly number[] | undefined;
      players?: readonly number[] | undefined;
    },
    limits: { maxCandidates: number; maxPlayers: number; maxRounds: number },
  ): Promise<StatsPlan> {
    const [row] = await this.statsPlanStatement.execute({
      viewer,
      owners: selection.owners ? [...selection.owners] : null,
      rounds: selection.eventIds ? [...selection.eventIds] : null,
      players: selection.players ? [...selection.players] : null,
      ...limits,
    });
    // No row: the viewer's account is gone (a request racing its deletion); nothing is visible.
    if (!row) return { candidates: 0, kept: [], visible: [], custom: null, epoch: '' };
    const plan = typeof row.plan === 'string' ? (JSON.parse(row.plan) as StatsPlan) : row.plan;
    return {
      candidates: Number(plan.candidates),
      kept: plan.kept,
      visible: plan.visible.map(Number),
      custom: plan.custom ?? null,
      epoch: String(plan.epoch),
    };
  }

  /**
   * Rounds for the statistics in one query, however many: the events' owners, start times and
   * holes (what the statistics read of them: number, par and each shot's lies, distance and miss),
   * for the given round ids or all rounds of the given owners, newest first, at most `limit`.
   */
  async roundsForStatistics(
    selection: { eventIds?: readonly number[]; owners?: readonly number[] },
    limit: number,
  ): Promise<PlayerRound[]> {
    return (await this.versionedRounds(selection, limit)).map(({ round }) => round);
  }

  /**
   * `roundsForStatistics` with each round's version, as the statistics plan states it (the event's
   * last write time and row version): a round read ahead of the plan is used only at the version the
   * plan keeps.
   */
  async versionedRounds(
    selection: { eventIds?: readonly number[]; owners?: readonly number[] },
    limit: number,
  ): Promise<Array<{ version: string; round: PlayerRound }>> {
    const conditions: SQL[] = [eq(events.event_type, 'ROUND')];
    // One array parameter rather than one parameter per id: 300 ids are planned and bound about twice as fast.
    if (selection.eventIds) conditions.push(sql`${events.event_id} = ANY(${sql.param([...selection.eventIds])}::int[])`);
    if (selection.owners) conditions.push(sql`${events.uid} = ANY(${sql.param([...selection.owners])}::int[])`);
    const rows = await this.db
      .select({
        event_id: events.event_id,
        uid: events.uid,
        start: events.start,
        course: rounds.course,
        units: rounds.units,
        // What the statistics read of the holes, as compact text (a tenth of the JSON, parsed without JSON).
        shots: rounds.shot_text,
        version: sql<string>`floor(extract(epoch FROM ${events.updated_at}) * 1000)::bigint::text || '.' || ${events}.xmin::text`,
      })
      .from(rounds)
      .innerJoin(events, eq(events.event_id, rounds.event_id))
      .where(and(...conditions))
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit);
    return rows.map((r) => ({
      version: r.version,
      round: {
        event_id: r.event_id,
        uid: r.uid,
        start: r.start.toISOString(),
        round: { ...(r.course ? { course: r.course } : {}), units: r.units as UnitsPair, holes: holesFromShotText(r.shots) },
      },
    }));
  }

  /**
   * The rounds with a course rating and slope of the given players that the viewer may see, oldest
   * first, the newest `limit` of each player: what the handicap index is computed from.
   */
  async ratedRounds(viewer: number, owners: readonly number[], limit: number): Promise<RatedRound[]> {
    if (owners.length === 0) return [];
    const rows = await this.db
      .select({
        event_id: events.event_id,
        uid: events.uid,
        start: events.start,
        course_rating: rounds.course_rating,
        slope: rounds.slope,
        units: rounds.units,
        holes: rounds.holes,
      })
      .from(rounds)
      .innerJoin(events, eq(events.event_id, rounds.event_id))
      .where(
        and(
          eq(events.event_type, 'ROUND'),
          inArray(events.uid, [...owners]),
          isNotNull(rounds.course_rating),
          isNotNull(rounds.slope),
          eventVisibleTo(viewer),
        ),
      )
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit * owners.length);
    const taken = new Map<number, number>();
    const kept: RatedRound[] = [];
    for (const r of rows) {
      const count = (taken.get(r.uid) ?? 0) + 1;
      taken.set(r.uid, count);
      if (count > limit) continue;
      kept.push({
        event_id: r.event_id,
        uid: r.uid,
        start: r.start.toISOString(),
        round: { course_rating: Number(r.course_rating), slope: Number(r.slope), units: r.units as UnitsPair, holes: r.holes },
      });
    }
    return kept.reverse();
  }

  /**
   * The rounds of `owner` the viewer may see, newest first, at most `limit`, optionally only those
   * starting at or after `from` and before `before`: ids and start times, no shots.
   */
  async visibleRoundsOf(
    viewer: number,
    owner: number,
    period: { from?: Date | undefined; before?: Date | undefined },
    limit: number,
  ): Promise<Array<{ event_id: number; start: string }>> {
    const rows = await this.db
      .select({ event_id: events.event_id, start: events.start })
      .from(events)
      .where(
        and(
          eq(events.event_type, 'ROUND'),
          eq(events.uid, owner),
          period.from ? gte(events.start, period.from) : undefined,
          period.before ? lt(events.start, period.before) : undefined,
          eventVisibleTo(viewer),
        ),
      )
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit);
    return rows.map((r) => ({ event_id: r.event_id, start: r.start.toISOString() }));
  }

  // --- stored round scores (round_scores) ------------------------------------------------------

  /**
   * The stored strokes gained of the given rounds against a benchmark level, under the given
   * definitions version, with each round's owner and start; a round with no such row is left out.
   */
  async storedRoundSg(
    eventIds: readonly number[],
    benchmark: BenchmarkLevel,
    definitions: string,
  ): Promise<Array<{ event_id: number; uid: number; start: string; holes: number; sg: number[] }>> {
    if (eventIds.length === 0) return [];
    // One text of all the rows, "event_id uid start-ms holes {figures}" joined by "|": the drivers' row
    // and array parsers took four times as long for 300 rows. PostgreSQL writes each float8 as the
    // shortest text that reads back as the same double.
    const [row] = await this.db
      .select({
        rows: sql<
          string | null
        >`string_agg(${roundScores.event_id} || ' ' || ${events.uid} || ' ' || floor(extract(epoch FROM ${events.start}) * 1000)::bigint || ' ' || ${roundScores.holes} || ' ' || ${roundScores.sg}::text, '|')`,
      })
      .from(roundScores)
      .innerJoin(events, eq(events.event_id, roundScores.event_id))
      .where(
        and(
          sql`${roundScores.event_id} = ANY(${sql.param([...eventIds])}::int[])`,
          eq(roundScores.benchmark, benchmark),
          eq(roundScores.definitions, definitions),
        ),
      );
    if (!row?.rows) return [];
    return row.rows.split('|').map((text) => {
      const [eventId, uid, startMs, holes, figures] = text.split(' ') as [string, string, string, string, string];
      return {
        event_id: Number(eventId),
        uid: Number(uid),
        start: new Date(Number(startMs)).toISOString(),
        holes: Number(holes),
        sg: figures.slice(1, -1).split(',').map(Number),
      };
    });
  }

  /** Stores rounds' scores computed from shots read earlier (see writeRoundScores: an edit's own rows win). */
  async storeRoundScores(rows: readonly RoundScoreRow[]): Promise<void> {
    await writeRoundScores(this.db, rows);
  }

  // --- computed bodies (stats_cache) ----------------------------------------------------------

  /** The stored bodies of those of `keys` that are stored, in one query. */
  async cachedBodies(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: statsCache.key, body: statsCache.body })
      .from(statsCache)
      .where(inArray(statsCache.key, [...keys]));
    return new Map(rows.map((row) => [row.key, row.body]));
  }

  /** Stores bodies in one insert; another process may have stored the same key first, which is as good. */
  async storeBodies(rows: ReadonlyArray<{ key: string; body: string }>, now: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(statsCache)
      .values(rows.map((row) => ({ ...row, created_at: now })))
      .onConflictDoNothing();
  }

  async pruneBodiesBefore(before: Date): Promise<void> {
    await this.db.delete(statsCache).where(lt(statsCache.created_at, before));
  }
}
