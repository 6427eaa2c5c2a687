import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { SeatLevel } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import {
  eventOrgShares,
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
  users,
} from '../../db/schema/index.ts';

/** A transaction, or the database itself outside one. */
export type Tx = Database;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InviteRow = typeof orgInvites.$inferSelect;
export type MembershipRow = typeof orgMembers.$inferSelect;
export type OrgRow = typeof orgs.$inferSelect;

/** An organisation as one of its members sees it, with the logo's storage key (null without a logo). */
export interface MemberOrgRow {
  org_id: number;
  name: string;
  media_id: number | null;
  colour: string | null;
  sub_id: number | null;
  is_coach: boolean;
  seat: string | null;
  purchaser: number | null;
  storage_key: string | null;
}

/** A member with the name and e-mail of their account. */
export interface MemberRow {
  uid: number;
  first_name: string;
  last_name: string;
  email: string;
  is_coach: boolean;
  seat: string | null;
  joined_at: Date;
}

const memberColumns = {
  uid: users.uid,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  is_coach: orgMembers.is_coach,
  seat: orgMembers.seat,
  joined_at: orgMembers.joined_at,
};

/** The only database code of organisations: memberships, seats, invitations and the people a user knows. */
export class OrgsRepository {
  constructor(readonly db: Database) {}

  /** Runs `work` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // --- organisations and members ---------------------------------------------------------------

  /** The organisations the user is a member of, oldest first. */
  async orgsOfMember(uid: number, tx: Tx = this.db): Promise<MemberOrgRow[]> {
    return tx
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
  }

  async membership(orgId: number, uid: number, tx: Tx = this.db): Promise<MembershipRow | undefined> {
    const [row] = await tx
      .select()
      .from(orgMembers)
      .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
    return row;
  }

  /** Locks the organisation's row: the lock that serialises seat changes, leaving and removal. */
  async lockOrg(orgId: number, tx: Tx): Promise<void> {
    await tx.select({ org_id: orgs.org_id }).from(orgs).where(eq(orgs.org_id, orgId)).for('update');
  }

  /** The organisation's row, locked until the transaction ends. */
  async lockedOrg(orgId: number, tx: Tx): Promise<OrgRow | undefined> {
    const [row] = await tx.select().from(orgs).where(eq(orgs.org_id, orgId)).for('update');
    return row;
  }

  /** Which subscription pays for the organisation; undefined when there is no such organisation. */
  async subIdOfOrg(orgId: number, tx: Tx = this.db): Promise<{ sub_id: number | null } | undefined> {
    const [row] = await tx.select({ sub_id: orgs.sub_id }).from(orgs).where(eq(orgs.org_id, orgId));
    return row;
  }

