import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { EventType, Hole, OrgShare, ShareScope, UnitsPair, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import { roundScoreRows, writeRoundScores } from '../../db/round-scores.ts';
import {
  eventDrills,
  eventHides,
  eventOrgShares,
  eventTags,
  eventUserShares,
  events,
  notifications,
  orgMembers,
  rounds,
  tags,
} from '../../db/schema/index.ts';
import { eventVisibleTo, sharedWithViewer, type Viewer } from '../../platform/access/access.repository.ts';

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

export type { Viewer } from '../../platform/access/access.repository.ts';

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

/** The only database code of events, rounds, shares and tags. */
export class EventsRepository {
  constructor(
    readonly db: Database,
    private readonly clock: () => Date,
  ) {}

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
    const rows = await this.db
      .selectDistinct({ event_id: eventTags.event_id })
      .from(eventTags)
      .where(and(inArray(eventTags.event_id, [...eventIds]), sharedWithViewer('tag', eventTags.tag_id, viewer.uid)));
    return new Set(rows.map((r) => r.event_id));
  }

  /** The coaches of these organisations, but `except`. */
  async coachesOf(tx: Tx, orgIds: readonly number[], except: number): Promise<Set<number>> {
    if (orgIds.length === 0) return new Set();
    const rows = await tx
      .select({ uid: orgMembers.uid })
      .from(orgMembers)
      .where(and(inArray(orgMembers.org_id, [...orgIds]), eq(orgMembers.is_coach, true)));
    return new Set(rows.map((r) => r.uid).filter((uid) => uid !== except));
  }

  /** The ids of the events the viewer may list, newest first, filtered and paged. */
  async listVisible(viewer: Viewer, filters: EventFilters): Promise<number[]> {
    const conditions: SQL[] = [eventVisibleTo(viewer.uid)];
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
    await writeRoundScores(tx, roundScoreRows(eventId, round));
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
}
