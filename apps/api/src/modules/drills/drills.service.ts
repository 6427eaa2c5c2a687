import type { FastifyBaseLogger } from 'fastify';
import {
  highestFolderPermission,
  normaliseLibraryShares,
  PERMISSIONS,
  type OrgShare,
  type Permission,
  type UserShare,
} from '@holeout/golf';
import {
  checkResultValues,
  MAX_DRILL_RESULTS,
  type DrillBody,
  type DrillResponse,
  type DrillResultBody,
  type DrillResultResponse,
  type EventResponse,
  type FolderBody,
  type FolderResponse,
} from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { Access } from '../../platform/access/access.ts';
import type { EventsReader } from '../events/events.module.ts';
import type { DrillLibrary } from './drill-library.ts';
import type { DrillsRepository, LoadedDrill, LoadedFolder, Notice, ResultRow } from './drills.repository.ts';
import { canAdd, canChangeResult, canModify, canUnshare, canView as canSee, isOwner } from '../../platform/access/access.policy.ts';

export interface DrillsServiceDeps {
  repository: DrillsRepository;
  events: EventsReader;
  access: Access;
  library: DrillLibrary;
  log: FastifyBaseLogger;
  clock: () => Date;
}

type Shares = { usershares: UserShare[]; orgshares: OrgShare[] };

const DRILL_NOT_FOUND = 'No such drill';
const FOLDER_NOT_FOUND = 'No such folder';
const RESULT_NOT_FOUND = 'No such result';
const EVENTS_OF_A_DRILL = 200;

function displayName(caller: Caller): string {
  return `${caller.user.first_name} ${caller.user.last_name}`.trim() || 'A golfer';
}

function toDrillBody(loaded: LoadedDrill, permissions: Permission): DrillResponse {
  const { drill } = loaded;
  return {
    drill_id: drill.drill_id,
    uid: drill.uid,
    folder_id: drill.folder_id,
    title: drill.title,
    description: drill.description,
    category: drill.category as DrillResponse['category'],
    fields: drill.fields,
    score_field: drill.score_field,
    higher_is_better: drill.higher_is_better,
    usershares: loaded.usershares,
    orgshares: loaded.orgshares,
    permissions,
    updated_at: drill.updated_at.toISOString(),
  };
}

function toResultBody(row: ResultRow, scoreField: string | null): DrillResultResponse {
  const score = scoreField === null ? null : row.values[scoreField];
  return {
    drillresult_id: row.drillresult_id,
    ced_id: row.ced_id,
    drill_id: row.drill_id,
    event_id: row.event_id,
    uid: row.uid,
    recorded_by: row.recorded_by,
    time: row.time.toISOString(),
    values: row.values,
    score: typeof score === 'number' ? score : null,
  };
}

/**
 * Drills, their library folders and their results. A drill's permission comes from its own shares, else its
 * folder's; ADD on a folder adds drills to it and ADD on an event records results there; MODIFY edits a drill;
 * only its owner shares or deletes it. What the caller may not see answers 404.
 */
export class DrillsService {
  constructor(private readonly deps: DrillsServiceDeps) {}

  private get repository(): DrillsRepository {
    return this.deps.repository;
  }

  /**
   * The caller's permission over these folders: the highest of their own share and
   * their organisations'; NONE, with a warning in the log, when there are no folders.
   */
  private folderPermissionOver(caller: Caller, orgIds: readonly number[], loaded: readonly LoadedFolder[]): Permission {
    if (loaded.length === 0) {
      this.deps.log.warn({ uid: caller.uid }, 'folder permission asked over no folders: NONE');
      return PERMISSIONS.NONE;
    }
    return highestFolderPermission(
      caller.uid,
      orgIds,
      loaded.map((f) => ({ owner: f.folder.uid, usershares: f.usershares, orgshares: f.orgshares })),
    );
  }

