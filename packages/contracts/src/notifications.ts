import { z } from 'zod';
import { NOTIFICATION_TYPES } from '@holeout/golf';
import { idListParam, wholeNumberParam } from './common.ts';

/** A notification: unread while opened_at is null. */
export const notification = z.object({
  notify_id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  nav_loc: z.string().describe('Where opening it leads: an app path without the leading slash, with its query'),
  created_at: z.string(),
  opened_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** 20 a page, newest first; an empty page means all are loaded. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsQuery = z.object({
  start: wholeNumberParam(0, 1_000_000).default(0).describe('How many notifications to skip; 0 when left out'),
});
export const notificationsResponse = z.object({ notifications: z.array(notification) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

// GET /notifications/read?notify_id=1,2
export const readNotificationsQuery = z.object({ notify_id: idListParam.refine((ids) => ids.length <= 100, 'At most 100 ids at once') });

// GET /notifications/count_unread, and the answer of read and read_all: the caller's notifications with opened_at null.
export const countUnreadResponse = z.object({ count: z.number().int().min(0) });
export type CountUnreadResponse = z.infer<typeof countUnreadResponse>;

/** One notification type's channels; in-app is always on. */
export const notifyChannels = z.object({ email: z.boolean(), push: z.boolean() });
export type NotifyChannels = z.infer<typeof notifyChannels>;
/** The types a user can set (RESERVED is never sent). */
export const SETTABLE_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter((t) => t !== 'RESERVED');
export const notifyPreferences = z.partialRecord(z.enum(NOTIFICATION_TYPES), notifyChannels);
export type NotifyPreferences = z.infer<typeof notifyPreferences>;

/**
 * What a user who never changed a setting gets. E-mail is on for what asks something of the user
 * or changes their access (invitations, membership, subscription); sharing, edits and comments, which a coach
 * of 50 players gets many of a day, arrive in the app and by push only. Push is on for all.
 */
export const DEFAULT_NOTIFY: Readonly<Record<(typeof NOTIFICATION_TYPES)[number], NotifyChannels>> = {
  RESERVED: { email: false, push: false },
  TEAM_INVITATION: { email: true, push: true },
  SUB_EXPIRING: { email: true, push: true },
  SUB_EXPIRED: { email: true, push: true },
  EVENT_SHARED: { email: false, push: true },
  EVENT_UPDATED: { email: false, push: true },
  FOLDER_SHARED: { email: false, push: true },
  ROUND_SHARED: { email: false, push: true },
  ORG_INVITE_ACCEPT: { email: true, push: true },
  ORG_INVITE_DECLINE: { email: true, push: true },
  ORG_MEMBER_LEAVE: { email: true, push: true },
  TAG_SHARED: { email: false, push: true },
  EVENT_COMMENT: { email: false, push: true },
};

/** The preferences with the defaults filled in for every type. */
export function resolveNotify(saved: NotifyPreferences | null | undefined): Record<(typeof NOTIFICATION_TYPES)[number], NotifyChannels> {
  const out = { ...DEFAULT_NOTIFY };
  for (const type of NOTIFICATION_TYPES) {
    const s = saved?.[type];
    if (s) out[type] = { email: s.email, push: s.push };
  }
  return out;
}
