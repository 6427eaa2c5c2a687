import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@holeout/golf';
import { DEFAULT_NOTIFY } from '@holeout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, devices, notifications, orgMembers, orgs, settings, subscriptions, tokens, users } from '../../db/schema/index.ts';
import { buildNotification, buildOrg, buildSubscription, buildUser, issueTokenFor, loginAs } from '../../test/factories.ts';
import { bearer, codeIn, createTestServer, waitForMail, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const profile = (over: Record<string, unknown> = {}) => ({
  email: 'x@example.test',
  first_name: 'Rory',
  last_name: 'Mac',
  level: 'Mens Amateur',
  benchmark: 'SCRATCH',
  ...over,
});

describe('GET /account', () => {
  it('returns the user with has_password and sub_id', async () => {
    const golfer = await buildUser(server.db, { first_name: 'Lydia', last_name: 'Ko', level: 'Female Pro', benchmark: 'LPGA' });
    const res = await server.app.inject({ url: '/v4/account', headers: bearer(await loginAs(server, golfer)) });
    expect(res.json()).toEqual({
      uid: golfer.uid,
      email: golfer.email,
      first_name: 'Lydia',
      last_name: 'Ko',
      level: 'Female Pro',
      benchmark: 'LPGA',
      is_coach: false,
      sub_id: null,
      has_password: true,
      pending_email: null,
      setup_pending: false,
    });
  });

  it('uses NINETY as the default benchmark of a new registration', async () => {
    const golfer = await buildUser(server.db);
    const res = await server.app.inject({ url: '/v4/account', headers: bearer(await loginAs(server, golfer)) });
    expect(res.json()).toMatchObject({ benchmark: 'NINETY', level: null });
  });
});

describe('POST /account', () => {
  it('updates the profile of the caller', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(token),
      payload: profile({ email: golfer.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: golfer.uid,
      email: golfer.email,
      first_name: 'Rory',
      level: 'Mens Amateur',
      benchmark: 'SCRATCH',
      pending_email: null,
    });
    const [row] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
    expect(row?.first_name).toBe('Rory');
  });

  it("answers 409 EMAIL_TAKEN for another user's e-mail and changes nothing", async () => {
    const golfer = await buildUser(server.db, { first_name: 'Before' });
    const other = await buildUser(server.db);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(await loginAs(server, golfer)),
      payload: profile({ email: other.email, password: golfer.password }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const [row] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
    expect(row?.first_name).toBe('Before');
  });

  it('refuses an unknown benchmark with 400 and changes nothing', async () => {
    const golfer = await buildUser(server.db, { first_name: 'Before' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(await loginAs(server, golfer)),
      payload: profile({ benchmark: 'BOGEY', email: golfer.email }),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^benchmark: /);
    const [row] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
    expect(row?.first_name).toBe('Before');
    expect(row?.benchmark).toBe('NINETY');
  });
});

describe('changing the e-mail address (ASVS 2.5.5, 3.7.1)', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/v4/account', headers: bearer(token), payload: profile(payload) });
  const confirm = (token: string, code: string) =>
    server.app.inject({ method: 'POST', url: '/v4/account/confirm_email', headers: bearer(token), payload: { code } });

  it('needs the current password, keeps the old address until the code mailed to the new one is entered, and tells the old one', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const newEmail = `moved-${golfer.uid}@example.test`;

    const missing = await change(token, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'password' }] });
    const wrong = await change(token, { email: newEmail, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const [untouched] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
    expect(untouched).toMatchObject({ email: golfer.email, pending_email: null, first_name: 'Ada' });

    const before = server.mails.length;
    const asked = await change(token, { email: newEmail.toUpperCase(), password: golfer.password });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: golfer.email, pending_email: newEmail, first_name: 'Rory' });
    const codeMail = await waitForMail(server, newEmail, before);
    const notice = await waitForMail(server, golfer.email, before);
    expect(notice.subject).toBe('Your Holeout e-mail address is being changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(codeIn(codeMail));
    // Until the code is entered the old address is the account's: it still signs in.
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(200);

    const bad = await confirm(token, codeIn(codeMail) === '000000' ? '111111' : '000000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_CODE' });
    const done = await confirm(token, codeIn(codeMail));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: newEmail, pending_email: null });
    expect((await confirm(token, codeIn(codeMail))).statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: newEmail, password: golfer.password } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets an account without a password (federated) ask with the code alone', async () => {
    const golfer = await buildUser(server.db, { password: null });
    // Signed in by a token made directly: such accounts have no password to log in with.
    const token = await issueTokenFor(server, golfer.uid);
    const newEmail = `fed-${golfer.uid}@example.test`;
    const before = server.mails.length;
    const res = await change(token, { email: newEmail });
    expect(res.statusCode).toBe(200);
    const done = await confirm(token, codeIn(await waitForMail(server, newEmail, before)));
    expect(done.json()).toMatchObject({ email: newEmail });
  });

  it('an expired code changes nothing; a new request replaces the pending address', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const before = server.mails.length;
    await change(token, { email: `first-${golfer.uid}@example.test`, password: golfer.password });
    const firstCode = codeIn(await waitForMail(server, `first-${golfer.uid}@example.test`, before));
    server.clock.advance(15 * 60 * 1000 + 1);
    expect((await confirm(token, firstCode)).statusCode).toBe(400);
    const between = server.mails.length;
    const second = await change(token, { email: `second-${golfer.uid}@example.test`, password: golfer.password });
    expect(second.json()).toMatchObject({ pending_email: `second-${golfer.uid}@example.test` });
    const secondCode = codeIn(await waitForMail(server, `second-${golfer.uid}@example.test`, between));
    expect((await confirm(token, secondCode)).json()).toMatchObject({ email: `second-${golfer.uid}@example.test` });
  });

  it('answers 409 when the address was taken while its code was on the way', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const target = `contested-${golfer.uid}@example.test`;
    const before = server.mails.length;
    await change(token, { email: target, password: golfer.password });
    const code = codeIn(await waitForMail(server, target, before));
    await buildUser(server.db, { email: target });
    const res = await confirm(token, code);
    expect(res.statusCode).toBe(409);
    const [row] = await server.db.select().from(users).where(eq(users.uid, golfer.uid));
    expect(row?.email).toBe(golfer.email);
  });
});

