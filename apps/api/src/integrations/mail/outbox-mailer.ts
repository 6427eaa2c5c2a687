import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { nodemailerAttachments, type Mailer, type MailMessage } from './mailer.ts';

export interface OutboxLog {
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * The development mailer: each mail becomes an RFC 822 file in `outboxDir`, named
 * `<13-digit epoch ms>-<6-digit sequence>-<purpose>.eml` so that sorting by name puts the newest
 * last, and is logged. nodemailer's stream transport builds the message, so headers are encoded
 * exactly as they would be on the wire.
 */
export function createOutboxMailer(options: { outboxDir: string; from: string; log?: OutboxLog; clock?: () => Date }): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const clock = options.clock ?? (() => new Date());
  let sequence = 0;
  return {
    async send(message: MailMessage) {
      const info = await builder.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        ...nodemailerAttachments(message),
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence = (sequence + 1) % 1_000_000;
      const name = `${String(clock().getTime()).padStart(13, '0')}-${String(sequence).padStart(6, '0')}-${message.purpose}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message);
      // The address and the subject (which carries codes) stay out of the log: the file has them.
      options.log?.info({ purpose: message.purpose, file }, 'mail written to outbox');
    },
  };
}
