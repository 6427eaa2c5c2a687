import { isActiveStatus, planSeats, SEAT_LEVEL_VALUES, type NotificationType } from '@holeout/golf';
import {
  INVITE_TTL_MS,
  type InviteBody,
  type Org,
  type OrgBody,
  type OrgInvite,
  type OrgMember,
  type OrgSubscription,
  type Person,
  type SeatBody,
  type SeatLevel,
  type ShareRoundsBody,
  type ShareRoundsResponse,
} from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import { mediaUrl } from '../media/media.module.ts';
import {
  isAddressee,
  isPurchaser,
  mayFoundOrg,
  purchaserMustStay,
  seatFitsMember,
  seatGivesAccess,
  seatOf,
  statusOf,
} from './orgs.policy.ts';
import { OrgsRepository, type InviteRow, type MemberRow, type SubscriptionRow, type Tx } from './orgs.repository.ts';
import type { Access } from '../../platform/access/access.ts';
import type { Caller } from '../auth/auth.module.ts';

const NO_ORG = 'No such organisation';
const NO_INVITE = 'No such invitation';
const NO_MEMBER = 'No such member';

/** A notification to create in the transaction of what caused it. */
export interface OrgNotice {
  uid: number;
  type: NotificationType;
  title: string;
  body: string;
  /** An app path without its leading slash, with its query. */
  nav_loc: string;
}

/** What organisations need of the notifications: rows added in a transaction, and their mails sent soon after. */
export interface OrgsNotifier {
  add(tx: Tx, notices: readonly OrgNotice[]): Promise<void>;
  kick(): void;
}

interface OrgsServiceDeps {
  notifier: OrgsNotifier;
  /** Who knows whom: GET /people answers the caller's known people. */
  access: Access;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** The service's dependencies: its repository, or the database to build one over. */
export type OrgsDeps = OrgsServiceDeps & ({ repository: OrgsRepository } | { db: Database });

/** "First Last"; without a name, the fallback (never a part of the e-mail address, which others may not see). */
export function nameOf(person: { first_name: string; last_name: string }, fallback = 'Someone'): string {
  return `${person.first_name} ${person.last_name}`.trim() || fallback;
}

/** An organisation's brand: its name, its colour (#rrggbb or null) and the storage key of its logo (or null). */
export interface OrgBrand {
  org_id: number;
  name: string;
  colour: string | null;
  logo_key: string | null;
}

/**
 * Organisations: membership, seats, leaving and removal, invitations and the people a user knows.
 * Every multi-row change is one transaction; an organisation or invitation the caller has nothing
 * to do with answers 404, never 403.
 */
export class OrgsService {
  private readonly repo: OrgsRepository;

  constructor(private readonly deps: OrgsDeps) {
    this.repo = 'repository' in deps ? deps.repository : new OrgsRepository(deps.db);
  }

  // --- reading --------------------------------------------------------------------------------

  /**
   * The organisation that brands a user's pages: the one of their organisations that carries the
   * subscription their access comes from (`subId`), or null. Whether the subscription is branded
   * and active is the caller's to check.
   */
  async brandOf(uid: number, subId: number): Promise<OrgBrand | null> {
    const org = (await this.repo.orgsOfMember(uid)).find((r) => r.sub_id === subId);
    return org ? { org_id: org.org_id, name: org.name, colour: org.colour, logo_key: org.storage_key } : null;
  }

  /** The organisations the user is a member of, oldest first. */
  async listForMember(uid: number, tx?: Tx): Promise<Org[]> {
    const rows = await this.repo.orgsOfMember(uid, tx);
    return rows.map((r) => ({
      org_id: r.org_id,
      name: r.name,
      media_id: r.media_id,
      logo_url: r.storage_key ? mediaUrl(r.storage_key) : null,
      colour: r.colour,
      sub_id: r.sub_id,
      role: r.is_coach ? 'coach' : 'player',
      is_purchaser: r.purchaser === uid,
      seat: seatOf(r.seat),
    }));
  }

