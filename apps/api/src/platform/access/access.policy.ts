import { folderPermission, PERMISSIONS, type OrgShare, type Permission, type UserShare } from '@holeout/golf';

/**
 * The share ladder as the API enforces it, the same for every shareable thing (events, drills,
 * folders, tags): NONE -1, VIEW 0 (read it, count it in statistics), ADD 1 (add children: results to
 * a drill or a practice, drills to a folder), MODIFY 2 (edit it), OWNER 3 (delete it, change its
 * shares). Anything below VIEW is answered 404, as if it did not exist, never 403. What a caller's
 * permission on an item is, is decided by packages/golf (eventPermission, drillPermission,
 * folderPermission); these say what that permission allows.
 */
export const canView = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW;
/** Add children: results to an event's drill, drills to a folder. */
export const canAdd = (permission: Permission): boolean => permission >= PERMISSIONS.ADD;
export const canModify = (permission: Permission): boolean => permission >= PERMISSIONS.MODIFY;
/** Delete it and change its shares. */
export const isOwner = (permission: Permission): boolean => permission === PERMISSIONS.OWNER;
/** "Remove me from this" is for those it was shared with; the owner deletes instead. */
export const canUnshare = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW && permission < PERMISSIONS.OWNER;

/**
 * A drill result may be changed or deleted by whoever may modify the event (its owner, or MODIFY),
 * and by whoever recorded it while they may still add to the event (a coach with ADD on a practice).
 */
export function canChangeResult(eventPermission: Permission, recordedBy: number | null, caller: number): boolean {
  return eventPermission >= PERMISSIONS.MODIFY || (recordedBy === caller && eventPermission >= PERMISSIONS.ADD);
}

/**
 * A tag's permission: its owner is OWNER; anyone else has the highest of their own share and the
 * shares to any organisation they belong to, as for folders.
 */
export function tagPermission(
  uid: number,
  orgIds: readonly number[],
  tag: { owner: number; usershares: readonly UserShare[]; orgshares: readonly OrgShare[] },
): Permission {
  if (tag.owner === uid) return PERMISSIONS.OWNER;
  return folderPermission(uid, orgIds, { usershares: [...tag.usershares], orgshares: [...tag.orgshares] });
}
