import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { createPasswordHasher, TEST_PASSWORD_COST } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { DEFAULT_AUTH_RATE_LIMITS } from './auth.policy.ts';
import { AuthRepository } from './auth.repository.ts';
import { AuthService } from './auth.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/** A repository whose e-mail lookups wait until the test opens the gate. */
class GatedRepository extends AuthRepository {
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  lookups = 0;

  openGate(): void {
    this.open();
  }

  override async findUserByEmail(email: string): Promise<UserRow | undefined> {
    this.lookups += 1;
    await this.gate;
    return super.findUserByEmail(email);
  }
}

function serviceOver(repository: AuthRepository, mails: MailMessage[]) {
  return new AuthService({
    repository,
    hasher: createPasswordHasher(TEST_PASSWORD_COST),
    mailer: { send: async (message) => void mails.push(message) },
    limiter: new RateLimiter(server.db, server.clock.now),
    limits: DEFAULT_AUTH_RATE_LIMITS,
    clock: server.clock.now,
    log: server.app.log,
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

// The answer to forgot_password and regencode must not wait on anything that depends on whether the
// e-mail has an account (the lookup, the new code, the mail): otherwise its timing tells.
describe('code mails answer before the account is looked up', () => {
  it('forgot_password answers while the lookup is still waiting, then mails the code', async () => {
    const golfer = await buildUser(server.db);
    const repository = new GatedRepository(server.db, server.clock.now);
    const mails: MailMessage[] = [];
    await expect(serviceOver(repository, mails).forgotPassword(golfer.email, '203.0.113.1')).resolves.toBeUndefined();
    expect(mails).toHaveLength(0);
    repository.openGate();
    await until(() => mails.length === 1);
    expect(mails[0]).toMatchObject({ to: golfer.email, purpose: 'reset' });
  }, 5000);

  it('regencode answers while the lookup is still waiting, then mails an unverified account', async () => {
    const golfer = await buildUser(server.db, { verified: false });
    const repository = new GatedRepository(server.db, server.clock.now);
    const mails: MailMessage[] = [];
    await expect(serviceOver(repository, mails).regenerateCode(golfer.email, '203.0.113.2')).resolves.toBeUndefined();
    expect(mails).toHaveLength(0);
    repository.openGate();
    await until(() => mails.length === 1);
    expect(mails[0]).toMatchObject({ to: golfer.email, purpose: 'verify' });
  }, 5000);
});

describe('registration answers alike for a taken and a free address', () => {
  it('does the same work before answering (one argon2 hash, one transaction) and never waits for a mail', async () => {
    const existing = await buildUser(server.db);
    const repository = new AuthRepository(server.db, server.clock.now);
    const mails: MailMessage[] = [];
    let hashes = 0;
    let releaseMail!: () => void;
    const mailGate = new Promise<void>((resolve) => {
      releaseMail = resolve;
    });
    const hasher = createPasswordHasher(TEST_PASSWORD_COST);
    const service = new AuthService({
      repository,
      hasher: { ...hasher, hash: async (password) => ((hashes += 1), hasher.hash(password)) },
      // A mail server that does not answer until the test lets it.
      mailer: { send: async (message) => mailGate.then(() => void mails.push(message)) },
      limiter: new RateLimiter(server.db, server.clock.now),
      limits: DEFAULT_AUTH_RATE_LIMITS,
      clock: server.clock.now,
      log: server.app.log,
    });
    const taken = await service.register(
      { email: existing.email, password: 'fairway-first-2026', first_name: '', last_name: '' },
      '203.0.113.50',
    );
    expect(hashes).toBe(1);
    const free = await service.register(
      { email: 'brand-new-golfer@example.test', password: 'fairway-first-2026', first_name: '', last_name: '' },
      '203.0.113.51',
    );
    expect(hashes).toBe(2);
    // Alike but for the ticket, which is fresh and random for each (stored only for the free address).
    expect(taken).toEqual({ ...free, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(taken.ticket).not.toBe(free.ticket);
    expect(mails).toHaveLength(0);
    releaseMail();
    await until(() => mails.length === 2);
    expect(mails.map((m) => [m.to, m.purpose])).toEqual([
      [existing.email, 'notice'],
      ['brand-new-golfer@example.test', 'verify'],
    ]);
  }, 5000);
});
