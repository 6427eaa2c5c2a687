import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    // Registration mails go after the answer: wait for each file before the next request.
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/register',
      payload: { email: 'first@example.test', password: 'fairway-first' },
    });
    await vi.waitFor(async () => expect(await outboxFiles(server)).toHaveLength(1));
    server.clock.advance(1000);
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/register',
      payload: { email: 'second@example.test', password: 'fairway-first' },
    });
    await vi.waitFor(async () => expect(await outboxFiles(server)).toHaveLength(2));
    const files = await outboxFiles(server);
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
  let smtp: ChildProcess;
  let port = 0;

  // The SMTP server runs in a process of its own, as a real one would.
  beforeAll(async () => {
    smtp = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../test/smtp-sink.ts', import.meta.url))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: smtp.stdout! });
      lines.on('line', (line) => {
        if (line.startsWith('LISTENING ')) resolve(Number(line.slice('LISTENING '.length)));
        else received.push(JSON.parse(line) as Received);
      });
      smtp.once('exit', (code) => reject(new Error(`SMTP server exited with ${code}`)));
    });
  });
  afterAll(() => {
    smtp.kill('SIGTERM');
  });

  it('delivers a registration mail with its code through a real SMTP server', async () => {
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Holeout <mail@holeout.test>' };
    // createMailer picks the adapter from the configuration, as server.ts does.
    const server = await createTestServer({ database, config, mailer: createMailer({ ...config, outboxDir: '/nonexistent/outbox' }) });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v4/account/register',
        payload: { email: 'smtp-golfer@example.test', password: 'fairway-first' },
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(received.some((m) => m.to.includes('smtp-golfer@example.test'))).toBe(true), { timeout: 5000 });
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
