/** What a mail is for; the outbox file name carries it so a developer finds the right one. */
export type MailPurpose = 'verify' | 'reset' | 'email' | 'password' | 'delete' | 'notice' | 'invite' | 'report';

/** A file sent with a mail (a PDF report): the message becomes multipart/mixed with the file base64-encoded. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  purpose: MailPurpose;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/**
 * A message's attachments as nodemailer takes them: with any, nodemailer builds a multipart/mixed
 * mail, the text first and each file in a part of its own, base64-encoded, as an attachment.
 */
export function nodemailerAttachments(message: MailMessage): {
  attachments?: Array<MailAttachment & { contentDisposition: 'attachment'; contentTransferEncoding: 'base64' }>;
} {
  if (!message.attachments || message.attachments.length === 0) return {};
  return {
    attachments: message.attachments.map((a) => ({
      ...a,
      contentDisposition: 'attachment' as const,
      contentTransferEncoding: 'base64' as const,
    })),
  };
}

/** Sends mail. The SMTP adapter is used when SMTP_URL is set, the outbox adapter otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
