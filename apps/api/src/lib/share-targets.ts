import type { OrgShare, UserShare } from '@holeout/golf';
import type { Database } from '../db/client.ts';
import { existingOrgIds, existingUserIds } from '../db/lookups.ts';
import { ApiError } from './api-error.ts';

/** Refuses (400, naming the field) shares to a user or an organisation that does not exist. */
export async function requireShareTargets(
  db: Database,
  shares: { usershares: readonly UserShare[]; orgshares: readonly OrgShare[] },
): Promise<void> {
  const [users, orgs] = await Promise.all([
    existingUserIds(
      db,
      shares.usershares.map((s) => s.uid),
    ),
    existingOrgIds(
      db,
      shares.orgshares.map((s) => s.org_id),
    ),
  ]);
  const unknownUser = shares.usershares.find((s) => !users.has(s.uid));
  if (unknownUser)
    throw new ApiError(400, 'VALIDATION_ERROR', `usershares: there is no user ${unknownUser.uid}`, [
      { field: 'usershares', message: `there is no user ${unknownUser.uid}`, in: 'body' },
    ]);
  const unknownOrg = shares.orgshares.find((s) => !orgs.has(s.org_id));
  if (unknownOrg)
    throw new ApiError(400, 'VALIDATION_ERROR', `orgshares: there is no organisation ${unknownOrg.org_id}`, [
      { field: 'orgshares', message: `there is no organisation ${unknownOrg.org_id}`, in: 'body' },
    ]);
}
