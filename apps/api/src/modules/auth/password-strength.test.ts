import { judgePassword } from '@holeout/contracts/password-strength';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * POST /v4/account/password_strength: the judgement the forms show as a new password is typed, so
 * the browser need not download zxcvbn's dictionaries. It must be the very judgement registration,
 * a reset and a change apply, and it must cost a guesser of nothing (no account is involved).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ accountRateLimits: { strengthChecksPerAddress: { max: 5, windowMs: 60_000 } } });
});
afterAll(async () => server.close());

let nextAddress = 1;
/** Each check from its own address unless one is given, so the limit of 5 a minute is met only where meant. */
const check = (payload: unknown, ip = `198.51.100.${nextAddress++}`, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/v4/account/password_strength', payload: payload as object, remoteAddress: ip, headers });

async function rateRows(): Promise<number> {
  const result = (await server.db.execute(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'strength:%'`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

describe('POST /v4/account/password_strength', () => {
  it('answers what judgePassword answers, for weak, personal, short and strong passwords alike', async () => {
    const personal = ['ada.lovelace@example.test', 'Ada', 'Lovelace'];
    for (const password of [
      '',
      'short',
      'password1234',
      'qwertyuiop12',
      'adalovelace1815',
      'lovelace.ada.lovelace',
      'golfgolfgolfgolf',
      'correct horse battery staple',
      'Tr1cky-Fairway-Bunker-77',
      'ü'.repeat(20),
    ]) {
      const res = await check({ password, personal });
      expect(res.statusCode, password).toBe(200);
      expect(res.json(), password).toEqual(judgePassword(password, personal));
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Without the personal words the same password may fare better: they count only when sent.
    expect((await check({ password: 'adalovelace1815' })).json()).toEqual(judgePassword('adalovelace1815'));
  });

  it('agrees with registration: a password it finds too weak is refused there with the same words', async () => {
    const body = { email: 'weak.choice@example.test', first_name: 'Weak', password: 'iloveyou2026' };
    const judged = (await check({ password: body.password, personal: [body.email, body.first_name] })).json() as {
      acceptable: boolean;
      message: string;
    };
    expect(judged.acceptable).toBe(false);
    const registered = await server.app.inject({ method: 'POST', url: '/v4/account/register', payload: body });
    expect(registered.statusCode).toBe(400);
    expect(JSON.stringify(registered.json())).toContain(judged.message);
  });

  it('refuses bad input with a 400 in the error shape and counts nothing', async () => {
    const before = await rateRows();
    const bad: Array<[string, unknown, Record<string, string>?]> = [
      ['no body', undefined],
      ['no password', { personal: [] }],
      ['a number', { password: 123456789012 }],
      ['null', { password: null }],
      ['129 characters', { password: 'a'.repeat(129) }],
      ['a line break', { password: 'first line\nsecond line' }],
      ['a control character', { password: 'golf\u0007golf-golf' }],
      ['a lone surrogate', { password: 'fairway-\ud800-green' }],
      ['personal not a list', { password: 'x'.repeat(12), personal: 'ada@example.test' }],
      ['six personal words', { password: 'x'.repeat(12), personal: ['a', 'b', 'c', 'd', 'e', 'f'] }],
      ['a personal word of 255', { password: 'x'.repeat(12), personal: ['p'.repeat(255)] }],
      ['an unknown field', { password: 'x'.repeat(12), email: 'ada@example.test' }],
      ['an array', [{ password: 'x'.repeat(12) }]],
    ];
    for (const [what, payload] of bad) {
      const res =
        payload === undefined
          ? await server.app.inject({ method: 'POST', url: '/v4/account/password_strength', remoteAddress: '198.51.100.250' })
          : await check(payload, '198.51.100.250');
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const wrongType = await server.app.inject({
      method: 'POST',
      url: '/v4/account/password_strength',
      payload: 'password=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '198.51.100.250',
    });
    expect([400, 415]).toContain(wrongType.statusCode);
    expect(await rateRows()).toBe(before);
  });

  it('is limited per client address: the sixth check in a minute waits, another address does not, and a minute later it answers again', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i += 1) expect((await check({ password: `attempt-${i}-of-five` }, ip)).statusCode).toBe(200);
    const refused = await check({ password: 'the-sixth-attempt' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retry_after_seconds: expect.any(Number) } });
    expect((await check({ password: 'the-sixth-attempt' }, '203.0.113.78')).statusCode).toBe(200);
    server.clock.advance(61_000);
    expect((await check({ password: 'after-the-minute' }, ip)).statusCode).toBe(200);
  });
});
