import { hasCoachLevel, hasPremiumAccess, type Subscription } from '@holeout/golf';
import type { SubscriptionBody } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';

/** The 403 of a player on the free tier: the AI coach is premium. */
export const AI_PREMIUM_MESSAGE =
  'The AI coach needs a premium subscription (or a premium seat from your organisation). Subscribe to have your rounds diagnosed.';
/** The 403 of someone who sees a player's rounds without a coach-level subscription. */
export const AI_COACH_MESSAGE =
  "Diagnosing another player's rounds needs a coach-level subscription (Coach, Team or Academy, or a coach seat). The player can run the AI coach on their own rounds.";
/** The 403 of a coach asking to schedule a player's plan. */
export const AI_PLAN_OWNER_MESSAGE =
  "A plan goes on the player's own calendar: only the player it was made for can schedule it, from their AI coach page.";

const NO_PLAYER = 'No such player';

/** How the caller reaches a player's diagnoses: their own (self), or as a coach of rounds the player shared. */
export type DiagnosisReach = 'self' | 'coach';

/**
 * Who may have a player's rounds diagnosed and read their diagnoses:
 * - oneself, with premium access (403 PREMIUM_REQUIRED on the free tier);
 * - another player, only when the caller may see some of their rounds (404 otherwise, as if they did
 *   not exist), and only with a coach-level subscription (403 with its reason otherwise).
 * `subscription` is the caller's, seat-aware (an organisation's at the level of their seat).
 */
export function requireDiagnosisReach(
  caller: number,
  player: number,
  subscriptionBody: Pick<SubscriptionBody, 'level' | 'status'> | null,
  seesPlayerRounds: boolean,
): DiagnosisReach {
  const subscription = subscriptionBody as Pick<Subscription, 'level' | 'status'> | null;
  if (caller === player) {
    if (!hasPremiumAccess(subscription)) throw new ApiError(403, 'PREMIUM_REQUIRED', AI_PREMIUM_MESSAGE);
    return 'self';
  }
  if (!seesPlayerRounds) throw notFound(NO_PLAYER);
  if (!hasCoachLevel(subscription)) throw new ApiError(403, 'FORBIDDEN', AI_COACH_MESSAGE);
  return 'coach';
}
