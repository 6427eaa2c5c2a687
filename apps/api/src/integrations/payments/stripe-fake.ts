import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { planByKey } from '@holeout/golf';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * A local stand-in for the parts of the Stripe API Holeout calls, served over loopback HTTP so the
 * real adapter (the stripe package) talks to it unchanged. The API tests drive it, and demo mode
 * (DEMO_PAYMENTS=true without Stripe keys) runs one in the process. Each change a customer or Stripe
 * would make (paying a checkout, a renewal, a failed payment, a cancellation, a refund) is a method
 * that changes the state and answers the webhook events Stripe would send, which the caller signs
 * (`signedEvent`) and delivers to POST /v4/payments/stripe/webhook.
 */

type Json = Record<string, unknown>;

interface FakeCustomer {
  id: string;
  email: string;
  metadata: Record<string, string>;
}
interface FakeCheckout {
  id: string;
  url: string;
  customer: string;
  price: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  status: 'open' | 'complete';
  subscription: string | null;
}
interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  price: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
}
interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: 'paid' | 'open';
  charge: string | null;
}
interface FakeCharge {
  id: string;
  customer: string;
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}

interface FakeState {
  customers: Record<string, FakeCustomer>;
  checkouts: Record<string, FakeCheckout>;
  portals: Record<string, { id: string; customer: string; url: string }>;
  subscriptions: Record<string, FakeSubscription>;
  invoices: Record<string, FakeInvoice>;
  charges: Record<string, FakeCharge>;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The page a checkout or portal session sends the browser to; its id is appended as `?demo_checkout=` / `?demo_portal=`. */
  pageUrl: string;
  clock?: () => Date;
  /** Keeps the state across restarts (demo mode), as JSON. */
  stateFile?: string | undefined;
  /** Whole-dollar amounts of each price id, for charges; 1999 (cents) when unknown. */
  amounts?: Record<string, number>;
}

