import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AccessRepository, type ShareSet, type Viewer } from './access.repository.ts';

/**
 * Who may be given a share, checked the same way for every shareable thing and for the default
 * shares in settings:
 * - a user only if the sharer already knows them (a fellow member of one of their organisations, or
 *   someone who shared something with them), or the user already holds a share on this item; an
 *   unknown uid and one the sharer cannot reach get the same answer, so the answer says nothing
 *   about which uids exist;
 * - an organisation only if the sharer is a member of it (or it already holds a share on this item):
 *   a stranger cannot push items, or notices, into an organisation's lists.
 * The sharer themself may always appear (the owner's own share).
 */
export class Access {
  readonly repository: AccessRepository;

  constructor(db: Database) {
    this.repository = new AccessRepository(db);
  }

  viewer(uid: number): Promise<Viewer> {
    return this.repository.viewer(uid);
  }

  /** 400 naming the field when a share target is out of the sharer's reach; `existing` are the item's shares before this write. */
  async requireShareTargets(sharer: number, shares: ShareSet, existing: ShareSet = NO_SHARES): Promise<void> {
    const held = new Set(existing.usershares.map((s) => s.uid));
    // A NONE share grants nothing (and is dropped when stored), so it reaches nobody and needs no check.
    const grants = (share: { permissions?: number }) => share.permissions === undefined || share.permissions >= 0;
    const askedUsers = shares.usershares
      .filter(grants)
      .map((s) => s.uid)
      .filter((uid) => uid !== sharer && !held.has(uid));
    const heldOrgs = new Set(existing.orgshares.map((s) => s.org_id));
    const askedOrgs = shares.orgshares
      .filter(grants)
      .map((s) => s.org_id)
      .filter((orgId) => !heldOrgs.has(orgId));
    const [known, viewer] = await Promise.all([
      this.repository.knownOf(sharer, askedUsers),
      askedOrgs.length > 0 ? this.repository.viewer(sharer) : Promise.resolve(null),
    ]);
    const unknownUser = askedUsers.find((uid) => !known.has(uid));
    if (unknownUser !== undefined) {
      const message = `there is no user ${unknownUser} you can share with`;
      throw new ApiError(400, 'VALIDATION_ERROR', `usershares: ${message}`, [{ field: 'usershares', message, in: 'body' }]);
    }
    const memberOf = new Set(viewer?.orgIds ?? []);
    const foreignOrg = askedOrgs.find((orgId) => !memberOf.has(orgId));
    if (foreignOrg !== undefined) {
      const message = `there is no organisation ${foreignOrg} of yours to share with`;
      throw new ApiError(400, 'VALIDATION_ERROR', `orgshares: ${message}`, [{ field: 'orgshares', message, in: 'body' }]);
    }
  }

  /**
   * The default shares as they can be applied now: targets saved in settings that are no longer in
   * reach (a person no longer known, an organisation left) are dropped, so a stale setting never
   * makes every new event fail.
   */
  async reachableDefaults<T extends ShareSet>(sharer: number, shares: T): Promise<T> {
    const users = shares.usershares.map((s) => s.uid).filter((uid) => uid !== sharer);
    const [known, viewer] = await Promise.all([this.repository.knownOf(sharer, users), this.repository.viewer(sharer)]);
    const orgIds = new Set(viewer.orgIds);
    return {
      ...shares,
      usershares: shares.usershares.filter((s) => s.uid === sharer || known.has(s.uid)),
      orgshares: shares.orgshares.filter((s) => orgIds.has(s.org_id)),
    };
  }
}

const NO_SHARES: ShareSet = { usershares: [], orgshares: [] };
