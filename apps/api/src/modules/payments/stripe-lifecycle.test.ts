import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { paymentEvents, subscriptions } from '../../db/schema/index.ts';
import { createPaymentsHarness, WEBHOOK_SECRET, type PaymentsHarness } from './payments-testing.ts';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => h.close());

const DAY = 24 * 60 * 60 * 1000;
const PREMIUM_MONTHLY = 2;
const PREMIUM_YEARLY = 3;

describe('Stripe checkout and the subscription lifecycle', () => {
  it('checkout answers a Stripe Checkout address; paying it makes the payer premium through the webhook', async () => {
    const ada = await h.payer();
    const res = await h.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { url: string }).url).toMatch(/demo_checkout=cs_demo_/);
    expect(await h.subscriptionOf(ada)).toBeNull();
    const session = new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
    const answers = await h.deliver(h.stripe.completeCheckout(session));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'ACTIVE', level: SUBSCRIPTION_LEVELS.PREMIUM, source: 'STRIPE' });
    const [row] = await h.rows(ada.uid);
    expect(row).toMatchObject({ plan_index: PREMIUM_YEARLY, renews: true, status: 'ACTIVE' });
    // A year from now, to the day.
    expect(Math.round((row!.expires_at!.getTime() - h.server.clock.now().getTime()) / DAY)).toBeGreaterThanOrEqual(365);
    expect(await h.subIdOf(ada.uid)).toBe(row!.sub_id);
  });

  it('renews: the period moves on and the status stays ACTIVE', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    const [before] = await h.rows(ada.uid);
    await h.deliver(h.stripe.renew(sub));
    const [after] = await h.rows(ada.uid);
    expect(after!.status).toBe('ACTIVE');
    expect(after!.expires_at!.getTime()).toBeGreaterThan(before!.expires_at!.getTime());
  });

  it('cancellation at period end: ACTIVE_EXPIRING (still premium), then EXPIRED when Stripe ends it', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, true));
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'ACTIVE_EXPIRING', level: SUBSCRIPTION_LEVELS.PREMIUM });
    expect((await h.rows(ada.uid))[0]!.renews).toBe(false);
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, false));
    expect((await h.subscriptionOf(ada))!.status).toBe('ACTIVE');
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, true));
    await h.deliver(h.stripe.cancel(sub));
    expect((await h.rows(ada.uid))[0]!.status).toBe('EXPIRED');
    const drills = await h.post(ada, '/drills', { title: 'Gate', fields: [{ key: 'made', label: 'Made', type: 'NUMBER' }] });
    expect(drills.statusCode).toBe(403);
  });

  it('payment failure: grace (still premium), hold (not), expired; a late payment before the end restores ACTIVE', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.failRenewal(sub));
    expect((await h.subscriptionOf(ada))!.status).toBe('ACTIVE_GRACE');
    expect((await h.get(ada, '/drills')).statusCode).toBe(200);
    await h.deliver(h.stripe.markUnpaid(sub));
    expect((await h.subscriptionOf(ada))!.status).toBe('ON_HOLD');
    expect((await h.post(ada, '/folders', { name: 'Putting', usershares: [], orgshares: [] })).json()).toMatchObject({
      code: 'PREMIUM_REQUIRED',
    });
    await h.deliver(h.stripe.payOpenInvoice(sub));
    expect((await h.subscriptionOf(ada))!.status).toBe('ACTIVE');
    await h.deliver(h.stripe.failRenewal(sub));
    await h.deliver(h.stripe.markUnpaid(sub));
    await h.deliver(h.stripe.cancel(sub));
    expect((await h.subscriptionOf(ada))!.status).toBe('EXPIRED');
  });

  it('a full refund voids the subscription (INVALID) and later events do not bring it back', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_YEARLY);
    await h.deliver(h.stripe.refundLatest(sub));
    expect((await h.subscriptionOf(ada))!.status).toBe('INVALID');
    await h.deliver(h.stripe.setCancelAtPeriodEnd(sub, true));
    expect((await h.rows(ada.uid))[0]!.status).toBe('INVALID');
  });

  it("a replayed event changes nothing and says so; out-of-order events end in Stripe's latest state", async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    const cancelEvents = h.stripe.setCancelAtPeriodEnd(sub, true);
    const resumeEvents = h.stripe.setCancelAtPeriodEnd(sub, false);
    // Delivered in the wrong order: the resume first, then the older cancel. Each re-reads Stripe, which says renewing.
    await h.deliver(resumeEvents);
    await h.deliver(cancelEvents);
    expect((await h.rows(ada.uid))[0]).toMatchObject({ status: 'ACTIVE', renews: true });
    const replay = await h.deliver(cancelEvents);
    expect(replay[0]).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const [{ n }] = (await h.server.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.event_id, cancelEvents[0]!.id))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a bad signature is a 400 and changes nothing', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    const before = await h.rows(ada.uid);
    const events = h.stripe.setCancelAtPeriodEnd(sub, true);
    const answers = await h.deliver(events, 'whsec_someone_else');
    expect(answers[0]!.status).toBe(400);
    expect(await h.rows(ada.uid)).toEqual(before);
    const [{ n }] = (await h.server.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.event_id, events[0]!.id))) as [
      { n: number },
    ];
    expect(n).toBe(0);
    // The same event properly signed still applies afterwards.
    await h.deliver(events);
    expect((await h.rows(ada.uid))[0]!.status).toBe('ACTIVE_EXPIRING');
  });

  it('keeps one row per Stripe subscription', async () => {
    const ada = await h.payer();
    await h.subscribe(ada, PREMIUM_MONTHLY);
    const [{ n }] = (await h.server.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.purchaser, ada.uid))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });
});

