import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppDeps } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Mailer, MailMessage } from '../integrations/mail/mailer.ts';
import { createOutboxMailer } from '../integrations/mail/outbox-mailer.ts';
import { TEST_PASSWORD_COST } from '../lib/passwords.ts';
import { openTestDatabase } from './test-database.ts';

/** A clock the tests move by hand: codes expire and rate-limit windows end without waiting. */
export class TestClock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestServer {
  app: App;
  db: Database;
  database: DatabaseHandle;
  clock: TestClock;
  config: AppConfig;
  /** Every mail sent, oldest first (also written to `outboxDir`). */
  mails: MailMessage[];
  outboxDir: string;
  /** Log lines (JSON) written by the app. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<
  Pick<AppDeps, 'accountRateLimits' | 'notFoundLimit' | 'mailer' | 'timeouts' | 'maxAttemptWaitMs' | 'replica'>
> {
  config?: Partial<AppConfig>;
  /** Runs on the app before it is ready: tests add routes here (e.g. one that throws). */
  beforeReady?: (app: App) => void | Promise<void>;
  /** Reuse an open database instead of opening a new copy. */
  database?: DatabaseHandle;
}

/** The one test server: a built app over this file's own migrated database, a test clock and a recording mailer. */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'holeout-api-data-'));
  const config: AppConfig = {
    // The tests' browser subscriptions name example hosts, and the local fake push service 127.0.0.1.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      WEB_PUSH_HOSTS: 'push.example.test,push.example.com,127.0.0.1',
    }),
    ...options.config,
  };
  const clock = new TestClock();
  const mails: MailMessage[] = [];
  const outbox = createOutboxMailer({ outboxDir: config.outboxDir, from: config.mailFrom, clock: clock.now });
  const recording: Mailer = {
    async send(message) {
      mails.push(message);
      await (options.mailer ?? outbox).send(message);
    },
  };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    dbDriver: database.driver,
    mailer: recording,
    clock: clock.now,
    passwordCost: TEST_PASSWORD_COST,
    logStream,
    ...(options.accountRateLimits ? { accountRateLimits: options.accountRateLimits } : {}),
    ...(options.notFoundLimit ? { notFoundLimit: options.notFoundLimit } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.maxAttemptWaitMs === undefined ? {} : { maxAttemptWaitMs: options.maxAttemptWaitMs }),
    ...(options.replica ? { replica: options.replica } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    mails,
    outboxDir: config.outboxDir,
    logs,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      // app.close() waits for mails sent in the background; the retries cover any other late write into the folder.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}

/** Waits for a mail to `to` (codes for forgot_password/regencode are mailed in the background). */
export async function waitForMail(server: TestServer, to: string, after = 0): Promise<MailMessage> {
  for (let i = 0; i < 200; i += 1) {
    const mail = server.mails
      .slice(after)
      .reverse()
      .find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no mail to ${to}`);
}

/** The 6-digit code of a mail (it is in the subject and the body). */
export function codeIn(mail: MailMessage): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** Names of the outbox files, sorted as a developer sees them (newest last). */
export async function outboxFiles(server: TestServer): Promise<string[]> {
  const names = await readdir(server.outboxDir).catch(() => []);
  return names.sort();
}

export async function readOutboxFile(server: TestServer, name: string): Promise<string> {
  return readFile(path.join(server.outboxDir, name), 'utf8');
}

/** Empties every table (keeps the schema): for files that want a clean slate between tests. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(
    sql`TRUNCATE users, tokens, codes, rate_limits, rate_limit_holds, settings, subscriptions, orgs, org_members, notifications, devices, events, rounds, event_user_shares, event_org_shares, event_hides, tags, event_tags, tag_user_shares, tag_org_shares, idempotency_keys RESTART IDENTITY CASCADE`,
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
