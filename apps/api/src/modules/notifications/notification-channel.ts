import type { NotificationType } from '@holeout/golf';
import type { NotifyChannels } from '@holeout/contracts';

/** A notification to create: for whom, of which type, what it says and where opening it leads. */
export interface Notice {
  uid: number;
  type: NotificationType;
  title: string;
  body: string;
  /** An app path without its leading slash, with its query ("event?event_id=5"). */
  nav_loc: string;
}

/** A stored notification a channel delivers. */
export interface PendingNotification extends Notice {
  notify_id: number;
}

/** Who a notification is for, as the channels need them. */
export interface Recipient {
  uid: number;
  email: string;
  /** Whether the address was confirmed: mail goes only to a confirmed address. */
  emailVerified: boolean;
  /** The user's notification settings with the defaults filled in: per type, which channels they want. */
  notify: Record<NotificationType, NotifyChannels>;
}

/**
 * The channels a notification can go out through besides the app itself. Each has its own delivery
 * state on the notification row (NotificationsRepository keeps the columns of each), so one channel's
 * retries never repeat another's deliveries.
 */
export type ChannelName = 'email' | 'push';

/** A way of telling a user of a notification outside the app: e-mail, and push to their devices. */
export interface NotificationChannel {
  /** Names the channel's delivery state and its log lines. */
  readonly name: ChannelName;
  /** Which switch of a type's setting (settings.notify[type] is { email, push }) turns this channel on. */
  readonly setting: keyof NotifyChannels;
  /**
   * Whether this process can deliver through the channel now; when false the pump leaves the
   * channel's notifications pending for one that can (push needs the job queue). Always when absent.
   */
  ready?(): boolean;
  /** Whether this recipient can be reached this way at all (mail needs a confirmed address). */
  reaches(recipient: Recipient): boolean;
  /** Delivers one notification. A throw is a failure: the pump tries again later, then gives up. */
  deliver(notification: PendingNotification, recipient: Recipient): Promise<void>;
}
