import { createServer, type Server } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscriptions, users } from '../../db/schema/index.ts';
import { issueTokenFor } from '../../test/factories.ts';
import type { TestServer } from '../../test/test-server.ts';
import { createPaymentsHarness, IAPTIC_APP, IAPTIC_SECRET, WEBHOOK_SECRET, type Payer, type PaymentsHarness } from './payments-testing.ts';
import { closeServer, listenOnLoopback } from '../../integrations/payments/loopback.ts';

const DAY = 24 * 60 * 60 * 1000;

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => h?.close());

// --- helpers of this file --------------------------------------------------------------------------

const webhookOn = (server: TestServer, body?: unknown) =>
  server.app.inject({ method: 'POST', url: '/v4/payments/iaptic/webhook', ...(body === undefined ? {} : { payload: body as object }) });
const webhook = (body?: unknown) => webhookOn(h.server, body);

/** Every subscription and payment event row, in a stable order: a refused request must leave them as they were. */
async function snapshot(server: TestServer = h.server) {
  return {
    subscriptions: await server.db.select().from(subscriptions).orderBy(asc(subscriptions.sub_id)),
    events: await server.db.select().from(paymentEvents).orderBy(asc(paymentEvents.provider), asc(paymentEvents.event_id)),
    subIds: await server.db.select({ uid: users.uid, sub_id: users.sub_id }).from(users).orderBy(asc(users.uid)),
  };
}

async function eventRow(notificationId: string, server: TestServer = h.server) {
  const rows = await server.db.select().from(paymentEvents).where(eq(paymentEvents.event_id, notificationId));
  return rows.filter((r) => r.provider === 'IAPTIC');
}

let noteSequence = 0;
/** A fresh iaptic notification id. */
const note = () => `iaptic-note-${Date.now()}-${++noteSequence}`;

/** How often the fake iaptic was asked for this user's purchases. */
const askedFor = (uid: number | string, fake = h.iaptic) => fake.requests.filter((r) => r === `GET /v2/customers/${uid}/purchases`).length;

/** An ISO date `days` from the server's clock. */
const inDays = (days: number, server: TestServer = h.server) => new Date(server.clock.now().getTime() + days * DAY).toISOString();

/** An App Store purchase of premium yearly as iaptic answers it, in its period and renewing. */
function premiumYearly(purchaseId: string, over: Record<string, unknown> = {}) {
  return {
    premium_yearly: {
      purchaseId,
      productId: 'apple:premium_yearly',
      platform: 'apple',
      expirationDate: inDays(300),
      renewalIntent: 'Renew',
      isExpired: false,
      isBillingRetryPeriod: false,
      ...over,
    },
  };
}

