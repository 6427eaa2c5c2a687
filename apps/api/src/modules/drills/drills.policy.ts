import { PERMISSIONS, type Permission } from '@holeout/golf';

/**
 * Who may do what with drills, folders and results (api-contract.md "Shares"): small functions over
 * the caller's permission. Anything below VIEW is answered 404, as if it did not exist.
 */
export const canSee = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW;
/** Add drills to a folder, or results to an event's drill. */
export const canAdd = (permission: Permission): boolean => permission >= PERMISSIONS.ADD;
export const canModify = (permission: Permission): boolean => permission >= PERMISSIONS.MODIFY;
export const isOwner = (permission: Permission): boolean => permission === PERMISSIONS.OWNER;
/** "Remove me from this drill" is for those it was shared with; the owner deletes instead. */
export const canUnshare = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW && permission < PERMISSIONS.OWNER;

/**
 * A result may be changed or deleted by whoever may modify the event (its owner, or MODIFY), and
 * by whoever recorded it while they may still add to the event (a coach with ADD on a practice).
 */
export function canChangeResult(eventPermission: Permission, recordedBy: number | null, caller: number): boolean {
  return eventPermission >= PERMISSIONS.MODIFY || (recordedBy === caller && eventPermission >= PERMISSIONS.ADD);
}
