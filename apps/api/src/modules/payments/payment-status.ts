import type { SubscriptionStatus } from '@holeout/golf';

/**
 * The provider's state of a subscription turned into ours, one of SUBSCRIPTION_STATUSES (ACTIVE,
 * ACTIVE_EXPIRING, ACTIVE_GRACE, ON_HOLD, EXPIRED, INVALID; the transitions are in the README,
 * "Subscription statuses"). Pure: the webhooks fetch the state, these decide what it means.
 */

/** What we read of a Stripe subscription. */
export interface StripeSubscriptionState {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  /** Seconds since the epoch, of the period paid for (the first item's, as Stripe now puts it). */
  current_period_end: number | null;
  ended_at: number | null;
  price_id: string | null;
  metadata: Record<string, string>;
}

/** A Stripe subscription's status in ours. A refunded subscription is INVALID whatever Stripe says. */
/**
 * Whether the subscription ends within its current period: cancelled at the period end, or on a date
 * that comes before the next renewal (a later date lets it renew until then). Without the period end
 * known, any cancellation date counts.
 */
function endsThisPeriod(
  sub: Pick<StripeSubscriptionState, 'cancel_at_period_end' | 'cancel_at'> & { current_period_end?: number | null },
): boolean {
  if (sub.cancel_at_period_end) return true;
  if (sub.cancel_at === null) return false;
  return sub.current_period_end == null || sub.cancel_at <= sub.current_period_end;
}

export function stripeStatus(
  sub: Pick<StripeSubscriptionState, 'status' | 'cancel_at_period_end' | 'cancel_at'> & { current_period_end?: number | null },
  refunded: boolean,
): SubscriptionStatus {
  if (refunded) return 'INVALID';
  const ending = endsThisPeriod(sub);
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return ending ? 'ACTIVE_EXPIRING' : 'ACTIVE';
    // A renewal payment failed; Stripe retries it (Smart Retries) and the subscriber keeps access.
    case 'past_due':
      return 'ACTIVE_GRACE';
    // The retries ran out (Stripe's "mark as unpaid") or the subscription was paused: access pauses until paid.
    case 'unpaid':
    case 'paused':
      return 'ON_HOLD';
    case 'canceled':
      return 'EXPIRED';
    // The first payment never went through: the subscription never started.
    default:
      return 'INVALID';
  }
}

/** Whether a Stripe subscription will renew at its period end. */
export function stripeRenews(
  sub: Pick<StripeSubscriptionState, 'status' | 'cancel_at_period_end' | 'cancel_at'> & { current_period_end?: number | null },
): boolean {
  return !endsThisPeriod(sub) && ['active', 'trialing', 'past_due', 'unpaid', 'paused'].includes(sub.status);
}

/** What we read of an iaptic purchase (its Purchase object; dates as ISO strings). */
export interface IapticPurchase {
  purchaseId: string;
  productId: string;
  platform?: string | undefined;
  expirationDate?: string | undefined;
  isExpired?: boolean | undefined;
  renewalIntent?: string | undefined;
  isBillingRetryPeriod?: boolean | undefined;
  cancelationReason?: string | undefined;
  isRefunded?: boolean | undefined;
}

/**
 * The reasons iaptic gives for a purchase the developer or the store revoked (a refund included):
 * the purchase is void, not merely ended.
 */
const REVOKED_REASONS = new Set(['Developer', 'System.Deleted']);

/** An iaptic purchase's status in ours, at `now`. */
export function iapticStatus(purchase: IapticPurchase, now: Date): SubscriptionStatus {
  if (purchase.isRefunded || (purchase.cancelationReason !== undefined && REVOKED_REASONS.has(purchase.cancelationReason)))
    return 'INVALID';
  const expires = purchase.expirationDate ? Date.parse(purchase.expirationDate) : Number.NaN;
  const inPeriod = Number.isFinite(expires) && expires > now.getTime();
  if (purchase.isBillingRetryPeriod) return inPeriod ? 'ACTIVE_GRACE' : 'ON_HOLD';
  if (purchase.isExpired || !inPeriod) return 'EXPIRED';
  return purchase.renewalIntent === 'Lapse' ? 'ACTIVE_EXPIRING' : 'ACTIVE';
}

/** The payment source of an iaptic purchase: IAPTIC_IOS for Apple, IAPTIC_ANDROID for Google. */
export function iapticSource(purchase: Pick<IapticPurchase, 'platform' | 'productId'>): 'IAPTIC_IOS' | 'IAPTIC_ANDROID' {
  const platform = purchase.platform ?? purchase.productId.split(':')[0];
  return platform === 'google' ? 'IAPTIC_ANDROID' : 'IAPTIC_IOS';
}

/** The store's product id without iaptic's platform prefix ("apple:premium_yearly" is "premium_yearly"). */
export function iapticProductId(productId: string): string {
  const colon = productId.indexOf(':');
  return colon === -1 ? productId : productId.slice(colon + 1);
}
