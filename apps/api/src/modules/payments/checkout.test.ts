import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers, paymentEvents, subscriptions } from '../../db/schema/index.ts';
import { bearer, type TestServer } from '../../test/test-server.ts';
import { createPaymentsHarness, IAPTIC_APP, type Payer, type PaymentsHarness } from './payments-testing.ts';

/** Another address the app is served from (CORS_ORIGINS), beside the public URL http://localhost:3000. */
const APP_ORIGIN = 'https://app.holeout.test';
const PREMIUM_MONTHLY = 2;
const PREMIUM_YEARLY = 3;

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness({}, [APP_ORIGIN, 'capacitor://localhost']);
});
afterAll(async () => h?.close());

// --- helpers of this file --------------------------------------------------------------------------

/** Every customer, subscription and payment event row: a refused request leaves them as they were. */
async function snapshot(server: TestServer = h.server) {
  return {
    customers: await server.db.select().from(paymentCustomers).orderBy(asc(paymentCustomers.uid), asc(paymentCustomers.provider)),
    subscriptions: await server.db.select().from(subscriptions).orderBy(asc(subscriptions.sub_id)),
    events: await server.db.select().from(paymentEvents).orderBy(asc(paymentEvents.provider), asc(paymentEvents.event_id)),
  };
}

async function customersOf(uid: number, server: TestServer = h.server) {
  return server.db.select().from(paymentCustomers).where(eq(paymentCustomers.uid, uid));
}

const checkout = (who: Payer, payload: unknown) => h.post(who, '/payments/stripe/checkout', payload);
const sessionOf = (url: string) => new URL(url).searchParams.get('demo_checkout');

/** GET /v4/plans with no token. */
async function plansOf(server: TestServer) {
  const res = await server.app.inject({ method: 'GET', url: '/v4/plans' });
  expect(res.statusCode).toBe(200);
  return res.json() as { plans: Array<Record<string, unknown>>; payments: Record<string, unknown> };
}

// The plan catalogue, written out by hand (so a change to PLAN_CATALOGUE shows here): [index, key, mobile_id, level, is_coach, period, price, num_coach, num_basic, num_premium, has_branding].
// prettier-ignore
const CATALOGUE: Array<[number, string, string | null, number, boolean, number, number, number, number, number, boolean]> = [
  [0, 'basic',                   'basic',          1, false, 1,  11.99,   0, 1, 0,  false],
  [1, 'basic_yearly',            'basic_yearly',   1, false, 12, 99.99,   0, 1, 0,  false],
  [2, 'premium',                 'premium',        2, false, 1,  19.99,   0, 0, 1,  false],
  [3, 'premium_yearly',          'premium_yearly', 2, false, 12, 199.99,  0, 0, 1,  false],
  [4, 'coach_yearly',            'coach_yearly',   3, true,  12, 74.99,   1, 0, 0,  false],
  [5, 'team_yearly',             null,             4, true,  12, 699.99,  2, 0, 10, false],
  [6, 'academy_yearly',          null,             5, true,  12, 1199.99, 5, 0, 50, false],
  [7, 'team_branding_yearly',    null,             4, true,  12, 1999.99, 2, 0, 10, true],
  [8, 'academy_branding_yearly', null,             5, true,  12, 2999.99, 5, 0, 50, true],
];
const expectedPlans = (web: boolean) =>
  CATALOGUE.map(([index, key, mobile_id, level, is_coach, period, price, num_coach, num_basic, num_premium, has_branding]) => ({
    index,
    key,
    mobile_id,
    level,
    is_coach,
    period,
    price,
    num_coach,
    num_basic,
    num_premium,
    has_branding,
    web,
  }));

// --- GET /plans --------------------------------------------------------------------------------------

describe('GET /v4/plans', () => {
  it('needs no token and answers the 9 plans of the catalogue, every one sold on the web, and how payments are taken', async () => {
    const body = await plansOf(h.server);
    expect(body.plans).toEqual(expectedPlans(true));
    expect(body.payments).toEqual({ stripe: true, demo: false, iaptic: { app_name: IAPTIC_APP, public_key: 'iaptic-public' } });
  });

  it('a token does not change the answer', async () => {
    const ada = await h.payer();
    const res = await h.get(ada, '/plans');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await plansOf(h.server));
  });
});

// --- checkout ---------------------------------------------------------------------------------------

