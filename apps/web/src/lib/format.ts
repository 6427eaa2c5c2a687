/**
 * Display formatting for the web app. The rules themselves (MM/d/yy, 2 decimals, '-') live in
 * @holeout/golf so the API and the app agree; these are the app's shorthands on top.
 */
import { formatDate, isActiveStatus, SUBSCRIPTION_LEVELS, type Subscription, type SubscriptionLevelName } from '@holeout/golf';

/** MM/d/yy h:mm */
export const formatDateTime = (value: Date | string | number): string => formatDate(value, true);

const LEVEL_LABELS: Record<SubscriptionLevelName, string> = {
  NONE: 'Free',
  BASIC: 'Basic',
  PREMIUM: 'Premium',
  COACH: 'Coach',
  TEAM: 'Team',
  ACADEMY: 'Academy',
};

/** The plan a user is on, as a word: 'Free' without an active subscription. */
export function subscriptionTierLabel(subscription: Pick<Subscription, 'level' | 'status'> | null): string {
  if (!subscription || !isActiveStatus(subscription.status)) return LEVEL_LABELS.NONE;
  const name = (Object.keys(SUBSCRIPTION_LEVELS) as SubscriptionLevelName[]).find((key) => SUBSCRIPTION_LEVELS[key] === subscription.level);
  return name ? LEVEL_LABELS[name] : LEVEL_LABELS.NONE;
}
