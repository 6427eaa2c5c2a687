import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { createIapticApi } from '../../integrations/payments/iaptic-api.ts';
import { createStripeApi, type StripeApi } from '../../integrations/payments/stripe-api.ts';
import { FakeStripe } from '../../integrations/payments/stripe-fake.ts';
import type { App, AppContext } from '../../platform/app-context.ts';
import type { OrgsAccess } from '../orgs/orgs.module.ts';
import { DemoPayments } from './demo-payments.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { PaymentsService, type PaymentsNotifier } from './payments.service.ts';

/*
 * The payments module's public face: plans, checkout, the provider webhooks, the demo checkout and
 * the subscription sweep. Other modules reach it only through the interfaces below.
 */

export type { PaymentNotice, PaymentsNotifier } from './payments.service.ts';

/** The subscription sweep, run as a job: period ends, SUB_EXPIRING and SUB_EXPIRED notices. */
export interface SubscriptionSweep {
  sweep(): Promise<{ expired: number; expiring_notices: number; expired_notices: number }>;
  /** Called after a webhook changed a status, so the sweep can be queued at once rather than at the next minute. */
  onStatusChange: (() => void) | null;
}

/** Whether an account may be deleted as far as its purchases go (a 409 ApiError when not). */
export interface PurchaserGuard {
  /**
   * Refuses a purchaser whose subscription renews (it would charge on with no account to cancel it
   * from), and the purchaser of an active organisation subscription (its members would be stranded).
   */
  assertMayDeleteAccount(tx: Database, uid: number): Promise<void>;
}

/** What payments need from outside. */
export interface PaymentsUses {
  /** The sweep's notices, added in its transaction. */
  notifier: PaymentsNotifier;
  /** Access is worked out again for the purchaser and every member a changed subscription serves. */
  orgs: OrgsAccess;
  /** Where the /v4 routes are mounted: the demo checkout delivers its events to `<apiPrefix>/payments/stripe/webhook`. */
  apiPrefix: string;
}

/**
 * Built in two steps because the sweep and the deletion guard are needed before the /v4 routes
 * exist: the service at once, the routes when `register` is called.
 */
export interface PaymentsModule {
  sweep: SubscriptionSweep;
  guard: PurchaserGuard;
  /** GET /plans, /payments/stripe/* (checkout, portal, webhook), /payments/iaptic/webhook and the demo checkout and portal. */
  register(v4: App): Promise<void>;
}

/**
 * Payments: Stripe when its keys are set; otherwise, with DEMO_PAYMENTS, a fake Stripe in this
 * process whose events are signed and delivered to the real webhook route (through `app.inject`,
 * so `app` is the root app); iaptic when its keys are set.
 */
export async function createPaymentsModule(app: App, ctx: AppContext, uses: PaymentsUses): Promise<PaymentsModule> {
  const { config, clock } = ctx;
  const repository = new PaymentsRepository(ctx.db);
  let stripe: StripeApi | null = null;
  let demo: DemoPayments | null = null;
  if (config.payments.stripe) {
    stripe = createStripeApi({ ...config.payments.stripe, clock });
  } else if (config.payments.demo) {
    const secretKey = `sk_demo_${randomUUID().replaceAll('-', '')}`;
    const webhookSecret = `whsec_demo_${randomUUID().replaceAll('-', '')}`;
    const fake = new FakeStripe({
      secretKey,
      webhookSecret,
      pageUrl: `${config.publicUrl}/subscriptions`,
      clock,
      stateFile: path.join(config.dataDir, 'demo-stripe.json'),
    });
    await fake.start();
    app.addHook('onClose', async () => fake.stop());
    stripe = createStripeApi({ secretKey, webhookSecret, apiUrl: fake.url, clock });
    const deliver = async (payload: string, signature: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `${uses.apiPrefix}/payments/stripe/webhook`,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode;
    demo = new DemoPayments({ fake, repository, deliver });
  }
  const iapticConfig = config.payments.iaptic;
  const payments = new PaymentsService({
    repository,
    config: config.payments,
    stripe,
    iaptic: iapticConfig
      ? createIapticApi({ appName: iapticConfig.appName, secretKey: iapticConfig.secretKey, apiUrl: iapticConfig.apiUrl })
      : null,
    notifier: uses.notifier,
    refreshAccess: (tx, uid) => uses.orgs.refreshAccess(tx, uid),
    clock,
    publicUrl: config.publicUrl,
    appOrigins: config.corsOrigins,
    log: ctx.log,
  });
  return {
    sweep: payments,
    guard: payments,
    async register(v4) {
      await v4.register(paymentsRoutes, { payments, demo, requireUser: ctx.requireUser });
    },
  };
}
