import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TTL_MS } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { notifications, orgInvites, orgMembers } from '../../db/schema/index.ts';
import { buildOrg, buildSubscription, buildUser, loginAs, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const signedIn = (over: Parameters<typeof signedInUser>[1] = {}) => signedInUser(server, over);
const get = (token: string, url: string) => server.app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string, payload?: unknown) =>
  server.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function academy() {
  const coach = await signedIn({ first_name: 'Casey', is_coach: true });
  const player = await signedIn({ first_name: 'Paul' });
  const subId = await buildSubscription(server.db, { purchaser: coach.uid, level: SUBSCRIPTION_LEVELS.TEAM });
  const orgId = await buildOrg(server.db, {
    name: 'Fairway Academy',
    sub_id: subId,
    members: [{ uid: coach.uid, is_coach: true, seat: 'COACH' }, { uid: player.uid }],
  });
  return { coach, player, orgId };
}
const invite = (token: string, orgId: number, email: string, role = 'player') =>
  post(token, `/v4/orgs/invite?org_id=${orgId}`, { email, role });
const inviteId = (res: { json(): unknown }) => (res.json() as { invite_id: number }).invite_id;

describe('invitations', () => {
  it('mails the link, notifies an invitee who has an account, and accepting joins them and tells the inviter', async () => {
    const a = await academy();
    const nia = await signedIn({ first_name: 'Nia', email: `nia-${Date.now()}@example.test` });
    const before = server.mails.length;
    const sent = await invite(a.coach.token, a.orgId, nia.email.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      org_id: a.orgId,
      org_name: 'Fairway Academy',
      email: nia.email,
      role: 'player',
      status: 'OPEN',
      invited_by: { uid: a.coach.uid, first_name: 'Casey' },
    });
    const id = inviteId(sent);
    const mail = server.mails.slice(before).find((m) => m.to === nia.email);
    expect(mail?.subject).toBe('Casey Golfer invited you to join Fairway Academy on Holeout');
    expect(mail?.text).toContain(`${server.config.publicUrl}/invite?invite_id=${id}`);
    const [notice] = await server.db.select().from(notifications).where(eq(notifications.uid, nia.uid));
    expect(notice).toMatchObject({ type: 'TEAM_INVITATION', nav_loc: `invite?invite_id=${id}`, email_state: 'skipped' });
    expect(
      ((await get(nia.token, '/v4/orgs/invites')).json() as { invites: Array<{ invite_id: number }> }).invites.map((i) => i.invite_id),
    ).toEqual([id]);
    expect((await get(nia.token, `/v4/orgs/invite?invite_id=${id}`)).statusCode).toBe(200);

    const accepted = await get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ org_id: a.orgId, role: 'player', seat: null });
    const told = await server.db.select().from(notifications).where(eq(notifications.uid, a.coach.uid));
    expect(told.map((n) => [n.type, n.nav_loc])).toContainEqual(['ORG_INVITE_ACCEPT', `org-management?org_id=${a.orgId}`]);
    const [opened] = await server.db.select().from(notifications).where(eq(notifications.uid, nia.uid));
    expect(opened?.opened_at).not.toBeNull();
    expect(((await get(nia.token, '/v4/orgs/invites')).json() as { invites: unknown[] }).invites).toEqual([]);
  });

  it('each invitation is answered once (409 after), by its addressee only (404 for others)', async () => {
    const a = await academy();
    const nia = await signedIn({ first_name: 'Nia' });
    const other = await signedIn({ first_name: 'Olly' });
    const id = inviteId(await invite(a.coach.token, a.orgId, nia.email));
    for (const url of [
      `/v4/orgs/invite?invite_id=${id}`,
      `/v4/orgs/invite/accept?invite_id=${id}`,
      `/v4/orgs/invite/decline?invite_id=${id}`,
    ]) {
      expect((await get(other.token, url)).statusCode, url).toBe(404);
      expect((await get(a.player.token, url)).statusCode, url).toBe(404);
    }
    expect((await get(nia.token, `/v4/orgs/invite/decline?invite_id=${id}`)).statusCode).toBe(200);
    const again = await get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This invitation was already declined.');
    expect((await get(nia.token, `/v4/orgs/invite/decline?invite_id=${id}`)).statusCode).toBe(409);
    expect(await server.db.select().from(orgMembers).where(eq(orgMembers.uid, nia.uid))).toEqual([]);
    const told = await server.db.select().from(notifications).where(eq(notifications.uid, a.coach.uid));
    expect(told.filter((n) => n.type === 'ORG_INVITE_DECLINE')).toHaveLength(1);
    expect((await get(nia.token, '/v4/orgs/invite/accept?invite_id=0')).statusCode).toBe(400);
    expect((await get(nia.token, '/v4/orgs/invite/accept?invite_id=99999999')).statusCode).toBe(404);
  });

  it('inviting an address twice, even at once, keeps one open invitation and one unread notification', async () => {
    const a = await academy();
    const nia = await signedIn();
    const sent = await Promise.all([invite(a.coach.token, a.orgId, nia.email), invite(a.coach.token, a.orgId, nia.email, 'coach')]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(sent.map(inviteId)).size).toBe(1);
    const open = await server.db.select().from(orgInvites).where(eq(orgInvites.email, nia.email));
    expect(open).toHaveLength(1);
    const unread = await server.db.select().from(notifications).where(eq(notifications.uid, nia.uid));
    expect(unread).toHaveLength(1);
  });

  it('two accepts at once join once', async () => {
    const a = await academy();
    const nia = await signedIn();
    const id = inviteId(await invite(a.coach.token, a.orgId, nia.email));
    const results = await Promise.all([1, 2, 3].map(() => get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await server.db.select().from(orgMembers).where(eq(orgMembers.uid, nia.uid))).toHaveLength(1);
  });

  it('expires after 14 days; a resend opens it for another 14', async () => {
    const a = await academy();
    const nia = await signedIn();
    const id = inviteId(await invite(a.coach.token, a.orgId, nia.email));
    server.clock.advance(INVITE_TTL_MS - 60_000);
    expect(((await get(nia.token, `/v4/orgs/invite?invite_id=${id}`)).json() as { status: string }).status).toBe('OPEN');
    server.clock.advance(120_000);
    expect(((await get(nia.token, `/v4/orgs/invite?invite_id=${id}`)).json() as { status: string }).status).toBe('EXPIRED');
    const late = await get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/expired/);
    expect(((await get(nia.token, '/v4/orgs/invites')).json() as { invites: unknown[] }).invites).toEqual([]);
    const listed = (await get(a.coach.token, `/v4/orgs/invites?org_id=${a.orgId}`)).json() as {
      invites: Array<{ invite_id: number; status: string }>;
    };
    expect(listed.invites.find((i) => i.invite_id === id)?.status).toBe('EXPIRED');
    const mailsBefore = server.mails.length;
    const resent = await post(a.coach.token, `/v4/orgs/invite/resend?invite_id=${id}`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('OPEN');
    expect(server.mails.slice(mailsBefore).map((m) => m.to)).toEqual([nia.email]);
    expect((await get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`)).statusCode).toBe(200);
  });

  it('a coach cancels an open one; the invitee can no longer answer it', async () => {
    const a = await academy();
    const nia = await signedIn();
    const id = inviteId(await invite(a.coach.token, a.orgId, nia.email));
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/orgs/invite?invite_id=${id}`, headers: bearer(a.player.token) })).statusCode,
    ).toBe(404);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/orgs/invite?invite_id=${id}`, headers: bearer(a.coach.token) })).statusCode,
    ).toBe(200);
    expect((await get(nia.token, `/v4/orgs/invite/accept?invite_id=${id}`)).json().error).toBe(
      'This invitation was withdrawn by the organisation.',
    );
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/orgs/invite?invite_id=${id}`, headers: bearer(a.coach.token) })).statusCode,
    ).toBe(409);
  });

  it('only coaches invite; bad input and members already in are refused, and nothing is sent', async () => {
    const a = await academy();
    const outsider = await signedIn({ is_coach: true });
    const before = server.mails.length;
    const cases: Array<[string, string, unknown, number]> = [
      ['a player', a.player.token, { email: 'x@example.test', role: 'player' }, 403],
      ['an outsider', outsider.token, { email: 'x@example.test', role: 'player' }, 404],
      ['a bad e-mail', a.coach.token, { email: 'not-an-email', role: 'player' }, 400],
      ['a bad role', a.coach.token, { email: 'x@example.test', role: 'owner' }, 400],
      ['no role', a.coach.token, { email: 'x@example.test' }, 400],
      ['a member', a.coach.token, { email: a.player.email, role: 'player' }, 409],
    ];
    for (const [what, token, body, status] of cases)
      expect((await post(token, `/v4/orgs/invite?org_id=${a.orgId}`, body)).statusCode, what).toBe(status);
    expect(server.mails.length).toBe(before);
    expect(((await get(a.coach.token, `/v4/orgs/invites?org_id=${a.orgId}`)).json() as { invites: unknown[] }).invites).toEqual([]);
    expect((await get(a.player.token, `/v4/orgs/invites?org_id=${a.orgId}`)).statusCode).toBe(403);
  });

  it('someone without an account registers with the invited address and then accepts; a coach invitation makes them a coach of the org', async () => {
    const a = await academy();
    const email = `newcoach-${Date.now()}@example.test`;
    const id = inviteId(await invite(a.coach.token, a.orgId, email, 'coach'));
    const newcomer = await buildUser(server.db, { email, is_coach: true });
    const token = await loginAs(server, newcomer);
    const joined = await get(token, `/v4/orgs/invite/accept?invite_id=${id}`);
    expect(joined.json()).toMatchObject({ org_id: a.orgId, role: 'coach' });
    const members = (await get(token, `/v4/orgs/members?org_id=${a.orgId}`)).json() as { members: Array<{ uid: number }> };
    expect(members.members).toHaveLength(3);
  });

  it('a player account that accepts a coach invitation becomes a coach (GET /account says is_coach); a player invitation leaves a player a player', async () => {
    const a = await academy();
    for (const role of ['coach', 'player'] as const) {
      const email = `joiner-${role}-${Date.now()}@example.test`;
      const id = inviteId(await invite(a.coach.token, a.orgId, email, role));
      const joiner = await buildUser(server.db, { email, is_coach: false });
      const token = await loginAs(server, joiner);
      expect((await get(token, '/v4/account')).json()).toMatchObject({ is_coach: false });
      expect((await get(token, `/v4/orgs/invite/accept?invite_id=${id}`)).statusCode).toBe(200);
      expect((await get(token, '/v4/account')).json(), role).toMatchObject({ is_coach: role === 'coach' });
    }
  });
});
