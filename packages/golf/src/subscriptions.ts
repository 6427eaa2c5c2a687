/**
 * Subscription levels, statuses, payment sources and the plan catalogue. The product names the levels
 * but fixes no numbers; these are ours, ordered so that "at or above" works (premium access is a level at
 * or above PREMIUM, coach access at or above COACH).
 */
export const SUBSCRIPTION_LEVELS = { NONE: 0, BASIC: 1, PREMIUM: 2, COACH: 3, TEAM: 4, ACADEMY: 5 } as const;
export type SubscriptionLevelName = keyof typeof SUBSCRIPTION_LEVELS;
export type SubscriptionLevel = (typeof SUBSCRIPTION_LEVELS)[SubscriptionLevelName];

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'ACTIVE_EXPIRING', 'ACTIVE_GRACE', 'ON_HOLD', 'EXPIRED', 'INVALID'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['ACTIVE', 'ACTIVE_EXPIRING', 'ACTIVE_GRACE'];

export const PAYMENT_SOURCES = ['OTHER', 'ANDROID', 'IOS', 'STRIPE', 'IAPTIC_ANDROID', 'IAPTIC_IOS'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export interface Subscription {
  sub_id: number;
  level: SubscriptionLevel;
  has_branding: boolean;
  status: SubscriptionStatus;
  purchaser: number;
  source: PaymentSource;
  /** The catalogue plan it was bought as; null when given (a seat, or no plan). */
  plan_index: number | null;
  /** The end of the period paid for (ISO 8601); null when open-ended. */
  expires_at: string | null;
  /** False once renewal is off: it ends at expires_at. */
  renews: boolean;
}

const LEVEL_TITLES: Record<SubscriptionLevelName, string> = {
  NONE: 'Free',
  BASIC: 'Basic',
  PREMIUM: 'Premium',
  COACH: 'Coach',
  TEAM: 'Team',
  ACADEMY: 'Academy',
};

/** The name users see for a level: Free, Basic, Premium, Coach, Team or Academy (Free for a level that is none of them). */
export function levelTitle(level: number): string {
  const name = (Object.keys(SUBSCRIPTION_LEVELS) as SubscriptionLevelName[]).find((key) => SUBSCRIPTION_LEVELS[key] === level);
  return LEVEL_TITLES[name ?? 'NONE'];
}

/** A plan or subscription by name, with its branding: "Premium", "Team with branding". */
export function planTitle(plan: { level: number; has_branding?: boolean | undefined }): string {
  return plan.has_branding ? `${levelTitle(plan.level)} with branding` : levelTitle(plan.level);
}

/** ACTIVE, ACTIVE_EXPIRING and ACTIVE_GRACE count as active; ON_HOLD, EXPIRED and INVALID do not. */
export function isActiveStatus(status: SubscriptionStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/** The level a subscription grants now: its level while active, NONE otherwise. */
export function activeLevel(sub: Pick<Subscription, 'level' | 'status'> | null | undefined): SubscriptionLevel {
  if (!sub || !isActiveStatus(sub.status)) return SUBSCRIPTION_LEVELS.NONE;
  return sub.level;
}

/** Free tier: no active subscription. */
export function isFreeTier(sub: Pick<Subscription, 'level' | 'status'> | null | undefined): boolean {
  return activeLevel(sub) === SUBSCRIPTION_LEVELS.NONE;
}

/** Basic access (statistics reports as PDF and by e-mail): an active subscription at or above BASIC, premium and coach levels included. */
export function hasBasicAccess(sub: Pick<Subscription, 'level' | 'status'> | null | undefined): boolean {
  return activeLevel(sub) >= SUBSCRIPTION_LEVELS.BASIC;
}

/** Premium access (Calendar, Drills, AI Coach): an active subscription at or above PREMIUM. */
export function hasPremiumAccess(sub: Pick<Subscription, 'level' | 'status'> | null | undefined): boolean {
  return activeLevel(sub) >= SUBSCRIPTION_LEVELS.PREMIUM;
}

/** Coach level (organisation subscriptions and branding): an active subscription at or above COACH. */
export function hasCoachLevel(sub: Pick<Subscription, 'level' | 'status'> | null | undefined): boolean {
  return activeLevel(sub) >= SUBSCRIPTION_LEVELS.COACH;
}

/** Org. Management is shown to a coach who purchased an active organisation (coach-level) subscription. */
export function canManageOrganisation(
  user: { uid: number; is_coach: boolean },
  sub: Pick<Subscription, 'level' | 'status' | 'purchaser'> | null | undefined,
): boolean {
  return user.is_coach && !!sub && sub.purchaser === user.uid && hasCoachLevel(sub);
}

export interface Plan {
  index: number;
  mobile_id?: string;
  level: SubscriptionLevel;
  is_coach: boolean;
  period: number;
  price: number;
  num_coach: number;
  num_basic: number;
  num_premium: number;
  has_branding?: boolean;
}

/** The plan catalogue: the product's fixed prices and seats (US dollars; period in months). */
export const PLAN_CATALOGUE: readonly Plan[] = [
  { index: 0, mobile_id: 'basic', level: 1, is_coach: false, period: 1, price: 11.99, num_coach: 0, num_basic: 1, num_premium: 0 },
  { index: 1, mobile_id: 'basic_yearly', level: 1, is_coach: false, period: 12, price: 99.99, num_coach: 0, num_basic: 1, num_premium: 0 },
  { index: 2, mobile_id: 'premium', level: 2, is_coach: false, period: 1, price: 19.99, num_coach: 0, num_basic: 0, num_premium: 1 },
  {
    index: 3,
    mobile_id: 'premium_yearly',
    level: 2,
    is_coach: false,
    period: 12,
    price: 199.99,
    num_coach: 0,
    num_basic: 0,
    num_premium: 1,
  },
  { index: 4, mobile_id: 'coach_yearly', level: 3, is_coach: true, period: 12, price: 74.99, num_coach: 1, num_basic: 0, num_premium: 0 },
  { index: 5, level: 4, is_coach: true, period: 12, price: 699.99, num_coach: 2, num_basic: 0, num_premium: 10, has_branding: false },
  { index: 6, level: 5, is_coach: true, period: 12, price: 1199.99, num_coach: 5, num_basic: 0, num_premium: 50, has_branding: false },
  { index: 7, level: 4, is_coach: true, period: 12, price: 1999.99, num_coach: 2, num_basic: 0, num_premium: 10, has_branding: true },
  { index: 8, level: 5, is_coach: true, period: 12, price: 2999.99, num_coach: 5, num_basic: 0, num_premium: 50, has_branding: true },
];

/** The level a seat of an organisation's subscription gives its holder while the subscription is active. */
export const SEAT_LEVEL_VALUES = { COACH: SUBSCRIPTION_LEVELS.COACH, PREMIUM: SUBSCRIPTION_LEVELS.PREMIUM } as const;

/**
 * The seats a coach-level subscription comes with: its plan's num_coach and num_premium (branding
 * does not change the seats). Below coach level there are none.
 */
export function planSeats(level: number, hasBranding: boolean): { num_coach: number; num_premium: number } {
  const plan =
    PLAN_CATALOGUE.find((p) => p.is_coach && p.level === level && (p.has_branding ?? false) === hasBranding) ??
    PLAN_CATALOGUE.find((p) => p.is_coach && p.level === level);
  return plan ? { num_coach: plan.num_coach, num_premium: plan.num_premium } : { num_coach: 0, num_premium: 0 };
}

/**
 * The name a plan goes by in configuration (STRIPE_PRICE_<KEY>) and in the app stores: its mobile
 * product id where it has one (basic, basic_yearly, premium, premium_yearly, coach_yearly),
 * otherwise team_yearly, academy_yearly, team_branding_yearly and academy_branding_yearly.
 */
export function planKey(plan: Pick<Plan, 'mobile_id' | 'level' | 'has_branding' | 'period'>): string {
  if (plan.mobile_id) return plan.mobile_id;
  const name = (Object.keys(SUBSCRIPTION_LEVELS) as SubscriptionLevelName[]).find((k) => SUBSCRIPTION_LEVELS[k] === plan.level) ?? 'NONE';
  return `${name.toLowerCase()}${plan.has_branding ? '_branding' : ''}${plan.period === 12 ? '_yearly' : ''}`;
}

/** The catalogue entry with this key (planKey), if any. */
export function planByKey(key: string): Plan | undefined {
  return PLAN_CATALOGUE.find((p) => planKey(p) === key);
}

/**
 * What paying yearly saves against twelve months of the monthly plan of the same level and
 * branding, as a share of those twelve months (0.305 is 30.5 %); null when the level has no monthly
 * plan. Basic: 1 - 99.99 / (12 x 11.99) = 0.305; premium: 1 - 199.99 / (12 x 19.99) = 0.166.
 */
export function yearlySaving(plan: Pick<Plan, 'level' | 'period' | 'price' | 'has_branding'>): number | null {
  if (plan.period !== 12) return null;
  const monthly = PLAN_CATALOGUE.find(
    (p) => p.period === 1 && p.level === plan.level && (p.has_branding ?? false) === (plan.has_branding ?? false),
  );
  if (!monthly) return null;
  return 1 - plan.price / (12 * monthly.price);
}