describe('what the review found', () => {
  it("a refund voids the subscription its charge paid for, not the customer's newest one", async () => {
    const ada = await h.payer();
    const first = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.cancel(first));
    const second = await h.subscribe(ada, PREMIUM_YEARLY);
    await h.deliver(h.stripe.refundLatest(first));
    const rows = await h.rows(ada.uid);
    expect(rows.find((r) => r.provider_ref === first)!.status).toBe('INVALID');
    expect(rows.find((r) => r.provider_ref === second)!.status).toBe('ACTIVE');
    expect((await h.subscriptionOf(ada))!.status).toBe('ACTIVE');
  });

  it('a refund lands even when a state fetched later is stored already', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    const [row] = await h.rows(ada.uid);
    await h.server.db
      .update(subscriptions)
      .set({ synced_at: new Date(h.server.clock.now().getTime() + 60_000) })
      .where(eq(subscriptions.sub_id, row!.sub_id));
    await h.deliver(h.stripe.refundLatest(sub));
    expect((await h.rows(ada.uid))[0]).toMatchObject({ status: 'INVALID', renews: false });
  });

  it('a cancellation date after the period end lets it renew until then; one within the period ends it on that date', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    const end = h.stripe.periodEnd(sub);
    await h.deliver(h.stripe.setCancelAt(sub, end + 30 * 86_400));
    expect((await h.rows(ada.uid))[0]).toMatchObject({ status: 'ACTIVE', renews: true, expires_at: new Date(end * 1000) });
    await h.deliver(h.stripe.setCancelAt(sub, end - 86_400));
    expect((await h.rows(ada.uid))[0]).toMatchObject({
      status: 'ACTIVE_EXPIRING',
      renews: false,
      expires_at: new Date((end - 86_400) * 1000),
    });
  });

  it('two events about a new subscription delivered at once make one row, both answered 200', async () => {
    const ada = await h.payer();
    const res = await h.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_MONTHLY });
    const session = new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
    const events = h.stripe.completeCheckout(session);
    const answers = await Promise.all(events.map((event) => h.deliver([event])));
    expect(answers.flat().map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await h.rows(ada.uid)).toHaveLength(1);
    expect((await h.subscriptionOf(ada))!.status).toBe('ACTIVE');
  });

  it('a price no STRIPE_PRICE_* names maps to no plan: the subscription keeps its plan, and the event is logged', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.changePrice(sub, 'price_someone_elses'));
    expect((await h.rows(ada.uid))[0]).toMatchObject({ plan_index: PREMIUM_MONTHLY, level: SUBSCRIPTION_LEVELS.PREMIUM });
    expect(h.server.logs.some((line) => line.includes('names no known customer or plan'))).toBe(true);
  });

  it('moving to a lower plan in the portal lowers the level', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.changePrice(sub, 'price_basic'));
    expect((await h.rows(ada.uid))[0]).toMatchObject({ plan_index: 0, level: SUBSCRIPTION_LEVELS.BASIC });
    expect((await h.post(ada, '/folders', { name: 'Putting', usershares: [], orgshares: [] })).statusCode).toBe(403);
  });
});

describe("the Stripe webhook's signed time", () => {
  const deliverSigned = (payload: string, signature: string) =>
    h.server.app.inject({
      method: 'POST',
      url: '/v4/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('refuses a signature dated more than 5 minutes before or after the server clock (400, nothing stored), and takes one within', async () => {
    const ada = await h.payer();
    const res = await h.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_MONTHLY });
    const session = new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
    const [first] = h.stripe.completeCheckout(session);
    const payload = JSON.stringify(first);
    const now = Math.floor(h.server.clock.now().getTime() / 1000);
    const signedAt = (timestamp: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    const events = async () => (await h.server.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    const before = await events();
    // A day ahead, ten minutes ahead, ten minutes late, a day late: each refused, nothing stored.
    for (const offset of [86_400, 600, 301, -301, -600, -86_400]) {
      const answer = await deliverSigned(payload, signedAt(now + offset));
      expect(answer.statusCode, `signed ${offset} s from now`).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    // A future t= beside a valid one is refused too: no part of the header may claim a time to come.
    const valid = signedAt(now);
    expect((await deliverSigned(payload, `t=${now + 3600},${valid}`)).statusCode).toBe(400);
    expect(await events()).toBe(before);
    expect(await h.subscriptionOf(ada)).toBeNull();
    // Clocks a little apart are fine: four minutes ahead is taken.
    const taken = await deliverSigned(payload, signedAt(now + 240));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await events()).toBe(before + 1);
  });
});