  /** One drill the caller may see, with their permission; 404 otherwise. */
  private async visibleDrill(caller: Caller, drillId: number): Promise<{ loaded: LoadedDrill; permission: Permission; orgIds: number[] }> {
    const {
      orgIds,
      drills: [loaded],
    } = await this.repository.drillView(caller.uid, [drillId]);
    const permission = loaded ? this.deps.library.permissionOn(caller, orgIds, loaded) : PERMISSIONS.NONE;
    if (!loaded || !canSee(permission)) throw notFound(DRILL_NOT_FOUND);
    return { loaded, permission, orgIds };
  }

  // --- folders ------------------------------------------------------------------------------

  async listFolders(caller: Caller): Promise<FolderResponse[]> {
    const [{ orgIds }, ids] = await Promise.all([this.deps.access.viewer(caller.uid), this.repository.visibleFolderIds(caller.uid)]);
    const [loaded, counts] = await Promise.all([this.repository.loadFolders(ids), this.repository.visibleDrillCounts(caller.uid, ids)]);
    return loaded.map((f) => this.toFolderBody(f, this.folderPermissionOver(caller, orgIds, [f]), counts.get(f.folder.folder_id) ?? 0));
  }

  private toFolderBody(loaded: LoadedFolder, permissions: Permission, drills: number): FolderResponse {
    return {
      folder_id: loaded.folder.folder_id,
      uid: loaded.folder.uid,
      name: loaded.folder.name,
      usershares: loaded.usershares,
      orgshares: loaded.orgshares,
      permissions,
      drills,
    };
  }

  /** One folder the caller may see, with their permission; 404 otherwise. */
  private async visibleFolder(caller: Caller, folderId: number): Promise<{ loaded: LoadedFolder; permission: Permission }> {
    const { orgIds } = await this.deps.access.viewer(caller.uid);
    const loaded = await this.repository.loadFolders([folderId]);
    const permission = this.folderPermissionOver(caller, orgIds, loaded);
    if (!loaded[0] || !canSee(permission)) throw notFound(FOLDER_NOT_FOUND);
    return { loaded: loaded[0], permission };
  }

