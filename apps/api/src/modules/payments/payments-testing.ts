import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { PLAN_CATALOGUE, planKey } from '@holeout/golf';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../config.ts';
import { notifications, subscriptions, users } from '../../db/schema/index.ts';
import { FakeIaptic } from '../../integrations/payments/iaptic-api.ts';
import { FakeStripe } from '../../integrations/payments/stripe-fake.ts';
import { buildUser, issueTokenFor, type BuiltUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

export const STRIPE_KEY = 'sk_test_holeout_fake_0123456789';
export const WEBHOOK_SECRET = 'whsec_holeout_test_secret';
export const IAPTIC_APP = 'com.holeout.test';
export const IAPTIC_SECRET = 'iaptic-secret-0123456789abcdef';

/** Stripe price ids of the fake, by plan key (price_premium_yearly, ...). */
export const PRICES = Object.fromEntries(PLAN_CATALOGUE.map((p) => [planKey(p), `price_${planKey(p)}`]));

export type Payer = BuiltUser & { token: string };

/**
 * A test server whose Stripe and iaptic are loopback fakes (the real adapters talk to them over
 * HTTP) and helpers to act as a customer, as Stripe (signed events) and as iaptic.
 */
export interface PaymentsHarness {
  server: TestServer;
  stripe: FakeStripe;
  iaptic: FakeIaptic;
  close(): Promise<void>;
  payer(over?: { is_coach?: boolean; first_name?: string }): Promise<Payer>;
  /** POST with the payer's token. */
  post(who: Payer, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(who: Payer, url: string): Promise<LightMyRequestResponse>;
  /** Delivers events to the webhook, signed as Stripe signs them (or with another secret); answers the responses. */
  deliver(events: Stripe.Event[], secret?: string): Promise<Array<{ status: number; body: unknown }>>;
  /** Checkout for a plan and pay it: answers the Stripe subscription id. */
  subscribe(who: Payer, planIndex: number): Promise<string>;
  /** The payer's subscription rows, newest first. */
  rows(uid: number): Promise<Array<typeof subscriptions.$inferSelect>>;
  /** The user's sub_id now. */
  subIdOf(uid: number): Promise<number | null>;
  /** What GET /account/subscription says for the payer. */
  subscriptionOf(who: Payer): Promise<{ status: string; level: number; source: string } | null>;
  noticesOf(uid: number): Promise<Array<{ type: string; title: string }>>;
  /** The iaptic webhook body for a user. */
  iapticBody(uid: number, notificationId: string | null, password?: string): Record<string, unknown>;
}

export async function createPaymentsHarness(
  overrides: Partial<PaymentsConfig> = {},
  /** Other origins the app is served from (CORS_ORIGINS). */
  corsOrigins: string[] = [],
): Promise<PaymentsHarness> {
  const stripe = new FakeStripe({ secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, pageUrl: 'http://localhost:3000/subscriptions' });
  const iaptic = new FakeIaptic({ appName: IAPTIC_APP, secretKey: IAPTIC_SECRET });
  const [stripeUrl, iapticUrl] = await Promise.all([stripe.start(), iaptic.start()]);
  const payments: PaymentsConfig = {
    stripe: { secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripeUrl, prices: PRICES },
    iaptic: { appName: IAPTIC_APP, secretKey: IAPTIC_SECRET, publicKey: 'iaptic-public', apiUrl: iapticUrl },
    demo: false,
    ...overrides,
  };
  const server = await createTestServer({ config: { payments, corsOrigins } });
  // The fake Stripe keeps its periods on the server's test clock.
  stripe.clock = server.clock.now;
  const inject = (who: Payer, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/v4${url}`,
      headers: bearer(who.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const harness: PaymentsHarness = {
    server,
    stripe,
    iaptic,
    async close() {
      await server.close();
      await Promise.all([stripe.stop(), iaptic.stop()]);
    },
    async payer(over = {}) {
      const user = await buildUser(server.db, {
        first_name: over.first_name ?? 'Ada',
        last_name: 'Payer',
        is_coach: over.is_coach ?? false,
      });
      return { ...user, token: await issueTokenFor(server, user.uid) };
    },
    post: (who, url, payload) => inject(who, 'POST', url, payload),
    get: (who, url) => inject(who, 'GET', url),
    async deliver(events, secret) {
      const out: Array<{ status: number; body: unknown }> = [];
      for (const event of events) {
        const { payload, signature } = stripe.signedEvent(event, secret);
        const res = await server.app.inject({
          method: 'POST',
          url: '/v4/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    },
    async subscribe(who, planIndex) {
      const res = await inject(who, 'POST', '/payments/stripe/checkout', { plan: planIndex });
      if (res.statusCode !== 200) throw new Error(`checkout answered ${res.statusCode} ${res.body}`);
      const session = new URL((res.json() as { url: string }).url).searchParams.get('demo_checkout')!;
      const events = stripe.completeCheckout(session);
      const answers = await harness.deliver(events);
      if (answers.some((a) => a.status !== 200)) throw new Error(`webhook answered ${JSON.stringify(answers)}`);
      const customer = stripe.customerOfSession(session)!;
      return stripe.latestSubscriptionOf(customer)!;
    },
    rows: (uid) =>
      server.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.purchaser, uid))
        .orderBy(subscriptions.sub_id)
        .then((r) => r.reverse()),
    async subIdOf(uid) {
      const [row] = await server.db.select({ sub_id: users.sub_id }).from(users).where(eq(users.uid, uid));
      return row?.sub_id ?? null;
    },
    async subscriptionOf(who) {
      const res = await inject(who, 'GET', '/account/subscription');
      return res.json() as { status: string; level: number; source: string } | null;
    },
    noticesOf: (uid) =>
      server.db
        .select({ type: notifications.type, title: notifications.title })
        .from(notifications)
        .where(eq(notifications.uid, uid))
        .orderBy(notifications.notify_id),
    iapticBody: (uid, notificationId, password = IAPTIC_SECRET) => ({
      type: 'purchases.updated',
      applicationUsername: String(uid),
      password,
      purchases: {},
      ...(notificationId ? { notification: { id: notificationId, reason: 'RENEWED', date: new Date().toISOString() } } : {}),
    }),
  };
  return harness;
}
