import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { OrgShare, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import {
  drillOrgShares,
  drillResults,
  drillUserShares,
  drills,
  eventDrills,
  events,
  folderOrgShares,
  folderUserShares,
  folders,
  notifications,
} from '../../db/schema/index.ts';

/** Where the last page ended: the next page starts after this event (oldest first, by start then id). */
export interface EventCursor {
  start: Date;
  event_id: number;
}

/** Shares of an owned drill or folder, as the API writes them. */
interface Shared {
  usershares: UserShare[];
  orgshares: OrgShare[];
}

export type ExportedFolder = { folder_id: number; name: string; created_at: string } & Shared;
export type ExportedDrill = {
  drill_id: number;
  folder_id: number | null;
  title: string;
  description: string;
  category: string | null;
  fields: unknown;
  score_field: string | null;
  higher_is_better: boolean;
  created_at: string;
  updated_at: string;
} & Shared;
export interface ExportedResult {
  drillresult_id: number;
  drill_id: number;
  drill_title: string;
  event_id: number;
  ced_id: number;
  time: Date;
  recorded_by: number | null;
  values: unknown;
}
export interface ExportedNotification {
  notify_id: number;
  type: string;
  title: string;
  body: string;
  nav_loc: string;
  created_at: string;
  opened_at: string | null;
}

const byId = <T extends { id: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.id, [...(map.get(row.id) ?? []), row]);
  return map;
};

/**
 * The export's reads, one page at a time (keyset paging: each page starts after the last row of the
 * one before), so an account of any size is never read in one query; and the import's transaction.
 * Only what the user owns: their events, drills, folders, results and notifications.
 */
export class PortabilityRepository {
  constructor(readonly db: Database) {}

  /** The ids of the user's own events (or only their rounds), oldest first, after the cursor. */
  async ownedEventPage(uid: number, options: { roundsOnly: boolean; after: EventCursor | null; limit: number }): Promise<EventCursor[]> {
    const { after } = options;
    return this.db
      .select({ event_id: events.event_id, start: events.start })
      .from(events)
      .where(
        and(
          eq(events.uid, uid),
          options.roundsOnly ? eq(events.event_type, 'ROUND') : undefined,
          after ? or(gt(events.start, after.start), and(eq(events.start, after.start), gt(events.event_id, after.event_id))) : undefined,
        ),
      )
      .orderBy(asc(events.start), asc(events.event_id))
      .limit(options.limit);
  }

  /** The user's own drill folders with their shares, by id, after `afterId`. */
  async ownedFolderPage(uid: number, afterId: number, limit: number): Promise<ExportedFolder[]> {
    const rows = await this.db
      .select()
      .from(folders)
      .where(and(eq(folders.uid, uid), gt(folders.folder_id, afterId)))
      .orderBy(asc(folders.folder_id))
      .limit(limit);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.folder_id);
    const [users, orgs] = await Promise.all([
      this.db
        .select({ id: folderUserShares.folder_id, uid: folderUserShares.uid, permissions: folderUserShares.permissions })
        .from(folderUserShares)
        .where(inArray(folderUserShares.folder_id, ids))
        .orderBy(folderUserShares.uid),
      this.db
        .select({ id: folderOrgShares.folder_id, org_id: folderOrgShares.org_id, permissions: folderOrgShares.permissions })
        .from(folderOrgShares)
        .where(inArray(folderOrgShares.folder_id, ids))
        .orderBy(folderOrgShares.org_id),
    ]);
    const userShares = byId(users);
    const orgShares = byId(orgs);
    return rows.map((r) => ({
      folder_id: r.folder_id,
      name: r.name,
      created_at: r.created_at.toISOString(),
      usershares: (userShares.get(r.folder_id) ?? []).map((s) => ({ uid: s.uid, permissions: s.permissions as UserShare['permissions'] })),
      orgshares: (orgShares.get(r.folder_id) ?? []).map((s) => ({
        org_id: s.org_id,
        permissions: s.permissions as OrgShare['permissions'],
      })),
    }));
  }

  /** The user's own drills with their own shares, by id, after `afterId`. */
  async ownedDrillPage(uid: number, afterId: number, limit: number): Promise<ExportedDrill[]> {
    const rows = await this.db
      .select()
      .from(drills)
      .where(and(eq(drills.uid, uid), gt(drills.drill_id, afterId)))
      .orderBy(asc(drills.drill_id))
      .limit(limit);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.drill_id);
    const [users, orgs] = await Promise.all([
      this.db
        .select({ id: drillUserShares.drill_id, uid: drillUserShares.uid, permissions: drillUserShares.permissions })
        .from(drillUserShares)
        .where(inArray(drillUserShares.drill_id, ids))
        .orderBy(drillUserShares.uid),
      this.db
        .select({ id: drillOrgShares.drill_id, org_id: drillOrgShares.org_id, permissions: drillOrgShares.permissions })
        .from(drillOrgShares)
        .where(inArray(drillOrgShares.drill_id, ids))
        .orderBy(drillOrgShares.org_id),
    ]);
    const userShares = byId(users);
    const orgShares = byId(orgs);
    return rows.map((r) => ({
      drill_id: r.drill_id,
      folder_id: r.folder_id,
      title: r.title,
      description: r.description,
      category: r.category,
      fields: r.fields,
      score_field: r.score_field,
      higher_is_better: r.higher_is_better,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      usershares: (userShares.get(r.drill_id) ?? []).map((s) => ({ uid: s.uid, permissions: s.permissions as UserShare['permissions'] })),
      orgshares: (orgShares.get(r.drill_id) ?? []).map((s) => ({
        org_id: s.org_id,
        permissions: s.permissions as OrgShare['permissions'],
      })),
    }));
  }

  /** The user's own drill results (they are the player), with the drill and event each was recorded in, by id. */
  async ownResultPage(uid: number, afterId: number, limit: number): Promise<ExportedResult[]> {
    return this.db
      .select({
        drillresult_id: drillResults.drillresult_id,
        drill_id: eventDrills.drill_id,
        drill_title: drills.title,
        event_id: eventDrills.event_id,
        ced_id: drillResults.ced_id,
        time: drillResults.time,
        recorded_by: drillResults.recorded_by,
        values: drillResults.values,
      })
      .from(drillResults)
      .innerJoin(eventDrills, eq(eventDrills.ced_id, drillResults.ced_id))
      .innerJoin(drills, eq(drills.drill_id, eventDrills.drill_id))
      .where(and(eq(drillResults.uid, uid), gt(drillResults.drillresult_id, afterId)))
      .orderBy(asc(drillResults.drillresult_id))
      .limit(limit);
  }

  /** The user's own notifications, by id: what GET /notifications shows of each, without the delivery bookkeeping. */
  async ownNotificationPage(uid: number, afterId: number, limit: number): Promise<ExportedNotification[]> {
    const rows = await this.db
      .select({
        notify_id: notifications.notify_id,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        nav_loc: notifications.nav_loc,
        created_at: notifications.created_at,
        opened_at: notifications.opened_at,
      })
      .from(notifications)
      .where(and(eq(notifications.uid, uid), gt(notifications.notify_id, afterId)))
      .orderBy(asc(notifications.notify_id))
      .limit(limit);
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), opened_at: r.opened_at?.toISOString() ?? null }));
  }

  /** Runs the import's writes in one transaction: all of them or none. */
  inTransaction<T>(write: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(write);
  }
}
