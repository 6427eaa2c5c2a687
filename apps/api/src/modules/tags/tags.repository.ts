import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { OrgShare, UserShare } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import { tagVisibleTo } from '../../platform/access/access.repository.ts';
import { eventTags, notifications, tagOrgShares, tagUserShares, tags } from '../../db/schema/index.ts';

export type TagRow = typeof tags.$inferSelect;

export interface LoadedTag {
  tag: TagRow;
  usershares: UserShare[];
  orgshares: OrgShare[];
  events: number;
}

/** The only database code of tags. */
export class TagsRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** The user's own tags and those shared with them or their organisations, by name. */
  async visibleTagIds(uid: number): Promise<number[]> {
    const rows = await this.db
      .select({ tag_id: tags.tag_id })
      .from(tags)
      .where(tagVisibleTo(uid))
      .orderBy(sql`lower(${tags.name})`, tags.tag_id);
    return rows.map((r) => r.tag_id);
  }

  async load(ids: readonly number[], db: Database = this.db): Promise<LoadedTag[]> {
    if (ids.length === 0) return [];
    const list = [...ids];
    const [tagRows, users, orgs, counts] = await Promise.all([
      db.select().from(tags).where(inArray(tags.tag_id, list)),
      db.select().from(tagUserShares).where(inArray(tagUserShares.tag_id, list)).orderBy(tagUserShares.uid),
      db.select().from(tagOrgShares).where(inArray(tagOrgShares.tag_id, list)).orderBy(tagOrgShares.org_id),
      db.select({ tag_id: eventTags.tag_id, n: count() }).from(eventTags).where(inArray(eventTags.tag_id, list)).groupBy(eventTags.tag_id),
    ]);
    const byId = new Map(tagRows.map((t) => [t.tag_id, t]));
    return list.flatMap((id) => {
      const tag = byId.get(id);
      if (!tag) return [];
      return [
        {
          tag,
          usershares: users
            .filter((s) => s.tag_id === id)
            .map((s) => ({ uid: s.uid, permissions: s.permissions as UserShare['permissions'] })),
          orgshares: orgs
            .filter((s) => s.tag_id === id)
            .map((s) => ({ org_id: s.org_id, permissions: s.permissions as OrgShare['permissions'] })),
          events: counts.find((c) => c.tag_id === id)?.n ?? 0,
        },
      ];
    });
  }

  async nameTaken(uid: number, name: string, exceptTagId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ tag_id: tags.tag_id })
      .from(tags)
      .where(
        and(
          eq(tags.uid, uid),
          sql`lower(${tags.name}) = ${name.toLowerCase()}`,
          ...(exceptTagId === undefined ? [] : [sql`${tags.tag_id} <> ${exceptTagId}`]),
        ),
      );
    return row !== undefined;
  }

  /**
   * Creates or changes a tag with its shares and the notifications of newly shared users, in one
   * transaction; returns its id.
   */
  async save(
    uid: number,
    tagId: number | null,
    values: { name: string; colour: string | null },
    shares: { usershares: UserShare[]; orgshares: OrgShare[] },
    notices: (tagId: number) => Array<{ uid: number; type: string; title: string; body: string; nav_loc: string }>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      let id = tagId;
      if (id === null) {
        const [row] = await tx
          .insert(tags)
          .values({ uid, ...values })
          .returning({ tag_id: tags.tag_id });
        if (!row) throw new Error('insert into tags returned no row');
        id = row.tag_id;
      } else {
        await tx.update(tags).set(values).where(eq(tags.tag_id, id));
        await tx.delete(tagUserShares).where(eq(tagUserShares.tag_id, id));
        await tx.delete(tagOrgShares).where(eq(tagOrgShares.tag_id, id));
      }
      const tagIdValue = id;
      if (shares.usershares.length > 0)
        await tx
          .insert(tagUserShares)
          .values(shares.usershares.map((s) => ({ tag_id: tagIdValue, uid: s.uid, permissions: s.permissions })));
      if (shares.orgshares.length > 0)
        await tx
          .insert(tagOrgShares)
          .values(shares.orgshares.map((s) => ({ tag_id: tagIdValue, org_id: s.org_id, permissions: s.permissions })));
      const rows = notices(tagIdValue);
      if (rows.length > 0) await tx.insert(notifications).values(rows.map((r) => ({ ...r, created_at: this.clock() })));
      return tagIdValue;
    });
  }

  async delete(tagId: number): Promise<void> {
    await this.db.delete(tags).where(eq(tags.tag_id, tagId));
  }
}
