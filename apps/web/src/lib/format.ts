/**
 * Display formatting for the web app. The rules themselves (MM/d/yy, 2 decimals, '-') live in
 * @holeout/golf so the API and the app agree; these are the app's shorthands on top.
 */
import { formatDate, isActiveStatus, levelTitle, SUBSCRIPTION_LEVELS, type Subscription } from '@holeout/golf';

/** MM/d/yy h:mm */
export const formatDateTime = (value: Date | string | number): string => formatDate(value, true);

/** The plan a user is on, as a word: 'Free' without an active subscription. */
export function subscriptionTierLabel(subscription: Pick<Subscription, 'level' | 'status'> | null): string {
  return levelTitle(subscription && isActiveStatus(subscription.status) ? subscription.level : SUBSCRIPTION_LEVELS.NONE);
}

/** A score against par as golfers write it: "E" for level, "+3" over, "-1" under. */
export function formatToPar(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : String(toPar);
}
