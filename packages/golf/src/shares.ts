/**
 * Share permissions (NONE < VIEW < ADD < MODIFY < OWNER) and their rules: the default shares, lowering
 * a share the item cannot grant, and a user's permission on a folder.
 */
export const PERMISSIONS = { VARIOUS: -2, NONE: -1, VIEW: 0, ADD: 1, MODIFY: 2, OWNER: 3 } as const;
export type PermissionName = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[PermissionName];
export const PERMISSION_VALUES = Object.values(PERMISSIONS) as Permission[];

export interface UserShare {
  uid: number;
  permissions: Permission;
}
export interface OrgShare {
  org_id: number;
  permissions: Permission;
}
export interface Shares {
  usershares: UserShare[];
  orgshares: OrgShare[];
}

/**
 * Default shares: owner for the user, view for each organisation the user belongs to.
 * Saved shares (any user or org share) replace the defaults; shares with permission none are dropped.
 */
export function effectiveDefaultShares(uid: number, orgIds: readonly number[], saved?: Partial<Shares> | null): Shares {
  const savedUsers = saved?.usershares ?? [];
  const savedOrgs = saved?.orgshares ?? [];
  if (savedUsers.length > 0 || savedOrgs.length > 0) {
    return {
      usershares: savedUsers.filter((s) => s.permissions !== PERMISSIONS.NONE),
      orgshares: savedOrgs.filter((s) => s.permissions !== PERMISSIONS.NONE),
    };
  }
  return {
    usershares: [{ uid, permissions: PERMISSIONS.OWNER }],
    orgshares: orgIds.map((org_id) => ({ org_id, permissions: PERMISSIONS.VIEW })),
  };
}

/** Lowers a share the item cannot grant: modify becomes add without modification, add becomes view without adding. */
export function capPermission(permission: Permission, options: { canModify: boolean; canAdd: boolean }): Permission {
  let p: Permission = permission;
  if (!options.canModify && p === PERMISSIONS.MODIFY) p = PERMISSIONS.ADD;
  if (!options.canAdd && p === PERMISSIONS.ADD) p = PERMISSIONS.VIEW;
  return p;
}

/**
 * A user's permission on a folder: the highest of the user's own share and the shares to any
 * organisation the user belongs to; NONE when there is nothing shared.
 */
export function folderPermission(uid: number, orgIds: readonly number[], shares: Shares): Permission {
  let best: Permission = PERMISSIONS.NONE;
  for (const s of shares.usershares) if (s.uid === uid && s.permissions > best) best = s.permissions;
  for (const s of shares.orgshares) if (orgIds.includes(s.org_id) && s.permissions > best) best = s.permissions;
  return best;
}

/** An item counts as "shared with me" when my own share on it is below OWNER. */
export function isSharedWithMe(uid: number, usershares: readonly UserShare[]): boolean {
  const mine = usershares.find((s) => s.uid === uid);
  return mine !== undefined && mine.permissions < PERMISSIONS.OWNER;
}
