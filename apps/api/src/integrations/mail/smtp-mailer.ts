import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

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
      });
    },
    async close() {
      transport.close();
    },
  };
}
