import type { NotificationType } from '@holeout/golf';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import type { NotificationChannel, PendingNotification, Recipient } from './notification-channel.ts';

/** What each type's e-mail is about, in the words of a mail's footer and of the unsubscribe page. */
export const NOTIFY_TYPE_LABELS: Record<NotificationType, string> = {
  RESERVED: 'reserved',
  TEAM_INVITATION: 'invitations to join an organisation',
  SUB_EXPIRING: 'a subscription about to end',
  SUB_EXPIRED: 'a subscription that ended',
  EVENT_SHARED: 'events shared with you',
  EVENT_UPDATED: 'changes to events shared with you',
  FOLDER_SHARED: 'drill folders shared with you',
  ROUND_SHARED: 'rounds shared with you',
  ORG_INVITE_ACCEPT: 'invitations accepted',
  ORG_INVITE_DECLINE: 'invitations declined',
  ORG_MEMBER_LEAVE: 'members leaving your organisation',
  TAG_SHARED: 'tags shared with you',
  EVENT_COMMENT: 'comments on your events',
};

/**
 * The e-mail copy of a notification, for users who want that type by e-mail and confirmed their
 * address. Each mail carries a link that turns that type's e-mail off without logging in (mail
 * scanners follow links, so the link opens a page with a button) and List-Unsubscribe headers for a
 * mail client's one-click unsubscribe.
 */
export class MailChannel implements NotificationChannel {
  readonly name = 'email';
  readonly setting = 'email';

  constructor(
    private readonly deps: {
      mailer: Mailer;
      publicUrl: string;
      /** The user's unsubscribe secret, made on first use. */
      mailTokenFor(uid: number): Promise<string>;
    },
  ) {}

  reaches(recipient: Recipient): boolean {
    return recipient.emailVerified;
  }

  async deliver(notification: PendingNotification, recipient: Recipient): Promise<void> {
    const token = await this.deps.mailTokenFor(recipient.uid);
    await this.deps.mailer.send(this.mailOf(recipient.email, notification, token));
  }

  private mailOf(to: string, notification: PendingNotification, token: string): MailMessage {
    const { publicUrl } = this.deps;
    const unsubscribe = `${publicUrl}/v4/notifications/unsubscribe?token=${token}&type=${notification.type}`;
    return {
      to,
      subject: notification.title,
      purpose: 'notice',
      text: [
        notification.body,
        '',
        `Open it in Holeout: ${publicUrl}/${notification.nav_loc}`,
        '',
        '--',
        `You get this e-mail for ${NOTIFY_TYPE_LABELS[notification.type]}. Stop these e-mails (no login needed): ${unsubscribe}`,
        `Choose which notifications you get: ${publicUrl}/notification-settings`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}
