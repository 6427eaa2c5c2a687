import nodemailer from 'nodemailer';
import { nodemailerAttachments, type Mailer, type MailMessage } from './mailer.ts';

/** Sends through an SMTP server given as a URL (smtp://, smtps://, with credentials when needed). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        ...nodemailerAttachments(message),
      });
    },
    async close() {
      transport.close();
    },
  };
}
