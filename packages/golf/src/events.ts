/**
 * Events and who may see them: the shares an owner may give, and the viewer's permission that follows
 * from the shares, the event's scope (SHARE_SELF ... SHARE_PUBLIC) and what its type can grant.
 */
import { capPermission, PERMISSIONS, type OrgShare, type Permission, type UserShare } from './shares.ts';

export const EVENT_TYPES = ['PRACTICE', 'LESSON', 'WORKOUT', 'NOTE', 'ROUND'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SHARE_SCOPES = ['SHARE_SELF', 'SHARE_COACHES', 'SHARE_SELECTED', 'SHARE_TEAM', 'SHARE_PUBLIC'] as const;
export type ShareScope = (typeof SHARE_SCOPES)[number];

/** Notification types, in the product's fixed order; types the product adds go after them. */
export const NOTIFICATION_TYPES = [
  'RESERVED',
  'TEAM_INVITATION',
  'SUB_EXPIRING',
  'SUB_EXPIRED',
  'EVENT_SHARED',
  'EVENT_UPDATED',
  'FOLDER_SHARED',
  'ROUND_SHARED',
  'ORG_INVITE_ACCEPT',
  'ORG_INVITE_DECLINE',
  'ORG_MEMBER_LEAVE',
  'TAG_SHARED',
  'EVENT_COMMENT',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Which shares an event type can grant: rounds and notes take no children (no ADD); every type can be edited. */
export function eventCapabilities(type: EventType): { canAdd: boolean; canModify: boolean } {
  return { canAdd: type !== 'ROUND' && type !== 'NOTE', canModify: true };
}

/**
 * The shares an owner may give on an event: never OWNER to anyone but the owner (MODIFY is the most),
 * NONE dropped, then lowered where the type cannot grant it (MODIFY to ADD, ADD to VIEW), one share per user
 * and organisation (the highest wins). The owner's own share, if listed, is left out: the owner is
 * always OWNER.
 */
export function normaliseEventShares(
  owner: number,
  type: EventType,
  shares: { usershares: readonly UserShare[]; orgshares: readonly OrgShare[] },
): { usershares: UserShare[]; orgshares: OrgShare[] } {
  const capabilities = eventCapabilities(type);
  const lower = (p: Permission): Permission => capPermission(p >= PERMISSIONS.OWNER ? PERMISSIONS.MODIFY : p, capabilities);
  const users = new Map<number, Permission>();
  for (const share of shares.usershares) {
    if (share.uid === owner || share.permissions <= PERMISSIONS.NONE) continue;
    const p = lower(share.permissions);
    if ((users.get(share.uid) ?? PERMISSIONS.NONE) < p) users.set(share.uid, p);
  }
  const orgs = new Map<number, Permission>();
  for (const share of shares.orgshares) {
    if (share.permissions <= PERMISSIONS.NONE) continue;
    const p = lower(share.permissions);
    if ((orgs.get(share.org_id) ?? PERMISSIONS.NONE) < p) orgs.set(share.org_id, p);
  }
  return {
    usershares: [...users].map(([uid, permissions]) => ({ uid, permissions })).sort((a, b) => a.uid - b.uid),
    orgshares: [...orgs].map(([org_id, permissions]) => ({ org_id, permissions })).sort((a, b) => a.org_id - b.org_id),
  };
}

/** What is known about the person asking. */
export interface EventViewer {
  uid: number;
  /** Organisations the viewer belongs to. */
  orgIds: readonly number[];
  /** Organisations in which the viewer is a coach. */
  coachOrgIds: readonly number[];
}

/** What is known about the event. */
export interface EventAccess {
  owner: number;
  type: EventType;
  scope: ShareScope;
  usershares: readonly UserShare[];
  orgshares: readonly OrgShare[];
  /** Organisations the owner belongs to (for SHARE_COACHES and SHARE_TEAM, decided when read). */
  ownerOrgIds: readonly number[];
  /** The event carries a tag its owner shared with the viewer or one of the viewer's organisations. */
  sharedByTag: boolean;
}

/**
 * The viewer's permission on an event: OWNER for the owner; otherwise the highest of the viewer's
 * own share, the shares to the viewer's organisations, a tag shared with them (VIEW) and the scope:
 * SHARE_COACHES gives VIEW to every coach of the owner's organisations, SHARE_TEAM to every member of
 * them, SHARE_PUBLIC to any signed-in user; SHARE_SELF gives nobody anything. Lowered by what the
 * type can grant. NONE means the viewer may not see it.
 */
export function eventPermission(viewer: EventViewer, event: EventAccess): Permission {
  if (viewer.uid === event.owner) return PERMISSIONS.OWNER;
  if (event.scope === 'SHARE_SELF') return PERMISSIONS.NONE;
  let best: Permission = PERMISSIONS.NONE;
  const raise = (p: Permission) => {
    if (p > best) best = p;
  };
  for (const share of event.usershares) if (share.uid === viewer.uid) raise(share.permissions);
  for (const share of event.orgshares) if (viewer.orgIds.includes(share.org_id)) raise(share.permissions);
  if (event.sharedByTag) raise(PERMISSIONS.VIEW);
  const sharesAnOrg = (orgs: readonly number[]) => orgs.some((org) => event.ownerOrgIds.includes(org));
  if (event.scope === 'SHARE_COACHES' && sharesAnOrg(viewer.coachOrgIds)) raise(PERMISSIONS.VIEW);
  if (event.scope === 'SHARE_TEAM' && sharesAnOrg(viewer.orgIds)) raise(PERMISSIONS.VIEW);
  if (event.scope === 'SHARE_PUBLIC') raise(PERMISSIONS.VIEW);
  if (best >= PERMISSIONS.OWNER) best = PERMISSIONS.MODIFY;
  return best === PERMISSIONS.NONE ? best : capPermission(best, eventCapabilities(event.type));
}