let folderSequence = 0;
/** POST /folders: 200 with premium access, 403 PREMIUM_REQUIRED without. */
async function folderStatus(who: Payer): Promise<{ status: number; code: string | undefined }> {
  const res = await h.post(who, '/folders', { name: `Putting ${++folderSequence}`, usershares: [], orgshares: [] });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

let purchaseSequence = 0;
const purchaseId = (platform: 'apple' | 'google') =>
  platform === 'apple' ? `apple:20000${++purchaseSequence}` : `google:GPA.3300-${++purchaseSequence}`;

// --- the shared secret ------------------------------------------------------------------------------

describe('iaptic webhook: the shared secret', () => {
  const WRONG: Array<[string, (body: Record<string, unknown>) => Record<string, unknown>]> = [
    ['missing', ({ password: _p, ...rest }) => rest],
    ['empty', (b) => ({ ...b, password: '' })],
    ['wrong', (b) => ({ ...b, password: 'not-the-secret' })],
    ['the right prefix', (b) => ({ ...b, password: IAPTIC_SECRET.slice(0, -1) })],
    ['the right one plus a character', (b) => ({ ...b, password: `${IAPTIC_SECRET}f` })],
    ['in another case', (b) => ({ ...b, password: IAPTIC_SECRET.toUpperCase() })],
    ['with a leading space', (b) => ({ ...b, password: ` ${IAPTIC_SECRET}` })],
    ['a number', (b) => ({ ...b, password: 123456789 })],
    ['null', (b) => ({ ...b, password: null })],
    ['an array holding the secret', (b) => ({ ...b, password: [IAPTIC_SECRET] })],
    ['an object holding the secret', (b) => ({ ...b, password: { value: IAPTIC_SECRET } })],
    ['the Stripe webhook secret', (b) => ({ ...b, password: WEBHOOK_SECRET })],
    ['the app name', (b) => ({ ...b, password: IAPTIC_APP })],
  ];

  it.each(WRONG)('a password %s -> 401 and nothing changes', async (_what, tamper) => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const id = note();
    const before = await snapshot();
    const res = await webhook(tamper(h.iapticBody(ada.uid, id)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await snapshot()).toEqual(before);
    expect(await eventRow(id)).toEqual([]);
    expect(await h.rows(ada.uid)).toEqual([]);
    expect(askedFor(ada.uid)).toBe(0);
    expect(await h.subscriptionOf(ada)).toBeNull();
  });

  it('no body at all -> 401 and nothing changes', async () => {
    const before = await snapshot();
    const res = await webhook();
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('the wrong password checked before anything else: another type or a bad username with it is still 401', async () => {
    const before = await snapshot();
    expect((await webhook({ type: 'ping', password: 'nope' })).statusCode).toBe(401);
    expect((await webhook({ type: 'purchases.updated', applicationUsername: 'not-a-uid', password: 'nope' })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('after wrong passwords the same notification with the right one applies', async () => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const id = note();
    expect((await webhook(h.iapticBody(ada.uid, id, 'wrong'))).statusCode).toBe(401);
    const res = await webhook(h.iapticBody(ada.uid, id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect((await h.rows(ada.uid)).map((r) => r.status)).toEqual(['ACTIVE']);
  });
});

// --- a purchase becomes a subscription -------------------------------------------------------------

describe('iaptic webhook: a purchase becomes a subscription', () => {
  it.each([
    {
      what: 'App Store premium yearly',
      platform: 'apple' as const,
      productId: 'apple:premium_yearly',
      source: 'IAPTIC_IOS',
      plan: 3,
      level: 2,
      premium: true,
    },
    {
      what: 'Google Play premium monthly',
      platform: 'google' as const,
      productId: 'google:premium',
      source: 'IAPTIC_ANDROID',
      plan: 2,
      level: 2,
      premium: true,
    },
    {
      what: 'Google Play basic yearly',
      platform: 'google' as const,
      productId: 'google:basic_yearly',
      source: 'IAPTIC_ANDROID',
      plan: 1,
      level: 1,
      premium: false,
    },
    {
      what: 'App Store basic monthly',
      platform: 'apple' as const,
      productId: 'apple:basic',
      source: 'IAPTIC_IOS',
      plan: 0,
      level: 1,
      premium: false,
    },
  ])('$what -> $source, plan $plan, level $level', async ({ platform, productId, source, plan, level, premium }) => {
    const ada = await h.payer();
    const ref = purchaseId(platform);
    const expires = inDays(plan === 0 || plan === 2 ? 30 : 365);
    h.iaptic.setPurchases(String(ada.uid), {
      [productId.split(':')[1]!]: {
        purchaseId: ref,
        productId,
        platform,
        expirationDate: expires,
        renewalIntent: 'Renew',
        isExpired: false,
      },
    });
    expect((await folderStatus(ada)).status).toBe(403);
    const id = note();
    const res = await webhook(h.iapticBody(ada.uid, id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const rows = await h.rows(ada.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source,
      plan_index: plan,
      level,
      has_branding: false,
      status: 'ACTIVE',
      renews: true,
      provider_ref: ref,
      customer_ref: String(ada.uid),
      purchaser: ada.uid,
      refunded_at: null,
    });
    expect(rows[0]!.expires_at!.toISOString()).toBe(expires);
    expect(await h.subIdOf(ada.uid)).toBe(rows[0]!.sub_id);
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'ACTIVE', level, source });
    expect(await folderStatus(ada)).toEqual(premium ? { status: 200, code: undefined } : { status: 403, code: 'PREMIUM_REQUIRED' });
    expect(await eventRow(id)).toEqual([expect.objectContaining({ provider: 'IAPTIC', event_id: id, type: 'purchases.updated' })]);
    expect(askedFor(ada.uid)).toBe(1);
  });

  it("the body's purchases are not trusted: iaptic's API says what the user has", async () => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), {});
    const forged = { ...h.iapticBody(ada.uid, note()), purchases: premiumYearly(purchaseId('apple')) };
    const res = await webhook(forged);
    expect(res.statusCode).toBe(200);
    expect(await h.rows(ada.uid)).toEqual([]);
    expect(await h.subscriptionOf(ada)).toBeNull();
    expect(askedFor(ada.uid)).toBe(1);
  });

  it('the user is whoever applicationUsername names, and only them', async () => {
    const ada = await h.payer();
    const bob = await h.payer({ first_name: 'Bob' });
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    await webhook(h.iapticBody(ada.uid, note()));
    expect(await h.rows(ada.uid)).toHaveLength(1);
    expect(await h.rows(bob.uid)).toEqual([]);
    expect(await h.subscriptionOf(bob)).toBeNull();
  });

  it('an expired old purchase and a current one: two rows, and access comes from the current one', async () => {
    const ada = await h.payer();
    const old = purchaseId('apple');
    const current = purchaseId('apple');
    h.iaptic.setPurchases(String(ada.uid), {
      basic: {
        purchaseId: old,
        productId: 'apple:basic',
        platform: 'apple',
        expirationDate: inDays(-40),
        renewalIntent: 'Lapse',
        isExpired: true,
      },
      ...premiumYearly(current),
    });
    expect((await webhook(h.iapticBody(ada.uid, note()))).statusCode).toBe(200);
    const rows = await h.rows(ada.uid);
    expect(rows.map((r) => [r.provider_ref, r.status, r.level]).sort()).toEqual(
      [
        [old, 'EXPIRED', 1],
        [current, 'ACTIVE', 2],
      ].sort(),
    );
    expect(await h.subIdOf(ada.uid)).toBe(rows.find((r) => r.provider_ref === current)!.sub_id);
    expect((await folderStatus(ada)).status).toBe(200);
  });

  it.each([
    ['a product no plan has', 'apple:gold_lifetime'],
    ['a team plan (not sold in the stores: no mobile id)', 'apple:team_yearly'],
    ['an academy plan key', 'google:academy_branding_yearly'],
    ['a product id in another case', 'apple:PREMIUM_YEARLY'],
    ['a store prefix with nothing after it', 'apple:'],
  ])('unknown product ids are ignored: %s (%s)', async (_what, productId) => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), {
      x: { purchaseId: purchaseId('apple'), productId, platform: 'apple', expirationDate: inDays(30), renewalIntent: 'Renew' },
    });
    const id = note();
    const subsBefore = (await snapshot()).subscriptions;
    const res = await webhook(h.iapticBody(ada.uid, id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect((await snapshot()).subscriptions).toEqual(subsBefore);
    expect(await h.subIdOf(ada.uid)).toBeNull();
    // The notification is acknowledged (a retry would change nothing either).
    expect(await eventRow(id)).toHaveLength(1);
  });

  it('an unknown product next to a known one: only the known one is stored', async () => {
    const ada = await h.payer();
    const known = purchaseId('google');
    h.iaptic.setPurchases(String(ada.uid), {
      gold: { purchaseId: purchaseId('google'), productId: 'google:gold_lifetime', platform: 'google', expirationDate: inDays(30) },
      premium: { purchaseId: known, productId: 'google:premium', platform: 'google', expirationDate: inDays(30), renewalIntent: 'Renew' },
      // No purchaseId: iaptic's answer is malformed and the adapter drops it.
      premium_yearly: { productId: 'google:premium_yearly', platform: 'google', expirationDate: inDays(300) },
    });
    expect((await webhook(h.iapticBody(ada.uid, note()))).statusCode).toBe(200);
    const rows = await h.rows(ada.uid);
    expect(rows.map((r) => [r.provider_ref, r.plan_index, r.source])).toEqual([[known, 2, 'IAPTIC_ANDROID']]);
  });
});

// --- once per notification id ------------------------------------------------------------------------

describe('iaptic webhook: each notification once', () => {
  it('the same notification id twice: the second answers duplicate, iaptic was asked once, nothing changes', async () => {
    const ada = await h.payer();
    const ref = purchaseId('apple');
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(ref));
    const id = note();
    const first = await webhook(h.iapticBody(ada.uid, id));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    // iaptic's state changes, but the replayed notification must not re-apply anything.
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(ref, { renewalIntent: 'Lapse' }));
    const before = await snapshot();
    const second = await webhook(h.iapticBody(ada.uid, id));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(askedFor(ada.uid)).toBe(1);
    expect(await snapshot()).toEqual(before);
    expect(await eventRow(id)).toHaveLength(1);
    // A new notification does apply the change.
    expect((await webhook(h.iapticBody(ada.uid, note()))).json()).toEqual({ received: true, duplicate: false });
    expect((await h.rows(ada.uid))[0]!.status).toBe('ACTIVE_EXPIRING');
    expect(askedFor(ada.uid)).toBe(2);
  });

  it('a notification id is per provider: a Stripe event with the same id does not make it a duplicate', async () => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const id = note();
    await h.server.db.insert(paymentEvents).values({ provider: 'STRIPE', event_id: id, type: 'customer.subscription.updated' });
    const res = await webhook(h.iapticBody(ada.uid, id));
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await h.rows(ada.uid)).toHaveLength(1);
  });

  it('without a notification id every delivery re-reads iaptic, and the purchase still keeps one row', async () => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const eventsBefore = (await snapshot()).events;
    expect((await webhook(h.iapticBody(ada.uid, null))).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(h.iapticBody(ada.uid, null))).json()).toEqual({ received: true, duplicate: false });
    expect(askedFor(ada.uid)).toBe(2);
    expect(await h.rows(ada.uid)).toHaveLength(1);
    expect((await snapshot()).events).toEqual(eventsBefore);
  });
});