describe('POST /account/update_password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const golfer = await buildUser(server.db);
    const current = await loginAs(server, golfer);
    const other = await loginAs(server, golfer);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/update_password',
      headers: bearer(current),
      payload: { password: golfer.password, newPassword: 'a-better-putting-stroke' },
    });
    expect(res.statusCode).toBe(200);
    const notice = await waitForMail(server, golfer.email);
    expect(notice.subject).toBe('Your Holeout password was changed');
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(current) })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(other) })).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: golfer.email, password: 'a-better-putting-stroke' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 403 WRONG_PASSWORD (not 401) for a wrong current password and keeps the old one', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/update_password',
      headers: bearer(token),
      payload: { password: 'not-my-password', newPassword: 'a-better-putting-stroke' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(token) })).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a too-short new password with 400', async () => {
    const golfer = await buildUser(server.db);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/update_password',
      headers: bearer(await loginAs(server, golfer)),
      payload: { password: golfer.password, newPassword: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain('newPassword');
    // Nothing changed: the old password still signs in and the new one does not.
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: golfer.password } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: golfer.email, password: 'short' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET/POST /account/settings', () => {
  it('returns the defaults: theme 0, FEET_YARDS, owner share and a view share per org', async () => {
    const golfer = await buildUser(server.db);
    const orgA = await buildOrg(server.db, { members: [{ uid: golfer.uid }] });
    const orgB = await buildOrg(server.db, { members: [{ uid: golfer.uid }] });
    const res = await server.app.inject({ url: '/v4/account/settings', headers: bearer(await loginAs(server, golfer)) });
    expect(res.json()).toEqual({
      theme: 0,
      units: 'FEET_YARDS',
      usershares: [{ uid: golfer.uid, permissions: PERMISSIONS.OWNER }],
      orgshares: [
        { org_id: orgA, permissions: PERMISSIONS.VIEW },
        { org_id: orgB, permissions: PERMISSIONS.VIEW },
      ],
      custom_sg: null,
      notify: DEFAULT_NOTIFY,
      group: [],
    });
  });

  it('saves a subset, keeps the rest, and saved shares replace the defaults with none dropped', async () => {
    const golfer = await buildUser(server.db);
    const coach = await buildUser(server.db, { is_coach: true });
    await buildOrg(server.db, { members: [{ uid: golfer.uid }] });
    const token = await loginAs(server, golfer);
    const theme = await server.app.inject({ method: 'POST', url: '/v4/account/settings', headers: bearer(token), payload: { theme: 3 } });
    expect(theme.json()).toMatchObject({ theme: 3, units: 'FEET_YARDS' });
    const shares = await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(token),
      payload: {
        units: 'METERS_METERS',
        usershares: [
          { uid: golfer.uid, permissions: PERMISSIONS.OWNER },
          { uid: coach.uid, permissions: PERMISSIONS.NONE },
        ],
      },
    });
    expect(shares.json()).toEqual({
      theme: 3,
      units: 'METERS_METERS',
      usershares: [{ uid: golfer.uid, permissions: PERMISSIONS.OWNER }],
      orgshares: [],
      custom_sg: null,
      notify: DEFAULT_NOTIFY,
      group: [],
    });
    const again = await server.app.inject({ url: '/v4/account/settings', headers: bearer(token) });
    expect(again.json()).toEqual(shares.json());
  });

  it('refuses a theme out of range with 400 and saves nothing', async () => {
    const golfer = await buildUser(server.db);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(await loginAs(server, golfer)),
      payload: { theme: 9, units: 'YARDS_YARDS' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^theme: /);
    expect(await server.db.select().from(settings).where(eq(settings.uid, golfer.uid))).toHaveLength(0);
  });
});

