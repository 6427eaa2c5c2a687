import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers, paymentEvents, subscriptions, users } from '../../db/schema/index.ts';
import { buildUser, issueTokenFor } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createPaymentsHarness, type PaymentsHarness } from './payments-testing.ts';

const PREMIUM_MONTHLY = 2;
const PREMIUM_YEARLY = 3;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { payments: { stripe: null, iaptic: null, demo: true }, publicUrl: 'http://localhost:3000' } });
});
afterAll(async () => server?.close());

// --- helpers of this file --------------------------------------------------------------------------

type User = { uid: number; token: string };

async function user(first_name = 'Ada'): Promise<User> {
  const built = await buildUser(server.db, { first_name, last_name: 'Demo' });
  return { uid: built.uid, token: await issueTokenFor(server, built.uid) };
}

const post = (who: User | null, url: string, payload?: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/v4${url}`,
    headers: who ? bearer(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Checkout for a plan: answers the demo session id from the address. */
async function checkoutSession(who: User, plan = PREMIUM_YEARLY): Promise<string> {
  const res = await post(who, '/payments/stripe/checkout', { plan });
  expect(res.statusCode).toBe(200);
  return new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
}

/** The portal session id from POST /payments/stripe/portal. */
async function portalSession(who: User): Promise<string> {
  const res = await post(who, '/payments/stripe/portal');
  expect(res.statusCode).toBe(200);
  return new URL((res.json() as { url: string }).url).searchParams.get('demo_portal')!;
}

/** Every customer, subscription, payment event and users.sub_id: a refused request leaves them as they were. */
async function snapshot() {
  return {
    customers: await server.db.select().from(paymentCustomers).orderBy(asc(paymentCustomers.uid), asc(paymentCustomers.provider)),
    subscriptions: await server.db.select().from(subscriptions).orderBy(asc(subscriptions.sub_id)),
    events: await server.db.select().from(paymentEvents).orderBy(asc(paymentEvents.provider), asc(paymentEvents.event_id)),
    subIds: await server.db.select({ uid: users.uid, sub_id: users.sub_id }).from(users).orderBy(asc(users.uid)),
  };
}

const rowsOf = (uid: number) =>
  server.db.select().from(subscriptions).where(eq(subscriptions.purchaser, uid)).orderBy(asc(subscriptions.sub_id));

let folderSequence = 0;
async function folderStatus(who: User): Promise<{ status: number; code: string | undefined }> {
  const res = await post(who, '/folders', { name: `Putting ${++folderSequence}`, usershares: [], orgshares: [] });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

async function subscriptionOf(who: User) {
  const res = await server.app.inject({ method: 'GET', url: '/v4/account/subscription', headers: bearer(who.token) });
  return res.json() as { status: string; level: number; source: string } | null;
}

// --- plans and checkout -----------------------------------------------------------------------------

describe('demo payments: plans and checkout', () => {
  it('GET /plans says demo, no Stripe, no iaptic, and every plan is sold on the web', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/v4/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { plans: Array<{ index: number; web: boolean }>; payments: unknown };
    expect(body.payments).toEqual({ stripe: false, demo: true, iaptic: null });
    expect(body.plans.map((p) => [p.index, p.web])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => [i, true]));
  });

  it('checkout answers the subscriptions page with the demo session and the plan', async () => {
    const ada = await user();
    const res = await post(ada, '/payments/stripe/checkout', { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { url: string }).url).toMatch(
      /^http:\/\/localhost:3000\/subscriptions\?demo_checkout=cs_demo_[0-9a-f]{24}&plan=3$/,
    );
    const monthly = await post(ada, '/payments/stripe/checkout', { plan: PREMIUM_MONTHLY });
    expect((monthly.json() as { url: string }).url).toMatch(/&plan=2$/);
    // Nothing is bought until the session is paid.
    expect(await rowsOf(ada.uid)).toEqual([]);
  });

  it('paying the session makes the user premium through the signed webhook', async () => {
    const ada = await user();
    const session = await checkoutSession(ada);
    expect((await folderStatus(ada)).code).toBe('PREMIUM_REQUIRED');
    const eventsBefore = (await snapshot()).events.length;
    const res = await post(ada, '/payments/demo/checkout', { session });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(ada.uid);
    expect(rows).toHaveLength(1);
    expect(res.json()).toEqual({
      sub_id: rows[0]!.sub_id,
      level: 2,
      has_branding: false,
      status: 'ACTIVE',
      purchaser: ada.uid,
      source: 'STRIPE',
      plan_index: PREMIUM_YEARLY,
      expires_at: rows[0]!.expires_at!.toISOString(),
      renews: true,
    });
    expect(rows[0]).toMatchObject({ plan_index: PREMIUM_YEARLY, status: 'ACTIVE', renews: true, source: 'STRIPE' });
    expect(rows[0]!.provider_ref).toMatch(/^sub_demo_/);
    // The three events Stripe sends for a paid checkout went through the webhook and were claimed.
    const events = (await snapshot()).events;
    expect(events.length).toBe(eventsBefore + 3);
    expect(events.filter((e) => e.provider === 'STRIPE').map((e) => e.type)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']),
    );
    expect(await subscriptionOf(ada)).toMatchObject({ status: 'ACTIVE', level: 2, source: 'STRIPE' });
    expect((await folderStatus(ada)).status).toBe(200);
  });

  it('a player still may not check out a coach plan in demo mode', async () => {
    const ada = await user();
    const before = await snapshot();
    const res = await post(ada, '/payments/stripe/checkout', { plan: 5 });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

// --- paying what is not yours, twice, or nothing --------------------------------------------------------

describe('demo payments: refused payments', () => {
  it("a user with no customer paying another user's session -> 404, nothing changed, and the owner can still pay it", async () => {
    const ada = await user();
    const bob = await user('Bob');
    const session = await checkoutSession(ada);
    const before = await snapshot();
    const res = await post(bob, '/payments/demo/checkout', { session });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
    expect(await subscriptionOf(bob)).toBeNull();
    expect((await post(ada, '/payments/demo/checkout', { session })).statusCode).toBe(200);
    expect(await rowsOf(bob.uid)).toEqual([]);
  });

  it("a user with their own customer paying another user's session -> 404 and nothing changed", async () => {
    const ada = await user();
    const bob = await user('Bob');
    const session = await checkoutSession(ada);
    await checkoutSession(bob);
    const before = await snapshot();
    const res = await post(bob, '/payments/demo/checkout', { session });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await rowsOf(ada.uid)).toEqual([]);
    expect(await rowsOf(bob.uid)).toEqual([]);
  });

  it('paying the same session twice -> 404 the second time and nothing changes', async () => {
    const ada = await user();
    const session = await checkoutSession(ada);
    expect((await post(ada, '/payments/demo/checkout', { session })).statusCode).toBe(200);
    const before = await snapshot();
    const again = await post(ada, '/payments/demo/checkout', { session });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
    expect(await rowsOf(ada.uid)).toHaveLength(1);
  });

  it('a well-formed session that does not exist -> 404 and nothing changed', async () => {
    const ada = await user();
    await checkoutSession(ada);
    const before = await snapshot();
    const res = await post(ada, '/payments/demo/checkout', { session: 'cs_demo_000000000000000000000000' });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('a portal session is not a checkout to pay -> 404', async () => {
    const ada = await user();
    const checkout = await checkoutSession(ada);
    await post(ada, '/payments/demo/checkout', { session: checkout });
    const portal = await portalSession(ada);
    const before = await snapshot();
    const res = await post(ada, '/payments/demo/checkout', { session: portal });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['empty', ''],
    ['the prefix alone', 'cs_demo_'],
    ['too short (7 characters)', 'cs_demo_abc1234'],
    ['too long (41 characters)', `cs_demo_${'a'.repeat(41)}`],
    ['a live checkout id', 'cs_live_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['a test checkout id', 'cs_test_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['a subscription id', 'sub_demo_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['another prefix in capitals', 'CS_DEMO_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['a hyphen', 'cs_demo_a1b2c3d4-e5f6a7b8'],
    ['a leading space', ' cs_demo_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['a trailing newline', 'cs_demo_a1b2c3d4e5f6a7b8c9d0e1f2\n'],
    ['a path', 'cs_demo_a1b2c3d4/../../etc'],
    ['SQL', "cs_demo_a1b2c3d4' OR '1'='1"],
    ['the whole checkout address', 'http://localhost:3000/subscriptions?demo_checkout=cs_demo_a1b2c3d4e5f6a7b8c9d0e1f2'],
    ['a number', 12345678],
    ['null', null],
    ['an array', ['cs_demo_a1b2c3d4e5f6a7b8c9d0e1f2']],
  ])('session %s -> 400 and nothing changed', async (_what, session) => {
    const ada = await user();
    await checkoutSession(ada);
    const before = await snapshot();
    const res = await post(ada, '/payments/demo/checkout', session === undefined ? {} : { session });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await snapshot()).toEqual(before);
  });

  it('no token -> 401', async () => {
    const ada = await user();
    const session = await checkoutSession(ada);
    const before = await snapshot();
    expect((await post(null, '/payments/demo/checkout', { session })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("a forged Stripe event posted to a demo server's webhook -> 400: the demo secret is not guessable", async () => {
    const ada = await user();
    const session = await checkoutSession(ada);
    const before = await snapshot();
    const payload = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: session } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_demo_guess',
      timestamp: Math.floor(server.clock.now().getTime() / 1000),
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

// --- the demo portal --------------------------------------------------------------------------------

describe('demo payments: the portal', () => {
  it('cancel at period end -> ACTIVE_EXPIRING, renew -> ACTIVE, cancel now -> EXPIRED and premium gone; then a new checkout works', async () => {
    const ada = await user();
    expect((await post(ada, '/payments/demo/checkout', { session: await checkoutSession(ada, PREMIUM_MONTHLY) })).statusCode).toBe(200);
    const portal = await portalSession(ada);
    expect(portal).toMatch(/^bps_demo_[0-9a-f]{24}$/);
    const [row] = await rowsOf(ada.uid);

    const expiring = await post(ada, '/payments/demo/portal', { session: portal, action: 'cancel_at_period_end' });
    expect(expiring.statusCode).toBe(200);
    expect(expiring.json()).toMatchObject({ sub_id: row!.sub_id, status: 'ACTIVE_EXPIRING', level: 2, source: 'STRIPE' });
    expect((await rowsOf(ada.uid))[0]).toMatchObject({ status: 'ACTIVE_EXPIRING', renews: false });
    expect((await folderStatus(ada)).status).toBe(200);

    const renewed = await post(ada, '/payments/demo/portal', { session: portal, action: 'renew' });
    expect(renewed.json()).toMatchObject({ sub_id: row!.sub_id, status: 'ACTIVE' });
    expect((await rowsOf(ada.uid))[0]).toMatchObject({ status: 'ACTIVE', renews: true });

    const ended = await post(ada, '/payments/demo/portal', { session: portal, action: 'cancel_now' });
    expect(ended.json()).toMatchObject({ sub_id: row!.sub_id, status: 'EXPIRED' });
    expect((await rowsOf(ada.uid))[0]).toMatchObject({ status: 'EXPIRED', renews: false });
    expect(await folderStatus(ada)).toEqual({ status: 403, code: 'PREMIUM_REQUIRED' });

    // Subscribing again works once it has ended.
    const again = await post(ada, '/payments/demo/checkout', { session: await checkoutSession(ada, PREMIUM_YEARLY) });
    expect(again.json()).toMatchObject({ status: 'ACTIVE', level: 2 });
    expect(again.json()).not.toMatchObject({ sub_id: row!.sub_id });
    expect((await folderStatus(ada)).status).toBe(200);
  });

  it("another user's portal session -> 404 and nothing changed", async () => {
    const ada = await user();
    const bob = await user('Bob');
    await post(ada, '/payments/demo/checkout', { session: await checkoutSession(ada) });
    const portal = await portalSession(ada);
    await checkoutSession(bob);
    const before = await snapshot();
    const res = await post(bob, '/payments/demo/portal', { session: portal, action: 'cancel_now' });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await rowsOf(ada.uid))[0]!.status).toBe('ACTIVE');
  });

  it('a customer with no subscription yet (checkout not paid) -> portal actions 404, nothing changed', async () => {
    const ada = await user();
    await checkoutSession(ada);
    const portal = await portalSession(ada);
    const before = await snapshot();
    const res = await post(ada, '/payments/demo/portal', { session: portal, action: 'cancel_at_period_end' });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['an unknown action', { action: 'refund' }],
    ['no action', {}],
    ['an action in capitals', { action: 'CANCEL_NOW' }],
    ['no session', { session: undefined, action: 'cancel_now' }],
  ])('%s -> 400 and nothing changed', async (_what, over) => {
    const ada = await user();
    await post(ada, '/payments/demo/checkout', { session: await checkoutSession(ada) });
    const portal = await portalSession(ada);
    const before = await snapshot();
    const res = await post(ada, '/payments/demo/portal', { session: portal, ...(over as object) });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

// --- demo off ------------------------------------------------------------------------------------------

describe('demo payments off (a server with Stripe)', () => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    h = await createPaymentsHarness();
  });
  afterAll(async () => h?.close());

  it('POST /payments/demo/checkout and /payments/demo/portal -> 404, even for a real session of the fake Stripe', async () => {
    const ada = await h.payer();
    const res = await h.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_YEARLY });
    const session = new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
    const before = await h.rows(ada.uid);
    const pay = await h.post(ada, '/payments/demo/checkout', { session });
    expect(pay.statusCode).toBe(404);
    expect(pay.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.rows(ada.uid)).toEqual(before);
    expect(await h.subscriptionOf(ada)).toBeNull();
    const portal = await h.post(ada, '/payments/demo/portal', { session, action: 'cancel_now' });
    expect(portal.statusCode).toBe(404);
  });
});
