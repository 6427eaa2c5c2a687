import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import { orgMembers, orgs, paymentCustomers, paymentEvents, subscriptions, users } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type Tx = Database;

/** What a provider says a subscription is now, ready to be stored. */
export interface ProviderSubscription {
  source: string;
  provider_ref: string;
  customer_ref: string;
  purchaser: number;
  plan_index: number;
  level: number;
  has_branding: boolean;
  status: SubscriptionStatus;
  renews: boolean;
  expires_at: Date | null;
  /** Set when the provider reports a refund: the row stays INVALID from then on. */
  refunded: boolean;
}

/** The only database code of payments: customers, applied events, subscriptions mirrored from providers. */
export class PaymentsRepository {
  constructor(readonly db: Database) {}

  /** Runs `work` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async customerOf(uid: number, provider: string, tx: Tx = this.db): Promise<string | null> {
    const [row] = await tx
      .select({ ref: paymentCustomers.customer_ref })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.uid, uid), eq(paymentCustomers.provider, provider)));
    return row?.ref ?? null;
  }

  /** Records the user's customer at the provider; a second checkout racing the first keeps the first. */
  async saveCustomer(uid: number, provider: string, ref: string): Promise<string> {
    await this.db.insert(paymentCustomers).values({ uid, provider, customer_ref: ref }).onConflictDoNothing();
    return (await this.customerOf(uid, provider)) ?? ref;
  }

