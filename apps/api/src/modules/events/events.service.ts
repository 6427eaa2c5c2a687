import {
  eventPermission,
  normaliseEventShares,
  PERMISSIONS,
  RoundError,
  scoreRound,
  type EventType,
  type OrgShare,
  type Permission,
  type Round,
  type ShareScope,
  type UnitsPair,
  type UserShare,
} from '@holeout/golf';
import type { EventBody, EventResponse, EventsQuery } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { Access } from '../../platform/access/access.ts';
import { canModify, canUnshare, canView, isOwner } from '../../platform/access/access.policy.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { Viewer } from '../../platform/access/access.repository.ts';
import type { EventFilters, EventsRepository, EventWrite, LoadedEvent } from './events.repository.ts';

/** What events need of drills: which the caller may place in an event, and whether they have premium access. */
export interface DrillPlacement {
  /** Of these drills, those the caller may see. */
  visibleDrillIds(caller: Caller, drillIds: readonly number[]): Promise<Set<number>>;
  /** Placing drills is part of practice, which needs premium access: throws the 403 otherwise. */
  requirePremium(caller: Caller): Promise<void>;
}

export interface EventsServiceDeps {
  repository: EventsRepository;
  access: Access;
  idempotency: Idempotency;
  drills?: DrillPlacement;
  /** The owner's default shares: saved settings, or OWNER for the owner plus VIEW for each of their organisations. */
  defaultShares: (caller: Caller) => Promise<{ usershares: UserShare[]; orgshares: OrgShare[] }>;
}

