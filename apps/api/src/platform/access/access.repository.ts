import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrgShare, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import {
  drillHides,
  drillOrgShares,
  drillUserShares,
  drills,
  eventHides,
  eventOrgShares,
  eventTags,
  eventUserShares,
  events,
  folderOrgShares,
  folderUserShares,
  folders,
  orgMembers,
  tagOrgShares,
  tagUserShares,
  tags,
  users,
} from '../../db/schema/index.ts';

/**
 * Everything that can be shared, by its two share tables: one row per user given a permission,
 * one per organisation (every member gets it). A new shareable thing (a report, a coach plan) is a
 * pair of tables with the same columns and one line here; visibility, reach and share-target checks
 * then work for it unchanged.
 */
export const SHAREABLES = {
  event: { userShares: eventUserShares, orgShares: eventOrgShares, key: 'event_id' },
  drill: { userShares: drillUserShares, orgShares: drillOrgShares, key: 'drill_id' },
  folder: { userShares: folderUserShares, orgShares: folderOrgShares, key: 'folder_id' },
  tag: { userShares: tagUserShares, orgShares: tagOrgShares, key: 'tag_id' },
} as const;

export type Shareable = keyof typeof SHAREABLES;

/** A uid in SQL: a number, or a placeholder of a prepared statement. */
type ViewerSql = number | SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>;

/**
 * SQL: the item `itemId` of this kind is shared with the viewer at VIEW or more, by a share to
 * them or to an organisation they belong to. NONE (-1) shares reach nobody.
 */
export function sharedWithViewer(kind: Shareable, itemId: SQL | SQL.Aliased | { getSQL(): SQL }, viewer: ViewerSql): SQL {
  const { userShares, orgShares, key } = SHAREABLES[kind];
  const column = sql.raw(`s.${key}`);
  return sql`(EXISTS (SELECT 1 FROM ${userShares} s WHERE ${column} = ${itemId} AND s.uid = ${viewer} AND s.permissions >= 0)
    OR EXISTS (SELECT 1 FROM ${orgShares} s JOIN ${orgMembers} m ON m.org_id = s.org_id AND m.uid = ${viewer}
               WHERE ${column} = ${itemId} AND s.permissions >= 0))`;
}

/** SQL: the item has any share of its own (to a user or an organisation), whatever the permission. */
export function hasOwnShares(kind: Shareable, itemId: SQL | { getSQL(): SQL }): SQL {
  const { userShares, orgShares, key } = SHAREABLES[kind];
  const column = sql.raw(`s.${key}`);
  return sql`(EXISTS (SELECT 1 FROM ${userShares} s WHERE ${column} = ${itemId})
    OR EXISTS (SELECT 1 FROM ${orgShares} s WHERE ${column} = ${itemId}))`;
}

/**
 * Events the viewer may list: their own; others' unless SHARE_SELF, reached by a share to them or
 * to one of their organisations, by a tag shared with them or their organisations, or by the
 * SHARE_COACHES scope (VIEW for every coach of an organisation the owner belongs to, decided when
 * read) or SHARE_TEAM (VIEW for every member of the owner's organisations), and not taken off
 * their list. SHARE_PUBLIC lists for nobody else: it is opened by id.
 */
export function eventVisibleTo(viewer: ViewerSql): SQL {
  return sql`(
    ${events.uid} = ${viewer}
    OR (${events.share} <> 'SHARE_SELF'
      AND NOT EXISTS (SELECT 1 FROM ${eventHides} h WHERE h.event_id = ${events.event_id} AND h.uid = ${viewer})
      AND (
        ${sharedWithViewer('event', events.event_id, viewer)}
        OR (${events.share} = 'SHARE_COACHES' AND EXISTS (
              SELECT 1 FROM ${orgMembers} mo JOIN ${orgMembers} mc ON mc.org_id = mo.org_id AND mc.uid = ${viewer} AND mc.is_coach
              WHERE mo.uid = ${events.uid}))
        OR (${events.share} = 'SHARE_TEAM' AND EXISTS (
              SELECT 1 FROM ${orgMembers} mo JOIN ${orgMembers} mc ON mc.org_id = mo.org_id AND mc.uid = ${viewer}
              WHERE mo.uid = ${events.uid}))
        OR EXISTS (SELECT 1 FROM ${eventTags} et WHERE et.event_id = ${events.event_id} AND ${sharedWithViewer('tag', sql`et.tag_id`, viewer)})
      ))
  )`;
}

/** SQL: the folder reaches the user: their own, or shared with them or one of their organisations at VIEW or more. */
export function folderReaches(folderId: SQL | { getSQL(): SQL }, viewer: ViewerSql): SQL {
  return sql`EXISTS (SELECT 1 FROM ${folders} f WHERE f.folder_id = ${folderId} AND (
      f.uid = ${viewer} OR ${sharedWithViewer('folder', sql`f.folder_id`, viewer)}))`;
}

/**
 * Drills the user may list: their own; others' they did not take off their list, reached by the
 * drill's own shares when it has any, else by its folder's (a drill in a folder inherits the
 * folder's shares unless it has its own).
 */
