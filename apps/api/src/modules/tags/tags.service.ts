import { PERMISSIONS, type OrgShare, type UserShare } from '@holeout/golf';
import type { TagBody, TagResponse } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { Access } from '../../platform/access/access.ts';
import { canView, isOwner, tagPermission as permissionOnTag } from '../../platform/access/access.policy.ts';
import type { LoadedTag, TagsRepository } from './tags.repository.ts';

/** The caller's permission on a loaded tag. */
const tagPermission = (uid: number, orgIds: readonly number[], loaded: LoadedTag) =>
  permissionOnTag(uid, orgIds, { owner: loaded.tag.uid, usershares: loaded.usershares, orgshares: loaded.orgshares });

function toTagBody(loaded: LoadedTag, permissions: number): TagResponse {
  return {
    tag_id: loaded.tag.tag_id,
    uid: loaded.tag.uid,
    name: loaded.tag.name,
    colour: loaded.tag.colour,
    usershares: loaded.usershares,
    orgshares: loaded.orgshares,
    permissions,
    events: loaded.events,
  };
}

/**
 * Shares a tag gives are VIEW: it shows its owner's events that carry it, and nobody but the owner
 * changes a tag. Others are lowered to VIEW, NONE dropped, the owner left out.
 */
function tagShares(owner: number, body: TagBody): { usershares: UserShare[]; orgshares: OrgShare[] } {
  const users = [...new Set(body.usershares.filter((s) => s.permissions >= PERMISSIONS.VIEW && s.uid !== owner).map((s) => s.uid))];
  const orgs = [...new Set(body.orgshares.filter((s) => s.permissions >= PERMISSIONS.VIEW).map((s) => s.org_id))];
  return {
    usershares: users.sort((a, b) => a - b).map((uid) => ({ uid, permissions: PERMISSIONS.VIEW })),
    orgshares: orgs.sort((a, b) => a - b).map((org_id) => ({ org_id, permissions: PERMISSIONS.VIEW })),
  };
}

/** Tags: the caller's own and those shared with them; sharing one shares its owner's events that carry it. */
export class TagsService {
  constructor(private readonly deps: { repository: TagsRepository; access: Access }) {}

  async list(caller: Caller): Promise<TagResponse[]> {
    const { orgIds } = await this.deps.access.viewer(caller.uid);
    const loaded = await this.deps.repository.load(await this.deps.repository.visibleTagIds(caller.uid));
    return loaded.map((l) => toTagBody(l, tagPermission(caller.uid, orgIds, l)));
  }

  private async ownTag(caller: Caller, tagId: number): Promise<LoadedTag> {
    const { orgIds } = await this.deps.access.viewer(caller.uid);
    const [loaded] = await this.deps.repository.load([tagId]);
    const permission = loaded ? tagPermission(caller.uid, orgIds, loaded) : PERMISSIONS.NONE;
    if (!loaded || !canView(permission)) throw notFound('No such tag');
    if (!isOwner(permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner of a tag may change it.');
    return loaded;
  }

  /** Creates a tag (tagId null) or changes the caller's own; users newly shared with are told (TAG_SHARED). */
  async save(caller: Caller, tagId: number | null, body: TagBody): Promise<TagResponse> {
    const before = tagId === null ? null : await this.ownTag(caller, tagId);
    if (await this.deps.repository.nameTaken(caller.uid, body.name, tagId ?? undefined)) {
      throw new ApiError(409, 'CONFLICT', `You already have a tag named "${body.name}".`);
    }
    const shares = tagShares(caller.uid, body);
    await this.deps.access.requireShareTargets(caller.uid, shares, before ?? undefined);
    const had = new Set(before?.usershares.map((s) => s.uid) ?? []);
    const who = `${caller.user.first_name} ${caller.user.last_name}`.trim() || 'A golfer';
    const id = await this.deps.repository.save(caller.uid, tagId, { name: body.name, colour: body.colour }, shares, (savedId) =>
      shares.usershares
        .filter((s) => !had.has(s.uid))
        .map((s) => ({
          uid: s.uid,
          type: 'TAG_SHARED',
          title: 'A tag was shared with you',
          body: `${who} shared the events tagged "${body.name}" with you.`,
          nav_loc: `events?tags=${encodeURIComponent(body.name)}&tag_id=${savedId}`,
        })),
    );
    const [loaded] = await this.deps.repository.load([id]);
    return toTagBody(loaded!, PERMISSIONS.OWNER);
  }

  async remove(caller: Caller, tagId: number): Promise<void> {
    await this.ownTag(caller, tagId);
    await this.deps.repository.delete(tagId);
  }
}
