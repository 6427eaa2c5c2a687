import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { isActiveStatus, planSeats, SEAT_LEVEL_VALUES, SUBSCRIPTION_LEVELS, type SubscriptionStatus } from '@holeout/golf';
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
} from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import {
  eventOrgShares,
  eventUserShares,
  events,
  media,
  notifications,
  orgInvites,
  orgMembers,
  orgs,
  settings,
  subscriptions,
  tagOrgShares,
  tags,
  tagUserShares,
  users,
} from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { mediaUrl } from '../media/media.service.ts';
import type { Notice, Notifier } from '../notifications/notifier.ts';

const NO_ORG = 'No such organisation';
const NO_INVITE = 'No such invitation';
const NO_MEMBER = 'No such member';

type Tx = Database;
type SubRow = typeof subscriptions.$inferSelect;
type InviteRow = typeof orgInvites.$inferSelect;

export interface OrgsDeps {
  db: Database;
  notifier: Notifier;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** "First Last"; without a name, the fallback (never a part of the e-mail address, which others may not see). */
export function nameOf(person: { first_name: string; last_name: string }, fallback = 'Someone'): string {
  return `${person.first_name} ${person.last_name}`.trim() || fallback;
}

const seatOf = (value: string | null): SeatLevel | null => (value === 'COACH' || value === 'PREMIUM' ? value : null);
const statusOf = (value: string): SubscriptionStatus => value as SubscriptionStatus;

/**
 * Organisations (spec sections 3, 4, 6, 7): membership, seats, leaving and removal, invitations and
 * the people a user knows. Every multi-row change is one transaction; an organisation or invitation
 * the caller has nothing to do with answers 404, never 403.
 */
export class OrgsService {
  constructor(private readonly deps: OrgsDeps) {}

  private get db() {
    return this.deps.db;
  }

  // --- reading --------------------------------------------------------------------------------

  /** The organisations the user is a member of, oldest first. */
  async listForMember(uid: number, tx: Tx = this.db): Promise<Org[]> {
    const rows = await tx
      .select({
        org_id: orgs.org_id,
        name: orgs.name,
        media_id: orgs.media_id,
        colour: orgs.colour,
        sub_id: orgs.sub_id,
        is_coach: orgMembers.is_coach,
        seat: orgMembers.seat,
        purchaser: subscriptions.purchaser,
        storage_key: media.storage_key,
      })
      .from(orgs)
      .innerJoin(orgMembers, eq(orgMembers.org_id, orgs.org_id))
      .leftJoin(subscriptions, eq(subscriptions.sub_id, orgs.sub_id))
      .leftJoin(media, eq(media.media_id, orgs.media_id))
      .where(eq(orgMembers.uid, uid))
      .orderBy(orgs.org_id);
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

  private async orgFor(uid: number, orgId: number, tx: Tx = this.db): Promise<Org> {
    const found = (await this.listForMember(uid, tx)).find((o) => o.org_id === orgId);
    if (!found) throw notFound(NO_ORG);
    return found;
  }

  private async membership(tx: Tx, orgId: number, uid: number) {
    const [row] = await tx
      .select()
      .from(orgMembers)
      .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
    return row;
  }

  /** The caller's membership; 404 for an organisation they are not in. */
  private async requireMember(tx: Tx, orgId: number, uid: number) {
    const row = await this.membership(tx, orgId, uid);
    if (!row) throw notFound(NO_ORG);
    return row;
  }

  private async requireCoach(tx: Tx, orgId: number, uid: number, doing: string) {
    const row = await this.requireMember(tx, orgId, uid);
    if (!row.is_coach) throw new ApiError(403, 'FORBIDDEN', `Only the organisation's coaches may ${doing}.`);
    return row;
  }

  /** The organisation row is the lock that serialises seat changes, leaving and removal, so seats count right. */
  private async lockOrg(tx: Tx, orgId: number): Promise<void> {
    await tx.select({ org_id: orgs.org_id }).from(orgs).where(eq(orgs.org_id, orgId)).for('update');
  }

  private async subscriptionOfOrg(tx: Tx, orgId: number): Promise<{ subId: number | null; sub: SubRow | undefined }> {
    const [org] = await tx.select({ sub_id: orgs.sub_id }).from(orgs).where(eq(orgs.org_id, orgId));
    if (!org) throw notFound(NO_ORG);
    if (org.sub_id === null) return { subId: null, sub: undefined };
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.sub_id, org.sub_id));
    return { subId: org.sub_id, sub };
  }