export function drillVisibleTo(viewer: ViewerSql): SQL {
  return sql`(
    ${drills.uid} = ${viewer}
    OR (NOT EXISTS (SELECT 1 FROM ${drillHides} h WHERE h.drill_id = ${drills.drill_id} AND h.uid = ${viewer})
      AND CASE WHEN ${hasOwnShares('drill', drills.drill_id)} THEN ${sharedWithViewer('drill', drills.drill_id, viewer)}
        ELSE ${drills.folder_id} IS NOT NULL AND ${folderReaches(drills.folder_id, viewer)}
      END)
  )`;
}

/** Tags the user may see: their own, and those shared with them or one of their organisations at VIEW or more. */
export function tagVisibleTo(viewer: ViewerSql): SQL {
  return sql`(${tags.uid} = ${viewer} OR ${sharedWithViewer('tag', tags.tag_id, viewer)})`;
}

/**
 * SQL: the uids a user knows, and so may share with and see named in GET /people: fellow members of
 * any organisation of theirs, and anyone who shared an event, a drill, a folder or a tag with them
 * (directly, or through one of their organisations). Having shared something with someone is no
 * way to know them: otherwise anyone could learn any user's name by sharing a note with a uid.
 */
export function knownPeopleOf(viewer: ViewerSql): SQL {
  // `reaches`: the item's own rule for a share to take effect (a SHARE_SELF event's shares reach nobody).
  const sharedByOwner = (
    kind: Shareable,
    table: typeof events | typeof drills | typeof folders | typeof tags,
    reaches: SQL = sql`true`,
  ) => {
    const { userShares, orgShares, key } = SHAREABLES[kind];
    const column = sql.raw(key);
    return sql`SELECT i.uid FROM ${table} i JOIN ${userShares} s ON s.${column} = i.${column}
        WHERE s.uid = ${viewer} AND s.permissions >= 0 AND ${reaches}
      UNION SELECT i.uid FROM ${table} i JOIN ${orgShares} s ON s.${column} = i.${column}
        JOIN ${orgMembers} m ON m.org_id = s.org_id AND m.uid = ${viewer} WHERE s.permissions >= 0 AND ${reaches}`;
  };
  return sql`(
    SELECT b.uid FROM ${orgMembers} a JOIN ${orgMembers} b ON b.org_id = a.org_id WHERE a.uid = ${viewer}
    UNION ${sharedByOwner('event', events, sql`i.share <> 'SHARE_SELF'`)}
    UNION ${sharedByOwner('drill', drills)}
    UNION ${sharedByOwner('folder', folders)}
    UNION ${sharedByOwner('tag', tags)}
  )`;
}

/** Who is asking, with the organisations that decide their permissions. */
export interface Viewer {
  uid: number;
  orgIds: number[];
  /** The organisations in which the viewer is a coach. */
  coachOrgIds: number[];
}

/** The only database code of sharing and visibility common to every shareable thing. */
export class AccessRepository {
  constructor(private readonly db: Database) {}

  /** The viewer and their organisations (and those they coach), by org_id (default shares list them in that order). */
  async viewer(uid: number, db: Database = this.db): Promise<Viewer> {
    const rows = await db
      .select({ org_id: orgMembers.org_id, is_coach: orgMembers.is_coach })
      .from(orgMembers)
      .where(eq(orgMembers.uid, uid))
      .orderBy(orgMembers.org_id);
    return { uid, orgIds: rows.map((r) => r.org_id), coachOrgIds: rows.filter((r) => r.is_coach).map((r) => r.org_id) };
  }

  /** Of these uids, those the viewer knows (see `knownPeopleOf`); the viewer themself is not included. */
  async knownOf(viewer: number, uids: readonly number[], db: Database = this.db): Promise<Set<number>> {
    const others = [...new Set(uids)].filter((uid) => uid !== viewer);
    if (others.length === 0) return new Set();
    const rows = await db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`${inArray(users.uid, others)} AND ${users.uid} IN ${knownPeopleOf(viewer)}`);
    return new Set(rows.map((r) => r.uid));
  }

  /** The people the viewer knows, by last and first name (GET /people). */
  async knownPeople(viewer: number): Promise<Array<{ uid: number; first_name: string; last_name: string; is_coach: boolean }>> {
    return this.db
      .select({ uid: users.uid, first_name: users.first_name, last_name: users.last_name, is_coach: users.is_coach })
      .from(users)
      .where(sql`${users.uid} <> ${viewer} AND ${users.uid} IN ${knownPeopleOf(viewer)}`)
      .orderBy(users.last_name, users.first_name, users.uid);
  }
}

/** Shares as every shareable thing stores them; who they reach is what access checks, whatever the permission. */
export interface ShareSet {
  usershares: readonly (Pick<UserShare, 'uid'> & { permissions?: number })[];
  orgshares: readonly (Pick<OrgShare, 'org_id'> & { permissions?: number })[];
}
