import { createHash, timingSafeEqual } from 'node:crypto';
import {
  isActiveStatus,
  PLAN_CATALOGUE,
  planByKey,
  planKey,
  planTitle,
  type NotificationType,
  type Plan,
  type SubscriptionStatus,
} from '@holeout/golf';
import type { PlanBody, PlansResponse, RedirectResponse, WebhookResponse } from '@holeout/contracts';
import type { PaymentsConfig } from '../../config.ts';
import type { IapticApi } from '../../integrations/payments/iaptic-api.ts';
import type { StripeApi, StripeEventRef } from '../../integrations/payments/stripe-api.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import {
  iapticProductId,
  iapticSource,
  iapticStatus,
  stripeRenews,
  stripeStatus,
  type IapticPurchase,
  type StripeSubscriptionState,
} from './payment-status.ts';
import type { PaymentsRepository, ProviderSubscription, SubscriptionRow, Tx } from './payments.repository.ts';
import type { Caller } from '../auth/auth.module.ts';

/** A subscription that will not renew gets its SUB_EXPIRING notice 7 days before it ends. */
export const EXPIRING_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;
/** SUB_EXPIRED is sent for subscriptions that ended within this long (a sweep after downtime still tells them). */
const EXPIRED_LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;
/** The largest uid there can be (users.uid is a PostgreSQL integer). */
const MAX_UID = 2_147_483_647;

/** Stripe events whose object leads to a subscription to re-sync; any other type is recorded and ignored. */
const STRIPE_SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
]);
const STRIPE_INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.payment_action_required',
  'invoice.marked_uncollectible',
]);

/** A notification to create in the transaction of what caused it. */
export interface PaymentNotice {
  uid: number;
  type: NotificationType;
  title: string;
  body: string;
  /** An app path without its leading slash, with its query. */
  nav_loc: string;
}

/** What payments need of the notifications: the sweep's notices added in its transaction (the notifier's pump mails them). */
export interface PaymentsNotifier {
  add(tx: Tx, notices: readonly PaymentNotice[]): Promise<void>;
}

export interface PaymentsDeps {
  repository: PaymentsRepository;
  config: PaymentsConfig;
  /** Stripe, or the in-process fake in demo mode; null when neither is configured. */
  stripe: StripeApi | null;
  iaptic: IapticApi | null;
  notifier: PaymentsNotifier;
  /** Works out again where each user's access comes from (the orgs module's OrgsAccess.refreshAccess). */
  refreshAccess: (tx: Tx, uid: number) => Promise<void>;
  clock: () => Date;
  publicUrl: string;
  /** Other origins the app is served from (CORS_ORIGINS): a checkout or portal started there returns there. */
  appOrigins?: readonly string[];
  log: { warn(details: Record<string, unknown>, message: string): void; info(details: Record<string, unknown>, message: string): void };
}

const dateText = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Equal-length digests compared in constant time: neither the secret's content nor its length leaks through timing. */
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Plans, checkout and the subscription lifecycle. The truth lives with the provider:
 * a webhook is verified, its id claimed once, and the subscription it names is fetched from the
 * provider and stored as the provider has it; access (premium, seats, branding) follows the stored
 * status through the orgs module's refreshAccess.
 */
export class PaymentsService {
  /** Called after a webhook changed a status: server.ts queues a sweep, so a notice need not wait for the minute's. */
  onStatusChange: (() => void) | null = null;

  constructor(private readonly deps: PaymentsDeps) {}

  private get repo() {
    return this.deps.repository;
  }

  // --- plans -----------------------------------------------------------------------------------

  /** The Stripe price of a plan on this server, if it is sold on the web. */
  private priceOf(plan: Plan): string | null {
    if (this.deps.config.stripe) return this.deps.config.stripe.prices[planKey(plan)] ?? null;
    return this.deps.config.demo ? `price_demo_${planKey(plan)}` : null;
  }

  /** GET /plans: every plan of the catalogue (PLAN_CATALOGUE), whether it is sold on the web here, and how this server takes payments. */
  plans(): PlansResponse {
    const plans: PlanBody[] = PLAN_CATALOGUE.map((p) => ({
      index: p.index,
      key: planKey(p),
      mobile_id: p.mobile_id ?? null,
      level: p.level,
      is_coach: p.is_coach,
      period: p.period,
      price: p.price,
      num_coach: p.num_coach,
      num_basic: p.num_basic,
      num_premium: p.num_premium,
      has_branding: p.has_branding ?? false,
      web: this.priceOf(p) !== null,
    }));
    const { iaptic } = this.deps.config;
    return {
      plans,
      payments: {
        stripe: this.deps.config.stripe !== null,
        demo: this.deps.config.demo,
        iaptic: iaptic ? { app_name: iaptic.appName, public_key: iaptic.publicKey ?? null } : null,
      },
    };
  }

