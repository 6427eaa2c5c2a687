/** What a mail is for; the outbox file name carries it so a developer finds the right one. */
export type MailPurpose = 'verify' | 'reset' | 'email' | 'password' | 'delete' | 'notice' | 'invite';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  purpose: MailPurpose;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

/** Sends mail. The SMTP adapter is used when SMTP_URL is set, the outbox adapter otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
