import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DrillField, ResultValues } from '@holeout/contracts';
import type { FolderAccess, OrgShare, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import {
  drillHides,
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
  orgMembers,
  users,
} from '../../db/schema/index.ts';
import { drillVisibleTo, eventVisibleTo, folderReaches } from '../../platform/access/access.repository.ts';

export type DrillRow = typeof drills.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;
export type ResultRow = typeof drillResults.$inferSelect & { drill_id: number; event_id: number };

type Shares = { usershares: UserShare[]; orgshares: OrgShare[] };

export interface LoadedFolder extends Shares {
  folder: FolderRow;
}

/** A drill with everything its answer and the caller's permission need. */
export interface LoadedDrill extends Shares {
  drill: DrillRow;
  folder: (FolderAccess & { folder_id: number }) | null;
  /** The viewer took themself off it. */
  hidden: boolean;
}

export interface DrillWrite {
  folder_id: number | null;
  title: string;
  description: string;
  category: string | null;
  fields: DrillField[];
  score_field: string | null;
  higher_is_better: boolean;
}

const asPermission = <T extends { permissions: number }>(row: T) => row.permissions as UserShare['permissions'];

/** The most drills one list answers. */
const MAX_DRILLS = 2000;

/** A drill as the one-statement view answers it (JSON: timestamps as strings). */
interface DrillViewRow extends Omit<DrillRow, 'created_at' | 'updated_at'>, Shares {
  created_at: string;
  updated_at: string;
  hidden: boolean;
  folder: (FolderAccess & { folder_id: number }) | null;
}

/** What a caller's drills need, read in one statement: their organisations and the drills with shares, folders and hides. */
export interface DrillView {
  orgIds: number[];
  drills: LoadedDrill[];
}

/**
 * One prepared statement answering `DrillView` for a viewer: the drills of `ids`, or (ids null)
 * every drill the viewer may list, by title, each with its own shares, its folder's and whether
 * the viewer hid it, and the viewer's organisations. One round trip, planned once.
 */
function prepareDrillView(db: Database) {
  const viewer = sql.placeholder('viewer');
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const sharesOf = (table: typeof drillUserShares | typeof folderUserShares, key: SQL) =>
    sql`(SELECT coalesce(json_agg(json_build_object('uid', s.uid, 'permissions', s.permissions) ORDER BY s.uid), '[]'::json) FROM ${table} s WHERE ${key})`;
  const orgSharesOf = (table: typeof drillOrgShares | typeof folderOrgShares, key: SQL) =>
    sql`(SELECT coalesce(json_agg(json_build_object('org_id', s.org_id, 'permissions', s.permissions) ORDER BY s.org_id), '[]'::json) FROM ${table} s WHERE ${key})`;
  return db
    .select({
      view: sql<{ orgIds: number[]; drills: DrillViewRow[] }>`(
        WITH chosen AS (
          SELECT ${drills}.* FROM ${drills}
          WHERE CASE WHEN ${ids} IS NULL THEN ${drillVisibleTo(viewer)} ELSE ${drills.drill_id} = ANY(${ids}) END
          ORDER BY lower(${drills.title}), ${drills.drill_id}
          LIMIT ${MAX_DRILLS}
        )
        SELECT json_build_object(
          'orgIds', (SELECT coalesce(json_agg(m.org_id), '[]'::json) FROM ${orgMembers} m WHERE m.uid = ${viewer}),
          'drills', (SELECT coalesce(json_agg(json_build_object(
              'drill_id', c.drill_id, 'uid', c.uid, 'folder_id', c.folder_id, 'title', c.title, 'description', c.description,
              'category', c.category, 'fields', c.fields, 'score_field', c.score_field, 'higher_is_better', c.higher_is_better,
              'created_at', c.created_at, 'updated_at', c.updated_at,
              'usershares', ${sharesOf(drillUserShares, sql`s.drill_id = c.drill_id`)},
              'orgshares', ${orgSharesOf(drillOrgShares, sql`s.drill_id = c.drill_id`)},
              'hidden', EXISTS (SELECT 1 FROM ${drillHides} h WHERE h.drill_id = c.drill_id AND h.uid = ${viewer}),
              'folder', (SELECT json_build_object('folder_id', f.folder_id, 'owner', f.uid,
                           'usershares', ${sharesOf(folderUserShares, sql`s.folder_id = f.folder_id`)},
                           'orgshares', ${orgSharesOf(folderOrgShares, sql`s.folder_id = f.folder_id`)})
                         FROM ${folders} f WHERE f.folder_id = c.folder_id)
            ) ORDER BY lower(c.title), c.drill_id), '[]'::json) FROM chosen c)
        ))`,
    })
    .from(users)
    .where(eq(users.uid, viewer))
    .prepare('drill_view');
}

/** A result with the drill and event of its event drill: what every results query answers. */
const RESULT_COLUMNS = {
  drillresult_id: drillResults.drillresult_id,
  ced_id: drillResults.ced_id,
  uid: drillResults.uid,
  recorded_by: drillResults.recorded_by,
  time: drillResults.time,
  values: drillResults.values,
  created_at: drillResults.created_at,
  drill_id: eventDrills.drill_id,
  event_id: eventDrills.event_id,
};

/**
 * A drill's results in the events a viewer may list, newest first: one prepared statement (the
 * visibility test is long, and planning it on every request cost more than running it).
 */
function prepareResultsOfDrill(db: Database) {
  const uids = sql`${sql.placeholder('uids')}::int[]`;
  const from = sql`${sql.placeholder('from')}::timestamptz`;
  return db
    .select(RESULT_COLUMNS)
    .from(drillResults)
    .innerJoin(eventDrills, eq(eventDrills.ced_id, drillResults.ced_id))
    .innerJoin(events, eq(events.event_id, eventDrills.event_id))
    .where(
      and(
        eq(eventDrills.drill_id, sql.placeholder('drill')),
        eventVisibleTo(sql.placeholder('viewer')),
        sql`(${uids} IS NULL OR ${drillResults.uid} = ANY(${uids}))`,
        sql`(${from} IS NULL OR ${drillResults.time} >= ${from})`,
      ),
    )
    .orderBy(desc(drillResults.time), desc(drillResults.drillresult_id))
    .limit(sql.placeholder('limit'))
    .prepare('drill_results_of_drill');
}

/** The only database code of drills, folders, event drills and results. */
export class DrillsRepository {
  private readonly drillViewStatement: ReturnType<typeof prepareDrillView>;
  private readonly resultsOfDrillStatement: ReturnType<typeof prepareResultsOfDrill>;

  constructor(
    readonly db: Database,
    private readonly clock: () => Date,
  ) {
    this.drillViewStatement = prepareDrillView(db);
    this.resultsOfDrillStatement = prepareResultsOfDrill(db);
  }

  /**
   * The viewer's organisations and drills in one statement: those of `ids` in that order, or
   * (ids null) every drill the viewer may list, by title.
   */
  async drillView(viewer: number, ids: readonly number[] | null): Promise<DrillView> {
    if (ids !== null && ids.length === 0) return { orgIds: await this.orgIdsOf(viewer), drills: [] };
    const [row] = await this.drillViewStatement.execute({ viewer, ids: ids === null ? null : [...new Set(ids)] });
    // No row: the viewer's account is gone (a request racing its deletion); nothing is visible.
    if (!row) return { orgIds: [], drills: [] };
    const view = typeof row.view === 'string' ? (JSON.parse(row.view) as { orgIds: number[]; drills: DrillViewRow[] }) : row.view;
    const loaded = view.drills.map((d): LoadedDrill => {
      const { usershares, orgshares, hidden, folder, created_at, updated_at, ...drill } = d;
      return {
        drill: { ...drill, created_at: new Date(created_at), updated_at: new Date(updated_at) },
        usershares,
        orgshares,
        hidden,
        folder,
      };
    });
    if (ids === null) return { orgIds: view.orgIds.map(Number), drills: loaded };
    const byId = new Map(loaded.map((l) => [l.drill.drill_id, l]));
    return { orgIds: view.orgIds.map(Number), drills: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) };
  }

  async orgIdsOf(uid: number): Promise<number[]> {
    const rows = await this.db.select({ org_id: orgMembers.org_id }).from(orgMembers).where(eq(orgMembers.uid, uid));
    return rows.map((r) => r.org_id);
  }

  // --- folders ------------------------------------------------------------------------------

  async visibleFolderIds(uid: number): Promise<number[]> {
    const rows = await this.db
      .select({ folder_id: folders.folder_id })
      .from(folders)
      .where(folderReaches(sql`${folders.folder_id}`, uid))
      .orderBy(sql`lower(${folders.name})`, folders.folder_id);
    return rows.map((r) => r.folder_id);
  }

  async loadFolders(ids: readonly number[], db: Database = this.db): Promise<LoadedFolder[]> {
    if (ids.length === 0) return [];
    const list = [...ids];
    const [rows, users, orgs] = await Promise.all([
      db.select().from(folders).where(inArray(folders.folder_id, list)),
      db.select().from(folderUserShares).where(inArray(folderUserShares.folder_id, list)).orderBy(folderUserShares.uid),
      db.select().from(folderOrgShares).where(inArray(folderOrgShares.folder_id, list)).orderBy(folderOrgShares.org_id),
    ]);
    const byId = new Map(rows.map((f) => [f.folder_id, f]));
    return list.flatMap((id) => {
      const folder = byId.get(id);
      if (!folder) return [];
      return [
        {
          folder,
          usershares: users.filter((s) => s.folder_id === id).map((s) => ({ uid: s.uid, permissions: asPermission(s) })),
          orgshares: orgs.filter((s) => s.folder_id === id).map((s) => ({ org_id: s.org_id, permissions: asPermission(s) })),
        },
      ];
    });
  }

  /** Members of these organisations (for FOLDER_SHARED), without `except`. */
  async membersOf(orgIds: readonly number[], except: number): Promise<number[]> {
    if (orgIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ uid: orgMembers.uid })
      .from(orgMembers)
      .where(inArray(orgMembers.org_id, [...orgIds]));
    return rows.map((r) => r.uid).filter((uid) => uid !== except);
  }

  /** Creates or changes a folder with its shares and its notifications, in one transaction; answers its id. */
  async saveFolder(
    uid: number,
    folderId: number | null,
    name: string,
    shares: Shares,
    notices: (folderId: number) => Notice[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      let id = folderId;
      if (id === null) {
        const [row] = await tx.insert(folders).values({ uid, name, created_at: this.clock() }).returning({ folder_id: folders.folder_id });
        id = row!.folder_id;
      } else {
        await tx.update(folders).set({ name }).where(eq(folders.folder_id, id));
        await tx.delete(folderUserShares).where(eq(folderUserShares.folder_id, id));
        await tx.delete(folderOrgShares).where(eq(folderOrgShares.folder_id, id));
      }
      const folder_id = id;
      if (shares.usershares.length > 0)
        await tx.insert(folderUserShares).values(shares.usershares.map((s) => ({ folder_id, uid: s.uid, permissions: s.permissions })));
      if (shares.orgshares.length > 0)
        await tx.insert(folderOrgShares).values(shares.orgshares.map((s) => ({ folder_id, org_id: s.org_id, permissions: s.permissions })));
      await this.notify(tx, notices(folder_id));
      return folder_id;
    });
  }

  /** The folder goes with its shares; its drills stay, unfiled (folder_id set null by the key). */
  async deleteFolder(folderId: number): Promise<void> {
    await this.db.delete(folders).where(eq(folders.folder_id, folderId));
  }

  // --- drills -------------------------------------------------------------------------------

  /** How many of each folder's drills the user may see. */
  async visibleDrillCounts(uid: number, folderIds: readonly number[]): Promise<Map<number, number>> {
    if (folderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ folder_id: drills.folder_id, n: sql<number>`count(*)::int` })
      .from(drills)
      .where(and(inArray(drills.folder_id, [...folderIds]), drillVisibleTo(uid)))
      .groupBy(drills.folder_id);
    return new Map(rows.map((r) => [r.folder_id!, Number(r.n)]));
  }

  /** Creates (drillId null) or changes a drill; shares replaced only when given. One transaction; answers its id. */
  async saveDrill(uid: number, drillId: number | null, write: DrillWrite, shares: Shares | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.clock();
      let id = drillId;
      if (id === null) {
        id = await this.insertDrill(tx, uid, write);
      } else {
        await tx
          .update(drills)
          .set({ ...write, updated_at: now })
          .where(eq(drills.drill_id, id));
      }
      const drill_id = id;
      if (shares) {
        await tx.delete(drillUserShares).where(eq(drillUserShares.drill_id, drill_id));
        await tx.delete(drillOrgShares).where(eq(drillOrgShares.drill_id, drill_id));
        if (shares.usershares.length > 0) {
          await tx.insert(drillUserShares).values(shares.usershares.map((s) => ({ drill_id, uid: s.uid, permissions: s.permissions })));
          // Shared again by its owner: whoever had removed themself sees it again.
          await tx.delete(drillHides).where(
            and(
              eq(drillHides.drill_id, drill_id),
              inArray(
                drillHides.uid,
                shares.usershares.map((s) => s.uid),
              ),
            ),
          );
        }
        if (shares.orgshares.length > 0)
          await tx.insert(drillOrgShares).values(shares.orgshares.map((s) => ({ drill_id, org_id: s.org_id, permissions: s.permissions })));
      }
      return drill_id;
    });
  }

  /** Adds a drill without shares of its own to `uid`'s library, inside the caller's transaction; answers its id. */
  async insertDrill(tx: Database, uid: number, write: DrillWrite): Promise<number> {
    const now = this.clock();
    const [row] = await tx
      .insert(drills)
      .values({ uid, ...write, created_at: now, updated_at: now })
      .returning({ drill_id: drills.drill_id });
    return row!.drill_id;
  }

  /** The drill goes with its results, its places in events and its shares, in one transaction. */
  async deleteDrill(drillId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const placed = tx.select({ ced_id: eventDrills.ced_id }).from(eventDrills).where(eq(eventDrills.drill_id, drillId));
      await tx.delete(drillResults).where(inArray(drillResults.ced_id, placed));
      await tx.delete(eventDrills).where(eq(eventDrills.drill_id, drillId));
      await tx.delete(drills).where(eq(drills.drill_id, drillId));
    });
  }

  /** "Remove me from this drill": the user's own share goes, and the drill stays off their list however else it reaches them. */
  async hideDrill(drillId: number, uid: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(drillUserShares).where(and(eq(drillUserShares.drill_id, drillId), eq(drillUserShares.uid, uid)));
      await tx.insert(drillHides).values({ drill_id: drillId, uid }).onConflictDoNothing();
    });
  }

  // --- event drills and results -------------------------------------------------------------

  /** Event drills by ced_id: their event and drill. */
  async eventDrillsByCed(cedIds: readonly number[]): Promise<Array<{ ced_id: number; event_id: number; drill_id: number }>> {
    if (cedIds.length === 0) return [];
    return this.db
      .select({ ced_id: eventDrills.ced_id, event_id: eventDrills.event_id, drill_id: eventDrills.drill_id })
      .from(eventDrills)
      .where(inArray(eventDrills.ced_id, [...cedIds]));
  }

  /** The events using a drill that the user may list, newest first. */
  async visibleEventIdsUsing(drillId: number, uid: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ event_id: events.event_id, start: events.start })
      .from(eventDrills)
      .innerJoin(events, eq(events.event_id, eventDrills.event_id))
      .where(and(eq(eventDrills.drill_id, drillId), eventVisibleTo(uid)))
      .orderBy(desc(events.start), desc(events.event_id))
      .limit(limit);
    return rows.map((r) => r.event_id);
  }

  async resultsOfCeds(cedIds: readonly number[], limit: number): Promise<ResultRow[]> {
    if (cedIds.length === 0) return [];
    return this.db
      .select(RESULT_COLUMNS)
      .from(drillResults)
      .innerJoin(eventDrills, eq(eventDrills.ced_id, drillResults.ced_id))
      .where(inArray(drillResults.ced_id, [...cedIds]))
      .orderBy(asc(drillResults.time), asc(drillResults.drillresult_id))
      .limit(limit);
  }

  /** A drill's results in the events the viewer may list, oldest first, optionally of some players and since a date. */
  async resultsOfDrill(
    drillId: number,
    viewer: number,
    filter: { uids?: readonly number[]; from?: Date },
    limit: number,
  ): Promise<ResultRow[]> {
    const rows = await this.resultsOfDrillStatement.execute({
      drill: drillId,
      viewer,
      uids: filter.uids ? [...filter.uids] : null,
      from: filter.from ? filter.from.toISOString() : null,
      limit,
    });
    // The newest `limit`, answered oldest first.
    return rows.reverse();
  }

  async resultById(resultId: number): Promise<ResultRow | null> {
    const [row] = await this.db
      .select(RESULT_COLUMNS)
      .from(drillResults)
      .innerJoin(eventDrills, eq(eventDrills.ced_id, drillResults.ced_id))
      .where(eq(drillResults.drillresult_id, resultId));
    return row ?? null;
  }

  async insertResult(values: { ced_id: number; uid: number; recorded_by: number; time: Date; values: ResultValues }): Promise<number> {
    const [row] = await this.db
      .insert(drillResults)
      .values({ ...values, created_at: this.clock() })
      .returning({ id: drillResults.drillresult_id });
    return row!.id;
  }

  async updateResult(resultId: number, values: { time: Date; values: ResultValues }): Promise<void> {
    await this.db.update(drillResults).set(values).where(eq(drillResults.drillresult_id, resultId));
  }

  async deleteResult(resultId: number): Promise<void> {
    await this.db.delete(drillResults).where(eq(drillResults.drillresult_id, resultId));
  }

  private async notify(tx: Database, rows: Notice[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.insert(notifications).values(rows.map((r) => ({ ...r, created_at: this.clock() })));
  }
}

export interface Notice {
  uid: number;
  type: string;
  title: string;
  body: string;
  nav_loc: string;
}
