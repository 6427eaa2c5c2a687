import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import type Stripe from 'stripe';
import { folders, orgMembers } from '../../db/schema/index.ts';
import type { FakeStripe } from '../../integrations/payments/stripe-fake.ts';
import { createPaymentsHarness, type Payer, type PaymentsHarness } from './payments-testing.ts';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => h.close());

const PREMIUM_MONTHLY = 2;
const TEAM = 5;
const ACADEMY = 6;
const TEAM_WITH_BRANDING = 7;
const ACADEMY_WITH_BRANDING = 8;

/** Puts a user in an organisation straight in the database, as an accepted invitation would. */
async function join(orgId: number, who: Payer, isCoach = false): Promise<void> {
  await h.server.db.insert(orgMembers).values({ org_id: orgId, uid: who.uid, is_coach: isCoach, seat: null });
}

const seat = (purchaser: Payer, orgId: number, uid: number, level: 'PREMIUM' | 'COACH' | null) =>
  h.post(purchaser, `/orgs/seat?org_id=${orgId}`, { uid, seat: level });

/**
 * A coach buys a plan through Stripe and creates its organisation; two players join, the first
 * gets a premium seat from the purchaser.
 */
async function organisation(planIndex = TEAM) {
  const coach = await h.payer({ is_coach: true, first_name: 'Casey' });
  const stripeSub = await h.subscribe(coach, planIndex);
  const created = await h.post(coach, '/orgs', { name: 'Pine Valley Academy', media_id: null });
  expect(created.statusCode).toBe(200);
  const orgId = (created.json() as { org_id: number }).org_id;
  const player = await h.payer({ first_name: 'Nia' });
  const bench = await h.payer({ first_name: 'Omar' });
  await join(orgId, player);
  await join(orgId, bench);
  const given = await seat(coach, orgId, player.uid, 'PREMIUM');
  expect(given.statusCode).toBe(200);
  expect(given.json()).toMatchObject({ uid: player.uid, seat: 'PREMIUM', role: 'player' });
  const [row] = await h.rows(coach.uid);
  return { coach, stripeSub, orgId, player, bench, subId: row!.sub_id };
}

const folderCount = async (uid: number) =>
  (await h.server.db.select({ id: folders.folder_id }).from(folders).where(eq(folders.uid, uid))).length;

/** POST /folders, the drills API's premium gate: 200 with premium access, 403 PREMIUM_REQUIRED (and no folder) without. */
async function expectPremium(who: Payer, premium: boolean): Promise<void> {
  const before = await folderCount(who.uid);
  const res = await h.post(who, '/folders', { name: `Putting ${before + 1}`, usershares: [], orgshares: [] });
  if (premium) {
    expect(res.statusCode).toBe(200);
    expect(await folderCount(who.uid)).toBe(before + 1);
    return;
  }
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
  expect(await folderCount(who.uid)).toBe(before);
}

const seatsOf = (orgId: number) => h.server.db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId)).orderBy(orgMembers.uid);