describe('POST /v4/payments/stripe/checkout', () => {
  it("answers a Checkout address for the plan and makes one Stripe customer, with the user's email", async () => {
    const ada = await h.payer();
    const customersAsked = h.stripe.requests.filter((r) => r === 'POST /v1/customers').length;
    const res = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(200);
    const url = new URL((res.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/subscriptions');
    expect(url.searchParams.get('demo_checkout')).toMatch(/^cs_demo_[0-9a-f]{24}$/);
    expect(url.searchParams.get('plan')).toBe('3');
    expect(h.stripe.requests.filter((r) => r === 'POST /v1/customers').length).toBe(customersAsked + 1);
    const [customer] = await customersOf(ada.uid);
    expect(customer).toMatchObject({ uid: ada.uid, provider: 'STRIPE' });
    expect(customer!.customer_ref).toBe(h.stripe.customerOfSession(url.searchParams.get('demo_checkout')!));
    // No subscription until Stripe says the checkout was paid.
    expect(await h.rows(ada.uid)).toEqual([]);
  });

  const BAD_BODIES: Array<[string, unknown]> = [
    ['an empty object', {}],
    ['plan -1', { plan: -1 }],
    ['plan 9 (one past the catalogue)', { plan: 9 }],
    ['plan 100', { plan: 100 }],
    ['plan 2.5', { plan: 2.5 }],
    ["plan '3' (a string)", { plan: '3' }],
    ['plan null', { plan: null }],
    ['plan true', { plan: true }],
    ['plan [3]', { plan: [3] }],
    ['plan {}', { plan: {} }],
    ['the plan key instead of the index', { plan: 'premium_yearly' }],
    ['a plan index under another name', { plan_index: 3 }],
    ['an array', [3]],
    ['a bare number', 3],
  ];

  it.each(BAD_BODIES)('%s -> 400 VALIDATION_ERROR, no customer, no request to Stripe', async (_what, payload) => {
    const ada = await h.payer();
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await checkout(ada, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await snapshot()).toEqual(before);
    expect(await customersOf(ada.uid)).toEqual([]);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it('no body at all -> 400 and nothing created', async () => {
    const ada = await h.payer();
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await h.server.app.inject({
      method: 'POST',
      url: '/v4/payments/stripe/checkout',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it('extra fields are dropped (zod strips unknown keys): the plan in the body is what is bought', async () => {
    const ada = await h.payer();
    const res = await checkout(ada, { plan: PREMIUM_MONTHLY, price: 'price_basic', uid: 1, level: 5 });
    expect(res.statusCode).toBe(200);
    const session = sessionOf((res.json() as { url: string }).url)!;
    expect(new URL((res.json() as { url: string }).url).searchParams.get('plan')).toBe(String(PREMIUM_MONTHLY));
    await h.deliver(h.stripe.completeCheckout(session));
    expect((await h.rows(ada.uid))[0]).toMatchObject({ plan_index: PREMIUM_MONTHLY, level: 2, purchaser: ada.uid });
  });

  it('no token -> 401 and nothing created', async () => {
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await h.server.app.inject({ method: 'POST', url: '/v4/payments/stripe/checkout', payload: { plan: PREMIUM_YEARLY } });
    expect(res.statusCode).toBe(401);
    const bad = await h.server.app.inject({
      method: 'POST',
      url: '/v4/payments/stripe/checkout',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { plan: PREMIUM_YEARLY },
    });
    expect(bad.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it.each([4, 5, 6, 7, 8])('a player asking for coach plan %i -> 403 and nothing created', async (plan) => {
    const ada = await h.payer();
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await checkout(ada, { plan });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await snapshot()).toEqual(before);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it.each([4, 5, 6, 7, 8])('a coach may check out coach plan %i', async (plan) => {
    const coach = await h.payer({ is_coach: true, first_name: 'Cora' });
    const res = await checkout(coach, { plan });
    expect(res.statusCode).toBe(200);
    expect(new URL((res.json() as { url: string }).url).searchParams.get('plan')).toBe(String(plan));
  });

  it('a coach may also buy a player plan', async () => {
    const coach = await h.payer({ is_coach: true, first_name: 'Cora' });
    expect((await checkout(coach, { plan: PREMIUM_MONTHLY })).statusCode).toBe(200);
  });

  it.each([
    ['ACTIVE', (_sub: string) => [] as ReturnType<PaymentsHarness['stripe']['cancel']>, 'ACTIVE'],
    ['ACTIVE_EXPIRING', (sub: string) => h.stripe.setCancelAtPeriodEnd(sub, true), 'ACTIVE_EXPIRING'],
    ['ACTIVE_GRACE', (sub: string) => h.stripe.failRenewal(sub), 'ACTIVE_GRACE'],
  ])('a user with a %s Stripe subscription -> 409 and nothing created', async (_name, change, status) => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(change(sub));
    expect((await h.rows(ada.uid))[0]!.status).toBe(status);
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await snapshot()).toEqual(before);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it('a Stripe subscription on hold -> 409 pointing to Manage subscription (pay the open invoice, not a second plan)', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.failRenewal(sub));
    await h.deliver(h.stripe.markUnpaid(sub));
    const before = await snapshot();
    const res = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('Manage subscription') });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['IAPTIC_IOS', 'the App Store'],
    ['IAPTIC_ANDROID', 'Google Play'],
  ])('an active %s subscription -> 409 naming %s, even with a newer given plan above it', async (source, store) => {
    const ada = await h.payer();
    await h.server.db
      .insert(subscriptions)
      .values({ level: 2, status: 'ACTIVE', purchaser: ada.uid, source, provider_ref: `${source}-${ada.uid}` });
    await h.server.db.insert(subscriptions).values({ level: 1, status: 'ACTIVE', purchaser: ada.uid, source: 'OTHER' });
    const before = await snapshot();
    const stripeRequests = h.stripe.requests.length;
    const res = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining(store) });
    expect(await snapshot()).toEqual(before);
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it('an active web subscription under a newer given plan still blocks a second checkout', async () => {
    const ada = await h.payer();
    await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.server.db.insert(subscriptions).values({ level: 1, status: 'ACTIVE', purchaser: ada.uid, source: 'OTHER' });
    expect((await checkout(ada, { plan: PREMIUM_YEARLY })).statusCode).toBe(409);
  });

  it('a given plan (OTHER) or an expired store one does not block buying on the web', async () => {
    const ada = await h.payer();
    await h.server.db
      .insert(subscriptions)
      .values({ level: 2, status: 'EXPIRED', purchaser: ada.uid, source: 'IAPTIC_IOS', provider_ref: `old-${ada.uid}` });
    await h.server.db.insert(subscriptions).values({ level: 1, status: 'ACTIVE', purchaser: ada.uid, source: 'OTHER' });
    expect((await checkout(ada, { plan: PREMIUM_YEARLY })).statusCode).toBe(200);
  });

  it('after the subscription EXPIRED a new checkout works, on the same customer, and makes a second row', async () => {
    const ada = await h.payer();
    const first = await h.subscribe(ada, PREMIUM_MONTHLY);
    expect((await checkout(ada, { plan: PREMIUM_YEARLY })).statusCode).toBe(409);
    await h.deliver(h.stripe.cancel(first));
    expect((await h.rows(ada.uid))[0]!.status).toBe('EXPIRED');
    const customersAsked = h.stripe.requests.filter((r) => r === 'POST /v1/customers').length;
    const res = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(200);
    expect(h.stripe.requests.filter((r) => r === 'POST /v1/customers').length).toBe(customersAsked);
    await h.deliver(h.stripe.completeCheckout(sessionOf((res.json() as { url: string }).url)!));
    const rows = await h.rows(ada.uid);
    expect(rows.map((r) => [r.plan_index, r.status])).toEqual([
      [PREMIUM_YEARLY, 'ACTIVE'],
      [PREMIUM_MONTHLY, 'EXPIRED'],
    ]);
    expect(await h.subIdOf(ada.uid)).toBe(rows[0]!.sub_id);
    expect(await customersOf(ada.uid)).toHaveLength(1);
  });

  it('after a refund (INVALID) a new checkout works', async () => {
    const ada = await h.payer();
    const sub = await h.subscribe(ada, PREMIUM_MONTHLY);
    await h.deliver(h.stripe.refundLatest(sub));
    expect((await h.rows(ada.uid))[0]!.status).toBe('INVALID');
    expect((await checkout(ada, { plan: PREMIUM_MONTHLY })).statusCode).toBe(200);
  });

  it('the Stripe customer is made once: two checkouts of the same user ask Stripe for one customer', async () => {
    const ada = await h.payer();
    const customersAsked = h.stripe.requests.filter((r) => r === 'POST /v1/customers').length;
    const sessionsAsked = h.stripe.requests.filter((r) => r === 'POST /v1/checkout/sessions').length;
    const first = await checkout(ada, { plan: PREMIUM_MONTHLY });
    const second = await checkout(ada, { plan: PREMIUM_YEARLY });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(h.stripe.requests.filter((r) => r === 'POST /v1/customers').length).toBe(customersAsked + 1);
    expect(h.stripe.requests.filter((r) => r === 'POST /v1/checkout/sessions').length).toBe(sessionsAsked + 2);
    const s1 = sessionOf((first.json() as { url: string }).url)!;
    const s2 = sessionOf((second.json() as { url: string }).url)!;
    expect(s1).not.toBe(s2);
    expect(h.stripe.customerOfSession(s1)).toBe(h.stripe.customerOfSession(s2));
    const rows = await customersOf(ada.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.customer_ref).toBe(h.stripe.customerOfSession(s1));
  });

  it('two users get two customers', async () => {
    const ada = await h.payer();
    const bob = await h.payer({ first_name: 'Bob' });
    await checkout(ada, { plan: PREMIUM_MONTHLY });
    await checkout(bob, { plan: PREMIUM_MONTHLY });
    const [a] = await customersOf(ada.uid);
    const [b] = await customersOf(bob.uid);
    expect(a!.customer_ref).not.toBe(b!.customer_ref);
  });
});

// --- portal ---------------------------------------------------------------------------------------

describe('POST /v4/payments/stripe/portal', () => {
  it('404 for a user with no Stripe customer, and nothing is asked of Stripe', async () => {
    const ada = await h.payer();
    const stripeRequests = h.stripe.requests.length;
    const res = await h.post(ada, '/payments/stripe/portal');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(h.stripe.requests.length).toBe(stripeRequests);
  });

  it("a user with a customer gets the portal's address (demo_portal=) for their own customer", async () => {
    const ada = await h.payer();
    await h.subscribe(ada, PREMIUM_MONTHLY);
    const res = await h.post(ada, '/payments/stripe/portal');
    expect(res.statusCode).toBe(200);
    const url = new URL((res.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/subscriptions');
    const portal = url.searchParams.get('demo_portal');
    expect(portal).toMatch(/^bps_demo_[0-9a-f]{24}$/);
    const [customer] = await customersOf(ada.uid);
    expect(h.stripe.customerOfSession(portal!)).toBe(customer!.customer_ref);
  });

  it('a checkout that was never paid is enough to have a customer to manage', async () => {
    const ada = await h.payer();
    await checkout(ada, { plan: PREMIUM_MONTHLY });
    expect((await h.post(ada, '/payments/stripe/portal')).statusCode).toBe(200);
  });

  it('no token -> 401', async () => {
    const res = await h.server.app.inject({ method: 'POST', url: '/v4/payments/stripe/portal' });
    expect(res.statusCode).toBe(401);
  });
});

// --- a server without Stripe, and one selling only some plans --------------------------------------

describe('a server without Stripe', () => {
  let off: PaymentsHarness;
  beforeAll(async () => {
    off = await createPaymentsHarness({ stripe: null, demo: false });
  });
  afterAll(async () => off?.close());

  it('GET /plans: web false for every plan, payments.stripe and demo false, iaptic still on', async () => {
    const body = await plansOf(off.server);
    expect(body.plans).toEqual(expectedPlans(false));
    expect(body.payments).toEqual({ stripe: false, demo: false, iaptic: { app_name: IAPTIC_APP, public_key: 'iaptic-public' } });
  });

  it('checkout -> 503 PAYMENTS_NOT_CONFIGURED and nothing created', async () => {
    const ada = await off.payer();
    const before = await snapshot(off.server);
    const res = await off.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
    expect(await snapshot(off.server)).toEqual(before);
    expect(off.stripe.requests).toEqual([]);
  });

  it('a bad checkout body is still a 400 (validation comes first)', async () => {
    const ada = await off.payer();
    expect((await off.post(ada, '/payments/stripe/checkout', { plan: 9 })).statusCode).toBe(400);
  });

  it('portal -> 503', async () => {
    const ada = await off.payer();
    const res = await off.post(ada, '/payments/stripe/portal');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
  });

  it('the Stripe webhook -> 503 and nothing stored, signed or not', async () => {
    const ada = await off.payer();
    const before = await snapshot(off.server);
    // An event properly signed with the harness's secret: it is still refused, as there is no Stripe to re-read.
    const [answer] = await off.deliver([
      {
        id: 'evt_demo_0123456789abcdef',
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_x', customer: `cus_${ada.uid}` } },
      } as never,
    ]);
    expect(answer).toMatchObject({ status: 503, body: { code: 'PAYMENTS_NOT_CONFIGURED' } });
    const unsigned = await off.server.app.inject({
      method: 'POST',
      url: '/v4/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(503);
    expect(await snapshot(off.server)).toEqual(before);
  });
});

describe('a server selling only some plans on the web', () => {
  let some: PaymentsHarness;
  beforeAll(async () => {
    // Only premium yearly has a price; the API address is never reached by the cases below.
    some = await createPaymentsHarness({
      stripe: {
        secretKey: 'sk_test_unused',
        webhookSecret: 'whsec_unused',
        apiUrl: 'http://127.0.0.1:9',
        prices: { premium_yearly: 'price_only_one' },
      },
    });
  });
  afterAll(async () => some?.close());

  it('GET /plans: web true only for the priced plan', async () => {
    const body = await plansOf(some.server);
    expect(body.plans.map((p) => [p.key, p.web])).toEqual(CATALOGUE.map(([, key]) => [key, key === 'premium_yearly']));
    expect(body.payments).toMatchObject({ stripe: true, demo: false });
  });

  it('checkout of a plan with no price -> 409 and nothing created', async () => {
    const ada = await some.payer();
    const before = await snapshot(some.server);
    const res = await some.post(ada, '/payments/stripe/checkout', { plan: PREMIUM_MONTHLY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await snapshot(some.server)).toEqual(before);
    const [{ n }] = (await some.server.db.select({ n: count() }).from(paymentCustomers)) as [{ n: number }];
    expect(Number(n)).toBe(0);
  });
});

describe('where Stripe sends the user back (checkout and portal)', () => {
  // The requests reach the server at http://holeout.example (its Host), as a browser's would.
  const withOrigin = (who: Payer, url: string, origin: string | undefined, payload?: unknown) =>
    h.server.app.inject({
      method: 'POST',
      url: `/v4${url}`,
      headers: { ...bearer(who.token), host: 'holeout.example', ...(origin === undefined ? {} : { origin }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const pageOf = (res: { json(): unknown }) => {
    const url = new URL((res.json() as { url: string }).url);
    return `${url.origin}${url.pathname}`;
  };
  const CASES: Array<[string, string | undefined, string]> = [
    ['no Origin: the public URL', undefined, 'http://localhost:3000/subscriptions'],
    ['the public URL itself', 'http://localhost:3000', 'http://localhost:3000/subscriptions'],
    ['another address of the app (CORS_ORIGINS): back there, where the session is', APP_ORIGIN, `${APP_ORIGIN}/subscriptions`],
    ['the address the request reached (a same-origin call)', 'http://holeout.example', 'http://holeout.example/subscriptions'],
    ['another scheme at that address', 'https://holeout.example', 'http://localhost:3000/subscriptions'],
    ['a stranger origin: never there (no open redirect)', 'https://evil.example', 'http://localhost:3000/subscriptions'],
    ['an app origin Stripe cannot return to (capacitor:)', 'capacitor://localhost', 'http://localhost:3000/subscriptions'],
    ['a look-alike of an app origin', `${APP_ORIGIN}.evil.example`, 'http://localhost:3000/subscriptions'],
  ];

  it.each(CASES)('checkout with %s', async (_what, origin, page) => {
    const ada = await h.payer();
    const res = await withOrigin(ada, '/payments/stripe/checkout', origin, { plan: PREMIUM_YEARLY });
    expect(res.statusCode).toBe(200);
    expect(pageOf(res)).toBe(page);
  });

  it.each(CASES)('portal with %s', async (_what, origin, page) => {
    const ada = await h.payer();
    await h.subscribe(ada, PREMIUM_MONTHLY);
    const res = await withOrigin(ada, '/payments/stripe/portal', origin);
    expect(res.statusCode).toBe(200);
    expect(pageOf(res)).toBe(page);
  });
});
