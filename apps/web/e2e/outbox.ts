import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest mail in the server's development outbox sent to `to`, as raw RFC 822 text. */
export function newestMailTo(to: string): string | undefined {
  const outbox = join(process.env.HOLEOUT_E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(outbox)) return undefined;
  const names = readdirSync(outbox)
    .filter((n) => n.endsWith('.eml'))
    .sort();
  for (const name of names.reverse()) {
    const mail = readFileSync(join(outbox, name), 'utf8');
    if (mail.toLowerCase().includes(to.toLowerCase())) return mail;
  }
  return undefined;
}

/** The 6-digit code in the subject line of a mail. */
export function codeFromMail(mail: string): string {
  const subject = mail.split(/\r?\n/).find((line) => /^subject:/i.test(line)) ?? '';
  const match = /\b(\d{6})\b/.exec(subject);
  if (!match?.[1]) throw new Error(`no 6-digit code in subject: ${subject}`);
  return match[1];
}

/** The newest mail whose To: header is `to` and whose subject matches `subject`, as raw RFC 822 text. */
export function newestMailMatching(to: string, subject: RegExp): string | undefined {
  const outbox = join(process.env.HOLEOUT_E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(outbox)) return undefined;
  const names = readdirSync(outbox)
    .filter((n) => n.endsWith('.eml'))
    .sort();
  for (const name of names.reverse()) {
    const mail = readFileSync(join(outbox, name), 'utf8');
    const headers = mail.split(/\r?\n\r?\n/)[0] ?? '';
    const toLine = headers.split(/\r?\n/).find((line) => /^to:/i.test(line)) ?? '';
    const subjectLine = headers.split(/\r?\n/).find((line) => /^subject:/i.test(line)) ?? '';
    if (toLine.toLowerCase().includes(to.toLowerCase()) && subject.test(subjectLine)) return mail;
  }
  return undefined;
}
