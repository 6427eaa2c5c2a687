import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { EventType, Hole, OrgShare, PlayerRound, ShareScope, UnitsPair, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import {
  eventDrills,
  eventHides,
  eventOrgShares,
  eventTags,
  eventUserShares,
  events,
  idempotencyKeys,
  notifications,
  orgMembers,
  rounds,
  settings,
  tagOrgShares,
  tagUserShares,
  tags,
  statsEpoch,
  users,
} from '../../db/schema/index.ts';
import type { CustomSgSettings } from '@holeout/contracts';

export type EventRow = typeof events.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;

/** An event with everything its answer and its permission need. */
export interface LoadedEvent {
  event: EventRow;
  round: RoundRow | null;
  usershares: UserShare[];
  orgshares: OrgShare[];
  tags: string[];
  /** The drills placed in it, in order. */
  eventdrills: Array<{ ced_id: number; drill_id: number }>;
}

export interface Viewer {
  uid: number;
  orgIds: number[];
  coachOrgIds: number[];
}

export interface EventFilters {
  from?: Date;
  /** Exclusive. */
  to?: Date;
  types?: EventType[];
  tags?: string[];
  owner?: number;
  /** true: only others' events; false: only the viewer's own. */
  shared?: boolean;
  offset: number;
  limit: number;
}

/** The values an event is written with. */
export interface EventWrite {
  event_type: EventType;
  title: string;
  start: Date;
  end: Date | null;
  notes: string;
  share: ShareScope;
  tags: string[];
  round: {
    course: string | null;
    tees: string | null;
    course_rating: number | null;
    slope: number | null;
    units: UnitsPair;
    holes: Hole[];
    score: number;
    par: number;
  } | null;
  /** The drills in order (an entry with its ced_id keeps that one), or null to leave them as they are. */
  eventdrills: Array<{ drill_id: number; ced_id?: number | undefined }> | null;
}

type Tx = Database;

/**
 * Events the viewer may list: their own; others' unless SHARE_SELF, reached by a share to them or to
 * one of their organisations, a shared tag, or the SHARE_COACHES / SHARE_TEAM scope, and not taken
 * off their list. SHARE_PUBLIC lists for nobody else (it is opened by id).
 */
export function visibleTo(uid: number): SQL {
  return sql`(
    ${events.uid} = ${uid}
    OR (${events.share} <> 'SHARE_SELF'
      AND NOT EXISTS (SELECT 1 FROM ${eventHides} h WHERE h.event_id = ${events.event_id} AND h.uid = ${uid})
      AND (
        EXISTS (SELECT 1 FROM ${eventUserShares} s WHERE s.event_id = ${events.event_id} AND s.uid = ${uid} AND s.permissions >= 0)
        OR EXISTS (SELECT 1 FROM ${eventOrgShares} s JOIN ${orgMembers} m ON m.org_id = s.org_id AND m.uid = ${uid}
                   WHERE s.event_id = ${events.event_id} AND s.permissions >= 0)
        OR (${events.share} = 'SHARE_COACHES' AND EXISTS (
              SELECT 1 FROM ${orgMembers} mo JOIN ${orgMembers} mc ON mc.org_id = mo.org_id AND mc.uid = ${uid} AND mc.is_coach
              WHERE mo.uid = ${events.uid}))
        OR (${events.share} = 'SHARE_TEAM' AND EXISTS (
              SELECT 1 FROM ${orgMembers} mo JOIN ${orgMembers} mc ON mc.org_id = mo.org_id AND mc.uid = ${uid}
              WHERE mo.uid = ${events.uid}))
        OR EXISTS (SELECT 1 FROM ${eventTags} et JOIN ${tagUserShares} ts ON ts.tag_id = et.tag_id AND ts.uid = ${uid} AND ts.permissions >= 0
                   WHERE et.event_id = ${events.event_id})
        OR EXISTS (SELECT 1 FROM ${eventTags} et JOIN ${tagOrgShares} ts ON ts.tag_id = et.tag_id AND ts.permissions >= 0
                   JOIN ${orgMembers} m ON m.org_id = ts.org_id AND m.uid = ${uid}
                   WHERE et.event_id = ${events.event_id})
      ))
  )`;
}

/** What the statistics need to know before computing anything (`EventsRepository.statsPlan`). */
export interface StatsPlan {
  /** Visible rounds matching the selection, counted up to the candidate cap. */
  candidates: number;
  /** The counted rounds after the spec's limits, oldest first: [event_id, version]. The version changes whenever the event is written. */
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
 * `maxCandidates`), cut to the spec's limits the way packages/golf's `limitRounds` does (the
 * `maxPlayers` players whose newest round is newest; of their rounds the newest `maxRounds`),
 * which of the asked-about players the viewer may see (themself, organisation mates, anyone with a
 * round they may see) and the viewer's custom-sg-settings. One round trip, planned once.
 */
function prepareStatsPlan(db: Database) {
  const viewer = sql.placeholder('viewer');
  const owners = sql`${sql.placeholder('owners')}::int[]`;
  const roundIds = sql`${sql.placeholder('rounds')}::int[]`;
  const asked = sql`${sql.placeholder('players')}::int[]`;
  const visible = visibleTo(viewer as never);
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

/** The only database code of events, rounds, shares and tags. */
export class EventsRepository {
  private readonly statsPlanStatement: ReturnType<typeof prepareStatsPlan>;
  private readonly statsEpochStatement: ReturnType<typeof prepareStatsEpoch>;

  constructor(
    readonly db: Database,
    private readonly clock: () => Date,
  ) {
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

  async viewer(uid: number): Promise<Viewer> {
    const rows = await this.db
      .select({ org_id: orgMembers.org_id, is_coach: orgMembers.is_coach })
      .from(orgMembers)
      .where(eq(orgMembers.uid, uid));
    return { uid, orgIds: rows.map((r) => r.org_id), coachOrgIds: rows.filter((r) => r.is_coach).map((r) => r.org_id) };
  }

  /** Organisations of each owner, for the scopes decided when read. */
  async orgsOf(uids: readonly number[]): Promise<Map<number, number[]>> {
    const byUser = new Map<number, number[]>();
    if (uids.length === 0) return byUser;
    const rows = await this.db
      .select({ uid: orgMembers.uid, org_id: orgMembers.org_id })
      .from(orgMembers)
      .where(inArray(orgMembers.uid, [...new Set(uids)]));
    for (const row of rows) byUser.set(row.uid, [...(byUser.get(row.uid) ?? []), row.org_id]);
    return byUser;
  }

  /** Of these events, those carrying a tag shared with the viewer or one of their organisations. */
  async sharedByTag(viewer: Viewer, eventIds: readonly number[]): Promise<Set<number>> {
    if (eventIds.length === 0) return new Set();
    const rows = await this.db.execute<{ event_id: number }>(sql`
      SELECT DISTINCT et.event_id FROM ${eventTags} et
      WHERE et.event_id IN (${sql.join(
        eventIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND (EXISTS (SELECT 1 FROM ${tagUserShares} ts WHERE ts.tag_id = et.tag_id AND ts.uid = ${viewer.uid} AND ts.permissions >= 0)
          OR EXISTS (SELECT 1 FROM ${tagOrgShares} ts JOIN ${orgMembers} m ON m.org_id = ts.org_id AND m.uid = ${viewer.uid}
                     WHERE ts.tag_id = et.tag_id AND ts.permissions >= 0))`);
    return new Set(rowsOf<{ event_id: number }>(rows).map((r) => Number(r.event_id)));
  }

  /** The ids of the events the viewer may list, newest first, filtered and paged. */
  async listVisible(viewer: Viewer, filters: EventFilters): Promise<number[]> {
    const conditions: SQL[] = [visibleTo(viewer.uid)];
    if (filters.from) conditions.push(gte(events.start, filters.from));
    if (filters.to) conditions.push(lt(events.start, filters.to));
    if (filters.types) conditions.push(inArray(events.event_type, filters.types));
    if (filters.owner !== undefined) conditions.push(eq(events.uid, filters.owner));
    if (filters.shared === true) conditions.push(ne(events.uid, viewer.uid));
    if (filters.shared === false) conditions.push(eq(events.uid, viewer.uid));
    if (filters.tags) {
      const names = filters.tags.map((t) => t.toLowerCase());
      conditions.push(sql`EXISTS (SELECT 1 FROM ${eventTags} et JOIN ${tags} t ON t.tag_id = et.tag_id
        WHERE et.event_id = ${events.event_id} AND lower(t.name) IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}))`);
    }
    const rows = await this.db
      .select({ event_id: events.event_id })
      .from(events)
      .where(and(...conditions))
      .orderBy(desc(events.start), desc(events.event_id))
      .offset(filters.offset)
      .limit(filters.limit);
    return rows.map((r) => r.event_id);
  }

  /** Events with their rounds, shares, tags and drills, in the order of `ids` (six queries whatever their number). */
  async load(ids: readonly number[], db: Tx = this.db): Promise<LoadedEvent[]> {
    if (ids.length === 0) return [];
    const list = [...ids];
    const queries = [
      () => db.select().from(events).where(inArray(events.event_id, list)),
      () => db.select().from(rounds).where(inArray(rounds.event_id, list)),
      () => db.select().from(eventUserShares).where(inArray(eventUserShares.event_id, list)).orderBy(eventUserShares.uid),
      () => db.select().from(eventOrgShares).where(inArray(eventOrgShares.event_id, list)).orderBy(eventOrgShares.org_id),
      () =>
        db
          .select({ event_id: eventTags.event_id, name: tags.name })
          .from(eventTags)
          .innerJoin(tags, eq(tags.tag_id, eventTags.tag_id))
          .where(inArray(eventTags.event_id, list))
          .orderBy(tags.name),
      () =>
        db
          .select({ event_id: eventDrills.event_id, ced_id: eventDrills.ced_id, drill_id: eventDrills.drill_id })
          .from(eventDrills)
          .where(inArray(eventDrills.event_id, list))
          .orderBy(eventDrills.position, eventDrills.ced_id),
    ] as const;
    // On the pool the six run side by side; inside a transaction (one connection) one after another.
    const inTransaction = db !== this.db;
    const [eventRows, roundRows, userShareRows, orgShareRows, tagRows, drillRows] = inTransaction
      ? [await queries[0](), await queries[1](), await queries[2](), await queries[3](), await queries[4](), await queries[5]()]
      : await Promise.all([queries[0](), queries[1](), queries[2](), queries[3](), queries[4](), queries[5]()]);
    const byId = new Map(eventRows.map((e) => [e.event_id, e]));
    const group = <T extends { event_id: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.event_id, [...(map.get(row.event_id) ?? []), row]);
      return map;
    };
    const roundsById = new Map(roundRows.map((r) => [r.event_id, r]));
    const userShares = group(userShareRows);
    const orgShares = group(orgShareRows);
    const tagNames = group(tagRows);
    const placed = group(drillRows);
    return list.flatMap((id) => {
      const event = byId.get(id);
      if (!event) return [];
      return [
        {
          event,
          round: roundsById.get(id) ?? null,
          usershares: (userShares.get(id) ?? []).map((s) => ({ uid: s.uid, permissions: s.permissions as UserShare['permissions'] })),
          orgshares: (orgShares.get(id) ?? []).map((s) => ({ org_id: s.org_id, permissions: s.permissions as OrgShare['permissions'] })),
          tags: (tagNames.get(id) ?? []).map((t) => t.name),
          eventdrills: (placed.get(id) ?? []).map((d) => ({ ced_id: d.ced_id, drill_id: d.drill_id })),
        },
      ];
    });
  }

  /**
   * The rounds the viewer may list for the statistics, newest first (ids, owners, starts and when
   * the version of each, which changes whenever it is written and keys the statistics cache):
   * the given round ids, or all rounds of the given owners. At most `max`.
   */
  async visibleRoundRefs(
    viewer: number,
    selection: { eventIds?: readonly number[]; owners?: readonly number[] },
    max: number,
  ): Promise<Array<{ event_id: number; uid: number; start: string; version: string }>> {
    const conditions: SQL[] = [eq(events.event_type, 'ROUND'), visibleTo(viewer)];
    if (selection.eventIds) conditions.push(inArray(events.event_id, [...selection.eventIds]));
    if (selection.owners) conditions.push(inArray(events.uid, [...selection.owners]));
    const rows = await this.db
      // xmin: the transaction that last wrote the row; with updated_at it changes on every replace, even within one millisecond.
      .select({
        event_id: events.event_id,
        uid: events.uid,
        start: events.start,
        updated_at: events.updated_at,
        xmin: sql<string>`${events}.xmin::text`,
      })
      .from(events)
      .where(and(...conditions))
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(max);
    return rows.map((r) => ({
      event_id: r.event_id,
      uid: r.uid,
      start: r.start.toISOString(),
      version: `${r.updated_at.getTime()}.${r.xmin}`,
    }));
  }

  /**
   * Of these players, those the viewer may see at all, in one query: themself, anyone in one of
   * their organisations, and anyone whose round they may see.
   */
  async visiblePlayers(viewer: number, players: readonly number[]): Promise<Set<number>> {
    const others = [...new Set(players)].filter((p) => p !== viewer);
    const visible = new Set(players.includes(viewer) ? [viewer] : []);
    if (others.length === 0) return visible;
    const rows = await this.db.execute<{ uid: number }>(sql`
      SELECT p.uid FROM unnest(ARRAY[${sql.join(
        others.map((p) => sql`${p}::int`),
        sql`, `,
      )}]) AS p(uid)
      WHERE EXISTS (SELECT 1 FROM ${orgMembers} a JOIN ${orgMembers} b ON b.org_id = a.org_id WHERE a.uid = ${viewer} AND b.uid = p.uid)
         OR EXISTS (SELECT 1 FROM ${events} WHERE ${events.uid} = p.uid AND ${events.event_type} = 'ROUND' AND ${visibleTo(viewer)})`);
    for (const row of rowsOf<{ uid: number }>(rows)) visible.add(Number(row.uid));
    return visible;
  }

  /**
   * Rounds for the statistics in one query, however many: the events' owners, start times and
   * holes, for the given round ids or all rounds of the given owners, newest first, at most `limit`.
   */
  async roundsForStatistics(
    selection: { eventIds?: readonly number[]; owners?: readonly number[] },
    limit: number,
  ): Promise<PlayerRound[]> {
    const conditions: SQL[] = [eq(events.event_type, 'ROUND')];
    if (selection.eventIds) conditions.push(inArray(events.event_id, [...selection.eventIds]));
    if (selection.owners) conditions.push(inArray(events.uid, [...selection.owners]));
    const rows = await this.db
      .select({
        event_id: events.event_id,
        uid: events.uid,
        start: events.start,
        course: rounds.course,
        units: rounds.units,
        holes: rounds.holes,
      })
      .from(rounds)
      .innerJoin(events, eq(events.event_id, rounds.event_id))
      .where(and(...conditions))
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit);
    return rows.map((r) => ({
      event_id: r.event_id,
      uid: r.uid,
      start: r.start.toISOString(),
      round: { ...(r.course ? { course: r.course } : {}), units: r.units as UnitsPair, holes: r.holes },
    }));
  }

  /** Creates an event with its round, tags and shares; returns its id. Run inside a transaction. */
  async insert(tx: Tx, owner: number, write: EventWrite, shares: { usershares: UserShare[]; orgshares: OrgShare[] }): Promise<number> {
    const now = this.clock();
    const [row] = await tx
      .insert(events)
      .values({
        uid: owner,
        event_type: write.event_type,
        title: write.title,
        start: write.start,
        end: write.end,
        notes: write.notes,
        share: write.share,
        created_at: now,
        updated_at: now,
      })
      .returning({ event_id: events.event_id });
    if (!row) throw new Error('insert into events returned no row');
    await this.writeRound(tx, row.event_id, write.round);
    await this.writeTags(tx, owner, row.event_id, write.tags);
    await this.writeShares(tx, row.event_id, shares);
    await this.writeEventDrills(tx, row.event_id, write.eventdrills);
    return row.event_id;
  }

  /** Replaces an event's editable fields, its round and its tags (and its shares, when given). */
  async replace(
    tx: Tx,
    eventId: number,
    owner: number,
    write: EventWrite,
    shares: { usershares: UserShare[]; orgshares: OrgShare[] } | null,
  ): Promise<void> {
    await tx
      .update(events)
      .set({ title: write.title, start: write.start, end: write.end, notes: write.notes, share: write.share, updated_at: this.clock() })
      .where(eq(events.event_id, eventId));
    await tx.delete(rounds).where(eq(rounds.event_id, eventId));
    await this.writeRound(tx, eventId, write.round);
    await tx.delete(eventTags).where(eq(eventTags.event_id, eventId));
    await this.writeTags(tx, owner, eventId, write.tags);
    if (shares) await this.replaceShares(tx, eventId, shares);
    await this.writeEventDrills(tx, eventId, write.eventdrills);
  }

  /**
   * Sets an event's drills in order: entries with a ced_id keep theirs (the service checked they
   * are this event's), the rest are placed anew, and event drills left out go with their results.
   */
  private async writeEventDrills(tx: Tx, eventId: number, list: EventWrite['eventdrills']): Promise<void> {
    if (list === null) return;
    const kept = list.flatMap((d) => (d.ced_id === undefined ? [] : [d.ced_id]));
    await tx.delete(eventDrills).where(
      and(
        eq(eventDrills.event_id, eventId),
        kept.length > 0
          ? sql`${eventDrills.ced_id} NOT IN (${sql.join(
              kept.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql`true`,
      ),
    );
    for (const [position, entry] of list.entries()) {
      if (entry.ced_id !== undefined) await tx.update(eventDrills).set({ position }).where(eq(eventDrills.ced_id, entry.ced_id));
      else await tx.insert(eventDrills).values({ event_id: eventId, drill_id: entry.drill_id, position });
    }
  }

  async replaceShares(tx: Tx, eventId: number, shares: { usershares: UserShare[]; orgshares: OrgShare[] }): Promise<void> {
    await tx.delete(eventUserShares).where(eq(eventUserShares.event_id, eventId));
    await tx.delete(eventOrgShares).where(eq(eventOrgShares.event_id, eventId));
    await this.writeShares(tx, eventId, shares);
  }

  async setScope(tx: Tx, eventId: number, share: ShareScope): Promise<void> {
    await tx.update(events).set({ share, updated_at: this.clock() }).where(eq(events.event_id, eventId));
  }

  async delete(eventId: number): Promise<void> {
    await this.db.delete(events).where(eq(events.event_id, eventId));
  }

  /** "Remove from my list": the viewer's own share goes, and the event stays off their list however else it reaches them. */
  async hide(eventId: number, uid: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(eventUserShares).where(and(eq(eventUserShares.event_id, eventId), eq(eventUserShares.uid, uid)));
      await tx.insert(eventHides).values({ event_id: eventId, uid }).onConflictDoNothing();
    });
  }

  private async writeRound(tx: Tx, eventId: number, round: EventWrite['round']): Promise<void> {
    if (!round) return;
    await tx.insert(rounds).values({
      event_id: eventId,
      course: round.course,
      tees: round.tees,
      course_rating: round.course_rating,
      slope: round.slope,
      units: round.units,
      holes: round.holes,
      hole_count: round.holes.length,
      score: round.score,
      par: round.par,
    });
  }

  /** Links the event to the owner's tags of these names, creating the missing ones. */
  private async writeTags(tx: Tx, owner: number, eventId: number, names: readonly string[]): Promise<void> {
    const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    if (unique.length === 0) return;
    await tx
      .insert(tags)
      .values(unique.map((name) => ({ uid: owner, name })))
      .onConflictDoNothing();
    const lower = unique.map((n) => n.toLowerCase());
    const rows = await tx
      .select({ tag_id: tags.tag_id })
      .from(tags)
      .where(
        and(
          eq(tags.uid, owner),
          sql`lower(${tags.name}) IN (${sql.join(
            lower.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        ),
      );
    await tx.insert(eventTags).values(rows.map((r) => ({ event_id: eventId, tag_id: r.tag_id })));
  }

  private async writeShares(tx: Tx, eventId: number, shares: { usershares: UserShare[]; orgshares: OrgShare[] }): Promise<void> {
    if (shares.usershares.length > 0)
      await tx
        .insert(eventUserShares)
        .values(shares.usershares.map((s) => ({ event_id: eventId, uid: s.uid, permissions: s.permissions })));
    if (shares.orgshares.length > 0)
      await tx
        .insert(eventOrgShares)
        .values(shares.orgshares.map((s) => ({ event_id: eventId, org_id: s.org_id, permissions: s.permissions })));
  }

  // --- notifications --------------------------------------------------------------------------

  async notify(tx: Tx, rows: Array<{ uid: number; type: string; title: string; body: string; nav_loc: string }>): Promise<void> {
    if (rows.length === 0) return;
    await tx.insert(notifications).values(rows.map((r) => ({ ...r, created_at: this.clock() })));
  }

  /** Of these users, those told of an update of this event within the last hour. */
  async recentlyToldOfUpdate(tx: Tx, uids: readonly number[], navLoc: string): Promise<Set<number>> {
    if (uids.length === 0) return new Set();
    const since = new Date(this.clock().getTime() - 60 * 60 * 1000);
    const rows = await tx
      .select({ uid: notifications.uid })
      .from(notifications)
      .where(
        and(
          inArray(notifications.uid, [...uids]),
          eq(notifications.type, 'EVENT_UPDATED'),
          eq(notifications.nav_loc, navLoc),
          gte(notifications.created_at, since),
        ),
      );
    return new Set(rows.map((r) => r.uid));
  }

  // --- idempotency ----------------------------------------------------------------------------

  /**
   * Claims an Idempotency-Key inside the caller's transaction. A concurrent claim of the same key
   * waits on the unique key until this transaction ends, then finds the stored answer. Keys older
   * than 24 hours are forgotten.
   */
  async claimKey(
    tx: Tx,
    uid: number,
    key: string,
    requestHash: string,
  ): Promise<{ claimed: true } | { claimed: false; requestHash: string; status: number | null; response: unknown }> {
    const now = this.clock();
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.uid, uid),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.created_at, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      );
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ uid, key, request_hash: requestHash, created_at: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key)));
    return { claimed: false, requestHash: row?.request_hash ?? '', status: row?.status ?? null, response: row?.response ?? null };
  }

  async storeAnswer(tx: Tx, uid: number, key: string, status: number, response: unknown): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ status, response })
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key)));
  }
}

/** Rows of db.execute on either driver (node-postgres answers { rows }, PGlite likewise). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
