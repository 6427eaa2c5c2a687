import { folderPermission, PERMISSIONS, type Permission } from '@holeout/golf';
import type { LoadedTag } from './tags.repository.ts';

/**
 * Who may do what with a tag: its owner changes, shares and deletes it; anyone it is shared with
 * (or whose organisation it is shared with) sees it. The highest of the own and organisation shares
 * counts, as for folders (spec section 6).
 */
export function tagPermission(uid: number, orgIds: readonly number[], loaded: LoadedTag): Permission {
  if (loaded.tag.uid === uid) return PERMISSIONS.OWNER;
  return folderPermission(uid, orgIds, { usershares: loaded.usershares, orgshares: loaded.orgshares });
}

export const canSeeTag = (permission: Permission): boolean => permission >= PERMISSIONS.VIEW;
export const canChangeTag = (permission: Permission): boolean => permission === PERMISSIONS.OWNER;