/** Stripe's bracketed form encoding (`line_items[0][price]=x`) read back into nested objects. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addMonths(epochSeconds: number, months: number): number {
  const d = new Date(epochSeconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return seconds(d);
}

export class FakeStripe {
  private state: FakeState = { customers: {}, checkouts: {}, portals: {}, subscriptions: {}, invoices: {}, charges: {} };
  private server: Server | null = null;
  /** The time of periods and events; tests set their test clock. */
  clock: () => Date;
  /** Every request the fake answered, method and path: tests check what was asked. */
  readonly requests: string[] = [];
  url = '';

  constructor(private readonly options: FakeStripeOptions) {
    this.clock = options.clock ?? (() => new Date());
    if (options.stateFile) {
      try {
        this.state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as FakeState;
      } catch {
        // No state yet: a fresh demo.
      }
    }
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }

  /**
   * The demo checkout and portal open on the page the caller asked to come back to (its success or
   * return URL without the query), as Stripe's hosted pages send the customer back there; the
   * configured page when none was given.
   */
  private pageOf(requested: unknown): string {
    if (typeof requested !== 'string') return this.options.pageUrl;
    try {
      const url = new URL(requested);
      return `${url.origin}${url.pathname}`;
    } catch {
      return this.options.pageUrl;
    }
  }

  private id(prefix: string): string {
    return `${prefix}_demo_${randomBytes(12).toString('hex')}`;
  }

  private save(): void {
    if (this.options.stateFile) writeFileSync(this.options.stateFile, JSON.stringify(this.state));
  }

  // --- the HTTP API ----------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '').split('?')[0] ?? '';
    this.requests.push(`${req.method} ${path}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const missing = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    const [, , resource, sub, id] = path.split('/');
    if (req.method === 'POST' && resource === 'customers' && sub === undefined) {
      const customer: FakeCustomer = {
        id: this.id('cus'),
        email: String(form.email ?? ''),
        metadata: (form.metadata as Record<string, string>) ?? {},
      };
      this.state.customers[customer.id] = customer;
      this.save();
      send(200, { object: 'customer', ...customer });
      return;
    }
    if (resource === 'checkout' && sub === 'sessions') {
      if (req.method === 'POST' && id === undefined) {
        const customer = String(form.customer ?? '');
        if (!this.state.customers[customer]) return missing(`customer: '${customer}'`);
        const line = ((form.line_items as Json | undefined)?.['0'] ?? {}) as Json;
        const checkout: FakeCheckout = {
          id: this.id('cs'),
          url: '',
          customer,
          price: String(line.price ?? ''),
          client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
          metadata: ((form.subscription_data as Json | undefined)?.metadata ?? {}) as Record<string, string>,
          status: 'open',
          subscription: null,
        };
        checkout.url = `${this.pageOf(form.success_url)}?demo_checkout=${checkout.id}&plan=${planByKey(checkout.metadata.plan ?? '')?.index ?? ''}`;
        this.state.checkouts[checkout.id] = checkout;
        this.save();
        send(200, this.checkoutObject(checkout));
        return;
      }
      const checkout = id ? this.state.checkouts[id] : undefined;
      if (req.method === 'GET' && checkout) return send(200, this.checkoutObject(checkout));
      return missing(`checkout.session: '${id}'`);
    }
    if (req.method === 'POST' && resource === 'billing_portal' && sub === 'sessions') {
      const customer = String(form.customer ?? '');
      if (!this.state.customers[customer]) return missing(`customer: '${customer}'`);
      const portal = { id: this.id('bps'), customer, url: '' };
      portal.url = `${this.pageOf(form.return_url)}?demo_portal=${portal.id}`;
      this.state.portals[portal.id] = portal;
      this.save();
      send(200, { object: 'billing_portal.session', ...portal, return_url: form.return_url });
      return;
    }
    if (req.method === 'GET' && resource === 'subscriptions' && sub) {
      const found = this.state.subscriptions[sub];
      return found ? send(200, this.subscriptionObject(found)) : missing(`subscription: '${sub}'`);
    }
    if (req.method === 'GET' && resource === 'invoices' && sub) {
      const found = this.state.invoices[sub];
      return found ? send(200, this.invoiceObject(found)) : missing(`invoice: '${sub}'`);
    }
    if (req.method === 'GET' && resource === 'invoice_payments' && sub === undefined) {
      const query = new URL(req.url ?? '', 'http://fake').searchParams;
      const intent = query.get('payment[payment_intent]');
      const paid = Object.values(this.state.invoices).filter((i) => i.charge && this.state.charges[i.charge]?.payment_intent === intent);
      return send(200, {
        object: 'list',
        has_more: false,
        url: '/v1/invoice_payments',
        data: paid.map((i) => ({
          object: 'invoice_payment',
          id: `inpay_${i.id.slice(3)}`,
          invoice: i.id,
          payment: { type: 'payment_intent', payment_intent: intent },
        })),
      });
    }
    if (req.method === 'GET' && resource === 'charges' && sub) {
      const found = this.state.charges[sub];
      return found ? send(200, { object: 'charge', ...found }) : missing(`charge: '${sub}'`);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }

  private checkoutObject(c: FakeCheckout): Json {
    return {
      object: 'checkout.session',
      id: c.id,
      url: c.status === 'open' ? c.url : null,
      mode: 'subscription',
      customer: c.customer,
      client_reference_id: c.client_reference_id,
      status: c.status,
      subscription: c.subscription,
      metadata: {},
    };
  }

  private subscriptionObject(s: FakeSubscription): Json {
    return {
      object: 'subscription',
      id: s.id,
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancel_at_period_end,
      cancel_at: s.cancel_at,
      ended_at: s.ended_at,
      metadata: s.metadata,
      latest_invoice: s.latest_invoice,
      items: {
        object: 'list',
        data: [
          {
            object: 'subscription_item',
            id: `si_${s.id.slice(4)}`,
            price: { object: 'price', id: s.price },
            current_period_start: s.current_period_start,
            current_period_end: s.current_period_end,
          },
        ],
      },
    };
  }

  private invoiceObject(i: FakeInvoice): Json {
    return {
      object: 'invoice',
      id: i.id,
      customer: i.customer,
      status: i.status,
      parent: { type: 'subscription_details', subscription_details: { subscription: i.subscription } },
    };
  }

  // --- what customers and Stripe do ------------------------------------------------------------

  private event(type: string, object: Json): Stripe.Event {
    return {
      id: this.id('evt'),
      object: 'event',
      type,
      created: seconds(this.clock()),
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object },
      pending_webhooks: 1,
      request: null,
    } as unknown as Stripe.Event;
  }

  /** The body and Stripe-Signature header of an event, signed with the webhook secret as Stripe would. */
  signedEvent(event: Stripe.Event, secret = this.options.webhookSecret): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(this.clock()) }) };
  }

  private subscriptionOf(subId: string): FakeSubscription {
    const sub = this.state.subscriptions[subId];
    if (!sub) throw new Error(`the fake Stripe has no subscription ${subId}`);
    return sub;
  }

  private newCharge(sub: FakeSubscription): FakeCharge {
    return {
      id: this.id('ch'),
      customer: sub.customer,
      payment_intent: this.id('pi'),
      amount: this.options.amounts?.[sub.price] ?? 1999,
      amount_refunded: 0,
      refunded: false,
    };
  }

  /** A paid invoice (with its charge) for the subscription's current period. */
  private bill(sub: FakeSubscription, paid: boolean): FakeInvoice {
    const charge = this.newCharge(sub);
    const invoice: FakeInvoice = {
      id: this.id('in'),
      customer: sub.customer,
      subscription: sub.id,
      status: paid ? 'paid' : 'open',
      charge: paid ? charge.id : null,
    };
    if (paid) this.state.charges[charge.id] = charge;
    this.state.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private months(sub: FakeSubscription): number {
    return planByKey(sub.metadata.plan ?? '')?.period ?? 1;
  }

  /** The customer pays a checkout session: a subscription starts, and Stripe sends three events. */
  completeCheckout(sessionId: string): Stripe.Event[] {
    const checkout = this.state.checkouts[sessionId];
    if (!checkout || checkout.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    const now = seconds(this.clock());
    const sub: FakeSubscription = {
      id: this.id('sub'),
      customer: checkout.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      price: checkout.price,
      current_period_start: now,
      current_period_end: now,
      metadata: checkout.metadata,
      latest_invoice: null,
    };
    sub.current_period_end = addMonths(now, this.months(sub));
    this.state.subscriptions[sub.id] = sub;
    const invoice = this.bill(sub, true);
    checkout.status = 'complete';
    checkout.subscription = sub.id;
    this.save();
    return [
      this.event('customer.subscription.created', this.subscriptionObject(sub)),
      this.event('invoice.paid', this.invoiceObject(invoice)),
      this.event('checkout.session.completed', this.checkoutObject(checkout)),
    ];
  }

  /** The customer of a checkout or portal session (demo mode checks the caller owns it). */
  customerOfSession(sessionId: string): string | null {
    return this.state.checkouts[sessionId]?.customer ?? this.state.portals[sessionId]?.customer ?? null;
  }

  /** The customer's newest subscription, if any. */
  latestSubscriptionOf(customer: string): string | null {
    const subs = Object.values(this.state.subscriptions).filter((s) => s.customer === customer);
    return subs.at(-1)?.id ?? null;
  }

  /** The period ends and Stripe charges the next one (successfully). */
  renew(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.current_period_start = sub.current_period_end;
    sub.current_period_end = addMonths(sub.current_period_end, this.months(sub));
    sub.status = 'active';
    const invoice = this.bill(sub, true);
    this.save();
    return [
      this.event('invoice.paid', this.invoiceObject(invoice)),
      this.event('customer.subscription.updated', this.subscriptionObject(sub)),
    ];
  }

  /** The customer turns renewal off in the portal (or back on). */
  setCancelAtPeriodEnd(subId: string, cancel: boolean): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.cancel_at_period_end = cancel;
    this.save();
    return [this.event('customer.subscription.updated', this.subscriptionObject(sub))];
  }

  /** The customer or support sets a date to cancel on (null clears it). */
  setCancelAt(subId: string, at: number | null): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.cancel_at = at;
    this.save();
    return [this.event('customer.subscription.updated', this.subscriptionObject(sub))];
  }

  /** The customer moves to another price in the portal. */
  changePrice(subId: string, price: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.price = price;
    this.save();
    return [this.event('customer.subscription.updated', this.subscriptionObject(sub))];
  }

  /** The subscription's period end (seconds), as Stripe holds it. */
  periodEnd(subId: string): number {
    return this.subscriptionOf(subId).current_period_end;
  }

  /** The renewal payment fails: the subscription goes past_due while Stripe retries. */
  failRenewal(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.current_period_start = sub.current_period_end;
    sub.current_period_end = addMonths(sub.current_period_end, this.months(sub));
    sub.status = 'past_due';
    const invoice = this.bill(sub, false);
    this.save();
    return [
      this.event('invoice.payment_failed', this.invoiceObject(invoice)),
      this.event('customer.subscription.updated', this.subscriptionObject(sub)),
    ];
  }

  /** The retries are exhausted and the subscription is marked unpaid (access on hold). */
  markUnpaid(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.status = 'unpaid';
    this.save();
    return [this.event('customer.subscription.updated', this.subscriptionObject(sub))];
  }

  /** A late payment of the open invoice succeeds: active again. */
  payOpenInvoice(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    const invoice = sub.latest_invoice ? this.state.invoices[sub.latest_invoice] : undefined;
    if (!invoice) throw new Error(`subscription ${subId} has no invoice`);
    const charge = this.newCharge(sub);
    this.state.charges[charge.id] = charge;
    invoice.status = 'paid';
    invoice.charge = charge.id;
    sub.status = 'active';
    this.save();
    return [
      this.event('invoice.paid', this.invoiceObject(invoice)),
      this.event('customer.subscription.updated', this.subscriptionObject(sub)),
    ];
  }

  /** The subscription ends now (cancelled at once, at its period end, or after the retries). */
  cancel(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    sub.status = 'canceled';
    sub.ended_at = seconds(this.clock());
    this.save();
    return [this.event('customer.subscription.deleted', this.subscriptionObject(sub))];
  }

  /** The latest payment is refunded in full. */
  refundLatest(subId: string): Stripe.Event[] {
    const sub = this.subscriptionOf(subId);
    const invoice = sub.latest_invoice ? this.state.invoices[sub.latest_invoice] : undefined;
    const charge = invoice?.charge ? this.state.charges[invoice.charge] : undefined;
    if (!charge) throw new Error(`subscription ${subId} has no paid charge`);
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    this.save();
    return [this.event('charge.refunded', { object: 'charge', ...charge })];
  }
}
