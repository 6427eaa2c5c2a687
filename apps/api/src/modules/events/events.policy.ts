import { eventPermission, PERMISSIONS, type EventType, type Permission, type ShareScope } from '@holeout/golf';
import type { LoadedEvent, Viewer } from './events.repository.ts';

/**
 * Who may do what with an event (api-contract.md "Shares"): small functions over the caller's
 * permission, which eventPermission (packages/golf) decides. Anything below VIEW is answered 404,
 * as if the event did not exist.
 */
export const canViewEvent = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW;
export const canModifyEvent = (permission: Permission): boolean => permission >= PERMISSIONS.MODIFY;
export const canDeleteEvent = (permission: Permission): boolean => permission === PERMISSIONS.OWNER;
export const canShareEvent = (permission: Permission): boolean => permission === PERMISSIONS.OWNER;
/** "Remove from my list" is for viewers; the owner deletes instead. */
export const canUnshareEvent = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW && permission < PERMISSIONS.OWNER;

/** The caller's permission on a loaded event. */
export function permissionOn(viewer: Viewer, loaded: LoadedEvent, ownerOrgIds: readonly number[], sharedByTag: boolean): Permission {
  return eventPermission(
    { uid: viewer.uid, orgIds: viewer.orgIds, coachOrgIds: viewer.coachOrgIds },
    {
      owner: loaded.event.uid,
      type: loaded.event.event_type as EventType,
      scope: loaded.event.share as ShareScope,
      usershares: loaded.usershares,
      orgshares: loaded.orgshares,
      ownerOrgIds,
      sharedByTag,
    },
  );
}