describe('an organisation seat follows the status of the subscription that pays for it', () => {
  it('a premium seat of an active team subscription makes the player premium (level 2, ACTIVE)', async () => {
    const { coach, player, bench, orgId, subId } = await organisation();
    expect(await h.subscriptionOf(player)).toEqual({
      sub_id: subId,
      level: SUBSCRIPTION_LEVELS.PREMIUM,
      has_branding: false,
      status: 'ACTIVE',
      purchaser: coach.uid,
      source: 'STRIPE',
      // A seat is given, not bought as a plan: no plan index; the period is the organisation's.
      plan_index: null,
      expires_at: expect.any(String),
      renews: true,
    });
    expect(await h.subIdOf(player.uid)).toBe(subId);
    await expectPremium(player, true);
    // The one without a seat is a member but not premium.
    expect(await h.subscriptionOf(bench)).toBeNull();
    await expectPremium(bench, false);
    // The purchaser's own access is the plan's level.
    expect(await h.subscriptionOf(coach)).toMatchObject({ sub_id: subId, level: SUBSCRIPTION_LEVELS.TEAM, status: 'ACTIVE' });
    const orgList = (await h.get(coach, '/orgs')).json() as Array<{
      org_id: number;
      is_purchaser: boolean;
      seat: string | null;
      sub_id: number | null;
    }>;
    expect(orgList).toEqual([expect.objectContaining({ org_id: orgId, is_purchaser: true, seat: 'COACH', sub_id: subId })]);
  });

  type Step = (stripe: FakeStripe, sub: string) => Stripe.Event[];
  const failRenewal: Step = (s, sub) => s.failRenewal(sub);
  const markUnpaid: Step = (s, sub) => s.markUnpaid(sub);
  const payOpenInvoice: Step = (s, sub) => s.payOpenInvoice(sub);
  const refund: Step = (s, sub) => s.refundLatest(sub);
  const cancel: Step = (s, sub) => s.cancel(sub);
  const cancelAtPeriodEnd: Step = (s, sub) => s.setCancelAtPeriodEnd(sub, true);

  it.each<{ what: string; steps: Step[]; status: string; active: boolean }>([
    { what: 'cancelled at period end', steps: [cancelAtPeriodEnd], status: 'ACTIVE_EXPIRING', active: true },
    { what: 'a renewal payment failed', steps: [failRenewal], status: 'ACTIVE_GRACE', active: true },
    { what: 'the retries ran out (unpaid)', steps: [failRenewal, markUnpaid], status: 'ON_HOLD', active: false },
    { what: 'the open invoice paid late', steps: [failRenewal, markUnpaid, payOpenInvoice], status: 'ACTIVE', active: true },
    { what: 'a full refund', steps: [refund], status: 'INVALID', active: false },
    { what: 'cancelled now', steps: [cancel], status: 'EXPIRED', active: false },
  ])('$what: the organisation subscription is $status; the seat gives premium: $active', async ({ steps, status, active }) => {
    const { coach, player, bench, orgId, subId, stripeSub } = await organisation();
    for (const step of steps) {
      const answers = await h.deliver(step(h.stripe, stripeSub));
      expect(answers.every((a) => a.status === 200)).toBe(true);
    }
    expect((await h.rows(coach.uid))[0]).toMatchObject({ sub_id: subId, status });

    // The seat holder: premium through the seat while the subscription is active, nothing otherwise.
    if (active) {
      expect(await h.subscriptionOf(player)).toMatchObject({ sub_id: subId, level: SUBSCRIPTION_LEVELS.PREMIUM, status });
      expect(await h.subIdOf(player.uid)).toBe(subId);
    } else {
      expect(await h.subscriptionOf(player)).toBeNull();
      expect(await h.subIdOf(player.uid)).toBeNull();
    }
    await expectPremium(player, active);
    // The purchaser's own premium follows the same status.
    await expectPremium(coach, active);

    // Giving a seat: allowed while active; a 409 that changes nothing otherwise.
    const before = await seatsOf(orgId);
    const given = await seat(coach, orgId, bench.uid, 'PREMIUM');
    if (active) {
      expect(given.statusCode).toBe(200);
      expect((await h.subscriptionOf(bench))!.level).toBe(SUBSCRIPTION_LEVELS.PREMIUM);
      await expectPremium(bench, true);
    } else {
      expect(given.statusCode).toBe(409);
      expect(given.json()).toMatchObject({ code: 'CONFLICT' });
      expect(await seatsOf(orgId)).toEqual(before);
      expect(await h.subIdOf(bench.uid)).toBeNull();
      await expectPremium(bench, false);
    }
  });

  it('on hold and paid again: the seat holder loses premium, then gets it back without the purchaser doing anything', async () => {
    const { player, stripeSub, subId } = await organisation();
    await h.deliver(h.stripe.failRenewal(stripeSub));
    await h.deliver(h.stripe.markUnpaid(stripeSub));
    await expectPremium(player, false);
    await h.deliver(h.stripe.payOpenInvoice(stripeSub));
    expect(await h.subscriptionOf(player)).toMatchObject({ sub_id: subId, level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE' });
    await expectPremium(player, true);
    // The seat itself was never taken away.
    const [member] = await h.server.db.select({ seat: orgMembers.seat }).from(orgMembers).where(eq(orgMembers.uid, player.uid));
    expect(member!.seat).toBe('PREMIUM');
  });

  it('the team plan moved down to a premium plan in the portal: the seats give nothing, the purchaser keeps premium', async () => {
    const { coach, player, stripeSub } = await organisation();
    await expectPremium(player, true);
    await h.deliver(h.stripe.changePrice(stripeSub, 'price_premium'));
    expect((await h.rows(coach.uid))[0]).toMatchObject({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE' });
    expect(await h.subscriptionOf(player)).toBeNull();
    await expectPremium(player, false);
    expect(await h.subscriptionOf(coach)).toMatchObject({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE' });
  });

  it('a player with a premium subscription of their own keeps premium when the organisation subscription goes on hold', async () => {
    const { coach, orgId, subId, stripeSub } = await organisation();
    const payer = await h.payer({ first_name: 'Pia' });
    await h.subscribe(payer, PREMIUM_MONTHLY);
    const [own] = await h.rows(payer.uid);
    await join(orgId, payer);
    expect((await seat(coach, orgId, payer.uid, 'PREMIUM')).statusCode).toBe(200);
    // A tie of levels: their own purchase wins.
    expect(await h.subIdOf(payer.uid)).toBe(own!.sub_id);
    await h.deliver(h.stripe.failRenewal(stripeSub));
    await h.deliver(h.stripe.markUnpaid(stripeSub));
    expect((await h.rows(coach.uid))[0]!.status).toBe('ON_HOLD');
    expect(await h.subIdOf(payer.uid)).toBe(own!.sub_id);
    expect(await h.subscriptionOf(payer)).toMatchObject({
      sub_id: own!.sub_id,
      purchaser: payer.uid,
      level: SUBSCRIPTION_LEVELS.PREMIUM,
      status: 'ACTIVE',
    });
    await expectPremium(payer, true);
    expect(subId).not.toBe(own!.sub_id);
  });

  it('a coach member on a coach seat moves to their own premium subscription when the organisation subscription goes on hold, and back when it is paid', async () => {
    const { coach, orgId, subId, stripeSub } = await organisation();
    const assistant = await h.payer({ is_coach: true, first_name: 'Robin' });
    await h.subscribe(assistant, PREMIUM_MONTHLY);
    const [own] = await h.rows(assistant.uid);
    await join(orgId, assistant, true);
    expect((await seat(coach, orgId, assistant.uid, 'COACH')).statusCode).toBe(200);
    // The coach seat (level 3) beats their own premium (level 2).
    expect(await h.subIdOf(assistant.uid)).toBe(subId);
    expect(await h.subscriptionOf(assistant)).toMatchObject({ sub_id: subId, level: SUBSCRIPTION_LEVELS.COACH });
    await h.deliver(h.stripe.failRenewal(stripeSub));
    await h.deliver(h.stripe.markUnpaid(stripeSub));
    expect(await h.subIdOf(assistant.uid)).toBe(own!.sub_id);
    expect(await h.subscriptionOf(assistant)).toMatchObject({ sub_id: own!.sub_id, level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE' });
    await expectPremium(assistant, true);
    await h.deliver(h.stripe.payOpenInvoice(stripeSub));
    expect(await h.subIdOf(assistant.uid)).toBe(subId);
  });
});

describe('branding follows the plan', () => {
  it.each<{ plan: string; planIndex: number; level: number; branding: boolean }>([
    { plan: 'team', planIndex: TEAM, level: SUBSCRIPTION_LEVELS.TEAM, branding: false },
    { plan: 'team with branding', planIndex: TEAM_WITH_BRANDING, level: SUBSCRIPTION_LEVELS.TEAM, branding: true },
    { plan: 'academy', planIndex: ACADEMY, level: SUBSCRIPTION_LEVELS.ACADEMY, branding: false },
    { plan: 'academy with branding', planIndex: ACADEMY_WITH_BRANDING, level: SUBSCRIPTION_LEVELS.ACADEMY, branding: true },
  ])('$plan: the purchaser and a seat holder see has_branding $branding', async ({ planIndex, level, branding }) => {
    const { coach, player, subId } = await organisation(planIndex);
    expect((await h.rows(coach.uid))[0]).toMatchObject({ plan_index: planIndex, level, has_branding: branding });
    expect(await h.subscriptionOf(coach)).toEqual({
      sub_id: subId,
      level,
      has_branding: branding,
      status: 'ACTIVE',
      purchaser: coach.uid,
      source: 'STRIPE',
      plan_index: planIndex,
      expires_at: expect.any(String),
      renews: true,
    });
    expect(await h.subscriptionOf(player)).toMatchObject({ sub_id: subId, level: SUBSCRIPTION_LEVELS.PREMIUM, has_branding: branding });
  });

  it('branding goes with the status: a cancelled branded plan leaves the purchaser with no active branding', async () => {
    const { coach, stripeSub, subId } = await organisation(TEAM_WITH_BRANDING);
    await h.deliver(h.stripe.cancel(stripeSub));
    // The row is kept (to renew) but no longer active.
    expect(await h.subscriptionOf(coach)).toMatchObject({ sub_id: subId, has_branding: true, status: 'EXPIRED' });
    await expectPremium(coach, false);
    const [row] = await h.server.db.select().from(orgMembers).where(eq(orgMembers.uid, coach.uid));
    expect(row!.seat).toBe('COACH');
  });
});
