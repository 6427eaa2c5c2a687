import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { orgMembers, orgs, paymentCustomers, subscriptions, users } from '../../db/schema/index.ts';
import type { FakeStripe } from '../../integrations/payments/stripe-fake.ts';
import { createPaymentsHarness, type Payer, type PaymentsHarness } from './payments-testing.ts';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => h.close());

const PREMIUM_YEARLY = 3;
const TEAM = 5;

const deleteAccount = (who: Payer) =>
  h.server.app.inject({ method: 'DELETE', url: '/v4/account', headers: { authorization: `Bearer ${who.token}` } });

/** A coach buys the team plan, creates its organisation; a second coach and two players join, one on a premium seat. */
async function organisation() {
  const coach = await h.payer({ is_coach: true, first_name: 'Casey' });
  const stripeSub = await h.subscribe(coach, TEAM);
  const name = `Pine Valley Academy ${coach.uid}`;
  const created = await h.post(coach, '/orgs', { name, media_id: null });
  expect(created.statusCode).toBe(200);
  const orgId = (created.json() as { org_id: number }).org_id;
  const assistant = await h.payer({ is_coach: true, first_name: 'Robin' });
  const player = await h.payer({ first_name: 'Nia' });
  const other = await h.payer({ first_name: 'Omar' });
  await h.server.db.insert(orgMembers).values([
    { org_id: orgId, uid: assistant.uid, is_coach: true },
    { org_id: orgId, uid: player.uid },
    { org_id: orgId, uid: other.uid },
  ]);
  expect((await h.post(coach, `/orgs/seat?org_id=${orgId}`, { uid: player.uid, seat: 'PREMIUM' })).statusCode).toBe(200);
  const [row] = await h.rows(coach.uid);
  return { coach, stripeSub, orgId, name, members: [assistant, player, other], player, subId: row!.sub_id };
}

/** Everything the deletion of the purchaser could touch. */
async function snapshot(coachUid: number, orgId: number) {
  const db = h.server.db;
  return {
    user: await db.select().from(users).where(eq(users.uid, coachUid)),
    org: await db.select().from(orgs).where(eq(orgs.org_id, orgId)),
    members: await db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId)).orderBy(orgMembers.uid),
    subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.purchaser, coachUid)),
    customers: await db.select().from(paymentCustomers).where(eq(paymentCustomers.uid, coachUid)),
  };
}

type Step = (stripe: FakeStripe, sub: string) => Stripe.Event[];
const cancelAtPeriodEnd: Step = (s, sub) => s.setCancelAtPeriodEnd(sub, true);
const failRenewal: Step = (s, sub) => s.failRenewal(sub);
const markUnpaid: Step = (s, sub) => s.markUnpaid(sub);
const refund: Step = (s, sub) => s.refundLatest(sub);
const cancel: Step = (s, sub) => s.cancel(sub);

async function apply(steps: Step[], stripeSub: string): Promise<void> {
  for (const step of steps) {
    const answers = await h.deliver(step(h.stripe, stripeSub));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  }
}