// --- transitions ------------------------------------------------------------------------------------

describe('iaptic webhook: status transitions from the store', () => {
  it('ACTIVE -> ACTIVE_EXPIRING (Lapse) -> ACTIVE_GRACE (billing retry in the period) -> ON_HOLD (retry past it) -> EXPIRED', async () => {
    let ada = await h.payer();
    const ref = purchaseId('apple');
    const uid = String(ada.uid);
    const end = inDays(20);
    const step = async (purchase: Record<string, unknown>) => {
      h.iaptic.setPurchases(uid, { premium: { purchaseId: ref, productId: 'apple:premium', platform: 'apple', ...purchase } });
      const res = await webhook(h.iapticBody(ada.uid, note()));
      expect(res.statusCode).toBe(200);
      const rows = await h.rows(ada.uid);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    const active = await step({ expirationDate: end, renewalIntent: 'Renew', isExpired: false });
    expect(active).toMatchObject({ status: 'ACTIVE', renews: true, plan_index: 2 });
    expect((await folderStatus(ada)).status).toBe(200);

    const expiring = await step({ expirationDate: end, renewalIntent: 'Lapse', isExpired: false, cancelationReason: 'Customer' });
    expect(expiring).toMatchObject({ sub_id: active.sub_id, status: 'ACTIVE_EXPIRING', renews: false });
    expect((await folderStatus(ada)).status).toBe(200);

    // The customer turns renewal back on; at the period end the charge fails and the store gives a grace period.
    const graceEnd = inDays(26);
    h.server.clock.advance(20 * DAY);
    const grace = await step({ expirationDate: graceEnd, renewalIntent: 'Renew', isExpired: false, isBillingRetryPeriod: true });
    expect(grace).toMatchObject({ sub_id: active.sub_id, status: 'ACTIVE_GRACE', renews: true });
    expect(grace.expires_at!.toISOString()).toBe(graceEnd);
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'ACTIVE_GRACE', level: 2, source: 'IAPTIC_IOS' });
    expect((await folderStatus(ada)).status).toBe(200);

    // Past the grace period, still retrying: on hold, no premium.
    h.server.clock.advance(15 * DAY);
    ada = { ...ada, token: await issueTokenFor(h.server, ada.uid) };
    const hold = await step({ expirationDate: graceEnd, renewalIntent: 'Renew', isExpired: true, isBillingRetryPeriod: true });
    expect(hold).toMatchObject({ sub_id: active.sub_id, status: 'ON_HOLD', renews: true });
    expect(await folderStatus(ada)).toEqual({ status: 403, code: 'PREMIUM_REQUIRED' });

    // The store gives up.
    const expired = await step({
      expirationDate: graceEnd,
      renewalIntent: 'Lapse',
      isExpired: true,
      isBillingRetryPeriod: false,
      cancelationReason: 'System.BillingError',
    });
    expect(expired).toMatchObject({ sub_id: active.sub_id, status: 'EXPIRED', renews: false });
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'EXPIRED' });
    expect(await folderStatus(ada)).toEqual({ status: 403, code: 'PREMIUM_REQUIRED' });
  });

  it('ON_HOLD comes back to ACTIVE when the retry succeeds', async () => {
    const ada = await h.payer();
    const ref = purchaseId('google');
    h.iaptic.setPurchases(String(ada.uid), {
      premium: {
        purchaseId: ref,
        productId: 'google:premium',
        platform: 'google',
        expirationDate: inDays(-2),
        renewalIntent: 'Renew',
        isBillingRetryPeriod: true,
      },
    });
    await webhook(h.iapticBody(ada.uid, note()));
    expect((await h.rows(ada.uid))[0]!.status).toBe('ON_HOLD');
    expect((await folderStatus(ada)).status).toBe(403);
    h.iaptic.setPurchases(String(ada.uid), {
      premium: {
        purchaseId: ref,
        productId: 'google:premium',
        platform: 'google',
        expirationDate: inDays(28),
        renewalIntent: 'Renew',
        isBillingRetryPeriod: false,
      },
    });
    await webhook(h.iapticBody(ada.uid, note()));
    expect((await h.rows(ada.uid))[0]!.status).toBe('ACTIVE');
    expect((await folderStatus(ada)).status).toBe(200);
  });

  it.each([
    ['refunded', { isRefunded: true }],
    ['revoked by the developer', { cancelationReason: 'Developer', renewalIntent: 'Lapse' }],
    ['deleted by the store (System.Deleted)', { cancelationReason: 'System.Deleted', renewalIntent: 'Lapse' }],
  ])('%s -> INVALID, premium gone, and a later "renewing" state does not bring it back', async (_what, revoked) => {
    const ada = await h.payer();
    const ref = purchaseId('apple');
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(ref));
    await webhook(h.iapticBody(ada.uid, note()));
    expect((await folderStatus(ada)).status).toBe(200);

    h.iaptic.setPurchases(String(ada.uid), premiumYearly(ref, revoked));
    expect((await webhook(h.iapticBody(ada.uid, note()))).statusCode).toBe(200);
    const [row] = await h.rows(ada.uid);
    expect(row).toMatchObject({ status: 'INVALID', renews: false });
    expect(row!.refunded_at).toBeInstanceOf(Date);
    expect(await h.subscriptionOf(ada)).toMatchObject({ status: 'INVALID' });
    expect(await folderStatus(ada)).toEqual({ status: 403, code: 'PREMIUM_REQUIRED' });

    h.iaptic.setPurchases(String(ada.uid), premiumYearly(ref));
    await webhook(h.iapticBody(ada.uid, note()));
    expect(await h.rows(ada.uid)).toEqual([expect.objectContaining({ sub_id: row!.sub_id, status: 'INVALID', renews: false })]);
    expect((await folderStatus(ada)).status).toBe(403);
  });
});