  private async orgFor(uid: number, orgId: number, tx?: Tx): Promise<Org> {
    const found = (await this.listForMember(uid, tx)).find((o) => o.org_id === orgId);
    if (!found) throw notFound(NO_ORG);
    return found;
  }

  /** The caller's membership; 404 for an organisation they are not in. */
  private async requireMember(orgId: number, uid: number, tx?: Tx) {
    const row = await this.repo.membership(orgId, uid, tx);
    if (!row) throw notFound(NO_ORG);
    return row;
  }

  private async requireCoach(orgId: number, uid: number, doing: string, tx?: Tx) {
    const row = await this.requireMember(orgId, uid, tx);
    if (!row.is_coach) throw new ApiError(403, 'FORBIDDEN', `Only the organisation's coaches may ${doing}.`);
    return row;
  }

  private async subscriptionOfOrg(orgId: number, tx?: Tx): Promise<{ subId: number | null; sub: SubscriptionRow | undefined }> {
    const org = await this.repo.subIdOfOrg(orgId, tx);
    if (!org) throw notFound(NO_ORG);
    if (org.sub_id === null) return { subId: null, sub: undefined };
    return { subId: org.sub_id, sub: await this.repo.subscription(org.sub_id, tx) };
  }

  private async seatsOf(orgId: number, sub: SubscriptionRow, tx?: Tx) {
    const plan = planSeats(sub.level, sub.has_branding);
    const taken = await this.repo.seatsTaken(orgId, tx);
    return { ...plan, used_coach: taken.COACH, used_premium: taken.PREMIUM };
  }

  /** GET /orgs/subscription: any member sees the plan and how many seats are taken. */
  async subscription(caller: Caller, orgId: number): Promise<OrgSubscription | null> {
    await this.requireMember(orgId, caller.uid);
    const { sub } = await this.subscriptionOfOrg(orgId);
    if (!sub) return null;
    return {
      sub_id: sub.sub_id,
      level: sub.level,
      has_branding: sub.has_branding,
      status: statusOf(sub.status),
      purchaser: sub.purchaser,
      source: sub.source as OrgSubscription['source'],
      plan_index: sub.plan_index,
      expires_at: sub.expires_at ? sub.expires_at.toISOString() : null,
      renews: sub.renews,
      seats: await this.seatsOf(orgId, sub),
    };
  }

  /** GET /orgs/members: the org's coaches see every member with their e-mail; a player sees the coaches. */
  async members(caller: Caller, orgId: number): Promise<OrgMember[]> {
    const me = await this.requireMember(orgId, caller.uid);
    const { sub } = await this.subscriptionOfOrg(orgId);
    const rows = await this.repo.members(orgId, !me.is_coach);
    return rows.map((r) => this.toMember(r, sub, me.is_coach));
  }

  private toMember(r: MemberRow, sub: SubscriptionRow | undefined, showEmail: boolean): OrgMember {
    return {
      uid: r.uid,
      first_name: r.first_name,
      last_name: r.last_name,
      email: showEmail ? r.email : null,
      role: r.is_coach ? 'coach' : 'player',
      seat: seatOf(r.seat),
      is_purchaser: isPurchaser(sub, r.uid),
      joined_at: r.joined_at.toISOString(),
    };
  }

  // --- the organisation itself -----------------------------------------------------------------

