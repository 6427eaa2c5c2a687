import type { NotificationType } from '@holeout/golf';
import { SETTABLE_NOTIFICATION_TYPES } from '@holeout/contracts';

/** A notification type as the settings page names it: a short label and what sends it. */
export interface NotificationTypeText {
  label: string;
  description: string;
}

export type SettableNotificationType = (typeof SETTABLE_NOTIFICATION_TYPES)[number];

/** In the order the settings page lists them: what asks something of the user first, then sharing, then the coach's news. */
export const NOTIFICATION_TYPE_TEXT: Record<SettableNotificationType, NotificationTypeText> = {
  TEAM_INVITATION: { label: 'Invitation to an organisation', description: 'A coach invites you to join their organisation.' },
  SUB_EXPIRING: { label: 'Subscription ending soon', description: 'Your subscription is about to end.' },
  SUB_EXPIRED: { label: 'Subscription ended', description: 'Your subscription has ended.' },
  ROUND_SHARED: { label: 'Round shared', description: 'A round is shared with you.' },
  EVENT_SHARED: { label: 'Event shared', description: 'A practice session, lesson, workout or note is shared with you.' },
  EVENT_UPDATED: { label: 'Shared event changed', description: 'An event shared with you is edited (at most once an hour per event).' },
  FOLDER_SHARED: { label: 'Drill folder shared', description: 'A folder of drills is shared with you.' },
  TAG_SHARED: { label: 'Tag shared', description: 'A tag, and every event that carries it, is shared with you.' },
  EVENT_COMMENT: { label: 'Comment on your event', description: 'Someone comments on one of your rounds or other events.' },
  ORG_INVITE_ACCEPT: { label: 'Invitation accepted', description: 'Someone accepts an invitation to your organisation.' },
  ORG_INVITE_DECLINE: { label: 'Invitation declined', description: 'Someone declines an invitation to your organisation.' },
  ORG_MEMBER_LEAVE: { label: 'Member left', description: 'A member leaves your organisation.' },
};

/** The settable types in the page's order (every type @holeout/contracts lists, none twice). */
export const NOTIFICATION_SETTING_ORDER = Object.keys(NOTIFICATION_TYPE_TEXT) as SettableNotificationType[];

export function isSettableType(type: NotificationType): type is SettableNotificationType {
  return (SETTABLE_NOTIFICATION_TYPES as readonly NotificationType[]).includes(type);
}