// --- what is acknowledged, refused or retried -----------------------------------------------------------

describe('iaptic webhook: other bodies', () => {
  it.each([
    ['another type', { type: 'purchases.created' }],
    ['a test ping', { type: 'ping' }],
    ['the type in another case', { type: 'PURCHASES.UPDATED' }],
    ['an empty type', { type: '' }],
    ['no type', { type: undefined }],
  ])('%s -> 200 and nothing: no subscription, no event, iaptic not asked', async (_what, over) => {
    const ada = await h.payer();
    h.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const id = note();
    const before = await snapshot();
    const requestsBefore = h.iaptic.requests.length;
    const res = await webhook({ ...h.iapticBody(ada.uid, id), ...over });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await snapshot()).toEqual(before);
    expect(h.iaptic.requests.length).toBe(requestsBefore);
  });

  it.each<[string, unknown]>([
    ['letters', 'ada@example.test'],
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-12'],
    ['a leading zero', '012'],
    ['a decimal', '12.5'],
    ['an exponent', '1e3'],
    ['a leading space', ' 12'],
    ['a trailing newline', '12\n'],
    ['eleven digits', '12345678901'],
    ['a number, not a string', 12],
    ['null', null],
    ['missing', undefined],
  ])('applicationUsername %s (%j) -> 400 and nothing changes', async (_what, username) => {
    const before = await snapshot();
    const requestsBefore = h.iaptic.requests.length;
    const id = note();
    const res = await webhook({ ...h.iapticBody(1, id), applicationUsername: username });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'applicationUsername', in: 'body' }] });
    expect(await snapshot()).toEqual(before);
    expect(h.iaptic.requests.length).toBe(requestsBefore);
  });

  it('a uid with no user -> 200 and no subscription (iaptic holds purchases for it)', async () => {
    const ghost = 987_654;
    h.iaptic.setPurchases(String(ghost), premiumYearly(purchaseId('apple')));
    const before = await snapshot();
    const id = note();
    const res = await webhook(h.iapticBody(ghost, id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const after = await snapshot();
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(after.subIds).toEqual(before.subIds);
    // The notification is claimed, so iaptic's retry is a duplicate that changes nothing either.
    expect(await eventRow(id)).toHaveLength(1);
    expect((await webhook(h.iapticBody(ghost, id))).json()).toEqual({ received: true, duplicate: true });
  });

  it('a ten-digit uid beyond the user id column (2147483648) -> 200 and nothing, like any uid with no user', async () => {
    const ghost = '2147483648';
    h.iaptic.setPurchases(ghost, premiumYearly(purchaseId('apple')));
    const before = await snapshot();
    const res = await webhook({ ...h.iapticBody(1, note()), applicationUsername: ghost });
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await snapshot()).subscriptions).toEqual(before.subscriptions);
  });
});

