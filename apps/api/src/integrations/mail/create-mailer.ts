import type { AppConfig } from '../../config.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer, type OutboxLog } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set, otherwise .eml files in the outbox. */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, log?: OutboxLog): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer({ outboxDir: config.outboxDir, from: config.mailFrom, ...(log ? { log } : {}) });
}