  /** A logo must be an image the caller uploaded; keeping the current one needs no check. */
  private async checkMedia(caller: Caller, mediaId: number | null, current: number | null, tx: Tx): Promise<void> {
    if (mediaId === null || mediaId === current) return;
    const uploader = await this.repo.mediaUploader(mediaId, tx);
    if (uploader !== caller.uid) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'media_id: upload the logo with POST /media first', [
        { field: 'media_id', message: 'not an image you uploaded', in: 'body' },
      ]);
    }
  }

  /** POST /orgs?org_id=: a coach of the organisation renames it, changes its logo or colour. */
  async update(caller: Caller, orgId: number, body: Required<OrgBody>): Promise<Org> {
    return this.repo.transaction(async (tx) => {
      await this.requireCoach(orgId, caller.uid, 'change its name and logo', tx);
      const org = await this.repo.lockedOrg(orgId, tx);
      await this.checkMedia(caller, body.media_id, org!.media_id, tx);
      await this.repo.updateOrg(orgId, { name: body.name, media_id: body.media_id, colour: body.colour?.toLowerCase() ?? null }, tx);
      return this.orgFor(caller.uid, orgId, tx);
    });
  }

  /**
   * POST /orgs: the coach who bought an active coach-level subscription that has no organisation
   * yet creates it, and holds one of its coach seats.
   */
  async create(caller: Caller, body: Required<OrgBody>): Promise<Org> {
    if (!caller.user.is_coach) throw new ApiError(403, 'FORBIDDEN', 'Only coaches create organisations.');
    return this.repo.transaction(async (tx) => {
      const owned = await this.repo.lockSubscriptionsBoughtBy(caller.uid, tx);
      const usable = owned.filter(mayFoundOrg);
      if (usable.length === 0)
        throw new ApiError(403, 'FORBIDDEN', 'An organisation comes with a coach, team or academy subscription. Subscribe to one first.');
      const taken = await this.repo.subscriptionsWithOrg(
        usable.map((s) => s.sub_id),
        tx,
      );
      const free = usable.find((s) => !taken.includes(s.sub_id));
      if (!free) throw new ApiError(409, 'CONFLICT', 'Your subscription already has its organisation. Change its name in Org. Management.');
      await this.checkMedia(caller, body.media_id, null, tx);
      const orgId = await this.repo.insertOrg(
        { name: body.name, media_id: body.media_id, colour: body.colour?.toLowerCase() ?? null, sub_id: free.sub_id },
        tx,
      );
      await this.repo.insertMember({ org_id: orgId, uid: caller.uid, is_coach: true, seat: 'COACH', joined_at: this.deps.clock() }, tx);
      return this.orgFor(caller.uid, orgId, tx);
    });
  }

  // --- seats and access ------------------------------------------------------------------------

  /**
   * Points the user's sub_id at the best access they have: an active subscription they bought, or
   * a seat in an organisation whose subscription is active (the higher level wins; their own
   * purchase on a tie). With nothing active it keeps a subscription of their own (to renew) or
   * clears it.
   */
  async refreshAccess(tx: Tx, uid: number): Promise<void> {
    const own = await this.repo.subscriptionsBoughtBy(uid, tx);
    const seats = await this.repo.seatsHeldBy(uid, tx);
    const candidates = [
      ...own.filter((s) => isActiveStatus(statusOf(s.status))).map((s) => ({ sub_id: s.sub_id, level: s.level, own: 1 })),
      ...seats
        .filter((s) => seatGivesAccess(s.sub, uid))
        .map((s) => ({ sub_id: s.sub.sub_id, level: SEAT_LEVEL_VALUES[s.seat as SeatLevel], own: 0 })),
    ].sort((a, b) => b.level - a.level || b.own - a.own);
    const next = candidates[0]?.sub_id ?? own[0]?.sub_id ?? null;
    await this.repo.setAccess(uid, next, tx);
  }

  /** POST /orgs/seat: the purchaser gives a member a seat (409 past the plan's count) or frees it. */
  async setSeat(caller: Caller, orgId: number, body: SeatBody): Promise<OrgMember> {
    return this.repo.transaction(async (tx) => {
      await this.requireMember(orgId, caller.uid, tx);
      await this.repo.lockOrg(orgId, tx);
      const { sub } = await this.subscriptionOfOrg(orgId, tx);
      if (!sub || !isPurchaser(sub, caller.uid))
        throw new ApiError(403, 'FORBIDDEN', "Only the coach who bought the organisation's subscription assigns its seats.");
      if (!isActiveStatus(statusOf(sub.status)))
        throw new ApiError(409, 'CONFLICT', "The organisation's subscription is not active, so its seats cannot be given. Renew it first.");
      const target = await this.repo.membership(orgId, body.uid, tx);
      if (!target) throw notFound(NO_MEMBER);
      if (!seatFitsMember(body.seat, target)) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'seat: a coach seat is for a coach of the organisation; give a player a premium seat', [
          { field: 'seat', message: 'coach seats are for coaches', in: 'body' },
        ]);
      }
      if (body.seat !== null && target.seat !== body.seat) {
        const seats = await this.seatsOf(orgId, sub, tx);
        const [num, used] = body.seat === 'COACH' ? [seats.num_coach, seats.used_coach] : [seats.num_premium, seats.used_premium];
        if (used >= num) {
          const kind = body.seat === 'COACH' ? 'coach' : 'premium';
          throw new ApiError(
            409,
            'CONFLICT',
            num === 0
              ? `This plan has no ${kind} seats.`
              : `All ${num} ${kind} seats of this plan are taken. Free one first, or move to a bigger plan.`,
          );
        }
      }
      await this.repo.setSeat(orgId, body.uid, body.seat, tx);
      await this.refreshAccess(tx, body.uid);
      const row = await this.repo.member(orgId, body.uid, tx);
      if (!row) throw notFound(NO_MEMBER);
      return this.toMember(row, sub, true);
    });
  }

  // --- leaving and removing --------------------------------------------------------------------

  /**
   * Takes a member out of an organisation: the membership and its seat, what they shared with the
   * organisation (event and tag org shares of theirs), the organisation in their default shares;
   * then their access is worked out again.
   */
  private async detach(orgId: number, uid: number, tx: Tx): Promise<void> {
    await this.repo.deleteMembership(orgId, uid, tx);
    await this.repo.withdrawSharesToOrg(orgId, uid, tx);
    await this.repo.dropFromDefaultShares(orgId, uid, tx);
    await this.refreshAccess(tx, uid);
  }

  private async orgName(orgId: number, tx?: Tx): Promise<string> {
    return (await this.repo.orgName(orgId, tx)) ?? 'the organisation';
  }

  /** GET /orgs/leave: the purchaser stays while the subscription is active; the coaches hear of it. */
  async leave(caller: Caller, orgId: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.requireMember(orgId, caller.uid, tx);
      await this.repo.lockOrg(orgId, tx);
      const { sub } = await this.subscriptionOfOrg(orgId, tx);
      if (purchaserMustStay(sub, caller.uid)) {
        throw new ApiError(
          409,
          'CONFLICT',
          "You bought this organisation's subscription, so you cannot leave it while the subscription is active. Cancel the subscription first.",
        );
      }
      const name = await this.orgName(orgId, tx);
      await this.detach(orgId, caller.uid, tx);
      const coaches = await this.repo.coachesOf(orgId, tx);
      await this.deps.notifier.add(
        tx,
        coaches.map((uid) => ({
          uid,
          type: 'ORG_MEMBER_LEAVE',
          title: `${nameOf(caller.user, 'A member')} left ${name}`,
          body: `${nameOf(caller.user, 'A member')} is no longer a member of ${name}; their seat is free again and their rounds are no longer shared with the organisation.`,
          nav_loc: isPurchaser(sub, uid) ? `org-management?org_id=${orgId}` : 'org-info',
        })),
      );
    });
    this.deps.notifier.kick();
  }

  /**
   * POST /orgs/share-rounds: a member shares their rounds since a date (or all) with the coaches,
   * in one transaction; idempotent (a second call changes nothing and answers the same). 404 for an
   * organisation the caller is not in.
   */
  async shareRounds(caller: Caller, orgId: number, body: ShareRoundsBody): Promise<ShareRoundsResponse> {
    return this.repo.transaction(async (tx) => {
      await this.requireMember(orgId, caller.uid, tx);
      const since = body.since === null ? null : new Date(body.since);
      const counts = await this.repo.shareRoundsWithCoaches(caller.uid, since, this.deps.clock(), tx);
      return { shared: counts.shared, kept_private: counts.keptPrivate };
    });
  }

  /** DELETE /orgs/member: a coach removes a member (not the purchaser); the member is told. Removing oneself is leaving. */
  async removeMember(caller: Caller, orgId: number, uid: number): Promise<void> {
    if (uid === caller.uid) return this.leave(caller, orgId);
    await this.repo.transaction(async (tx) => {
      await this.requireCoach(orgId, caller.uid, 'remove members', tx);
      await this.repo.lockOrg(orgId, tx);
      const target = await this.repo.membership(orgId, uid, tx);
      if (!target) throw notFound(NO_MEMBER);
      const { sub } = await this.subscriptionOfOrg(orgId, tx);
      if (isPurchaser(sub, uid))
        throw new ApiError(409, 'CONFLICT', "The coach who bought the organisation's subscription cannot be removed.");
      const name = await this.orgName(orgId, tx);
      await this.detach(orgId, uid, tx);
      await this.deps.notifier.add(tx, [
        {
          uid,
          type: 'ORG_MEMBER_LEAVE',
          title: `You are no longer a member of ${name}`,
          body: `${nameOf(caller.user, 'A coach')} removed you from ${name}. Its coaches no longer see the rounds you shared with the organisation.`,
          nav_loc: 'org-info',
        },
      ]);
    });
    this.deps.notifier.kick();
  }

  // --- invitations -----------------------------------------------------------------------------

  private statusOf(row: InviteRow): OrgInvite['status'] {
    return row.status === 'OPEN' && row.expires_at.getTime() <= this.deps.clock().getTime()
      ? 'EXPIRED'
      : (row.status as OrgInvite['status']);
  }

  private async toInvites(rows: InviteRow[], tx?: Tx): Promise<OrgInvite[]> {
    if (rows.length === 0) return [];
    const orgRows = await this.repo.orgsWithLogos([...new Set(rows.map((r) => r.org_id))], tx);
    const inviters = await this.repo.namesOf([...new Set(rows.map((r) => r.invited_by))], tx);
    return rows.map((r) => {
      const org = orgRows.find((o) => o.org_id === r.org_id);
      const by = inviters.find((u) => u.uid === r.invited_by);
      return {
        invite_id: r.invite_id,
        org_id: r.org_id,
        org_name: org?.name ?? '',
        org_logo_url: org?.storage_key ? mediaUrl(org.storage_key) : null,
        email: r.email,
        role: r.role as OrgInvite['role'],
        invited_by: { uid: r.invited_by, first_name: by?.first_name ?? '', last_name: by?.last_name ?? '' },
        created_at: r.created_at.toISOString(),
        expires_at: r.expires_at.toISOString(),
        status: this.statusOf(r),
      };
    });
  }

  private async sendInviteMail(row: InviteRow, inviter: string, orgName: string): Promise<void> {
    const link = `${this.deps.publicUrl}/invite?invite_id=${row.invite_id}`;
    const as = row.role === 'coach' ? 'a coach' : 'a player';
    try {
      await this.deps.mailer.send({
        to: row.email,
        purpose: 'invite',
        subject: `${inviter} invited you to join ${orgName} on Holeout`,
        text: [
          `${inviter} invited you to join ${orgName} on Holeout as ${as}.`,
          '',
          `Accept or decline the invitation here: ${link}`,
          `No Holeout account yet? Create one with this e-mail address (${row.email}) from the same link.`,
          '',
          `The invitation is open until ${row.expires_at.toUTCString()}.`,
        ].join('\n'),
      });
    } catch (error) {
      // The invitation stands (it is listed in the app and can be re-sent); the failure is logged without the address.
      // Only the failure's codes: an SMTP message usually quotes the address.
      this.deps.log.error(
        {
          invite_id: row.invite_id,
          code: (error as { code?: unknown }).code,
          responseCode: (error as { responseCode?: unknown }).responseCode,
        },
        'invitation mail failed',
      );
    }
  }

  private async inviterAndOrg(caller: Caller, orgId: number, tx: Tx) {
    return { inviter: nameOf(caller.user, 'A coach'), orgName: await this.orgName(orgId, tx) };
  }

  /**
   * POST /orgs/invite: a coach invites an e-mail as coach or player. A second invitation to the
   * same address while one is open renews that one. The invitee gets a mail with the link, and a
   * TEAM_INVITATION notification when they have an account (not mailed again: the invitation is).
   */
  async invite(caller: Caller, orgId: number, body: { email: string; role: InviteBody['role'] }): Promise<OrgInvite> {
    const now = this.deps.clock();
    const expires = new Date(now.getTime() + INVITE_TTL_MS);
    const { row, names } = await this.repo.transaction(async (tx) => {
      await this.requireCoach(orgId, caller.uid, 'invite people', tx);
      const existing = await this.repo.userIdByEmail(body.email, tx);
      if (existing !== undefined && (await this.repo.membership(orgId, existing, tx)))
        throw new ApiError(409, 'CONFLICT', 'This person is already a member of the organisation.');
      const row = await this.repo.upsertOpenInvite(
        { org_id: orgId, email: body.email, role: body.role, invited_by: caller.uid, created_at: now, expires_at: expires },
        tx,
      );
      const names = await this.inviterAndOrg(caller, orgId, tx);
      if (existing !== undefined && existing !== caller.uid) {
        // A renewed invitation replaces its unread notification rather than adding a second.
        await this.repo.replaceInvitationNotice(
          {
            uid: existing,
            title: `Invitation to join ${names.orgName}`,
            body: `${names.inviter} invited you to join ${names.orgName} as ${body.role === 'coach' ? 'a coach' : 'a player'}.`,
            nav_loc: `invite?invite_id=${row.invite_id}`,
            created_at: now,
          },
          tx,
        );
      }
      return { row, names };
    });
    await this.sendInviteMail(row, names.inviter, names.orgName);
    const [answer] = await this.toInvites([row]);
    return answer!;
  }

  /** GET /orgs/invites: the caller's own open invitations, or (org_id) the organisation's open ones for its coaches. */
  async invites(caller: Caller, orgId: number | undefined): Promise<OrgInvite[]> {
    if (orgId !== undefined) {
      await this.requireCoach(orgId, caller.uid, 'see its invitations');
      return this.toInvites(await this.repo.openInvitesOfOrg(orgId));
    }
    return this.toInvites(await this.repo.openInvitesTo(caller.user.email.toLowerCase(), this.deps.clock()));
  }

  /** An invitation the caller may see: addressed to their e-mail, or of an organisation they coach. */
  private async visibleInvite(caller: Caller, inviteId: number, tx?: Tx): Promise<{ row: InviteRow; addressee: boolean; coach: boolean }> {
    const row = await this.repo.invite(inviteId, tx);
    if (!row) throw notFound(NO_INVITE);
    const addressee = isAddressee(row, caller.user.email);
    const member = await this.repo.membership(row.org_id, caller.uid, tx);
    const coach = member?.is_coach ?? false;
    if (!addressee && !coach) throw notFound(NO_INVITE);
    return { row, addressee, coach };
  }

  async inviteById(caller: Caller, inviteId: number): Promise<OrgInvite> {
    const { row } = await this.visibleInvite(caller, inviteId);
    const [answer] = await this.toInvites([row]);
    return answer!;
  }

  private requireOpen(row: InviteRow): void {
    const status = this.statusOf(row);
    if (status === 'OPEN') return;
    const messages: Record<Exclude<OrgInvite['status'], 'OPEN'>, string> = {
      ACCEPTED: 'This invitation was already accepted.',
      DECLINED: 'This invitation was already declined.',
      CANCELLED: 'This invitation was withdrawn by the organisation.',
      EXPIRED: 'This invitation has expired. Ask your coach to send a new one.',
    };
    throw new ApiError(409, 'CONFLICT', messages[status]);
  }

  /** POST /orgs/invite/resend: a coach sends an open (or expired) invitation again, open for another 14 days. */
  async resend(caller: Caller, inviteId: number): Promise<OrgInvite> {
    const now = this.deps.clock();
    const { row, names } = await this.repo.transaction(async (tx) => {
      const { row: found, coach } = await this.visibleInvite(caller, inviteId, tx);
      if (!coach) throw notFound(NO_INVITE);
      if (found.status !== 'OPEN') this.requireOpen(found);
      const row = await this.repo.extendInvite(inviteId, new Date(now.getTime() + INVITE_TTL_MS), tx);
      return { row, names: await this.inviterAndOrg(caller, row.org_id, tx) };
    });
    await this.sendInviteMail(row, names.inviter, names.orgName);
    const [answer] = await this.toInvites([row]);
    return answer!;
  }

  /** DELETE /orgs/invite: a coach withdraws an invitation that is still open. */
  async cancel(caller: Caller, inviteId: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const { row, coach } = await this.visibleInvite(caller, inviteId, tx);
      if (!coach) throw notFound(NO_INVITE);
      if (row.status !== 'OPEN') this.requireOpen(row);
      await this.repo.closeInvite(inviteId, 'CANCELLED', this.deps.clock(), tx);
    });
  }

  /** Accept or decline: once, by the addressee, before it expires; the inviter is told. */
  private async answer(caller: Caller, inviteId: number, accept: boolean): Promise<number> {
    const orgId = await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lockedInvite(inviteId, tx);
      if (!locked || !isAddressee(locked, caller.user.email)) throw notFound(NO_INVITE);
      this.requireOpen(locked);
      const now = this.deps.clock();
      await this.repo.closeInvite(inviteId, accept ? 'ACCEPTED' : 'DECLINED', now, tx);
      if (accept) await this.repo.joinOrg(locked.org_id, caller.uid, locked.role === 'coach', now, tx);
      // The invitation's notification is done with.
      await this.repo.markNoticesOpened(caller.uid, `invite?invite_id=${inviteId}`, now, tx);
      const name = await this.orgName(locked.org_id, tx);
      const who = nameOf(caller.user, 'The person you invited');
      const notice: OrgNotice = accept
        ? {
            uid: locked.invited_by,
            type: 'ORG_INVITE_ACCEPT',
            title: `${who} joined ${name}`,
            body: `${who} accepted your invitation to join ${name} as ${locked.role === 'coach' ? 'a coach' : 'a player'}.`,
            nav_loc: `org-management?org_id=${locked.org_id}`,
          }
        : {
            uid: locked.invited_by,
            type: 'ORG_INVITE_DECLINE',
            title: `${who} declined your invitation`,
            body: `${who} declined your invitation to join ${name}.`,
            nav_loc: `org-management?org_id=${locked.org_id}`,
          };
      // The inviter hears of it while still a coach of the organisation; otherwise its coaches do.
      const coaches = await this.repo.coachesOf(locked.org_id, tx);
      const told = (coaches.includes(locked.invited_by) ? [locked.invited_by] : coaches).filter((uid) => uid !== caller.uid);
      await this.deps.notifier.add(
        tx,
        told.map((uid) => ({ ...notice, uid })),
      );
      return locked.org_id;
    });
    this.deps.notifier.kick();
    return orgId;
  }

  async accept(caller: Caller, inviteId: number): Promise<Org> {
    const orgId = await this.answer(caller, inviteId, true);
    return this.orgFor(caller.uid, orgId);
  }

  async decline(caller: Caller, inviteId: number): Promise<void> {
    await this.answer(caller, inviteId, false);
  }

  // --- people ----------------------------------------------------------------------------------

  /**
   * GET /people: the people the caller knows, fellow members of their organisations and anyone who
   * shared something with them; never someone only because the caller shared something with them.
   */
  async people(caller: Caller): Promise<Person[]> {
    return this.deps.access.repository.knownPeople(caller.uid);
  }
}
