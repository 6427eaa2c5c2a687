import type { DemoPortalAction, SubscriptionBody } from '@holeout/contracts';
import type { FakeStripe } from '../../integrations/payments/stripe-fake.ts';
import { notFound } from '../../lib/api-error.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import { toSubscriptionBody } from '../account/account.module.ts';
import type { Caller } from '../auth/auth.module.ts';

/** Hands a signed webhook body to POST /v4/payments/stripe/webhook, as Stripe would; answers the status code. */
export type WebhookDelivery = (payload: string, signature: string) => Promise<number>;

/**
 * The demo checkout and portal (DEMO_PAYMENTS=true, no Stripe keys). The in-process fake Stripe
 * plays the customer's part: paying a checkout or changing the subscription in the portal. The
 * events it answers are signed with the demo webhook secret and delivered to the real webhook
 * route, so a demo upgrade walks the same path a Stripe one does.
 */
export class DemoPayments {
  constructor(private readonly deps: { fake: FakeStripe; repository: PaymentsRepository; deliver: WebhookDelivery }) {}

  /** The caller's own session, or 404: nobody pays or changes another user's. */
  private async ownSession(caller: Caller, session: string): Promise<string> {
    const customer = this.deps.fake.customerOfSession(session);
    const own = await this.deps.repository.customerOf(caller.uid, 'STRIPE');
    if (!customer || customer !== own) throw notFound('No such demo session');
    return customer;
  }

  private async deliverAll(events: ReturnType<FakeStripe['completeCheckout']>): Promise<void> {
    for (const event of events) {
      const { payload, signature } = this.deps.fake.signedEvent(event);
      const status = await this.deps.deliver(payload, signature);
      if (status !== 200) throw new Error(`the demo webhook answered ${status}`);
    }
  }

  private async current(caller: Caller): Promise<SubscriptionBody> {
    const [newest] = await this.deps.repository.ownSubscriptions(caller.uid);
    if (!newest) throw notFound('No subscription');
    return toSubscriptionBody(newest);
  }

  /** POST /payments/demo/checkout: pays the demo checkout session. */
  async pay(caller: Caller, session: string): Promise<SubscriptionBody> {
    await this.ownSession(caller, session);
    let events;
    try {
      events = this.deps.fake.completeCheckout(session);
    } catch {
      throw notFound('This demo checkout is already paid or has expired. Start again from Subscribe.');
    }
    await this.deliverAll(events);
    return this.current(caller);
  }

  /** POST /payments/demo/portal: what the customer portal would do. */
  async portal(caller: Caller, session: string, action: DemoPortalAction): Promise<SubscriptionBody> {
    const customer = await this.ownSession(caller, session);
    const subscription = this.deps.fake.latestSubscriptionOf(customer);
    if (!subscription) throw notFound('You have no subscription bought on the web to manage.');
    const events =
      action === 'cancel_now'
        ? this.deps.fake.cancel(subscription)
        : this.deps.fake.setCancelAtPeriodEnd(subscription, action === 'cancel_at_period_end');
    await this.deliverAll(events);
    return this.current(caller);
  }
}