describe('GET /account/subscription', () => {
  it('returns the subscription behind users.sub_id, or null', async () => {
    const free = await buildUser(server.db);
    const payer = await buildUser(server.db);
    const subId = await buildSubscription(server.db, { purchaser: payer.uid, level: 2, source: 'IOS' });
    const none = await server.app.inject({ url: '/v4/account/subscription', headers: bearer(await loginAs(server, free)) });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const res = await server.app.inject({ url: '/v4/account/subscription', headers: bearer(await loginAs(server, payer)) });
    expect(res.json()).toEqual({
      sub_id: subId,
      level: 2,
      has_branding: false,
      status: 'ACTIVE',
      purchaser: payer.uid,
      source: 'IOS',
      plan_index: null,
      expires_at: null,
      renews: true,
    });
  });
});

describe('isolation between users', () => {
  it("one user never reads or changes another's account or settings", async () => {
    const alice = await buildUser(server.db, { first_name: 'Alice' });
    const bob = await buildUser(server.db, { first_name: 'Bob' });
    const aliceToken = await loginAs(server, alice);
    const bobToken = await loginAs(server, bob);
    // Every call acts on the token's own account; there is no way to name another uid.
    const me = await server.app.inject({ url: '/v4/account?uid=' + bob.uid, headers: bearer(aliceToken) });
    expect(me.json()).toMatchObject({ uid: alice.uid, first_name: 'Alice' });
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(aliceToken),
      payload: { theme: 4, uid: bob.uid },
    });
    await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(aliceToken),
      payload: profile({ email: alice.email, first_name: 'Alicia', uid: bob.uid }),
    });
    const bobSettings = await server.app.inject({ url: '/v4/account/settings', headers: bearer(bobToken) });
    expect(bobSettings.json()).toMatchObject({ theme: 0 });
    const bobAccount = await server.app.inject({ url: '/v4/account', headers: bearer(bobToken) });
    expect(bobAccount.json()).toMatchObject({ uid: bob.uid, first_name: 'Bob' });
    // Taking Bob's e-mail is refused too.
    const steal = await server.app.inject({
      method: 'POST',
      url: '/v4/account',
      headers: bearer(aliceToken),
      payload: profile({ email: bob.email, password: alice.password }),
    });
    expect(steal.statusCode).toBe(409);
  });
});

describe('DELETE /account', () => {
  it('removes the user and all of their data, and nothing of other users', async () => {
    const leaver = await buildUser(server.db);
    const stayer = await buildUser(server.db);
    const coach = await buildUser(server.db, { is_coach: true });
    // Ended: while it is active its purchaser may not leave (payments' delete-purchaser tests).
    const subId = await buildSubscription(server.db, { purchaser: leaver.uid, level: 4, has_branding: true, status: 'EXPIRED' });
    const orgId = await buildOrg(server.db, {
      sub_id: subId,
      members: [{ uid: leaver.uid, is_coach: true }, { uid: stayer.uid }, { uid: coach.uid, is_coach: true }],
    });
    await buildNotification(server.db, { uid: leaver.uid });
    await buildNotification(server.db, { uid: stayer.uid });
    await server.db.insert(devices).values([
      { uid: leaver.uid, push_token: `push-${leaver.uid}` },
      { uid: stayer.uid, push_token: `push-${stayer.uid}` },
    ]);
    const mailsBefore = server.mails.length;
    await server.app.inject({ url: `/v4/account/forgot_password?email=${leaver.email}` });
    // The reset code is issued after the answer; wait for it so the leaver has a code to delete.
    await waitForMail(server, leaver.email, mailsBefore);
    expect(await server.db.select().from(codes).where(eq(codes.uid, leaver.uid))).toHaveLength(1);
    const leaverToken = await loginAs(server, leaver);
    const stayerToken = await loginAs(server, stayer);
    await server.app.inject({ method: 'POST', url: '/v4/account/settings', headers: bearer(leaverToken), payload: { theme: 2 } });
    await server.app.inject({ method: 'POST', url: '/v4/account/settings', headers: bearer(stayerToken), payload: { theme: 1 } });

    const res = await server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(leaverToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    for (const table of [tokens, codes, settings, notifications, orgMembers, devices, users] as const) {
      const rows = await server.db.select().from(table).where(eq(table.uid, leaver.uid));
      expect(rows).toHaveLength(0);
    }
    expect(await server.db.select().from(users).where(eq(users.uid, stayer.uid))).toHaveLength(1);
    expect(await server.db.select().from(notifications).where(eq(notifications.uid, stayer.uid))).toHaveLength(1);
    expect(await server.db.select().from(devices).where(eq(devices.uid, stayer.uid))).toHaveLength(1);
    expect(await server.db.select().from(settings).where(eq(settings.uid, stayer.uid))).toHaveLength(1);
    const members = await server.db.select().from(orgMembers).where(eq(orgMembers.org_id, orgId));
    expect(members.map((m) => m.uid).sort((a, b) => a - b)).toEqual([stayer.uid, coach.uid].sort((a, b) => a - b));
    expect(await server.db.select().from(orgs).where(eq(orgs.org_id, orgId))).toHaveLength(1);
    expect(await server.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId))).toHaveLength(1);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(stayerToken) })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/v4/account', headers: bearer(leaverToken) })).statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      payload: { email: leaver.email, password: leaver.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
