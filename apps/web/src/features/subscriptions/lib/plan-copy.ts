/**
 * The words of the Subscribe page: plan names, what each level adds to the one below, prices in the user's
 * locale (the catalogue's prices are US dollars), the yearly saving, and a subscription's status and origin.
 */
import {
  formatDate,
  isActiveStatus,
  levelTitle,
  SUBSCRIPTION_LEVELS,
  yearlySaving,
  type Plan,
  type Subscription,
  type SubscriptionLevel,
  type SubscriptionStatus,
} from '@holeout/golf';

/** The locale prices are written in: the browser's, US English without one. */
export function currentLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

function currencyFormat(locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  } catch {
    // A tag Intl does not know (a misconfigured browser) must not break the page.
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  }
}

/** A price in US dollars as the user's locale writes it: "$19.99" in en-US, "19,99 $" in de-DE. */
export function formatPrice(dollars: number, locale: string = currentLocale()): string {
  return currencyFormat(locale).format(dollars);
}

/** A plan as the page prices it: GET /plans serves its level as a plain number (1 to 5, checked by the plans response schema). */
export type PricedPlan = Pick<Plan, 'period' | 'price' | 'has_branding'> & { level: number };

/** "Save 31%" on a yearly plan that costs less than twelve of its monthly ones; null otherwise. */
export function savingLabel(plan: PricedPlan): string | null {
  const saving = yearlySaving({ ...plan, level: plan.level as SubscriptionLevel });
  if (saving === null || saving <= 0) return null;
  return `Save ${Math.round(saving * 100)}%`;
}

/** The level's name (Basic, Premium, Coach, Team, Academy; Free for none) and a plan's with its branding: packages/golf's. */
export { levelTitle as levelName, planTitle } from '@holeout/golf';

/** "monthly" or "yearly": the period a plan is paid for. */
export const periodWord = (period: number): string => (period === 1 ? 'monthly' : 'yearly');

/** "Monthly" or "Yearly", the heading of a price box. */
export const periodLabel = (period: number): string => (period === 1 ? 'Monthly' : 'Yearly');

/** "per month" or "per year", under a price. */
export const perPeriod = (period: number): string => (period === 1 ? 'per month' : 'per year');

/** What every account has without a plan, in the golfer's words (said once, above the players' plans). */
export const FREE_INCLUDES: readonly string[] = [
  'Record rounds shot by shot',
  'Strokes gained against six benchmarks',
  'Statistics and miss patterns',
  'Your handicap index',
  'Share rounds with your coach',
  'Download all your data',
];

/**
 * The level each plan builds on: a level has everything of that one (Premium access includes Basic,
 * a coach level includes Premium) and lists only what it adds. Team and Academy add the same to Coach
 * and differ in their seats.
 */
export const LEVEL_BELOW: Record<number, number> = {
  [SUBSCRIPTION_LEVELS.BASIC]: SUBSCRIPTION_LEVELS.NONE,
  [SUBSCRIPTION_LEVELS.PREMIUM]: SUBSCRIPTION_LEVELS.BASIC,
  [SUBSCRIPTION_LEVELS.COACH]: SUBSCRIPTION_LEVELS.PREMIUM,
  [SUBSCRIPTION_LEVELS.TEAM]: SUBSCRIPTION_LEVELS.COACH,
  [SUBSCRIPTION_LEVELS.ACADEMY]: SUBSCRIPTION_LEVELS.COACH,
};

/** What each level adds to the level below it (LEVEL_BELOW), in the golfer's words. */
export const LEVEL_ADDS: Record<number, readonly string[]> = {
  [SUBSCRIPTION_LEVELS.BASIC]: [
    'PDF reports of your statistics, downloaded or sent by e-mail',
    'The history of your handicap index, with its chart',
  ],
  [SUBSCRIPTION_LEVELS.PREMIUM]: [
    'Calendar of practice, lessons and workouts',
    'Drill library with results and progress',
    'AI Coach diagnosis of your weakest areas',
  ],
  [SUBSCRIPTION_LEVELS.COACH]: ["Your players' and teams' statistics", 'Team drill results', 'An organisation for your players'],
  [SUBSCRIPTION_LEVELS.TEAM]: ['A seat gives a player Premium: Calendar, Drills and AI Coach'],
  [SUBSCRIPTION_LEVELS.ACADEMY]: ['A seat gives a player Premium: Calendar, Drills and AI Coach'],
};

/** The lead of a plan's list: "On top of Free:", "Everything in Basic, and:". */
export function addsLead(level: number): string {
  const below = LEVEL_BELOW[level] ?? SUBSCRIPTION_LEVELS.NONE;
  return below === SUBSCRIPTION_LEVELS.NONE ? 'On top of Free:' : `Everything in ${levelTitle(below)}, and:`;
}

/** What branding adds to a Team or Academy plan. */
export const BRANDING_UNLOCK = "Branding puts your organisation's name, logo and colour in the app";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The seats a coach-level plan comes with: "2 coach seats and 10 Premium player seats"; null for a
 * player's own plan (its one seat is the buyer's) and without any.
 */
export function seatsLine(plan: Pick<Plan, 'num_coach' | 'num_premium' | 'is_coach'>): string | null {
  if (!plan.is_coach) return null;
  const parts = [
    plan.num_coach > 0 ? count(plan.num_coach, 'coach seat', 'coach seats') : null,
    plan.num_premium > 0 ? count(plan.num_premium, 'Premium player seat', 'Premium player seats') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  // GET /account/subscription carries no expiry date: say that it ends, not when.
  ACTIVE_EXPIRING: 'Active; will not renew',
  ACTIVE_GRACE: 'Payment failed: still active while the payment is retried',
  ON_HOLD: 'On hold: payment failed, access paused',
  EXPIRED: 'Ended',
  INVALID: 'Not valid (refunded or revoked)',
};

/** A subscription's status in words, never only as a colour. */
export const subscriptionStatusText = (status: SubscriptionStatus): string => STATUS_TEXT[status];

/**
 * Where a subscription came from, which says where it is managed: the web (Stripe's portal), the
 * App Store, Google Play, an organisation's plan (someone else bought it: a seat), or given by us.
 */
export type SubscriptionOrigin = 'web' | 'appStore' | 'googlePlay' | 'organisation' | 'granted';

export function subscriptionOrigin(subscription: Pick<Subscription, 'source' | 'purchaser'>, uid: number): SubscriptionOrigin {
  // GET /account/subscription answers an organisation's subscription, with the seat's level, to its seat holders.
  if (subscription.purchaser !== uid) return 'organisation';
  switch (subscription.source) {
    case 'STRIPE':
      return 'web';
    case 'IOS':
    case 'IAPTIC_IOS':
      return 'appStore';
    case 'ANDROID':
    case 'IAPTIC_ANDROID':
      return 'googlePlay';
    case 'OTHER':
      return 'granted';
  }
}

/** Where it was bought, in words. */
export const ORIGIN_TEXT: Record<SubscriptionOrigin, string> = {
  web: 'Bought on the web',
  appStore: 'Bought in the App Store',
  googlePlay: 'Bought on Google Play',
  organisation: "From your organisation's plan",
  granted: 'Given to you by Holeout',
};

/** "Renews on 12/25/26" or "Ends on 12/25/26" for a running subscription; null without a period end. */
export function periodEndText(subscription: Subscription): string | null {
  if (!subscription.expires_at || !isActiveStatus(subscription.status)) return null;
  return `${subscription.renews ? 'Renews' : 'Ends'} on ${formatDate(subscription.expires_at)}`;
}