  private async seatsOf(tx: Tx, orgId: number, sub: SubRow) {
    const plan = planSeats(sub.level, sub.has_branding);
    const used = await tx
      .select({ seat: orgMembers.seat, n: sql<number>`count(*)::int` })
      .from(orgMembers)
      .where(and(eq(orgMembers.org_id, orgId), inArray(orgMembers.seat, ['COACH', 'PREMIUM'])))
      .groupBy(orgMembers.seat);
    const count = (seat: SeatLevel) => used.find((u) => u.seat === seat)?.n ?? 0;
    return { ...plan, used_coach: count('COACH'), used_premium: count('PREMIUM') };
  }

  /** GET /orgs/subscription: any member sees the plan and how many seats are taken. */
  async subscription(caller: Caller, orgId: number): Promise<OrgSubscription | null> {
    await this.requireMember(this.db, orgId, caller.uid);
    const { sub } = await this.subscriptionOfOrg(this.db, orgId);
    if (!sub) return null;
    return {
      sub_id: sub.sub_id,
      level: sub.level,
      has_branding: sub.has_branding,
      status: statusOf(sub.status),
      purchaser: sub.purchaser,
      source: sub.source as OrgSubscription['source'],
      expires_at: sub.expires_at ? sub.expires_at.toISOString() : null,
      seats: await this.seatsOf(this.db, orgId, sub),
    };
  }

  /** GET /orgs/members: the org's coaches see every member with their e-mail; a player sees the coaches. */
  async members(caller: Caller, orgId: number): Promise<OrgMember[]> {
    const me = await this.requireMember(this.db, orgId, caller.uid);
    const { sub } = await this.subscriptionOfOrg(this.db, orgId);
    const rows = await this.db
      .select({
        uid: users.uid,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
        is_coach: orgMembers.is_coach,
        seat: orgMembers.seat,
        joined_at: orgMembers.joined_at,
      })
      .from(orgMembers)
      .innerJoin(users, eq(users.uid, orgMembers.uid))
      .where(and(eq(orgMembers.org_id, orgId), me.is_coach ? undefined : eq(orgMembers.is_coach, true)))
      .orderBy(desc(orgMembers.is_coach), users.last_name, users.first_name, users.uid);
    return rows.map((r) => this.toMember(r, sub, me.is_coach));
  }

  private toMember(
    r: { uid: number; first_name: string; last_name: string; email: string; is_coach: boolean; seat: string | null; joined_at: Date },
    sub: SubRow | undefined,
    showEmail: boolean,
  ): OrgMember {
    return {
      uid: r.uid,
      first_name: r.first_name,
      last_name: r.last_name,
      email: showEmail ? r.email : null,
      role: r.is_coach ? 'coach' : 'player',
      seat: seatOf(r.seat),
      is_purchaser: sub?.purchaser === r.uid,
      joined_at: r.joined_at.toISOString(),
    };
  }

  // --- the organisation itself -----------------------------------------------------------------

