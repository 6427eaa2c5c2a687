import type { OrgInvite, OrgMember, OrgRole, OrgSubscription, SeatLevel } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { personName } from '../../../lib/people.ts';

export const ROLE_LABELS: Record<OrgRole, string> = { coach: 'Coach', player: 'Player' };

export const SEAT_LABELS: Record<SeatLevel, string> = { COACH: 'Coach seat', PREMIUM: 'Premium seat' };

/** What a member's seat gives them, in their words (the organisation information page). */
export function seatDescription(seat: SeatLevel | null): string {
  if (seat === 'PREMIUM')
    return "Premium seat: Calendar, Drills and AI Coach are included while the organisation's subscription is active.";
  if (seat === 'COACH')
    return "Coach seat: coach-level access, with Calendar, Drills and AI Coach, is included while the organisation's subscription is active.";
  return "No seat: your own plan applies. The organisation's purchaser can give you a seat.";
}

const STATUS_LABELS: Record<OrgSubscription['status'], string> = {
  ACTIVE: 'Active',
  ACTIVE_EXPIRING: 'Active, ending at its expiry date',
  ACTIVE_GRACE: 'Active, payment overdue',
  ON_HOLD: 'On hold',
  EXPIRED: 'Expired',
  INVALID: 'Not valid',
};

const PLAN_NAMES: Record<number, string> = {
  [SUBSCRIPTION_LEVELS.BASIC]: 'Basic',
  [SUBSCRIPTION_LEVELS.PREMIUM]: 'Premium',
  [SUBSCRIPTION_LEVELS.COACH]: 'Coach',
  [SUBSCRIPTION_LEVELS.TEAM]: 'Team',
  [SUBSCRIPTION_LEVELS.ACADEMY]: 'Academy',
};

/** The plan's name by its level, whatever its status ("Team plan", also once expired). */
export function planName(subscription: Pick<OrgSubscription, 'level' | 'has_branding'>): string {
  const name = PLAN_NAMES[subscription.level] ?? 'Free';
  return subscription.has_branding ? `${name} plan with branding` : `${name} plan`;
}

export const subscriptionStatusLabel = (status: OrgSubscription['status']): string => STATUS_LABELS[status];

export const inviterName = (invite: OrgInvite): string => personName(invite.invited_by);

/** Coaches first, then by last and first name. */
export function sortMembers(members: readonly OrgMember[]): OrgMember[] {
  const rank = (member: OrgMember) => (member.role === 'coach' ? 0 : 1);
  return [...members].sort(
    (a, b) => rank(a) - rank(b) || a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.uid - b.uid,
  );
}