  /**
   * Creates a folder (premium) or renames and reshares the caller's own. Users it newly reaches, by
   * a share to them or to their organisation, are told (FOLDER_SHARED).
   */
  async saveFolder(caller: Caller, folderId: number | null, body: FolderBody): Promise<FolderResponse> {
    let before: LoadedFolder | null = null;
    if (folderId === null) await this.deps.library.requirePremium(caller);
    else {
      const found = await this.visibleFolder(caller, folderId);
      if (!isOwner(found.permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner of a folder may rename or share it.');
      before = found.loaded;
    }
    const shares = normaliseLibraryShares(caller.uid, { usershares: body.usershares ?? [], orgshares: body.orgshares ?? [] } as Shares);
    await this.deps.access.requireShareTargets(caller.uid, shares, before ?? undefined);
    const reachedBefore = new Set([
      ...(before?.usershares.map((s) => s.uid) ?? []),
      ...(await this.repository.membersOf(before?.orgshares.map((s) => s.org_id) ?? [], caller.uid)),
    ]);
    const reachedAfter = new Set([
      ...shares.usershares.map((s) => s.uid),
      ...(await this.repository.membersOf(
        shares.orgshares.map((s) => s.org_id),
        caller.uid,
      )),
    ]);
    const told = [...reachedAfter].filter((uid) => !reachedBefore.has(uid) && uid !== caller.uid);
    const name = body.name;
    const id = await this.repository.saveFolder(caller.uid, folderId, name, shares, (savedId): Notice[] =>
      told.map((uid) => ({
        uid,
        type: 'FOLDER_SHARED',
        title: 'A drill folder was shared with you',
        body: `${displayName(caller)} shared the drills of "${name}" with you.`,
        nav_loc: `drills?folder_id=${savedId}`,
      })),
    );
    const [[loaded], counts] = await Promise.all([this.repository.loadFolders([id]), this.repository.visibleDrillCounts(caller.uid, [id])]);
    return this.toFolderBody(loaded!, PERMISSIONS.OWNER, counts.get(id) ?? 0);
  }

  async deleteFolder(caller: Caller, folderId: number): Promise<void> {
    const { permission } = await this.visibleFolder(caller, folderId);
    if (!isOwner(permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner of a folder may delete it.');
    await this.repository.deleteFolder(folderId);
  }

  // --- drills -------------------------------------------------------------------------------

  /** GET /drills: all the caller may see, one by drill_id, or the drill of an event drill by ced_id (seen through its event). */
  async list(caller: Caller, query: { drill_id?: number | undefined; ced_id?: number | undefined }): Promise<DrillResponse[]> {
    if (query.drill_id !== undefined) {
      const { loaded, permission } = await this.visibleDrill(caller, query.drill_id);
      return [toDrillBody(loaded, permission)];
    }
    if (query.ced_id !== undefined) return [await this.drillOfCed(caller, query.ced_id)];
    const { orgIds, drills: loaded } = await this.repository.drillView(caller.uid, null);
    return loaded.flatMap((l) => {
      const permission = this.deps.library.permissionOn(caller, orgIds, l);
      return canSee(permission) ? [toDrillBody(l, permission)] : [];
    });
  }

  /** The drill placed as `cedId`: whoever may see the event may see it (at least VIEW). */
  private async drillOfCed(caller: Caller, cedId: number): Promise<DrillResponse> {
    const [placed] = await this.repository.eventDrillsByCed([cedId]);
    if (!placed) throw notFound(DRILL_NOT_FOUND);
    const onEvent = (await this.deps.events.permissionsOn(caller, [placed.event_id])).get(placed.event_id);
    if (!onEvent || !canSee(onEvent.permission)) throw notFound(DRILL_NOT_FOUND);
    const {
      orgIds,
      drills: [loaded],
    } = await this.repository.drillView(caller.uid, [placed.drill_id]);
    if (!loaded) throw notFound(DRILL_NOT_FOUND);
    const own = this.deps.library.permissionOn(caller, orgIds, loaded);
    return toDrillBody(loaded, own >= PERMISSIONS.VIEW ? own : PERMISSIONS.VIEW);
  }

  /** A folder the caller may file a drill in (ADD on it); 404 when they may not see it, 403 when only VIEW. */
  private async requireFolderToAdd(caller: Caller, folderId: number): Promise<void> {
    const { permission } = await this.visibleFolder(caller, folderId);
    if (!canAdd(permission)) throw new ApiError(403, 'FORBIDDEN', 'You may see this folder but not add drills to it.');
  }

  /**
   * Creates a drill (premium) or changes one (MODIFY or its owner). Its own shares change only for
   * the owner; a drill without shares of its own follows its folder's.
   */
  async save(caller: Caller, drillId: number | null, body: DrillBody): Promise<DrillResponse> {
    const parsedFolder = body.folder_id ?? null;
    await this.deps.library.requirePremium(caller);
    let owner = caller.uid;
    let shares: Shares | null = null;
    let existing: Shares | undefined;
    const wantsShares = body.usershares !== undefined || body.orgshares !== undefined;
    if (drillId !== null) {
      const { loaded, permission } = await this.visibleDrill(caller, drillId);
      if (!canModify(permission)) throw new ApiError(403, 'FORBIDDEN', 'You may use this drill but not change it.');
      owner = loaded.drill.uid;
      existing = loaded;
      if (parsedFolder !== null && parsedFolder !== loaded.drill.folder_id) await this.requireFolderToAdd(caller, parsedFolder);
      if (wantsShares && !isOwner(permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner of a drill may share it.');
    } else if (parsedFolder !== null) {
      await this.requireFolderToAdd(caller, parsedFolder);
    }
    if (wantsShares) {
      shares = normaliseLibraryShares(owner, { usershares: body.usershares ?? [], orgshares: body.orgshares ?? [] } as Shares);
      await this.deps.access.requireShareTargets(caller.uid, shares, existing);
    }
    const id = await this.repository.saveDrill(
      owner,
      drillId,
      {
        folder_id: parsedFolder,
        title: body.title,
        description: body.description ?? '',
        category: body.category ?? null,
        fields: body.fields as DrillResponse['fields'],
        score_field: body.score_field ?? null,
        higher_is_better: body.higher_is_better ?? true,
      },
      shares,
    );
    const { loaded, permission } = await this.visibleDrill(caller, id);
    return toDrillBody(loaded, permission);
  }

  /** Deletes a drill (its owner), with its results and its places in events, in one transaction. */
  async remove(caller: Caller, drillId: number): Promise<void> {
    const { permission } = await this.visibleDrill(caller, drillId);
    if (!isOwner(permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner of a drill may delete it.');
    await this.repository.deleteDrill(drillId);
  }

  /** "Remove me from this drill" for someone it was shared with. */
  async unshare(caller: Caller, drillId: number): Promise<void> {
    const { permission } = await this.visibleDrill(caller, drillId);
    if (!canUnshare(permission)) throw new ApiError(400, 'BAD_REQUEST', 'This is your own drill: delete it instead of removing yourself.');
    await this.repository.hideDrill(drillId, caller.uid);
  }

  /**
   * The drill as the caller may reach it: by its own permission, or (for results and events) because
   * an event they may see uses it. 404 otherwise.
   */
  private async reachableDrill(caller: Caller, drillId: number): Promise<LoadedDrill> {
    const {
      orgIds,
      drills: [loaded],
    } = await this.repository.drillView(caller.uid, [drillId]);
    if (!loaded) throw notFound(DRILL_NOT_FOUND);
    if (canSee(this.deps.library.permissionOn(caller, orgIds, loaded))) return loaded;
    const through = await this.repository.visibleEventIdsUsing(drillId, caller.uid, 1);
    if (through.length === 0) throw notFound(DRILL_NOT_FOUND);
    return loaded;
  }

  /** GET /drills/events: the events the caller may see that use the drill, newest first. */
  async eventsOf(caller: Caller, drillId: number): Promise<EventResponse[]> {
    await this.reachableDrill(caller, drillId);
    const ids = await this.repository.visibleEventIdsUsing(drillId, caller.uid, EVENTS_OF_A_DRILL);
    return this.deps.events.answersFor(caller, ids);
  }

  // --- results ------------------------------------------------------------------------------

  /** GET /drills/results: of event drills (ced_id list), or of one drill across the events the caller may see. */
  async results(
    caller: Caller,
    query: { ced_id?: number[] | undefined; drill_id?: number | undefined; uids?: number[] | undefined; from?: string | undefined },
  ): Promise<DrillResultResponse[]> {
    if (query.ced_id) {
      const placed = await this.repository.eventDrillsByCed(query.ced_id);
      const permissions = await this.deps.events.permissionsOn(
        caller,
        placed.map((p) => p.event_id),
      );
      const visible = placed.filter((p) => canSee(permissions.get(p.event_id)?.permission ?? PERMISSIONS.NONE));
      // Asking for an event drill one may not see answers as if it did not exist.
      if (visible.length < new Set(query.ced_id).size) throw notFound('No such event drill');
      const rows = await this.repository.resultsOfCeds(
        visible.map((p) => p.ced_id),
        MAX_DRILL_RESULTS,
      );
      const drills = new Map(
        (await this.repository.drillView(caller.uid, [...new Set(visible.map((p) => p.drill_id))])).drills.map((l) => [
          l.drill.drill_id,
          l.drill.score_field,
        ]),
      );
      return rows.map((row) => toResultBody(row, drills.get(row.drill_id) ?? null));
    }
    const drill = await this.reachableDrill(caller, query.drill_id!);
    const rows = await this.repository.resultsOfDrill(
      drill.drill.drill_id,
      caller.uid,
      { ...(query.uids ? { uids: query.uids } : {}), ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}) },
      MAX_DRILL_RESULTS,
    );
    return rows.map((row) => toResultBody(row, drill.drill.score_field));
  }

  /** The event drill a result goes to, with the caller's permission on its event; 404 when they may not see it. */
  private async placedForCaller(caller: Caller, cedId: number) {
    const [placed] = await this.repository.eventDrillsByCed([cedId]);
    const onEvent = placed ? (await this.deps.events.permissionsOn(caller, [placed.event_id])).get(placed.event_id) : undefined;
    if (!placed || !onEvent || !canSee(onEvent.permission)) throw notFound('No such event drill');
    const {
      drills: [drill],
    } = await this.repository.drillView(caller.uid, [placed.drill_id]);
    if (!drill) throw notFound('No such event drill');
    return { placed, permission: onEvent.permission, owner: onEvent.owner, drill };
  }

  /** The values checked against the drill's fields: a 400 naming each field that is wrong. */
  private checkValues(drill: LoadedDrill, values: DrillResultBody['values']) {
    const checked = checkResultValues(drill.drill.fields, values);
    if (!checked.ok) {
      const message = checked.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        message,
        checked.problems.map((p) => ({ field: p.field, message: p.message, in: 'body' })),
      );
    }
    return checked.values;
  }

  /**
   * Records a result (premium; ADD on the event: its owner, or a coach it is shared with at ADD) or
   * changes one (canChangeResult). The result belongs to the event's owner, whoever enters it.
   */
  async saveResult(caller: Caller, resultId: number | null, body: DrillResultBody): Promise<DrillResultResponse> {
    await this.deps.library.requirePremium(caller);
    const time = body.time ? new Date(body.time) : this.deps.clock();
    if (resultId === null) {
      const { placed, permission, owner, drill } = await this.placedForCaller(caller, body.ced_id);
      if (!canAdd(permission)) throw new ApiError(403, 'FORBIDDEN', 'You may see this event but not add results to it.');
      const values = this.checkValues(drill, body.values);
      const id = await this.repository.insertResult({ ced_id: placed.ced_id, uid: owner, recorded_by: caller.uid, time, values });
      return toResultBody((await this.repository.resultById(id))!, drill.drill.score_field);
    }
    const existing = await this.repository.resultById(resultId);
    if (!existing) throw notFound(RESULT_NOT_FOUND);
    const { permission, drill } = await this.placedForCaller(caller, existing.ced_id).catch(() => {
      throw notFound(RESULT_NOT_FOUND);
    });
    if (!canChangeResult(permission, existing.recorded_by, caller.uid))
      throw new ApiError(403, 'FORBIDDEN', 'You may see this result but not change it.');
    if (body.ced_id !== existing.ced_id) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'ced_id: a result stays with its event drill; delete it and record it again instead', [
        { field: 'ced_id', message: 'cannot change', in: 'body' },
      ]);
    }
    const values = this.checkValues(drill, body.values);
    await this.repository.updateResult(resultId, { time: body.time ? time : existing.time, values });
    return toResultBody((await this.repository.resultById(resultId))!, drill.drill.score_field);
  }

  async removeResult(caller: Caller, resultId: number): Promise<void> {
    const existing = await this.repository.resultById(resultId);
    if (!existing) throw notFound(RESULT_NOT_FOUND);
    const { permission } = await this.placedForCaller(caller, existing.ced_id).catch(() => {
      throw notFound(RESULT_NOT_FOUND);
    });
    if (!canChangeResult(permission, existing.recorded_by, caller.uid))
      throw new ApiError(403, 'FORBIDDEN', 'You may see this result but not delete it.');
    await this.repository.deleteResult(resultId);
  }
}