/** The caller's permission on a loaded event, by the share ladder of packages/golf's eventPermission. */
function permissionOn(viewer: Viewer, loaded: LoadedEvent, ownerOrgIds: readonly number[], sharedByTag: boolean): Permission {
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

type Shares = { usershares: UserShare[]; orgshares: OrgShare[] };

/** A new event as checked before its transaction (`EventsService.prepareNew`). */
export interface NewEvent {
  write: EventWrite;
  shares: Shares;
}

const EVENT_NOT_FOUND = 'No such event';
const DAY_MS = 24 * 3600 * 1000;

/** The round as stored and answered: optional fields only when present. */
function roundOf(loaded: LoadedEvent): Round | null {
  const r = loaded.round;
  if (!r) return null;
  return {
    ...(r.course === null ? {} : { course: r.course }),
    ...(r.tees === null ? {} : { tees: r.tees }),
    ...(r.course_rating === null ? {} : { course_rating: r.course_rating }),
    ...(r.slope === null ? {} : { slope: r.slope }),
    units: r.units as UnitsPair,
    holes: r.holes,
  };
}

function toEventBody(loaded: LoadedEvent, permissions: Permission): EventResponse {
  const { event, round } = loaded;
  return {
    event_id: event.event_id,
    event_type: event.event_type as EventType,
    uid: event.uid,
    title: event.title,
    start: event.start.toISOString(),
    end: event.end?.toISOString() ?? null,
    notes: event.notes,
    tags: loaded.tags,
    share: event.share as ShareScope,
    usershares: loaded.usershares,
    orgshares: loaded.orgshares,
    eventdrills: loaded.eventdrills,
    round: roundOf(loaded),
    round_summary: round
      ? { course: round.course, holes: round.hole_count, score: round.score, par: round.par, to_par: round.score - round.par }
      : null,
    permissions,
    updated_at: event.updated_at.toISOString(),
  };
}

/** The last instant an event may start: the end of the year 9999 (@holeout/contracts' date schema takes no later time). */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A date filter: a plain date means the whole day (UTC) for `to`. The day after 9999-12-31 has no
 * ISO time the database reads, and no event starts after it, so that last day bounds nothing.
 */
function dateBound(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (!endOfDay || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return date;
  const nextDay = date.getTime() + DAY_MS;
  return nextDay > LAST_INSTANT ? undefined : new Date(nextDay);
}

function displayName(caller: Caller): string {
  const name = `${caller.user.first_name} ${caller.user.last_name}`.trim();
  return name || 'A golfer';
}

/** The business rules of events: listing what the caller may see, writing, sharing, removing. */
export class EventsService {
  constructor(private readonly deps: EventsServiceDeps) {}

  private get repository(): EventsRepository {
    return this.deps.repository;
  }

  /** Loads events and the caller's permission on each (a constant number of queries). */
  private async withPermissions(viewer: Viewer, ids: readonly number[]): Promise<Array<{ loaded: LoadedEvent; permission: Permission }>> {
    const loaded = await this.repository.load(ids);
    const [ownerOrgs, byTag] = await Promise.all([
      this.repository.orgsOf(loaded.map((l) => l.event.uid)),
      this.repository.sharedByTag(viewer, ids),
    ]);
    return loaded.map((l) => ({
      loaded: l,
      permission: permissionOn(viewer, l, ownerOrgs.get(l.event.uid) ?? [], byTag.has(l.event.event_id)),
    }));
  }

  /** One event the caller may see, with their permission; 404 otherwise. */
  private async visibleEvent(caller: Caller, eventId: number): Promise<{ viewer: Viewer; loaded: LoadedEvent; permission: Permission }> {
    const viewer = await this.deps.access.viewer(caller.uid);
    const [found] = await this.withPermissions(viewer, [eventId]);
    if (!found || !canView(found.permission)) throw notFound(EVENT_NOT_FOUND);
    return { viewer, ...found };
  }

  async list(caller: Caller, query: EventsQuery): Promise<EventResponse[]> {
    if (query.event_id !== undefined) {
      const { loaded, permission } = await this.visibleEvent(caller, query.event_id);
      return [toEventBody(loaded, permission)];
    }
    const viewer = await this.deps.access.viewer(caller.uid);
    const to = dateBound(query.to, true);
    const filters: EventFilters = {
      offset: query.start,
      limit: query.limit,
      ...(query.from ? { from: dateBound(query.from, false)! } : {}),
      ...(to ? { to } : {}),
      ...(query.types ? { types: query.types } : {}),
      ...(query.tags ? { tags: query.tags } : {}),
      ...(query.uid !== undefined ? { owner: query.uid } : {}),
      ...(query.shared !== undefined ? { shared: query.shared } : {}),
    };
    const ids = await this.repository.listVisible(viewer, filters);
    const found = await this.withPermissions(viewer, ids);
    return found.filter((f) => canView(f.permission)).map((f) => toEventBody(f.loaded, f.permission));
  }

  /** Validates the body into what is stored: the round by the golf rules (400 naming hole and shot). */
  private toWrite(body: EventBody, share: ShareScope): EventWrite {
    let round: EventWrite['round'] = null;
    if (body.round) {
      let scored;
      try {
        scored = scoreRound(body.round as Round, 'TOUR');
      } catch (err) {
        if (err instanceof RoundError) {
          throw new ApiError(400, 'VALIDATION_ERROR', `round: ${err.message}`, [
            { field: 'round', hole: err.hole, shot: err.shot, message: err.message, in: 'body' },
          ]);
        }
        throw err;
      }
      round = {
        course: body.round.course ?? null,
        tees: body.round.tees ?? null,
        course_rating: body.round.course_rating ?? null,
        slope: body.round.slope ?? null,
        units: body.round.units,
        holes: body.round.holes,
        score: scored.score,
        par: scored.par,
      };
    }
    return {
      event_type: body.event_type,
      title: body.title,
      start: new Date(body.start),
      end: body.end ? new Date(body.end) : null,
      notes: body.notes,
      share,
      tags: body.tags,
      round,
      eventdrills: body.eventdrills ?? null,
    };
  }

  /**
   * Checks the drills a write places (400 naming eventdrills): kept entries must be this event's
   * with the same drill; new ones need premium access and a drill the caller may see.
   */
  private async checkEventDrills(caller: Caller, body: EventBody, existing: LoadedEvent['eventdrills']): Promise<void> {
    if (!body.eventdrills) return;
    const bad = (message: string) =>
      new ApiError(400, 'VALIDATION_ERROR', `eventdrills: ${message}`, [{ field: 'eventdrills', message, in: 'body' }]);
    const own = new Map(existing.map((d) => [d.ced_id, d.drill_id]));
    const seen = new Set<number>();
    for (const entry of body.eventdrills) {
      if (entry.ced_id === undefined) continue;
      if (own.get(entry.ced_id) !== entry.drill_id) throw bad(`${entry.ced_id} is not a drill of this event`);
      if (seen.has(entry.ced_id)) throw bad(`${entry.ced_id} is given twice`);
      seen.add(entry.ced_id);
    }
    const added = body.eventdrills.filter((d) => d.ced_id === undefined).map((d) => d.drill_id);
    if (added.length === 0) return;
    if (!this.deps.drills) throw bad('drills cannot be placed here');
    await this.deps.drills.requirePremium(caller);
    const visible = await this.deps.drills.visibleDrillIds(caller, added);
    const unknown = added.find((id) => !visible.has(id));
    if (unknown !== undefined) throw bad(`there is no drill ${unknown} you may use`);
  }

  /** The caller's permission on each of these events (NONE for one that does not exist). */
  async permissionsOn(caller: Caller, eventIds: readonly number[]): Promise<Map<number, { permission: Permission; owner: number }>> {
    const viewer = await this.deps.access.viewer(caller.uid);
    const found = await this.withPermissions(viewer, [...new Set(eventIds)]);
    return new Map(found.map((f) => [f.loaded.event.event_id, { permission: f.permission, owner: f.loaded.event.uid }]));
  }

  /** These events as answered, those the caller may see, in the order given. */
  async answersFor(caller: Caller, eventIds: readonly number[]): Promise<EventResponse[]> {
    const viewer = await this.deps.access.viewer(caller.uid);
    const found = await this.withPermissions(viewer, eventIds);
    return found.filter((f) => canView(f.permission)).map((f) => toEventBody(f.loaded, f.permission));
  }

  /** The shares a write asks for, normalised for the type, refusing unknown users and organisations. */
  private async sharesOf(owner: number, type: EventType, requested: Shares, existing?: Shares): Promise<Shares> {
    const shares = normaliseEventShares(owner, type, requested);
    await this.deps.access.requireShareTargets(owner, shares, existing);
    return shares;
  }

  /** A notification for each user newly given an event (ROUND_SHARED for rounds, EVENT_SHARED otherwise). */
  private sharedNotices(
    caller: Caller,
    eventId: number,
    type: EventType,
    title: string,
    before: readonly UserShare[],
    after: readonly UserShare[],
  ) {
    const had = new Set(before.map((s) => s.uid));
    const isRound = type === 'ROUND';
    const what = title ? `"${title}"` : isRound ? 'a round' : `a ${type.toLowerCase()}`;
    return after
      .filter((s) => !had.has(s.uid) && s.uid !== caller.uid)
      .map((s) => ({
        uid: s.uid,
        type: isRound ? 'ROUND_SHARED' : 'EVENT_SHARED',
        title: isRound ? 'A round was shared with you' : 'An event was shared with you',
        body: `${displayName(caller)} shared ${what} with you.`,
        nav_loc: `event?event_id=${eventId}`,
      }));
  }

  /**
   * The coaches who can see an event through its scope or its organisation shares: every coach of
   * the owner's organisations for SHARE_COACHES and SHARE_TEAM, the coaches of the organisations
   * it is shared with for SHARE_SELECTED, nobody for SHARE_SELF and SHARE_PUBLIC (listed for none).
   */
  private async coachesReached(
    tx: EventsRepository['db'],
    owner: number,
    scope: ShareScope,
    orgshares: readonly { org_id: number; permissions: number }[],
  ): Promise<Set<number>> {
    let orgIds: number[];
    if (scope === 'SHARE_COACHES' || scope === 'SHARE_TEAM') {
      orgIds = (await this.deps.access.repository.viewer(owner, tx)).orgIds;
    } else if (scope === 'SHARE_SELECTED') {
      orgIds = orgshares.filter((s) => s.permissions >= PERMISSIONS.VIEW).map((s) => s.org_id);
    } else {
      orgIds = [];
    }
    return this.repository.coachesOf(tx, orgIds, owner);
  }

  /** ROUND_SHARED / EVENT_SHARED for the coaches an event newly reaches, except those already told as users. */
  private async coachNotices(
    tx: EventsRepository['db'],
    caller: Caller,
    event: { eventId: number; owner: number; type: EventType; title: string },
    before: Set<number>,
    after: Set<number>,
    alreadyTold: readonly { uid: number }[],
  ) {
    const told = new Set(alreadyTold.map((n) => n.uid));
    const reached = [...after]
      .filter((uid) => !before.has(uid) && !told.has(uid) && uid !== caller.uid)
      .map((uid) => ({ uid, permissions: PERMISSIONS.VIEW }) as UserShare);
    return this.sharedNotices(caller, event.eventId, event.type, event.title, [], reached);
  }

  /**
   * What a new event is decided to be before its transaction: the checked write (round, drills) and
   * its shares (explicit ones checked, 400 when out of reach; the defaults cut to what is in reach).
   */
  async prepareNew(caller: Caller, body: EventBody): Promise<NewEvent> {
    const explicit = body.usershares !== undefined || body.orgshares !== undefined;
    const write = this.toWrite(body, body.share ?? 'SHARE_SELECTED');
    await this.checkEventDrills(caller, body, []);
    const shares = explicit
      ? await this.sharesOf(caller.uid, body.event_type, { usershares: body.usershares ?? [], orgshares: body.orgshares ?? [] } as Shares)
      : normaliseEventShares(
          caller.uid,
          body.event_type,
          await this.deps.access.reachableDefaults(caller.uid, await this.deps.defaultShares(caller)),
        );
    return { write, shares };
  }

  /**
   * Writes a prepared event of the caller inside `tx`: the event, its round, tags and shares, and
   * (unless `notify` is false) the notifications of the users and coaches it reaches. `drillIds` are
   * placed after the body's drills: drills the caller owns or was found to see before the transaction
   * (drills added to their library in the same transaction cannot be checked outside it).
   */
  async insertNew(
    tx: EventsRepository['db'],
    caller: Caller,
    prepared: NewEvent,
    options: { drillIds?: readonly number[]; notify?: boolean } = {},
  ): Promise<EventResponse> {
    const { write: checked, shares } = prepared;
    const placed = options.drillIds?.map((drill_id) => ({ drill_id })) ?? [];
    const write = placed.length > 0 ? { ...checked, eventdrills: [...(checked.eventdrills ?? []), ...placed] } : checked;
    const eventId = await this.repository.insert(tx, caller.uid, write, shares);
    if (options.notify !== false) {
      const type = write.event_type;
      const userNotices = write.share === 'SHARE_SELF' ? [] : this.sharedNotices(caller, eventId, type, write.title, [], shares.usershares);
      const coaches = await this.coachesReached(tx, caller.uid, write.share, shares.orgshares);
      const coachNotices = await this.coachNotices(
        tx,
        caller,
        { eventId, owner: caller.uid, type, title: write.title },
        new Set(),
        coaches,
        userNotices,
      );
      await this.repository.notify(tx, [...userNotices, ...coachNotices]);
    }
    const [loaded] = await this.repository.load([eventId], tx);
    return toEventBody(loaded!, PERMISSIONS.OWNER);
  }

  /**
   * Creates an event in one transaction: the event, its round, tags, shares and the notifications
   * of the users it is shared with. With an Idempotency-Key, a repeat of the same request within 24
   * hours answers the first answer and creates nothing; the same key with another body is a 409.
   */
  async create(caller: Caller, body: EventBody, idempotencyKey: string | undefined): Promise<EventResponse> {
    const prepared = await this.prepareNew(caller, body);
    return this.repository.db.transaction((tx) =>
      this.deps.idempotency.once(tx, { uid: caller.uid, key: idempotencyKey, request: body }, () => this.insertNew(tx, caller, prepared)),
    );
  }

  /**
   * Replaces an event's editable fields (MODIFY or OWNER). Shares and scope change only for the
   * owner; from anyone else they are left as they are. Viewers hear of the change at most once an
   * hour per event.
   */
  async update(caller: Caller, eventId: number, body: EventBody): Promise<EventResponse> {
    const { viewer, loaded, permission } = await this.visibleEvent(caller, eventId);
    if (!canModify(permission)) throw new ApiError(403, 'FORBIDDEN', 'You may view this event but not change it.');
    if (body.event_type !== loaded.event.event_type) {
      throw new ApiError(400, 'VALIDATION_ERROR', `event_type: an event stays a ${loaded.event.event_type}; create a new event instead`, [
        { field: 'event_type', message: 'cannot change', in: 'body' },
      ]);
    }
    const owner = loaded.event.uid;
    const ownerShares = isOwner(permission) && (body.usershares !== undefined || body.orgshares !== undefined);
    const shares = ownerShares
      ? await this.sharesOf(
          owner,
          body.event_type,
          {
            usershares: body.usershares ?? loaded.usershares,
            orgshares: body.orgshares ?? loaded.orgshares,
          } as Shares,
          loaded,
        )
      : null;
    const scope = isOwner(permission) && body.share ? body.share : (loaded.event.share as ShareScope);
    const write = this.toWrite(body, scope);
    await this.checkEventDrills(caller, body, loaded.eventdrills);
    const navLoc = `event?event_id=${eventId}`;
    await this.repository.db.transaction(async (tx) => {
      await this.repository.replace(tx, eventId, owner, write, shares);
      const after = shares?.usershares ?? loaded.usershares;
      const userAdded =
        shares && scope !== 'SHARE_SELF'
          ? this.sharedNotices(caller, eventId, body.event_type, body.title, loaded.usershares, shares.usershares)
          : [];
      // Who the scope and organisation shares reach changes only when they do: an ordinary edit asks nothing more.
      const reachChanged = scope !== loaded.event.share || shares !== null;
      const coachesBefore = reachChanged
        ? await this.coachesReached(tx, owner, loaded.event.share as ShareScope, loaded.orgshares)
        : new Set<number>();
      const coachesAfter = reachChanged
        ? await this.coachesReached(tx, owner, scope, shares?.orgshares ?? loaded.orgshares)
        : new Set<number>();
      const added = [
        ...userAdded,
        ...(await this.coachNotices(
          tx,
          caller,
          { eventId, owner, type: body.event_type, title: body.title },
          coachesBefore,
          coachesAfter,
          userAdded,
        )),
      ];
      const viewers = [...new Set([...after.map((s) => s.uid), owner])].filter(
        (uid) => uid !== caller.uid && !added.some((a) => a.uid === uid),
      );
      const told = await this.repository.recentlyToldOfUpdate(tx, viewers, navLoc);
      const updates = viewers
        .filter((uid) => !told.has(uid))
        .map((uid) => ({
          uid,
          type: 'EVENT_UPDATED',
          title: 'An event you follow was updated',
          body: `${displayName(caller)} updated "${body.title || loaded.event.event_type.toLowerCase()}".`,
          nav_loc: navLoc,
        }));
      await this.repository.notify(tx, [...added, ...updates]);
    });
    const [reloaded] = await this.withPermissions(viewer, [eventId]);
    return toEventBody(reloaded!.loaded, reloaded!.permission);
  }

  async remove(caller: Caller, eventId: number): Promise<void> {
    const { permission } = await this.visibleEvent(caller, eventId);
    if (!isOwner(permission)) throw new ApiError(403, 'FORBIDDEN', 'Only the owner may delete this event.');
    await this.repository.delete(eventId);
  }

  /** "Remove from my list" for someone the event was shared with. */
  async unshare(caller: Caller, eventId: number): Promise<void> {
    const { permission } = await this.visibleEvent(caller, eventId);
    if (!canUnshare(permission)) throw new ApiError(400, 'BAD_REQUEST', 'This is your own event: delete it instead of removing yourself.');
    await this.repository.hide(eventId, caller.uid);
  }

  /**
   * Sets the same shares on several events at once (OWNER of every one, else 403 and nothing
   * changes; one the caller cannot see is 404). The events become SHARE_SELECTED.
   */
  async shareMany(caller: Caller, eventIds: readonly number[], requested: Shares): Promise<EventResponse[]> {
    const ids = [...new Set(eventIds)];
    const viewer = await this.deps.access.viewer(caller.uid);
    const found = await this.withPermissions(viewer, ids);
    if (found.length !== ids.length || found.some((f) => !canView(f.permission))) throw notFound(EVENT_NOT_FOUND);
    if (found.some((f) => !isOwner(f.permission)))
      throw new ApiError(403, 'FORBIDDEN', 'Only the owner may share an event, and you do not own all of these.');
    const planned = await Promise.all(
      found.map(async (f) => ({ f, shares: await this.sharesOf(caller.uid, f.loaded.event.event_type as EventType, requested, f.loaded) })),
    );
    await this.repository.db.transaction(async (tx) => {
      for (const { f, shares } of planned) {
        await this.repository.replaceShares(tx, f.loaded.event.event_id, shares);
        await this.repository.setScope(tx, f.loaded.event.event_id, 'SHARE_SELECTED');
        const userNotices = this.sharedNotices(
          caller,
          f.loaded.event.event_id,
          f.loaded.event.event_type as EventType,
          f.loaded.event.title,
          f.loaded.usershares,
          shares.usershares,
        );
        const before = await this.coachesReached(tx, caller.uid, f.loaded.event.share as ShareScope, f.loaded.orgshares);
        const after = await this.coachesReached(tx, caller.uid, 'SHARE_SELECTED', shares.orgshares);
        const event = {
          eventId: f.loaded.event.event_id,
          owner: caller.uid,
          type: f.loaded.event.event_type as EventType,
          title: f.loaded.event.title,
        };
        await this.repository.notify(tx, [...userNotices, ...(await this.coachNotices(tx, caller, event, before, after, userNotices))]);
      }
    });
    const after = await this.withPermissions(viewer, ids);
    return after.map((f) => toEventBody(f.loaded, f.permission));
  }
}
