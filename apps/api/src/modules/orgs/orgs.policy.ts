import { isActiveStatus, SUBSCRIPTION_LEVELS, type SubscriptionStatus } from '@holeout/golf';
import type { SeatLevel } from '@holeout/contracts';

/** Who may do what in an organisation. Pure: the service reads the rows, these judge them. */

/** A subscription's stored status as a subscription status. */
export const statusOf = (value: string): SubscriptionStatus => value as SubscriptionStatus;

/** A seat column's value as a seat level; anything else is no seat. */
export const seatOf = (value: string | null): SeatLevel | null => (value === 'COACH' || value === 'PREMIUM' ? value : null);

/** The coach who bought the organisation's subscription: assigns its seats, cannot be removed. */
export const isPurchaser = (sub: { purchaser: number } | undefined, uid: number): boolean => sub?.purchaser === uid;

/** An organisation comes with an active subscription of coach level or above (COACH, TEAM, ACADEMY). */
export const mayFoundOrg = (sub: { status: string; level: number }): boolean =>
  isActiveStatus(statusOf(sub.status)) && sub.level >= SUBSCRIPTION_LEVELS.COACH;

/**
 * A seat gives its level only while the organisation's plan is active and of coach level or above
 * (a plan moved down to premium has no seats); the purchaser's access comes from the purchase itself.
 */
export const seatGivesAccess = (sub: { status: string; level: number; purchaser: number }, uid: number): boolean =>
  isActiveStatus(statusOf(sub.status)) && sub.level >= SUBSCRIPTION_LEVELS.COACH && sub.purchaser !== uid;

/** The purchaser cannot leave while the subscription is active: they cancel it first. */
export const purchaserMustStay = (sub: { purchaser: number; status: string } | undefined, uid: number): boolean =>
  sub !== undefined && sub.purchaser === uid && isActiveStatus(statusOf(sub.status));

/** A coach seat is for a coach of the organisation; a player gets a premium seat. */
export const seatFitsMember = (seat: SeatLevel | null, member: { is_coach: boolean }): boolean => seat !== 'COACH' || member.is_coach;

/** An invitation is answered by its addressee: the account whose e-mail it was sent to, compared in lower case. */
export const isAddressee = (invite: { email: string }, email: string): boolean => invite.email === email.toLowerCase();
