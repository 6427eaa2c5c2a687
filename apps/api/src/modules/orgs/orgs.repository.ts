import { eq } from 'drizzle-orm';
import type { Org } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { orgMembers, orgs } from '../../db/schema/index.ts';

export class OrgsRepository {
  constructor(private readonly db: Database) {}

  /** The organisations the user is a member of, oldest first. */
  async orgsOfMember(uid: number): Promise<Org[]> {
    return this.db
      .select({ org_id: orgs.org_id, name: orgs.name, media_id: orgs.media_id, sub_id: orgs.sub_id })
      .from(orgs)
      .innerJoin(orgMembers, eq(orgMembers.org_id, orgs.org_id))
      .where(eq(orgMembers.uid, uid))
      .orderBy(orgs.org_id);
  }
}
