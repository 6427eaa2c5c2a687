import Stripe from 'stripe';
import type { StripeSubscriptionState } from '../../modules/payments/payment-status.ts';

/** A verified webhook event: only its id, type and the id of the object it is about are trusted. */
export interface StripeEventRef {
  id: string;
  type: string;
  objectId: string | null;
}

/** What Holeout asks of Stripe; the real adapter below, and tests point it at a loopback fake. */
export interface StripeApi {
  /** Checks the Stripe-Signature header against the raw body; throws when it does not verify. */
  verifyEvent(rawBody: Buffer, signature: string): StripeEventRef;
  createCustomer(input: { uid: number; email: string }): Promise<{ id: string }>;
  createCheckoutSession(input: {
    customer: string;
    price: string;
    planKey: string;
    uid: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customer: string; returnUrl: string }): Promise<{ url: string }>;
  /** null when Stripe has no such subscription. */
  retrieveSubscription(id: string): Promise<StripeSubscriptionState | null>;
  retrieveCheckoutSession(id: string): Promise<{ subscription: string | null; customer: string | null } | null>;
  retrieveInvoice(id: string): Promise<{ subscription: string | null; customer: string | null } | null>;
  /** A charge, with the subscription of the invoice it paid (through its payment intent), if any. */
  retrieveCharge(id: string): Promise<{ customer: string | null; fullyRefunded: boolean; subscription: string | null } | null>;
}

export interface StripeApiOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the Stripe API (a loopback fake in tests and demo mode), e.g. http://127.0.0.1:4010. */
  apiUrl?: string | undefined;
  /** The time a webhook is received at (the app's clock). */
  clock?: () => Date;
}

/**
 * How far a webhook's signed timestamp may be from now, either side, in seconds: Stripe's own check
 * refuses only old ones (a replay), so a signature dated in the future is refused here.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Reads the parts of a Stripe subscription the status depends on. */
export function subscriptionState(sub: Stripe.Subscription): StripeSubscriptionState {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customer: idOf(sub.customer) ?? '',
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    current_period_end: item?.current_period_end ?? null,
    ended_at: sub.ended_at,
    price_id: item?.price.id ?? null,
    metadata: { ...sub.metadata },
  };
}

/** The real adapter: the stripe package (API version pinned by the package). */
export function createStripeApi(options: StripeApiOptions): StripeApi {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  return {
    verifyEvent(rawBody, signature) {
      const receivedAt = (options.clock ?? (() => new Date()))().getTime();
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      );
      // Every t= of the header (only the signed one matters, but none may be from the future).
      for (const [, stamp] of signature.matchAll(/(?:^|,)\s*t=(\d+)/g)) {
        if (Number(stamp) * 1000 - receivedAt > WEBHOOK_TOLERANCE_SECONDS * 1000) throw new Error('The signature is dated in the future');
      }
      const object = event.data.object as { id?: unknown };
      return { id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id : null };
    },
    async createCustomer({ uid, email }) {
      const customer = await stripe.customers.create(
        { email, metadata: { uid: String(uid) } },
        { idempotencyKey: `holeout-customer-${uid}` },
      );
      return { id: customer.id };
    },
    async createCheckoutSession({ customer, price, planKey, uid, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: String(uid),
        line_items: [{ price, quantity: 1 }],
        subscription_data: { metadata: { plan: planKey, uid: String(uid) } },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async createPortalSession({ customer, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      const sub = await orNull(stripe.subscriptions.retrieve(id));
      return sub ? subscriptionState(sub) : null;
    },
    async retrieveCheckoutSession(id) {
      const session = await orNull(stripe.checkout.sessions.retrieve(id));
      return session ? { subscription: idOf(session.subscription), customer: idOf(session.customer) } : null;
    },
    async retrieveInvoice(id) {
      const invoice = await orNull(stripe.invoices.retrieve(id));
      if (!invoice) return null;
      return { subscription: idOf(invoice.parent?.subscription_details?.subscription ?? null), customer: idOf(invoice.customer) };
    },
    async retrieveCharge(id) {
      const charge = await orNull(stripe.charges.retrieve(id));
      if (!charge) return null;
      // A charge names no invoice in this API version: its payment intent leads to the invoice it paid.
      const paymentIntent = idOf(charge.payment_intent);
      let subscription: string | null = null;
      if (paymentIntent) {
        const payments = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
          limit: 1,
        });
        const invoiceId = idOf(payments.data[0]?.invoice ?? null);
        const invoice = invoiceId ? await orNull(stripe.invoices.retrieve(invoiceId)) : null;
        subscription = idOf(invoice?.parent?.subscription_details?.subscription ?? null);
      }
      return { customer: idOf(charge.customer), fullyRefunded: charge.refunded && charge.amount_refunded >= charge.amount, subscription };
    },
  };
}
