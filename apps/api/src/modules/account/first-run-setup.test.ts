import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users } from '../../db/schema/index.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const me = async (token: string) =>
  (await server.app.inject({ url: '/v4/account', headers: bearer(token) })).json() as Record<string, unknown>;
const saveSettings = (token: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: '/v4/account/settings', headers: bearer(token), payload: payload as object });

/** A golfer who has registered and verified in this browser: signed in, Set up still to come. */
async function newGolfer(email: string): Promise<{ uid: number; token: string }> {
  const before = server.mails.length;
  const reg = await server.app.inject({
    method: 'POST',
    url: '/v4/account/register',
    payload: { email, password: 'fairway-first-2026', first_name: 'Nia' },
  });
  const { ticket } = reg.json() as { ticket: string };
  const code = codeIn(await waitForMail(server, email, before));
  const verified = await server.app.inject({ url: `/v4/account/verify?${new URLSearchParams({ email, code, ticket }).toString()}` });
  return verified.json() as { uid: number; token: string };
}

async function pendingOf(uid: number): Promise<boolean | undefined> {
  const [row] = await server.db.select({ pending: users.setup_pending }).from(users).where(eq(users.uid, uid));
  return row?.pending;
}

describe('the first-run Set up', () => {
  it('is pending for a new registration and over once saved with the settings: never asked again', async () => {
    const golfer = await newGolfer('set-up-save@example.test');
    expect(await me(golfer.token)).toMatchObject({ setup_pending: true, level: null, benchmark: 'NINETY' });

    // Level and benchmark through POST /account, units and the end of Set up through POST /account/settings.
    const profile = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(golfer.token),
      payload: { email: 'set-up-save@example.test', first_name: 'Nia', last_name: '', level: 'Womens Amateur', benchmark: 'EIGHTY' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ setup_pending: true });
    const saved = await saveSettings(golfer.token, { units: 'FEET_METERS', setup_done: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ units: 'FEET_METERS' });
    expect(saved.json()).not.toHaveProperty('setup_done');
    expect(await me(golfer.token)).toMatchObject({ setup_pending: false, level: 'Womens Amateur', benchmark: 'EIGHTY' });

    // Settings saved later keep it over.
    await saveSettings(golfer.token, { theme: 2 });
    expect(await pendingOf(golfer.uid)).toBe(false);
  });

  it('is over when skipped, with nothing else changed', async () => {
    const golfer = await newGolfer('set-up-skip@example.test');
    const skipped = await saveSettings(golfer.token, { setup_done: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ units: 'FEET_YARDS', theme: 0 });
    expect(await me(golfer.token)).toMatchObject({ setup_pending: false, level: null, benchmark: 'NINETY' });
  });

  it('is never pending for existing accounts', async () => {
    const golfer = await buildUser(server.db);
    expect(await me(await loginAs(server, golfer))).toMatchObject({ setup_pending: false });
  });

  it('refuses a bad setup_done or a bad setting beside it with 400, and Set up stays pending with nothing saved', async () => {
    const golfer = await newGolfer('set-up-bad@example.test');
    for (const payload of [
      { setup_done: false },
      { setup_done: 'yes' },
      { setup_done: null },
      { setup_done: true, units: 'FURLONGS' },
      { setup_done: true, theme: 99 },
      { setup_done: true, setup: true },
    ]) {
      const res = await saveSettings(golfer.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await pendingOf(golfer.uid)).toBe(true);
    expect(await server.db.select().from(settings).where(eq(settings.uid, golfer.uid))).toEqual([]);
  });

  it("ends only the caller's Set up", async () => {
    const first = await newGolfer('set-up-first@example.test');
    const second = await newGolfer('set-up-second@example.test');
    await saveSettings(first.token, { setup_done: true });
    expect(await pendingOf(first.uid)).toBe(false);
    expect(await pendingOf(second.uid)).toBe(true);
  });

  it('stays pending when re-registering a still unverified address', async () => {
    const before = server.mails.length;
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/register',
      payload: { email: 'again@example.test', password: 'fairway-first-2026' },
    });
    await waitForMail(server, 'again@example.test', before);
    await server.db.update(users).set({ setup_pending: false }).where(eq(users.email, 'again@example.test'));
    const golfer = await newGolfer('again@example.test');
    expect(await pendingOf(golfer.uid)).toBe(true);
  });
});
