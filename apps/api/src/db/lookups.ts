import { inArray } from 'drizzle-orm';
import type { Database } from './client.ts';
import { orgs, users } from './schema/index.ts';

/** Of these uids, those that belong to a user (shares to nobody are refused). */
export async function existingUserIds(db: Database, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ uid: users.uid })
    .from(users)
    .where(inArray(users.uid, [...uids]));
  return new Set(rows.map((r) => r.uid));
}

/** Of these org_ids, those of an organisation. */
export async function existingOrgIds(db: Database, orgIds: readonly number[]): Promise<Set<number>> {
  if (orgIds.length === 0) return new Set();
  const rows = await db
    .select({ org_id: orgs.org_id })
    .from(orgs)
    .where(inArray(orgs.org_id, [...orgIds]));
  return new Set(rows.map((r) => r.org_id));
}