// --- iaptic's API failing ------------------------------------------------------------------------------

/**
 * A loopback stand-in in front of a harness's fake iaptic: it forwards, or answers as a failing
 * iaptic would (500, wrong credentials, 404, a dropped connection).
 */
class IapticGate {
  mode: 'forward' | 'error' | 'wrong-credentials' | 'not-found' | 'drop' = 'forward';
  target = '';
  url = '';
  readonly requests: string[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.requests.push(`${this.mode} ${req.method} ${req.url}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.mode === 'error') return send(500, { ok: false, message: 'Internal error' });
      if (this.mode === 'not-found') return send(404, { ok: false, message: 'Not found' });
      if (this.mode === 'drop') return void req.socket.destroy();
      const authorization =
        this.mode === 'wrong-credentials'
          ? `Basic ${Buffer.from(`${IAPTIC_APP}:some-other-secret`).toString('base64')}`
          : String(req.headers.authorization ?? '');
      void fetch(`${this.target}${req.url}`, { headers: { authorization, accept: 'application/json' } })
        .then(async (answer) => send(answer.status, await answer.json()))
        .catch(() => send(502, { ok: false }));
    });
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }
}

describe("iaptic webhook: iaptic's API failing", () => {
  const gate = new IapticGate();
  let g: PaymentsHarness;
  beforeAll(async () => {
    await gate.start();
    g = await createPaymentsHarness({
      iaptic: { appName: IAPTIC_APP, secretKey: IAPTIC_SECRET, publicKey: 'iaptic-public', apiUrl: gate.url },
    });
    gate.target = g.iaptic.url;
  });
  afterAll(async () => {
    await g?.close();
    await gate.stop();
  });

  it("the gate forwards to the fake iaptic when told to (so the failures below are the gate's doing)", async () => {
    gate.mode = 'forward';
    const ada = await g.payer();
    g.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    const res = await webhookOn(g.server, g.iapticBody(ada.uid, note()));
    expect(res.statusCode).toBe(200);
    expect((await g.rows(ada.uid)).map((r) => r.status)).toEqual(['ACTIVE']);
  });

  it.each(['error', 'wrong-credentials', 'drop'] as const)(
    'iaptic %s -> 5xx, the notification id not stored, nothing changed; the retry applies',
    async (mode) => {
      const ada = await g.payer();
      g.iaptic.setPurchases(String(ada.uid), {
        premium: {
          purchaseId: purchaseId('google'),
          productId: 'google:premium',
          platform: 'google',
          expirationDate: inDays(30, g.server),
          renewalIntent: 'Renew',
        },
      });
      const id = note();
      const before = await snapshot(g.server);
      gate.mode = mode;
      const asked = gate.requests.length;
      const res = await webhookOn(g.server, g.iapticBody(ada.uid, id));
      expect(gate.requests.length).toBe(asked + 1);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.statusCode).toBeLessThan(600);
      expect(await snapshot(g.server)).toEqual(before);
      expect(await eventRow(id, g.server)).toEqual([]);

      // iaptic retries the same notification once its API is back.
      gate.mode = 'forward';
      const retry = await webhookOn(g.server, g.iapticBody(ada.uid, id));
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ received: true, duplicate: false });
      expect((await g.rows(ada.uid)).map((r) => [r.status, r.source])).toEqual([['ACTIVE', 'IAPTIC_ANDROID']]);
      expect(await eventRow(id, g.server)).toHaveLength(1);
    },
  );

  it('iaptic answering 404 for the customer means no purchases: 200, the notification stored, no subscription', async () => {
    const ada = await g.payer();
    g.iaptic.setPurchases(String(ada.uid), premiumYearly(purchaseId('apple')));
    gate.mode = 'not-found';
    const id = note();
    const res = await webhookOn(g.server, g.iapticBody(ada.uid, id));
    gate.mode = 'forward';
    expect(res.statusCode).toBe(200);
    expect(await g.rows(ada.uid)).toEqual([]);
    expect(await eventRow(id, g.server)).toHaveLength(1);
  });
});

describe('iaptic webhook: not configured', () => {
  it('without iaptic keys the webhook answers 503 PAYMENTS_NOT_CONFIGURED and stores nothing', async () => {
    const off = await createPaymentsHarness({ iaptic: null });
    try {
      const ada = await off.payer();
      const before = await snapshot(off.server);
      const res = await webhookOn(off.server, off.iapticBody(ada.uid, note()));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
      expect(await snapshot(off.server)).toEqual(before);
      expect(
        ((await off.server.app.inject({ method: 'GET', url: '/v4/plans' })).json() as { payments: { iaptic: unknown } }).payments.iaptic,
      ).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe('a purchase restored under another account', () => {
  it("moves to the new account, and the old purchaser's access is worked out again", async () => {
    const first = await h.payer({ first_name: 'Ann' });
    const second = await h.payer({ first_name: 'Ben' });
    const id = purchaseId('apple');
    h.iaptic.setPurchases(String(first.uid), premiumYearly(id));
    expect((await webhook(h.iapticBody(first.uid, note()))).statusCode).toBe(200);
    expect((await h.subscriptionOf(first))!.status).toBe('ACTIVE');
    h.iaptic.setPurchases(String(second.uid), premiumYearly(id));
    expect((await webhook(h.iapticBody(second.uid, note()))).statusCode).toBe(200);
    expect((await h.subscriptionOf(second))!.status).toBe('ACTIVE');
    expect(await h.subscriptionOf(first)).toBeNull();
    expect(await h.subIdOf(first.uid)).toBeNull();
  });
});