  async subscription(subId: number, tx: Tx = this.db): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    return row;
  }

  /** How many of the organisation's coach and premium seats are held. */
  async seatsTaken(orgId: number, tx: Tx = this.db): Promise<Record<SeatLevel, number>> {
    const used = await tx
      .select({ seat: orgMembers.seat, n: sql<number>`count(*)::int` })
      .from(orgMembers)
      .where(and(eq(orgMembers.org_id, orgId), inArray(orgMembers.seat, ['COACH', 'PREMIUM'])))
      .groupBy(orgMembers.seat);
    const count = (seat: SeatLevel) => used.find((u) => u.seat === seat)?.n ?? 0;
    return { COACH: count('COACH'), PREMIUM: count('PREMIUM') };
  }

  /** The members with their names, coaches first then by name; only the coaches when `coachesOnly`. */
  async members(orgId: number, coachesOnly: boolean, tx: Tx = this.db): Promise<MemberRow[]> {
    return tx
      .select(memberColumns)
      .from(orgMembers)
      .innerJoin(users, eq(users.uid, orgMembers.uid))
      .where(and(eq(orgMembers.org_id, orgId), coachesOnly ? eq(orgMembers.is_coach, true) : undefined))
      .orderBy(desc(orgMembers.is_coach), users.last_name, users.first_name, users.uid);
  }

  async member(orgId: number, uid: number, tx: Tx = this.db): Promise<MemberRow | undefined> {
    const [row] = await tx
      .select(memberColumns)
      .from(orgMembers)
      .innerJoin(users, eq(users.uid, orgMembers.uid))
      .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
    return row;
  }

  async coachesOf(orgId: number, tx: Tx = this.db): Promise<number[]> {
    const rows = await tx
      .select({ uid: orgMembers.uid })
      .from(orgMembers)
      .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.is_coach, true)));
    return rows.map((r) => r.uid);
  }

  async orgName(orgId: number, tx: Tx = this.db): Promise<string | undefined> {
    const [row] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.org_id, orgId));
    return row?.name;
  }

  /** Who uploaded the image; undefined when there is no such image. */
  async mediaUploader(mediaId: number, tx: Tx = this.db): Promise<number | undefined> {
    const [row] = await tx.select({ uid: media.uid }).from(media).where(eq(media.media_id, mediaId));
    return row?.uid;
  }

  async updateOrg(orgId: number, values: { name: string; media_id: number | null; colour: string | null }, tx: Tx): Promise<void> {
    await tx.update(orgs).set(values).where(eq(orgs.org_id, orgId));
  }

  /**
   * The subscriptions the user bought, highest level first, locked: two creations at once wait here,
   * so the second sees the first's organisation (a unique index backs this).
   */
  async lockSubscriptionsBoughtBy(uid: number, tx: Tx): Promise<Array<{ sub_id: number; status: string; level: number }>> {
    return tx
      .select({ sub_id: subscriptions.sub_id, status: subscriptions.status, level: subscriptions.level })
      .from(subscriptions)
      .where(eq(subscriptions.purchaser, uid))
      .orderBy(desc(subscriptions.level))
      .for('update');
  }

  /** Which of these subscriptions already pay for an organisation. */
  async subscriptionsWithOrg(subIds: number[], tx: Tx = this.db): Promise<number[]> {
    const rows = await tx.select({ sub_id: orgs.sub_id }).from(orgs).where(inArray(orgs.sub_id, subIds));
    return rows.flatMap((r) => (r.sub_id === null ? [] : [r.sub_id]));
  }

  async insertOrg(values: { name: string; media_id: number | null; colour: string | null; sub_id: number }, tx: Tx): Promise<number> {
    const [row] = await tx.insert(orgs).values(values).returning({ org_id: orgs.org_id });
    return row!.org_id;
  }

  async insertMember(
    values: { org_id: number; uid: number; is_coach: boolean; seat: SeatLevel | null; joined_at: Date },
    tx: Tx,
  ): Promise<void> {
    await tx.insert(orgMembers).values(values);
  }

  /**
   * Joins the organisation; a member already in it stays, becoming a coach when joining as one. Joining
   * as a coach makes the user a coach (users are coaches or players; a coach's account says so, sees no
   * Add Round and may brand the organisation).
   */
  async joinOrg(orgId: number, uid: number, asCoach: boolean, at: Date, tx: Tx): Promise<void> {
    await tx
      .insert(orgMembers)
      .values({ org_id: orgId, uid, is_coach: asCoach, joined_at: at })
      .onConflictDoUpdate({
        target: [orgMembers.org_id, orgMembers.uid],
        set: { is_coach: sql`${orgMembers.is_coach} or ${asCoach}` },
      });
    if (asCoach) await tx.update(users).set({ is_coach: true }).where(eq(users.uid, uid));
  }

  // --- seats and access ------------------------------------------------------------------------

  /** The subscriptions the user bought, newest first. */
  async subscriptionsBoughtBy(uid: number, tx: Tx = this.db): Promise<SubscriptionRow[]> {
    return tx.select().from(subscriptions).where(eq(subscriptions.purchaser, uid)).orderBy(desc(subscriptions.sub_id));
  }

  /** The user's seats, each with the subscription of its organisation. */
  async seatsHeldBy(uid: number, tx: Tx = this.db): Promise<Array<{ seat: string | null; sub: SubscriptionRow }>> {
    return tx
      .select({ seat: orgMembers.seat, sub: subscriptions })
      .from(orgMembers)
      .innerJoin(orgs, eq(orgs.org_id, orgMembers.org_id))
      .innerJoin(subscriptions, eq(subscriptions.sub_id, orgs.sub_id))
      .where(and(eq(orgMembers.uid, uid), inArray(orgMembers.seat, ['COACH', 'PREMIUM'])));
  }

  /** Points the user's access (users.sub_id) at a subscription, or at none. */
  async setAccess(uid: number, subId: number | null, tx: Tx): Promise<void> {
    await tx.update(users).set({ sub_id: subId }).where(eq(users.uid, uid));
  }

  async setSeat(orgId: number, uid: number, seat: SeatLevel | null, tx: Tx): Promise<void> {
    await tx
      .update(orgMembers)
      .set({ seat })
      .where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
  }

  // --- leaving ---------------------------------------------------------------------------------

  /** Ends the membership, and with it the seat. */
  async deleteMembership(orgId: number, uid: number, tx: Tx): Promise<void> {
    await tx.delete(orgMembers).where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
  }

  /** Withdraws what the user shared with the organisation: the org shares of their events and of their tags. */
  async withdrawSharesToOrg(orgId: number, uid: number, tx: Tx): Promise<void> {
    const theirEvents = tx.select({ id: events.event_id }).from(events).where(eq(events.uid, uid));
    await tx.delete(eventOrgShares).where(and(eq(eventOrgShares.org_id, orgId), inArray(eventOrgShares.event_id, theirEvents)));
    const theirTags = tx.select({ id: tags.tag_id }).from(tags).where(eq(tags.uid, uid));
    await tx.delete(tagOrgShares).where(and(eq(tagOrgShares.org_id, orgId), inArray(tagOrgShares.tag_id, theirTags)));
  }

  /**
   * Shares the user's rounds that started at or after `since` (all with null) with the coaches of
   * their organisations: SHARE_SELECTED rounds take the SHARE_COACHES scope, which keeps their own
   * user and organisation shares and adds VIEW for every coach, decided when read (a coach who joins
   * later sees them, one who leaves no longer does). SHARE_COACHES and SHARE_TEAM rounds reach the
   * coaches already; SHARE_SELF (private: its dormant shares must not wake) and SHARE_PUBLIC (opened
   * by link, which a scope change would take away) stay as they are. Only the user's own rounds are
   * read or written. Answers how many rounds in the range the coaches see, and how many were left.
   */
  async shareRoundsWithCoaches(uid: number, since: Date | null, now: Date, tx: Tx): Promise<{ shared: number; keptPrivate: number }> {
    const theirRounds = and(eq(events.uid, uid), eq(events.event_type, 'ROUND'), since === null ? undefined : gte(events.start, since));
    await tx
      .update(events)
      .set({ share: 'SHARE_COACHES', updated_at: now })
      .where(and(theirRounds, eq(events.share, 'SHARE_SELECTED')));
    const [counts] = await tx
      .select({
        shared: sql<number>`count(*) FILTER (WHERE ${events.share} IN ('SHARE_COACHES', 'SHARE_TEAM'))::int`,
        kept: sql<number>`count(*) FILTER (WHERE ${events.share} NOT IN ('SHARE_COACHES', 'SHARE_TEAM'))::int`,
      })
      .from(events)
      .where(theirRounds);
    return { shared: counts?.shared ?? 0, keptPrivate: counts?.kept ?? 0 };
  }

  /** Takes the organisation out of the user's default shares (settings.orgshares), when it is there. */
  async dropFromDefaultShares(orgId: number, uid: number, tx: Tx): Promise<void> {
    const [saved] = await tx.select({ orgshares: settings.orgshares }).from(settings).where(eq(settings.uid, uid));
    if (!saved?.orgshares?.some((s) => s.org_id === orgId)) return;
    await tx
      .update(settings)
      .set({ orgshares: saved.orgshares.filter((s) => s.org_id !== orgId) })
      .where(eq(settings.uid, uid));
  }

  // --- invitations -----------------------------------------------------------------------------

  /** The organisations' names and logos' storage keys. */
  async orgsWithLogos(orgIds: number[], tx: Tx = this.db): Promise<Array<{ org_id: number; name: string; storage_key: string | null }>> {
    return tx
      .select({ org_id: orgs.org_id, name: orgs.name, storage_key: media.storage_key })
      .from(orgs)
      .leftJoin(media, eq(media.media_id, orgs.media_id))
      .where(inArray(orgs.org_id, orgIds));
  }

  async namesOf(uids: number[], tx: Tx = this.db): Promise<Array<{ uid: number; first_name: string; last_name: string }>> {
    return tx
      .select({ uid: users.uid, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(inArray(users.uid, uids));
  }

  /** The account of an e-mail address (given in lower case), compared without case. */
  async userIdByEmail(email: string, tx: Tx = this.db): Promise<number | undefined> {
    const [row] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    return row?.uid;
  }

  /**
   * Opens an invitation; one already open to the same organisation and address (a partial unique
   * index) is renewed instead: its role, inviter, creation and expiry replaced.
   */
  async upsertOpenInvite(
    values: { org_id: number; email: string; role: string; invited_by: number; created_at: Date; expires_at: Date },
    tx: Tx,
  ): Promise<InviteRow> {
    const [row] = await tx
      .insert(orgInvites)
      .values(values)
      .onConflictDoUpdate({
        target: [orgInvites.org_id, orgInvites.email],
        targetWhere: sql`${orgInvites.status} = 'OPEN'`,
        set: { role: values.role, invited_by: values.invited_by, created_at: values.created_at, expires_at: values.expires_at },
      })
      .returning();
    return row!;
  }

  /**
   * The invitation's TEAM_INVITATION notification, replacing an unread one of the same invitation.
   * It is inserted with its e-mail copy `skipped`: the invitation mail itself goes out directly.
   */
  async replaceInvitationNotice(
    notice: { uid: number; title: string; body: string; nav_loc: string; created_at: Date },
    tx: Tx,
  ): Promise<void> {
    await tx
      .delete(notifications)
      .where(and(eq(notifications.uid, notice.uid), eq(notifications.nav_loc, notice.nav_loc), sql`${notifications.opened_at} is null`));
    await tx.insert(notifications).values({ ...notice, type: 'TEAM_INVITATION', email_state: 'skipped' });
  }

  /** Marks the user's unread notifications leading to `navLoc` as opened. */
  async markNoticesOpened(uid: number, navLoc: string, at: Date, tx: Tx): Promise<void> {
    await tx
      .update(notifications)
      .set({ opened_at: at })
      .where(and(eq(notifications.uid, uid), eq(notifications.nav_loc, navLoc), sql`${notifications.opened_at} is null`));
  }

  /** The organisation's open invitations (expired ones too), newest first. */
  async openInvitesOfOrg(orgId: number, tx: Tx = this.db): Promise<InviteRow[]> {
    return tx
      .select()
      .from(orgInvites)
      .where(and(eq(orgInvites.org_id, orgId), eq(orgInvites.status, 'OPEN')))
      .orderBy(desc(orgInvites.created_at));
  }

  /** The open invitations to an address (in lower case) not yet expired at `now`, newest first. */
  async openInvitesTo(email: string, now: Date, tx: Tx = this.db): Promise<InviteRow[]> {
    return tx
      .select()
      .from(orgInvites)
      .where(and(eq(orgInvites.email, email), eq(orgInvites.status, 'OPEN'), gt(orgInvites.expires_at, now)))
      .orderBy(desc(orgInvites.created_at));
  }

  async invite(inviteId: number, tx: Tx = this.db): Promise<InviteRow | undefined> {
    const [row] = await tx.select().from(orgInvites).where(eq(orgInvites.invite_id, inviteId));
    return row;
  }

  /** The invitation, locked until the transaction ends: it is answered once. */
  async lockedInvite(inviteId: number, tx: Tx): Promise<InviteRow | undefined> {
    const [row] = await tx.select().from(orgInvites).where(eq(orgInvites.invite_id, inviteId)).for('update');
    return row;
  }

  async extendInvite(inviteId: number, expiresAt: Date, tx: Tx): Promise<InviteRow> {
    const [row] = await tx.update(orgInvites).set({ expires_at: expiresAt }).where(eq(orgInvites.invite_id, inviteId)).returning();
    return row!;
  }

  /** Closes the invitation: accepted, declined or cancelled at `at`. */
  async closeInvite(inviteId: number, status: 'ACCEPTED' | 'DECLINED' | 'CANCELLED', at: Date, tx: Tx): Promise<void> {
    await tx.update(orgInvites).set({ status, answered_at: at }).where(eq(orgInvites.invite_id, inviteId));
  }

  // --- people ----------------------------------------------------------------------------------
}