  private requireStripe(): StripeApi {
    if (!this.deps.stripe) throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
    return this.deps.stripe;
  }

  // --- checkout and portal -----------------------------------------------------------------------

  /** The user's Stripe customer, made at their first checkout. */
  private async stripeCustomer(caller: Caller, stripe: StripeApi): Promise<string> {
    const existing = await this.repo.customerOf(caller.uid, 'STRIPE');
    if (existing) return existing;
    // The caller's row came with the token: its e-mail is current.
    const created = await stripe.createCustomer({ uid: caller.uid, email: caller.user.email });
    return this.repo.saveCustomer(caller.uid, 'STRIPE', created.id);
  }

  /** POST /payments/stripe/checkout: a Stripe Checkout session for the plan; the answer is where to send the browser. */
  /**
   * The Subscribe page to come back to from Stripe: on the origin the request came from (its Origin
   * header) when that is an address of this app: the public URL's, one of CORS_ORIGINS, or the address
   * the request itself reached (a same-origin call), over http(s);
   * so a user who opened the app at another address than PUBLIC_URL comes back to their session; the
   * public URL otherwise. Never any other origin (no open redirect).
   */
  subscriptionsPage(origin: string | undefined, servedAt?: string): string {
    const own = new URL(this.deps.publicUrl).origin;
    // The address this request reached the server at serves the app too (a same-origin call from it).
    const allowed = new Set([
      own,
      ...[...(this.deps.appOrigins ?? []), ...(servedAt ? [servedAt] : [])].filter((o) => /^https?:\/\//.test(o)),
    ]);
    const base = origin !== undefined && allowed.has(origin) ? origin : this.deps.publicUrl.replace(/\/+$/, '');
    return `${base}/subscriptions`;
  }

  async checkout(caller: Caller, planIndex: number, origin?: string, servedAt?: string): Promise<RedirectResponse> {
    const stripe = this.requireStripe();
    const plan = PLAN_CATALOGUE[planIndex];
    if (!plan) throw new ApiError(400, 'VALIDATION_ERROR', 'plan: no such plan', [{ field: 'plan', message: 'no such plan', in: 'body' }]);
    const price = this.priceOf(plan);
    if (!price) throw new ApiError(409, 'CONFLICT', 'This plan is not sold on the web on this server. Subscribe in the mobile app.');
    if (plan.is_coach && !caller.user.is_coach) {
      throw new ApiError(
        403,
        'FORBIDDEN',
        'Coach, team and academy plans are for coaches. A player joins an organisation and gets a premium seat from it.',
      );
    }
    // One paid subscription at a time: a second would bill twice. A plan change goes through the portal (web) or the store.
    const own = await this.repo.ownSubscriptions(caller.uid);
    const active = (row: SubscriptionRow) => isActiveStatus(row.status as SubscriptionStatus);
    const onWeb = own.find((row) => row.source === 'STRIPE' && (active(row) || row.status === 'ON_HOLD'));
    if (onWeb) {
      throw new ApiError(
        409,
        'CONFLICT',
        onWeb.status === 'ON_HOLD'
          ? 'Your subscription is on hold because a payment failed. Update the payment in Manage subscription.'
          : 'You already have a subscription bought on the web. Change or cancel it with Manage subscription.',
      );
    }
    const inStore = own.find((row) => (row.source === 'IAPTIC_IOS' || row.source === 'IAPTIC_ANDROID') && active(row));
    if (inStore) {
      throw new ApiError(
        409,
        'CONFLICT',
        `You already have a subscription bought in ${inStore.source === 'IAPTIC_IOS' ? 'the App Store' : 'Google Play'}. Change or cancel it there.`,
      );
    }
    const customer = await this.stripeCustomer(caller, stripe);
    const page = this.subscriptionsPage(origin, servedAt);
    const session = await stripe.createCheckoutSession({
      customer,
      price,
      planKey: planKey(plan),
      uid: caller.uid,
      successUrl: `${page}?checkout=success`,
      cancelUrl: `${page}?checkout=cancelled`,
    });
    return { url: session.url };
  }

  /** POST /payments/stripe/portal: Stripe's customer portal, to change or cancel. */
  async portal(caller: Caller, origin?: string, servedAt?: string): Promise<RedirectResponse> {
    const stripe = this.requireStripe();
    const customer = await this.repo.customerOf(caller.uid, 'STRIPE');
    if (!customer) throw notFound('You have no subscription bought on the web to manage.');
    return stripe.createPortalSession({ customer, returnUrl: this.subscriptionsPage(origin, servedAt) });
  }

  // --- Stripe webhook ------------------------------------------------------------------------------

  /** POST /payments/stripe/webhook: verify, claim the event id once, re-sync what it names from Stripe. */
  async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResponse> {
    const stripe = this.requireStripe();
    let event: StripeEventRef;
    try {
      if (!signature) throw new Error('no signature');
      event = stripe.verifyEvent(rawBody, signature);
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', 'The Stripe-Signature header does not verify against this body.');
    }
    if (await this.repo.eventSeen('STRIPE', event.id)) return { received: true, duplicate: true };
    // Fetch first, outside any transaction: the provider's answer is the state to store.
    const fetchedAt = this.deps.clock();
    const target = await this.stripeTarget(stripe, event);
    const state = target.subscriptionId ? await stripe.retrieveSubscription(target.subscriptionId) : null;
    const changed = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.claimEvent(tx, 'STRIPE', event.id, event.type, fetchedAt))) return null;
      return state ? this.applyStripe(tx, state, fetchedAt, target.refunded) : [];
    });
    if (changed === null) return { received: true, duplicate: true };
    if (changed.length > 0) this.onStatusChange?.();
    return { received: true, duplicate: false };
  }

  /** The subscription an event is about (fetching its object by id: nothing else in the event is trusted). */
  private async stripeTarget(stripe: StripeApi, event: StripeEventRef): Promise<{ subscriptionId: string | null; refunded: boolean }> {
    const none = { subscriptionId: null, refunded: false };
    if (!event.objectId) return none;
    if (STRIPE_SUBSCRIPTION_EVENTS.has(event.type)) return { subscriptionId: event.objectId, refunded: false };
    if (event.type === 'checkout.session.completed') {
      const session = await stripe.retrieveCheckoutSession(event.objectId);
      return { subscriptionId: session?.subscription ?? null, refunded: false };
    }
    if (STRIPE_INVOICE_EVENTS.has(event.type)) {
      const invoice = await stripe.retrieveInvoice(event.objectId);
      return { subscriptionId: invoice?.subscription ?? null, refunded: false };
    }
    if (event.type === 'charge.refunded') {
      // The subscription whose invoice the charge paid, not merely the customer's newest one.
      const charge = await stripe.retrieveCharge(event.objectId);
      return charge?.fullyRefunded && charge.subscription ? { subscriptionId: charge.subscription, refunded: true } : none;
    }
    return none;
  }

  /** The plan a Stripe subscription is for: by its price, else by the plan key we put in its metadata at checkout. */
  private stripePlan(state: StripeSubscriptionState): Plan | undefined {
    const { stripe } = this.deps.config;
    // With real Stripe only the configured prices count: a plan changed in the portal changes the price, not our metadata.
    if (stripe) return planByKey(Object.entries(stripe.prices).find(([, price]) => price === state.price_id)?.[0] ?? '');
    return state.price_id?.startsWith('price_demo_') ? planByKey(state.price_id.slice('price_demo_'.length)) : undefined;
  }

  private async applyStripe(tx: Tx, state: StripeSubscriptionState, fetchedAt: Date, refunded: boolean): Promise<SubscriptionRow[]> {
    const uid = await this.repo.uidOfCustomer('STRIPE', state.customer, tx);
    const plan = this.stripePlan(state);
    if (uid === null || !plan) {
      this.deps.log.warn(
        { subscription: state.id, known_customer: uid !== null, known_plan: plan !== undefined },
        'a Stripe subscription names no known customer or plan; ignored',
      );
      return [];
    }
    const status = stripeStatus(state, refunded);
    // An ended subscription ends at its period end, unless it was ended before it (cancelled at once):
    // the end, and so the SUB_EXPIRED sent for it, stays put when Stripe's deletion comes a little after the sweep's.
    const endedEarly =
      status === 'EXPIRED' && state.ended_at !== null && (state.current_period_end === null || state.ended_at < state.current_period_end);
    // A cancellation set for a date within this period ends it then; one later lets it renew until then.
    const cancelsThisPeriod = status === 'ACTIVE_EXPIRING' && !state.cancel_at_period_end && state.cancel_at !== null;
    const end = endedEarly ? state.ended_at : cancelsThisPeriod ? state.cancel_at : state.current_period_end;
    return this.store(
      tx,
      {
        source: 'STRIPE',
        provider_ref: state.id,
        customer_ref: state.customer,
        purchaser: uid,
        plan_index: plan.index,
        level: plan.level,
        has_branding: plan.has_branding ?? false,
        status,
        renews: stripeRenews(state),
        expires_at: end ? new Date(end * 1000) : null,
        refunded,
      },
      fetchedAt,
    );
  }

  /** Stores a provider's state; when access may have changed, works out everyone's access again. */
  private async store(tx: Tx, state: ProviderSubscription, fetchedAt: Date): Promise<SubscriptionRow[]> {
    const applied = await this.repo.applyProviderState(tx, state, fetchedAt);
    if (!applied) return [];
    const { before, after } = applied;
    const accessChanged =
      !before ||
      before.status !== after.status ||
      before.level !== after.level ||
      before.has_branding !== after.has_branding ||
      before.purchaser !== after.purchaser;
    if (accessChanged) {
      const served = await this.repo.usersServedBy(tx, after);
      // A purchase restored under another account leaves its old purchaser: their access is worked out again too.
      if (before && before.purchaser !== after.purchaser) served.push(before.purchaser);
      for (const uid of served) await this.deps.refreshAccess(tx, uid);
      this.deps.log.info(
        { sub_id: after.sub_id, from: before?.status ?? null, to: after.status, source: after.source },
        'subscription status',
      );
    }
    return accessChanged ? [after] : [];
  }

  // --- iaptic webhook ------------------------------------------------------------------------------

  /** POST /payments/iaptic/webhook: the shared secret, once per notification id, then a re-sync from iaptic's customer API. */
  async iapticWebhook(body: unknown): Promise<WebhookResponse> {
    const config = this.deps.config.iaptic;
    if (!config || !this.deps.iaptic)
      throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', 'In-app purchases are not configured on this server.');
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof b.password !== 'string' || !secretsMatch(b.password, config.secretKey)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'The webhook secret does not match.');
    }
    // iaptic may add types; any other is acknowledged and ignored, as its documentation asks.
    if (b.type !== 'purchases.updated') return { received: true, duplicate: false };
    const username = typeof b.applicationUsername === 'string' ? b.applicationUsername : '';
    const uid = /^[1-9]\d{0,9}$/.test(username) ? Number(username) : null;
    if (uid !== null && uid > MAX_UID) {
      // Shaped like a uid but past PostgreSQL's integer: no user has it.
      this.deps.log.warn({}, 'an iaptic notification names no user; ignored');
      return { received: true, duplicate: false };
    }
    if (uid === null)
      throw new ApiError(400, 'VALIDATION_ERROR', 'applicationUsername: the Holeout user id the app set', [
        { field: 'applicationUsername', message: 'not a user id', in: 'body' },
      ]);
    const notification = (typeof b.notification === 'object' && b.notification !== null ? b.notification : {}) as Record<string, unknown>;
    const notificationId =
      typeof notification.id === 'string' && notification.id.length > 0 && notification.id.length <= 200 ? notification.id : null;
    if (notificationId && (await this.repo.eventSeen('IAPTIC', notificationId))) return { received: true, duplicate: true };
    const fetchedAt = this.deps.clock();
    const purchases = await this.deps.iaptic.customerPurchases(username);
    const result = await this.repo.transaction(async (tx) => {
      if (notificationId && !(await this.repo.claimEvent(tx, 'IAPTIC', notificationId, 'purchases.updated', fetchedAt))) return null;
      if (!(await this.repo.userExists(uid, tx))) {
        this.deps.log.warn({ uid }, 'an iaptic notification names no user; ignored');
        return [];
      }
      const changed: SubscriptionRow[] = [];
      for (const purchase of purchases) changed.push(...(await this.applyIaptic(tx, uid, username, purchase, fetchedAt)));
      return changed;
    });
    if (result === null) return { received: true, duplicate: true };
    if (result.length > 0) this.onStatusChange?.();
    return { received: true, duplicate: false };
  }

  private async applyIaptic(tx: Tx, uid: number, username: string, purchase: IapticPurchase, fetchedAt: Date): Promise<SubscriptionRow[]> {
    const plan = PLAN_CATALOGUE.find((p) => p.mobile_id !== undefined && p.mobile_id === iapticProductId(purchase.productId));
    if (!plan) return [];
    const status = iapticStatus(purchase, fetchedAt);
    const expires = purchase.expirationDate ? new Date(purchase.expirationDate) : null;
    return this.store(
      tx,
      {
        source: iapticSource(purchase),
        provider_ref: purchase.purchaseId,
        customer_ref: username,
        purchaser: uid,
        plan_index: plan.index,
        level: plan.level,
        has_branding: plan.has_branding ?? false,
        status,
        renews: status === 'ACTIVE' || status === 'ACTIVE_GRACE' || status === 'ON_HOLD',
        expires_at: expires && Number.isFinite(expires.getTime()) ? expires : null,
        refunded: status === 'INVALID',
      },
      fetchedAt,
    );
  }

  // --- the sweep (a job) -------------------------------------------------------------------------

  /**
   * Ends the non-renewing subscriptions whose period is over, and sends SUB_EXPIRING (7 days
   * before such an end) and SUB_EXPIRED (once it has ended), each once per period end. Safe to run
   * in several processes at once: every step claims its rows with a conditional update.
   */
  async sweep(): Promise<{ expired: number; expiring_notices: number; expired_notices: number }> {
    const now = this.deps.clock();
    return this.repo.transaction(async (tx) => {
      const expired = await this.repo.expireEnded(tx, now);
      for (const row of expired) for (const uid of await this.repo.usersServedBy(tx, row)) await this.deps.refreshAccess(tx, uid);
      const expiring = await this.repo.claimExpiringNotices(tx, now, EXPIRING_NOTICE_MS);
      const ended = await this.repo.claimExpiredNotices(tx, now, EXPIRED_LOOK_BACK_MS);
      const notices: PaymentNotice[] = [
        ...(await Promise.all(expiring.map((row) => this.expiringNotice(tx, row)))),
        ...(await Promise.all(ended.map((row) => this.expiredNotice(tx, row)))),
      ];
      await this.deps.notifier.add(tx, notices);
      return { expired: expired.length, expiring_notices: expiring.length, expired_notices: ended.length };
    });
  }

  private async orgLine(tx: Tx, row: SubscriptionRow): Promise<string> {
    const org = await this.repo.orgOf(tx, row.sub_id);
    return org ? ` Your organisation ${org.name} and its members' seats depend on it.` : '';
  }

  private async expiringNotice(tx: Tx, row: SubscriptionRow): Promise<PaymentNotice> {
    return {
      uid: row.purchaser,
      type: 'SUB_EXPIRING',
      title: `Your ${planTitle(row)} subscription ends on ${dateText(row.expires_at!)}`,
      body: `It will not renew.${await this.orgLine(tx, row)} Renew it on the Subscribe page to keep your access.`,
      nav_loc: 'subscriptions',
    };
  }

  private async expiredNotice(tx: Tx, row: SubscriptionRow): Promise<PaymentNotice> {
    return {
      uid: row.purchaser,
      type: 'SUB_EXPIRED',
      title: `Your ${planTitle(row)} subscription has ended`,
      body: `It ended on ${dateText(row.expires_at!)}.${await this.orgLine(tx, row)} Subscribe again to get your access back.`,
      nav_loc: 'subscriptions',
    };
  }

  // --- account deletion ----------------------------------------------------------------------------

  /**
   * Refuses to delete a purchaser whose subscription renews (it would charge on with no account to
   * cancel it from), and the purchaser of an active organisation subscription (its members would be stranded).
   */
  async assertMayDeleteAccount(tx: Tx, uid: number): Promise<void> {
    const held = await this.repo.activeOrgSubscriptionOf(tx, uid);
    if (held) {
      throw new ApiError(
        409,
        'CONFLICT',
        `You bought the subscription of ${held.name}, which its members' seats use. Cancel it first (Subscribe, then Manage subscription); you can delete your account once it has ended.`,
      );
    }
    // A bought subscription that will charge again would go on charging with nobody to manage it.
    const billing = (await this.repo.ownSubscriptions(uid, tx)).find(
      (row) => row.renews && row.source !== 'OTHER' && ['ACTIVE', 'ACTIVE_GRACE'].includes(row.status),
    );
    if (billing) {
      const where =
        billing.source === 'STRIPE'
          ? 'Subscribe, then Manage subscription'
          : billing.source === 'IAPTIC_ANDROID' || billing.source === 'ANDROID'
            ? 'Google Play'
            : 'the App Store';
      throw new ApiError(
        409,
        'CONFLICT',
        `Your subscription renews and would go on charging you. Cancel it first (${where}); you can delete your account once it will not renew.`,
      );
    }
  }
}