  async uidOfCustomer(provider: string, ref: string, tx: Tx = this.db): Promise<number | null> {
    const [row] = await tx
      .select({ uid: paymentCustomers.uid })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.customer_ref, ref)));
    return row?.uid ?? null;
  }

  async userExists(uid: number, tx: Tx = this.db): Promise<boolean> {
    const [row] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
    return row !== undefined;
  }

  async eventSeen(provider: string, eventId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: paymentEvents.event_id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.event_id, eventId)));
    return row !== undefined;
  }

  /** Claims an event id inside the transaction that applies it: false when it was applied already. */
  async claimEvent(tx: Tx, provider: string, eventId: string, type: string, at: Date): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values({ provider, event_id: eventId, type, received_at: at })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.event_id });
    return rows.length > 0;
  }

  async byProviderRef(tx: Tx, source: string, ref: string, lock = false): Promise<SubscriptionRow | undefined> {
    const query = tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.source, source), eq(subscriptions.provider_ref, ref)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The subscriptions a user bought, newest first. */
  async ownSubscriptions(uid: number, tx: Tx = this.db): Promise<SubscriptionRow[]> {
    return tx.select().from(subscriptions).where(eq(subscriptions.purchaser, uid)).orderBy(desc(subscriptions.sub_id));
  }

  async byId(tx: Tx, subId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    return row;
  }

  /**
   * Writes the provider's state, unless a state fetched later is already stored (synced_at):
   * answers the row before and after, or null when this state was older and nothing changed.
   */
  async applyProviderState(
    tx: Tx,
    state: ProviderSubscription,
    fetchedAt: Date,
  ): Promise<{ before: SubscriptionRow | undefined; after: SubscriptionRow } | null> {
    let before = await this.byProviderRef(tx, state.source, state.provider_ref, true);
    if (!before) {
      // Two events about a new subscription at once: the first inserts, the second waits on its row and updates it.
      const [inserted] = await tx
        .insert(subscriptions)
        .values({
          level: state.level,
          status: state.status,
          purchaser: state.purchaser,
          source: state.source,
          provider_ref: state.provider_ref,
          customer_ref: state.customer_ref,
          plan_index: state.plan_index,
          created_at: fetchedAt,
        })
        .onConflictDoNothing()
        .returning({ sub_id: subscriptions.sub_id });
      if (inserted) return this.writeState(tx, inserted.sub_id, undefined, state, fetchedAt);
      before = await this.byProviderRef(tx, state.source, state.provider_ref, true);
      if (!before) throw new Error('a subscription row neither inserted nor found');
    }
    if (before.synced_at && before.synced_at.getTime() > fetchedAt.getTime()) {
      // A later state is stored already; a refund still voids it (it is never undone).
      if (!state.refunded || before.refunded_at) return null;
      const [after] = await tx
        .update(subscriptions)
        .set({ status: 'INVALID', renews: false, refunded_at: fetchedAt, updated_at: fetchedAt })
        .where(eq(subscriptions.sub_id, before.sub_id))
        .returning();
      return { before, after: after! };
    }
    return this.writeState(tx, before.sub_id, before, state, fetchedAt);
  }

  private async writeState(
    tx: Tx,
    subId: number,
    before: SubscriptionRow | undefined,
    state: ProviderSubscription,
    fetchedAt: Date,
  ): Promise<{ before: SubscriptionRow | undefined; after: SubscriptionRow }> {
    const refundedAt = before?.refunded_at ?? (state.refunded ? fetchedAt : null);
    const values = {
      level: state.level,
      has_branding: state.has_branding,
      status: refundedAt ? 'INVALID' : state.status,
      purchaser: state.purchaser,
      source: state.source,
      expires_at: state.expires_at,
      plan_index: state.plan_index,
      provider_ref: state.provider_ref,
      customer_ref: state.customer_ref,
      renews: refundedAt ? false : state.renews,
      refunded_at: refundedAt,
      synced_at: fetchedAt,
      updated_at: fetchedAt,
    };
    const [after] = await tx.update(subscriptions).set(values).where(eq(subscriptions.sub_id, subId)).returning();
    return { before, after: after! };
  }

  /** Everyone whose access may come from the subscription: its purchaser and the members of the organisation it pays for. */
  async usersServedBy(tx: Tx, sub: SubscriptionRow): Promise<number[]> {
    const members = await tx
      .select({ uid: orgMembers.uid })
      .from(orgMembers)
      .innerJoin(orgs, eq(orgs.org_id, orgMembers.org_id))
      .where(eq(orgs.sub_id, sub.sub_id));
    return [...new Set([sub.purchaser, ...members.map((m) => m.uid)])];
  }

  /** The organisation a subscription pays for, if any. */
  async orgOf(tx: Tx, subId: number): Promise<{ org_id: number; name: string } | undefined> {
    const [row] = await tx.select({ org_id: orgs.org_id, name: orgs.name }).from(orgs).where(eq(orgs.sub_id, subId));
    return row;
  }

  /** An active subscription the user bought that pays for an organisation (its members' seats). */
  async activeOrgSubscriptionOf(tx: Tx, uid: number): Promise<{ sub_id: number; name: string } | undefined> {
    const [row] = await tx
      .select({ sub_id: subscriptions.sub_id, name: orgs.name })
      .from(subscriptions)
      .innerJoin(orgs, eq(orgs.sub_id, subscriptions.sub_id))
      .where(and(eq(subscriptions.purchaser, uid), inArray(subscriptions.status, ['ACTIVE', 'ACTIVE_EXPIRING', 'ACTIVE_GRACE'])))
      .limit(1);
    return row;
  }

  // --- the sweep: period ends and their notices -------------------------------------------------

  /** Non-renewing subscriptions whose period has ended but are still marked active become EXPIRED (claimed rows answered). */
  async expireEnded(tx: Tx, now: Date): Promise<SubscriptionRow[]> {
    return (
      tx
        .update(subscriptions)
        // synced_at: a provider state fetched before this moment no longer overwrites the ending.
        .set({ status: 'EXPIRED', updated_at: now, synced_at: now })
        .where(
          and(
            eq(subscriptions.renews, false),
            isNotNull(subscriptions.expires_at),
            lte(subscriptions.expires_at, now),
            inArray(subscriptions.status, ['ACTIVE', 'ACTIVE_EXPIRING']),
          ),
        )
        .returning()
    );
  }

  /**
   * Claims the ACTIVE_EXPIRING subscriptions within `warnBefore` of their end whose SUB_EXPIRING has
   * not gone for this end: the update is the claim, so two sweeps at once send each notice once.
   */
  async claimExpiringNotices(tx: Tx, now: Date, warnBeforeMs: number): Promise<SubscriptionRow[]> {
    const horizon = new Date(now.getTime() + warnBeforeMs);
    return tx
      .update(subscriptions)
      .set({ expiring_notice_for: sql`${subscriptions.expires_at}` })
      .where(
        and(
          eq(subscriptions.status, 'ACTIVE_EXPIRING'),
          isNotNull(subscriptions.expires_at),
          lte(subscriptions.expires_at, horizon),
          sql`${subscriptions.expires_at} > ${now.toISOString()}`,
          sql`${subscriptions.expiring_notice_for} is distinct from ${subscriptions.expires_at}`,
        ),
      )
      .returning();
  }

  /** Claims the subscriptions that ended (EXPIRED) recently whose SUB_EXPIRED has not gone for this end. */
  async claimExpiredNotices(tx: Tx, now: Date, lookBackMs: number): Promise<SubscriptionRow[]> {
    const since = new Date(now.getTime() - lookBackMs);
    return tx
      .update(subscriptions)
      .set({ expired_notice_for: sql`${subscriptions.expires_at}` })
      .where(
        and(
          eq(subscriptions.status, 'EXPIRED'),
          isNotNull(subscriptions.expires_at),
          lte(subscriptions.expires_at, now),
          sql`${subscriptions.expires_at} > ${since.toISOString()}`,
          sql`${subscriptions.expired_notice_for} is distinct from ${subscriptions.expires_at}`,
        ),
      )
      .returning();
  }
}