describe("deleting the account of an organisation subscription's purchaser", () => {
  it.each<{ status: string; steps: Step[] }>([
    { status: 'ACTIVE', steps: [] },
    { status: 'ACTIVE_EXPIRING', steps: [cancelAtPeriodEnd] },
    { status: 'ACTIVE_GRACE', steps: [failRenewal] },
  ])('while the subscription is $status: 409 naming the organisation, and nothing is deleted', async ({ status, steps }) => {
    const { coach, stripeSub, orgId, name, members } = await organisation();
    await apply(steps, stripeSub);
    expect((await h.rows(coach.uid))[0]!.status).toBe(status);
    const before = await snapshot(coach.uid, orgId);
    expect(before.members).toHaveLength(4);

    const res = await deleteAccount(coach);
    expect(res.statusCode).toBe(409);
    const body = res.json() as { code: string; error: string };
    expect(body.code).toBe('CONFLICT');
    expect(body.error).toContain(name);
    expect(body.error).toMatch(/Cancel it first/);
    expect(await snapshot(coach.uid, orgId)).toEqual(before);
    // Still signed in, still the purchaser.
    expect(await h.subscriptionOf(coach)).toMatchObject({ status, purchaser: coach.uid });
    for (const member of members) expect((await h.get(member, '/orgs')).json()).toEqual([expect.objectContaining({ org_id: orgId })]);
  });

  it.each<{ status: string; steps: Step[] }>([
    { status: 'EXPIRED', steps: [cancel] },
    { status: 'ON_HOLD', steps: [failRenewal, markUnpaid] },
    { status: 'INVALID', steps: [refund] },
  ])(
    'once the subscription is $status: deleted; the organisation, its other members and the subscription row remain',
    async ({ status, steps }) => {
      const { coach, stripeSub, orgId, name, members, subId } = await organisation();
      await apply(steps, stripeSub);
      expect((await h.rows(coach.uid))[0]!.status).toBe(status);
      const before = await snapshot(coach.uid, orgId);

      const res = await deleteAccount(coach);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });

      const after = await snapshot(coach.uid, orgId);
      expect(after.user).toEqual([]);
      expect(after.customers).toEqual([]);
      expect(after.org).toEqual(before.org);
      expect(after.org[0]).toMatchObject({ name, sub_id: subId });
      expect(after.members).toEqual(before.members.filter((m) => m.uid !== coach.uid));
      expect(after.members.map((m) => m.uid)).toEqual(members.map((m) => m.uid).sort((a, b) => a - b));
      // The subscription row stays, naming the deleted purchaser.
      expect(after.subscriptions).toEqual(before.subscriptions);
      expect(after.subscriptions[0]).toMatchObject({ sub_id: subId, purchaser: coach.uid, status });
      // The token went with the account.
      expect((await h.get(coach, '/account')).statusCode).toBe(401);
      for (const member of members)
        expect((await h.get(member, '/orgs')).json()).toEqual([expect.objectContaining({ org_id: orgId, sub_id: subId })]);
    },
  );

  it("a later Stripe webhook for the deleted purchaser's subscription answers 200 and changes nothing", async () => {
    const { coach, stripeSub, orgId, subId, player, members } = await organisation();
    await apply([failRenewal, markUnpaid], stripeSub);
    expect((await deleteAccount(coach)).statusCode).toBe(200);
    const subBefore = await h.server.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    const uids = members.map((m) => m.uid);
    const usersBefore = await h.server.db
      .select({ uid: users.uid, sub_id: users.sub_id })
      .from(users)
      .where(inArray(users.uid, uids))
      .orderBy(users.uid);
    const membersBefore = await h.server.db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId)).orderBy(orgMembers.uid);

    // Stripe is paid at last (and, another time, renewal turned off): the customer is no one now.
    for (const events of [h.stripe.payOpenInvoice(stripeSub), h.stripe.setCancelAtPeriodEnd(stripeSub, true)]) {
      const answers = await h.deliver(events);
      expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));
      expect(answers.map((a) => a.body)).toEqual(events.map(() => ({ received: true, duplicate: false })));
    }
    expect(await h.server.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId))).toEqual(subBefore);
    expect(
      await h.server.db.select({ uid: users.uid, sub_id: users.sub_id }).from(users).where(inArray(users.uid, uids)).orderBy(users.uid),
    ).toEqual(usersBefore);
    expect(await h.server.db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId)).orderBy(orgMembers.uid)).toEqual(membersBefore);
    // The seat holder stays without premium: the organisation's subscription did not come back.
    expect(await h.subscriptionOf(player)).toBeNull();
    expect(h.server.logs.some((line) => line.includes('a Stripe subscription names no known customer or plan'))).toBe(true);
  });

  it('a player whose own web subscription renews is refused (it would charge on with no account); once it will not renew, deleted', async () => {
    const player = await h.payer({ first_name: 'Pia' });
    const sub = await h.subscribe(player, PREMIUM_YEARLY);
    expect((await h.rows(player.uid))[0]!.status).toBe('ACTIVE');
    const refused = await deleteAccount(player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('Manage subscription') });
    expect(await h.server.db.select().from(users).where(eq(users.uid, player.uid))).toHaveLength(1);
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, true));
    const [row] = await h.rows(player.uid);
    expect(row!.status).toBe('ACTIVE_EXPIRING');
    const res = await deleteAccount(player);
    expect(res.statusCode).toBe(200);
    expect(await h.server.db.select().from(users).where(eq(users.uid, player.uid))).toEqual([]);
    expect(await h.server.db.select().from(paymentCustomers).where(eq(paymentCustomers.uid, player.uid))).toEqual([]);
    expect(await h.rows(player.uid)).toEqual([row]);
  });

  it.each([
    ['IAPTIC_IOS', 'the App Store'],
    ['IAPTIC_ANDROID', 'Google Play'],
  ])('a renewing %s subscription is refused too, pointing to %s', async (source, store) => {
    const player = await h.payer();
    await h.server.db
      .insert(subscriptions)
      .values({ level: 2, status: 'ACTIVE', purchaser: player.uid, source, provider_ref: `${source}-${player.uid}` });
    const res = await deleteAccount(player);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: expect.stringContaining(store) });
  });

  it('a coach who bought the team plan but created no organisation is refused while it renews, not once it is cancelled', async () => {
    const coach = await h.payer({ is_coach: true });
    const sub = await h.subscribe(coach, TEAM);
    expect((await h.rows(coach.uid))[0]!.status).toBe('ACTIVE');
    expect((await deleteAccount(coach)).statusCode).toBe(409);
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, true));
    expect((await deleteAccount(coach)).statusCode).toBe(200);
    expect(await h.server.db.select().from(users).where(eq(users.uid, coach.uid))).toEqual([]);
  });

  it('a seat holder (not the purchaser) may delete the account; the purchaser then may not, still', async () => {
    const { coach, orgId, player } = await organisation();
    expect((await deleteAccount(player)).statusCode).toBe(200);
    expect((await h.server.db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId))).map((m) => m.uid)).not.toContain(player.uid);
    expect((await deleteAccount(coach)).statusCode).toBe(409);
  });
});
