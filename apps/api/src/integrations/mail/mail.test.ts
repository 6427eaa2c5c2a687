import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '../../test/test-database.ts';
import { codeIn, createTestServer, outboxFiles, readOutboxFile, type TestServer } from '../../test/test-server.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createMailer } from './create-mailer.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('outbox mailer (no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ database });
  });
  afterAll(async () => server.close());

  it('writes each mail as an RFC 822 .eml file, named so the newest sorts last', async () => {
    await server.app.inject({ method: 'POST', url: '/v4/account/register', payload: { email: 'first@example.test', password: 'fairway-first' } });
    server.clock.advance(1000);
    await server.app.inject({ method: 'POST', url: '/v4/account/register', payload: { email: 'second@example.test', password: 'fairway-first' } });
    const files = await outboxFiles(server);
    expect(files).toHaveLength(2);
    for (const name of files) expect(name).toMatch(/^\d{13}-\d{6}-verify\.eml$/);
    const newest = await readOutboxFile(server, files[1]!);
    expect(newest).toMatch(/^To: second@example\.test$/m);
    expect(newest).toMatch(/^From: Holeout <no-reply@holeout\.local>$/m);
    expect(newest).toMatch(/^Message-ID: <.+>$/m);
    expect(newest).toMatch(/^Date: .+$/m);
    const code = codeIn(server.mails[1]!);
    expect(newest).toMatch(new RegExp(`^Subject: Your Holeout verification code: ${code}$`, 'm'));
    expect(newest).toContain(`Your verification code is: ${code}`);
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers a registration mail with its code through a real SMTP server', async () => {
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Holeout <mail@holeout.test>' };
    // createMailer picks the adapter from the configuration, as server.ts does.
    const server = await createTestServer({ database, config, mailer: createMailer({ ...config, outboxDir: '/nonexistent/outbox' }) });
    try {
      const res = await server.app.inject({ method: 'POST', url: '/v4/account/register', payload: { email: 'smtp-golfer@example.test', password: 'fairway-first' } });
      expect(res.statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes('smtp-golfer@example.test'));
      expect(mail?.from).toBe('mail@holeout.test');
      const code = codeIn(server.mails.at(-1)!);
      expect(mail?.raw).toContain(`Subject: Your Holeout verification code: ${code}`);
      expect(mail?.raw).toContain(code);
      expect(await outboxFiles(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