  private async checkMedia(tx: Tx, caller: Caller, mediaId: number | null, current: number | null): Promise<void> {
    if (mediaId === null || mediaId === current) return;
    const [row] = await tx.select({ uid: media.uid }).from(media).where(eq(media.media_id, mediaId));
    if (!row || row.uid !== caller.uid) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'media_id: upload the logo with POST /media first', [
        { field: 'media_id', message: 'not an image you uploaded', in: 'body' },
      ]);
    }
  }

  /** POST /orgs?org_id=: a coach of the organisation renames it, changes its logo or colour. */
  async update(caller: Caller, orgId: number, body: Required<OrgBody>): Promise<Org> {
    return this.db.transaction(async (tx) => {
      await this.requireCoach(tx, orgId, caller.uid, 'change its name and logo');
      const [org] = await tx.select().from(orgs).where(eq(orgs.org_id, orgId)).for('update');
      await this.checkMedia(tx, caller, body.media_id, org!.media_id);
      await tx
        .update(orgs)
        .set({ name: body.name, media_id: body.media_id, colour: body.colour?.toLowerCase() ?? null })
        .where(eq(orgs.org_id, orgId));
      return this.orgFor(caller.uid, orgId, tx);
    });
  }

  /**
   * POST /orgs: the coach who bought an active coach-level subscription that has no organisation
   * yet creates it, and holds one of its coach seats.
   */
  async create(caller: Caller, body: Required<OrgBody>): Promise<Org> {
    if (!caller.user.is_coach) throw new ApiError(403, 'FORBIDDEN', 'Only coaches create organisations.');
    return this.db.transaction(async (tx) => {
      const owned = await tx
        .select({ sub_id: subscriptions.sub_id, status: subscriptions.status, level: subscriptions.level })
        .from(subscriptions)
        .where(eq(subscriptions.purchaser, caller.uid))
        .orderBy(desc(subscriptions.level))
        // Two creations at once wait here, so the second sees the first's organisation (a unique index backs this).
        .for('update');
      const usable = owned.filter((s) => isActiveStatus(statusOf(s.status)) && s.level >= SUBSCRIPTION_LEVELS.COACH);
      if (usable.length === 0)
        throw new ApiError(403, 'FORBIDDEN', 'An organisation comes with a coach, team or academy subscription. Subscribe to one first.');
      const taken = await tx
        .select({ sub_id: orgs.sub_id })
        .from(orgs)
        .where(
          inArray(
            orgs.sub_id,
            usable.map((s) => s.sub_id),
          ),
        );
      const free = usable.find((s) => !taken.some((t) => t.sub_id === s.sub_id));
      if (!free) throw new ApiError(409, 'CONFLICT', 'Your subscription already has its organisation. Change its name in Org. Management.');
      await this.checkMedia(tx, caller, body.media_id, null);
      const [org] = await tx
        .insert(orgs)
        .values({ name: body.name, media_id: body.media_id, colour: body.colour?.toLowerCase() ?? null, sub_id: free.sub_id })
        .returning({ org_id: orgs.org_id });
      await tx
        .insert(orgMembers)
        .values({ org_id: org!.org_id, uid: caller.uid, is_coach: true, seat: 'COACH', joined_at: this.deps.clock() });
      return this.orgFor(caller.uid, org!.org_id, tx);
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
    const own = await tx.select().from(subscriptions).where(eq(subscriptions.purchaser, uid)).orderBy(desc(subscriptions.sub_id));
    const seats = await tx
      .select({ seat: orgMembers.seat, sub: subscriptions })
      .from(orgMembers)
      .innerJoin(orgs, eq(orgs.org_id, orgMembers.org_id))
      .innerJoin(subscriptions, eq(subscriptions.sub_id, orgs.sub_id))
      .where(and(eq(orgMembers.uid, uid), inArray(orgMembers.seat, ['COACH', 'PREMIUM'])));
    const candidates = [
      ...own.filter((s) => isActiveStatus(statusOf(s.status))).map((s) => ({ sub_id: s.sub_id, level: s.level, own: 1 })),
      ...seats
        // A seat gives its level only while the plan is an organisation's (coach level or above): a plan moved down to premium has no seats.
        .filter((s) => isActiveStatus(statusOf(s.sub.status)) && s.sub.level >= SUBSCRIPTION_LEVELS.COACH && s.sub.purchaser !== uid)
        .map((s) => ({ sub_id: s.sub.sub_id, level: SEAT_LEVEL_VALUES[s.seat as SeatLevel], own: 0 })),
    ].sort((a, b) => b.level - a.level || b.own - a.own);
    const next = candidates[0]?.sub_id ?? own[0]?.sub_id ?? null;
    await tx.update(users).set({ sub_id: next }).where(eq(users.uid, uid));
  }

  /** POST /orgs/seat: the purchaser gives a member a seat (409 past the plan's count) or frees it. */
  async setSeat(caller: Caller, orgId: number, body: SeatBody): Promise<OrgMember> {
    return this.db.transaction(async (tx) => {
      await this.requireMember(tx, orgId, caller.uid);
      await this.lockOrg(tx, orgId);
      const { sub } = await this.subscriptionOfOrg(tx, orgId);
      if (!sub || sub.purchaser !== caller.uid)
        throw new ApiError(403, 'FORBIDDEN', "Only the coach who bought the organisation's subscription assigns its seats.");
      if (!isActiveStatus(statusOf(sub.status)))
        throw new ApiError(409, 'CONFLICT', "The organisation's subscription is not active, so its seats cannot be given. Renew it first.");
      const target = await this.membership(tx, orgId, body.uid);
      if (!target) throw notFound(NO_MEMBER);
      if (body.seat === 'COACH' && !target.is_coach) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'seat: a coach seat is for a coach of the organisation; give a player a premium seat', [
          { field: 'seat', message: 'coach seats are for coaches', in: 'body' },
        ]);
      }
      if (body.seat !== null && target.seat !== body.seat) {
        const seats = await this.seatsOf(tx, orgId, sub);
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
      await tx
        .update(orgMembers)
        .set({ seat: body.seat })
        .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, body.uid)));
      await this.refreshAccess(tx, body.uid);
      const [row] = await tx
        .select({
          uid: users.uid,
          first_name: users.first_name,
          last_name: users.last_name,
          email: users.email,
          is_coach: orgMembers.is_coach,
          seat: orgMembers.seat,
          joined_at: orgMembers.joined_at,
        })
        .from(orgMembers)
        .innerJoin(users, eq(users.uid, orgMembers.uid))
        .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, body.uid)));
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
  private async detach(tx: Tx, orgId: number, uid: number): Promise<void> {
    await tx.delete(orgMembers).where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
    const theirEvents = tx.select({ id: events.event_id }).from(events).where(eq(events.uid, uid));
    await tx.delete(eventOrgShares).where(and(eq(eventOrgShares.org_id, orgId), inArray(eventOrgShares.event_id, theirEvents)));
    const theirTags = tx.select({ id: tags.tag_id }).from(tags).where(eq(tags.uid, uid));
    await tx.delete(tagOrgShares).where(and(eq(tagOrgShares.org_id, orgId), inArray(tagOrgShares.tag_id, theirTags)));
    const [saved] = await tx.select({ orgshares: settings.orgshares }).from(settings).where(eq(settings.uid, uid));
    if (saved?.orgshares?.some((s) => s.org_id === orgId)) {
      await tx
        .update(settings)
        .set({ orgshares: saved.orgshares.filter((s) => s.org_id !== orgId) })
        .where(eq(settings.uid, uid));
    }
    await this.refreshAccess(tx, uid);
  }

  private async orgName(tx: Tx, orgId: number): Promise<string> {
    const [row] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.org_id, orgId));
    return row?.name ?? 'the organisation';
  }

  /** GET /orgs/leave: the purchaser stays while the subscription is active; the coaches hear of it. */
  async leave(caller: Caller, orgId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.requireMember(tx, orgId, caller.uid);
      await this.lockOrg(tx, orgId);
      const { sub } = await this.subscriptionOfOrg(tx, orgId);
      if (sub && sub.purchaser === caller.uid && isActiveStatus(statusOf(sub.status))) {
        throw new ApiError(
          409,
          'CONFLICT',
          "You bought this organisation's subscription, so you cannot leave it while the subscription is active. Cancel the subscription first.",
        );
      }
      const name = await this.orgName(tx, orgId);
      await this.detach(tx, orgId, caller.uid);
      const coaches = await tx
        .select({ uid: orgMembers.uid })
        .from(orgMembers)
        .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.is_coach, true)));
      await this.deps.notifier.add(
        tx,
        coaches.map((c) => ({
          uid: c.uid,
          type: 'ORG_MEMBER_LEAVE',
          title: `${nameOf(caller.user, 'A member')} left ${name}`,
          body: `${nameOf(caller.user, 'A member')} is no longer a member of ${name}; their seat is free again and their rounds are no longer shared with the organisation.`,
          nav_loc: sub?.purchaser === c.uid ? `org-management?org_id=${orgId}` : 'org-info',
        })),
      );
    });
    this.deps.notifier.kick();
  }

  /** DELETE /orgs/member: a coach removes a member (not the purchaser); the member is told. Removing oneself is leaving. */
  async removeMember(caller: Caller, orgId: number, uid: number): Promise<void> {
    if (uid === caller.uid) return this.leave(caller, orgId);
    await this.db.transaction(async (tx) => {
      await this.requireCoach(tx, orgId, caller.uid, 'remove members');
      await this.lockOrg(tx, orgId);
      const target = await this.membership(tx, orgId, uid);
      if (!target) throw notFound(NO_MEMBER);
      const { sub } = await this.subscriptionOfOrg(tx, orgId);
      if (sub?.purchaser === uid)
        throw new ApiError(409, 'CONFLICT', "The coach who bought the organisation's subscription cannot be removed.");
      const name = await this.orgName(tx, orgId);
      await this.detach(tx, orgId, uid);
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

  private async toInvites(tx: Tx, rows: InviteRow[]): Promise<OrgInvite[]> {
    if (rows.length === 0) return [];
    const orgRows = await tx
      .select({ org_id: orgs.org_id, name: orgs.name, storage_key: media.storage_key })
      .from(orgs)
      .leftJoin(media, eq(media.media_id, orgs.media_id))
      .where(inArray(orgs.org_id, [...new Set(rows.map((r) => r.org_id))]));
    const inviters = await tx
      .select({ uid: users.uid, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(inArray(users.uid, [...new Set(rows.map((r) => r.invited_by))]));
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

  private async inviterAndOrg(tx: Tx, caller: Caller, orgId: number) {
    return { inviter: nameOf(caller.user, 'A coach'), orgName: await this.orgName(tx, orgId) };
  }

  /**
   * POST /orgs/invite: a coach invites an e-mail as coach or player. A second invitation to the
   * same address while one is open renews that one. The invitee gets a mail with the link, and a
   * TEAM_INVITATION notification when they have an account (not mailed again: the invitation is).
   */
  async invite(caller: Caller, orgId: number, body: { email: string; role: InviteBody['role'] }): Promise<OrgInvite> {
    const now = this.deps.clock();
    const expires = new Date(now.getTime() + INVITE_TTL_MS);
    const { row, names } = await this.db.transaction(async (tx) => {
      await this.requireCoach(tx, orgId, caller.uid, 'invite people');
      const [existing] = await tx
        .select({ uid: users.uid })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email}`);
      if (existing && (await this.membership(tx, orgId, existing.uid)))
        throw new ApiError(409, 'CONFLICT', 'This person is already a member of the organisation.');
      // One open invitation per organisation and address (a partial unique index): a second invite renews it.
      const [row] = (await tx
        .insert(orgInvites)
        .values({ org_id: orgId, email: body.email, role: body.role, invited_by: caller.uid, created_at: now, expires_at: expires })
        .onConflictDoUpdate({
          target: [orgInvites.org_id, orgInvites.email],
          targetWhere: sql`${orgInvites.status} = 'OPEN'`,
          set: { role: body.role, invited_by: caller.uid, created_at: now, expires_at: expires },
        })
        .returning()) as [InviteRow];
      const names = await this.inviterAndOrg(tx, caller, orgId);
      if (existing && existing.uid !== caller.uid) {
        // A renewed invitation replaces its unread notification rather than adding a second.
        await tx
          .delete(notifications)
          .where(
            and(
              eq(notifications.uid, existing.uid),
              eq(notifications.nav_loc, `invite?invite_id=${row.invite_id}`),
              sql`${notifications.opened_at} is null`,
            ),
          );
        await tx.insert(notifications).values({
          uid: existing.uid,
          type: 'TEAM_INVITATION',
          title: `Invitation to join ${names.orgName}`,
          body: `${names.inviter} invited you to join ${names.orgName} as ${body.role === 'coach' ? 'a coach' : 'a player'}.`,
          nav_loc: `invite?invite_id=${row.invite_id}`,
          created_at: now,
          email_state: 'skipped',
        });
      }
      return { row, names };
    });
    await this.sendInviteMail(row, names.inviter, names.orgName);
    const [answer] = await this.toInvites(this.db, [row]);
    return answer!;
  }

  /** GET /orgs/invites: the caller's own open invitations, or (org_id) the organisation's open ones for its coaches. */
  async invites(caller: Caller, orgId: number | undefined): Promise<OrgInvite[]> {
    if (orgId !== undefined) {
      await this.requireCoach(this.db, orgId, caller.uid, 'see its invitations');
      const rows = await this.db
        .select()
        .from(orgInvites)
        .where(and(eq(orgInvites.org_id, orgId), eq(orgInvites.status, 'OPEN')))
        .orderBy(desc(orgInvites.created_at));
      return this.toInvites(this.db, rows);
    }
    const rows = await this.db
      .select()
      .from(orgInvites)
      .where(
        and(
          eq(orgInvites.email, caller.user.email.toLowerCase()),
          eq(orgInvites.status, 'OPEN'),
          gt(orgInvites.expires_at, this.deps.clock()),
        ),
      )
      .orderBy(desc(orgInvites.created_at));
    return this.toInvites(this.db, rows);
  }

  /** An invitation the caller may see: addressed to their e-mail, or of an organisation they coach. */
  private async visibleInvite(tx: Tx, caller: Caller, inviteId: number): Promise<{ row: InviteRow; addressee: boolean; coach: boolean }> {
    const [row] = await tx.select().from(orgInvites).where(eq(orgInvites.invite_id, inviteId));
    if (!row) throw notFound(NO_INVITE);
    const addressee = row.email === caller.user.email.toLowerCase();
    const member = await this.membership(tx, row.org_id, caller.uid);
    const coach = member?.is_coach ?? false;
    if (!addressee && !coach) throw notFound(NO_INVITE);
    return { row, addressee, coach };
  }

  async inviteById(caller: Caller, inviteId: number): Promise<OrgInvite> {
    const { row } = await this.visibleInvite(this.db, caller, inviteId);
    const [answer] = await this.toInvites(this.db, [row]);
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
    const { row, names } = await this.db.transaction(async (tx) => {
      const { row: found, coach } = await this.visibleInvite(tx, caller, inviteId);
      if (!coach) throw notFound(NO_INVITE);
      if (found.status !== 'OPEN') this.requireOpen(found);
      const [row] = (await tx
        .update(orgInvites)
        .set({ expires_at: new Date(now.getTime() + INVITE_TTL_MS) })
        .where(eq(orgInvites.invite_id, inviteId))
        .returning()) as [InviteRow];
      return { row, names: await this.inviterAndOrg(tx, caller, row.org_id) };
    });
    await this.sendInviteMail(row, names.inviter, names.orgName);
    const [answer] = await this.toInvites(this.db, [row]);
    return answer!;
  }

  /** DELETE /orgs/invite: a coach withdraws an invitation that is still open. */
  async cancel(caller: Caller, inviteId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { row, coach } = await this.visibleInvite(tx, caller, inviteId);
      if (!coach) throw notFound(NO_INVITE);
      if (row.status !== 'OPEN') this.requireOpen(row);
      await tx.update(orgInvites).set({ status: 'CANCELLED', answered_at: this.deps.clock() }).where(eq(orgInvites.invite_id, inviteId));
    });
  }

  /** Accept or decline: once, by the addressee, before it expires; the inviter is told. */
  private async answer(caller: Caller, inviteId: number, accept: boolean): Promise<number> {
    const orgId = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orgInvites).where(eq(orgInvites.invite_id, inviteId)).for('update');
      if (!locked || locked.email !== caller.user.email.toLowerCase()) throw notFound(NO_INVITE);
      this.requireOpen(locked);
      const now = this.deps.clock();
      await tx
        .update(orgInvites)
        .set({ status: accept ? 'ACCEPTED' : 'DECLINED', answered_at: now })
        .where(eq(orgInvites.invite_id, inviteId));
      if (accept) {
        const asCoach = locked.role === 'coach';
        await tx
          .insert(orgMembers)
          .values({ org_id: locked.org_id, uid: caller.uid, is_coach: asCoach, joined_at: now })
          .onConflictDoUpdate({
            target: [orgMembers.org_id, orgMembers.uid],
            set: { is_coach: sql`${orgMembers.is_coach} or ${asCoach}` },
          });
      }
      // The invitation's notification is done with.
      await tx
        .update(notifications)
        .set({ opened_at: now })
        .where(
          and(
            eq(notifications.uid, caller.uid),
            eq(notifications.nav_loc, `invite?invite_id=${inviteId}`),
            sql`${notifications.opened_at} is null`,
          ),
        );
      const name = await this.orgName(tx, locked.org_id);
      const who = nameOf(caller.user, 'The person you invited');
      const notice: Notice = accept
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
      const coaches = (
        await tx
          .select({ uid: orgMembers.uid })
          .from(orgMembers)
          .where(and(eq(orgMembers.org_id, locked.org_id), eq(orgMembers.is_coach, true)))
      ).map((c) => c.uid);
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

  /** GET /people: everyone the caller shares an organisation or an item (event, tag) with. */
  async people(caller: Caller): Promise<Person[]> {
    const uid = caller.uid;
    const myOrgs = this.db.select({ org_id: orgMembers.org_id }).from(orgMembers).where(eq(orgMembers.uid, uid));
    const coMembers = this.db.select({ uid: orgMembers.uid }).from(orgMembers).where(inArray(orgMembers.org_id, myOrgs));
    const sharedToMe = this.db
      .select({ uid: events.uid })
      .from(eventUserShares)
      .innerJoin(events, eq(events.event_id, eventUserShares.event_id))
      .where(eq(eventUserShares.uid, uid));
    const sharedByMe = this.db
      .select({ uid: eventUserShares.uid })
      .from(eventUserShares)
      .innerJoin(events, eq(events.event_id, eventUserShares.event_id))
      .where(eq(events.uid, uid));
    const tagsToMe = this.db
      .select({ uid: tags.uid })
      .from(tagUserShares)
      .innerJoin(tags, eq(tags.tag_id, tagUserShares.tag_id))
      .where(eq(tagUserShares.uid, uid));
    const tagsByMe = this.db
      .select({ uid: tagUserShares.uid })
      .from(tagUserShares)
      .innerJoin(tags, eq(tags.tag_id, tagUserShares.tag_id))
      .where(eq(tags.uid, uid));
    const rows = await this.db
      .select({ uid: users.uid, first_name: users.first_name, last_name: users.last_name, is_coach: users.is_coach })
      .from(users)
      .where(
        and(
          ne(users.uid, uid),
          or(
            inArray(users.uid, coMembers),
            inArray(users.uid, sharedToMe),
            inArray(users.uid, sharedByMe),
            inArray(users.uid, tagsToMe),
            inArray(users.uid, tagsByMe),
          ),
        ),
      )
      .orderBy(users.last_name, users.first_name, users.uid);
    return rows;
  }
}
