import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { eventOrgShares, notifications, orgMembers, orgs, settings, subscriptions, users } from '../../db/schema/index.ts';
import { acquaint, buildOrg, buildSubscription, buildUser, loginAs, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const signedIn = (over: Parameters<typeof signedInUser>[1] = {}) => signedInUser(server, over);
const get = (token: string, url: string) => server.app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const del = (token: string, url: string) => server.app.inject({ method: 'DELETE', url, headers: bearer(token) });
const subscriptionOf = async (token: string) =>
  (await get(token, '/v4/account/subscription')).json() as { level: number; sub_id: number; has_branding: boolean } | null;

/** A TEAM academy (2 coach, 10 premium seats): its purchasing coach on a coach seat, a second coach and three players. */
async function academy(options: { level?: number; status?: string; has_branding?: boolean } = {}) {
  const owner = await signedIn({ first_name: 'Casey', is_coach: true });
  const coach = await signedIn({ first_name: 'Robin', is_coach: true });
  const players = [await signedIn({ first_name: 'Nia' }), await signedIn({ first_name: 'Omar' }), await signedIn({ first_name: 'Pia' })];
  const subId = await buildSubscription(server.db, {
    purchaser: owner.uid,
    level: (options.level ?? SUBSCRIPTION_LEVELS.TEAM) as 4,
    status: options.status ?? 'ACTIVE',
    has_branding: options.has_branding ?? true,
  });
  const orgId = await buildOrg(server.db, {
    name: 'Pine Valley Academy',
    sub_id: subId,
    members: [
      { uid: owner.uid, is_coach: true, seat: 'COACH' },
      { uid: coach.uid, is_coach: true },
      ...players.map((p) => ({ uid: p.uid })),
    ],
  });
  return { owner, coach, players, subId, orgId };
}

describe('GET /orgs and the organisation', () => {
  it("lists the caller's organisations with role, purchaser and seat; nobody else's", async () => {
    const a = await academy();
    const other = await academy();
    const mine = (await get(a.owner.token, '/v4/orgs')).json() as Array<Record<string, unknown>>;
    expect(mine).toEqual([
      {
        org_id: a.orgId,
        name: 'Pine Valley Academy',
        media_id: null,
        logo_url: null,
        colour: null,
        sub_id: a.subId,
        role: 'coach',
        is_purchaser: true,
        seat: 'COACH',
      },
    ]);
    const player = (await get(a.players[0]!.token, '/v4/orgs')).json() as Array<Record<string, unknown>>;
    expect(player).toEqual([expect.objectContaining({ org_id: a.orgId, role: 'player', is_purchaser: false, seat: null })]);
    expect(player.some((o) => o.org_id === other.orgId)).toBe(false);
  });

  it('a coach of the org renames it and sets its colour; a player, an outsider or bad input changes nothing', async () => {
    const a = await academy();
    const outsider = await signedIn({ is_coach: true });
    const ok = await post(a.coach.token, `/v4/orgs?org_id=${a.orgId}`, { name: 'Pine Valley', media_id: null, colour: '#1E6B52' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Pine Valley', colour: '#1e6b52' });
    const cases: Array<[string, string, unknown, number]> = [
      ['player', a.players[0]!.token, { name: 'Mine now' }, 403],
      ['outsider', outsider.token, { name: 'Mine now' }, 404],
      ['empty name', a.coach.token, { name: '  ' }, 400],
      ['bad colour', a.coach.token, { name: 'X', colour: 'green' }, 400],
      ['control character', a.coach.token, { name: 'Pine\u202eValley' }, 400],
      ["someone else's image", a.coach.token, { name: 'X', media_id: 999999 }, 400],
    ];
    for (const [what, token, body, status] of cases) {
      expect((await post(token, `/v4/orgs?org_id=${a.orgId}`, body)).statusCode, what).toBe(status);
    }
    expect(((await get(a.owner.token, '/v4/orgs')).json() as Array<{ name: string }>)[0]!.name).toBe('Pine Valley');
  });

  it('POST /orgs creates the organisation of a coach-level subscription that has none, once', async () => {
    const coach = await signedIn({ is_coach: true });
    expect((await post(coach.token, '/v4/orgs', { name: 'Solo Coaching' })).statusCode).toBe(403);
    await buildSubscription(server.db, { purchaser: coach.uid, level: SUBSCRIPTION_LEVELS.COACH });
    const created = await post(coach.token, '/v4/orgs', { name: 'Solo Coaching' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Solo Coaching', role: 'coach', is_purchaser: true, seat: 'COACH' });
    expect((await post(coach.token, '/v4/orgs', { name: 'Second' })).statusCode).toBe(409);
    const player = await signedIn();
    await buildSubscription(server.db, { purchaser: player.uid, level: SUBSCRIPTION_LEVELS.TEAM });
    expect((await post(player.token, '/v4/orgs', { name: 'Players only' })).statusCode).toBe(403);
  });

  it('two creations at once make one organisation (a double tap never doubles the seats)', async () => {
    const coach = await signedIn({ is_coach: true });
    const subId = await buildSubscription(server.db, { purchaser: coach.uid, level: SUBSCRIPTION_LEVELS.TEAM });
    const results = await Promise.all([1, 2, 3].map((i) => post(coach.token, '/v4/orgs', { name: `Club ${i}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await server.db.select().from(orgs).where(eq(orgs.sub_id, subId))).toHaveLength(1);
  });
});

describe('seats', () => {
  it("GET /orgs/subscription gives the plan's seats and how many are used, to members only", async () => {
    const a = await academy();
    const res = await get(a.players[0]!.token, `/v4/orgs/subscription?org_id=${a.orgId}`);
    expect(res.json()).toMatchObject({
      sub_id: a.subId,
      level: SUBSCRIPTION_LEVELS.TEAM,
      status: 'ACTIVE',
      seats: { num_coach: 2, num_premium: 10, used_coach: 1, used_premium: 0 },
    });
    expect((await get((await signedIn()).token, `/v4/orgs/subscription?org_id=${a.orgId}`)).statusCode).toBe(404);
    expect((await get(a.owner.token, '/v4/orgs/subscription?org_id=abc')).statusCode).toBe(400);
    const bare = await buildOrg(server.db, { members: [{ uid: a.players[1]!.uid }] });
    expect((await get(a.players[1]!.token, `/v4/orgs/subscription?org_id=${bare}`)).json()).toBeNull();
  });

  it('a premium seat gives its holder premium access while the subscription is active; freeing it takes it away', async () => {
    const a = await academy();
    const nia = a.players[0]!;
    expect(await subscriptionOf(nia.token)).toBeNull();
    const given = await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: nia.uid, seat: 'PREMIUM' });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ uid: nia.uid, seat: 'PREMIUM', role: 'player' });
    expect(await subscriptionOf(nia.token)).toMatchObject({ sub_id: a.subId, level: SUBSCRIPTION_LEVELS.PREMIUM, has_branding: true });
    expect(((await get(nia.token, '/v4/orgs')).json() as Array<{ seat: string }>)[0]!.seat).toBe('PREMIUM');
    await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.sub_id, a.subId));
    expect(await subscriptionOf(nia.token)).toMatchObject({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'EXPIRED' });
    await server.db.update(subscriptions).set({ status: 'ACTIVE' }).where(eq(subscriptions.sub_id, a.subId));
    expect((await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: nia.uid, seat: null })).statusCode).toBe(200);
    expect(await subscriptionOf(nia.token)).toBeNull();
  });

  it("a seat never goes past the plan's count (409), and two at once still count right", async () => {
    const a = await academy();
    const more = await Promise.all(Array.from({ length: 9 }, () => buildUser(server.db)));
    await server.db.insert(orgMembers).values(more.map((m) => ({ org_id: a.orgId, uid: m.uid })));
    const everyone = [...a.players.map((p) => p.uid), ...more.map((m) => m.uid)];
    const results = await Promise.all(
      everyone.map((uid) => post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid, seat: 'PREMIUM' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('All 10 premium seats') });
    const sub = (await get(a.owner.token, `/v4/orgs/subscription?org_id=${a.orgId}`)).json() as { seats: { used_premium: number } };
    expect(sub.seats.used_premium).toBe(10);
    // The coach seats: the purchaser holds one of two.
    expect((await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: a.coach.uid, seat: 'COACH' })).statusCode).toBe(200);
    const third = await buildUser(server.db, { is_coach: true });
    await server.db.insert(orgMembers).values({ org_id: a.orgId, uid: third.uid, is_coach: true });
    expect((await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: third.uid, seat: 'COACH' })).statusCode).toBe(409);
    expect(await subscriptionOf(await loginAs(server, a.coach))).toMatchObject({ level: SUBSCRIPTION_LEVELS.COACH });
  });

  it('only the purchaser assigns seats, to members, coach seats to coaches, while active', async () => {
    const a = await academy();
    const outsider = await signedIn();
    const url = `/v4/orgs/seat?org_id=${a.orgId}`;
    const cases: Array<[string, string, unknown, number]> = [
      ['another coach', a.coach.token, { uid: a.players[0]!.uid, seat: 'PREMIUM' }, 403],
      ['a player', a.players[0]!.token, { uid: a.players[0]!.uid, seat: 'PREMIUM' }, 403],
      ['an outsider', outsider.token, { uid: a.players[0]!.uid, seat: 'PREMIUM' }, 404],
      ['a non-member', a.owner.token, { uid: outsider.uid, seat: 'PREMIUM' }, 404],
      ['a coach seat for a player', a.owner.token, { uid: a.players[0]!.uid, seat: 'COACH' }, 400],
      ['an unknown seat', a.owner.token, { uid: a.players[0]!.uid, seat: 'GOLD' }, 400],
      ['no uid', a.owner.token, { seat: 'PREMIUM' }, 400],
    ];
    for (const [what, token, body, status] of cases) expect((await post(token, url, body)).statusCode, what).toBe(status);
    const lapsed = await academy({ status: 'EXPIRED' });
    expect(
      (await post(lapsed.owner.token, `/v4/orgs/seat?org_id=${lapsed.orgId}`, { uid: lapsed.players[0]!.uid, seat: 'PREMIUM' })).statusCode,
    ).toBe(409);
    const rows = await server.db.select().from(orgMembers).where(eq(orgMembers.org_id, a.orgId));
    expect(rows.filter((r) => r.seat !== null).map((r) => r.uid)).toEqual([a.owner.uid]);
  });

  it('a player who bought premium keeps their own subscription when a lower seat would not add anything', async () => {
    const a = await academy();
    const nia = a.players[0]!;
    const own = await buildSubscription(server.db, { purchaser: nia.uid, level: SUBSCRIPTION_LEVELS.PREMIUM });
    await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: nia.uid, seat: 'PREMIUM' });
    expect(await subscriptionOf(nia.token)).toMatchObject({ sub_id: own });
  });
});

describe('members, leaving and removing', () => {
  it('coaches see every member with e-mail; a player sees the coaches only; an outsider nothing', async () => {
    const a = await academy();
    const asCoach = (await get(a.coach.token, `/v4/orgs/members?org_id=${a.orgId}`)).json() as {
      members: Array<{ uid: number; email: string | null; is_purchaser: boolean }>;
    };
    expect(asCoach.members).toHaveLength(5);
    expect(asCoach.members.find((m) => m.uid === a.owner.uid)).toMatchObject({ is_purchaser: true, email: a.owner.email });
    const asPlayer = (await get(a.players[0]!.token, `/v4/orgs/members?org_id=${a.orgId}`)).json() as {
      members: Array<{ uid: number; email: string | null; role: string }>;
    };
    expect(asPlayer.members.map((m) => m.uid).sort()).toEqual([a.owner.uid, a.coach.uid].sort());
    expect(asPlayer.members.every((m) => m.email === null && m.role === 'coach')).toBe(true);
    expect((await get((await signedIn()).token, `/v4/orgs/members?org_id=${a.orgId}`)).statusCode).toBe(404);
  });

  it('leaving ends the seat and the shares to the organisation, clears access, and tells the coaches', async () => {
    const a = await academy();
    const nia = a.players[0]!;
    await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: nia.uid, seat: 'PREMIUM' });
    const round = await createEvent(server, nia.token, { usershares: [], orgshares: [{ org_id: a.orgId, permissions: 0 }] });
    await post(nia.token, '/v4/account/settings', { orgshares: [{ org_id: a.orgId, permissions: 0 }] });
    expect((await get(a.coach.token, `/v4/events?event_id=${round.event_id}`)).statusCode).toBe(200);
    const left = await get(nia.token, `/v4/orgs/leave?org_id=${a.orgId}`);
    expect(left.statusCode).toBe(200);
    expect(await subscriptionOf(nia.token)).toBeNull();
    expect((await get(nia.token, '/v4/orgs')).json()).toEqual([]);
    expect((await get(a.coach.token, `/v4/events?event_id=${round.event_id}`)).statusCode).toBe(404);
    expect(await server.db.select().from(eventOrgShares).where(eq(eventOrgShares.event_id, round.event_id))).toEqual([]);
    const [saved] = await server.db.select().from(settings).where(eq(settings.uid, nia.uid));
    expect(saved?.orgshares).toEqual([]);
    const told = await server.db.select().from(notifications).where(eq(notifications.type, 'ORG_MEMBER_LEAVE'));
    expect(
      told
        .filter((n) => n.uid === a.owner.uid || n.uid === a.coach.uid)
        .map((n) => n.nav_loc)
        .sort(),
    ).toEqual([`org-management?org_id=${a.orgId}`, 'org-info'].sort());
    expect((await get(nia.token, `/v4/orgs/leave?org_id=${a.orgId}`)).statusCode).toBe(404);
  });

  it('the purchaser cannot leave while the subscription is active (409), and may once it ended', async () => {
    const a = await academy();
    const res = await get(a.owner.token, `/v4/orgs/leave?org_id=${a.orgId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/cannot leave it while the subscription is active/);
    expect((await get(a.owner.token, '/v4/orgs')).json()).toHaveLength(1);
    await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.sub_id, a.subId));
    expect((await get(a.owner.token, `/v4/orgs/leave?org_id=${a.orgId}`)).statusCode).toBe(200);
  });

  it('a coach removes a member, who is told; nobody removes the purchaser; players and outsiders remove nobody', async () => {
    const a = await academy();
    const [nia, omar] = a.players as [(typeof a.players)[0], (typeof a.players)[0]];
    const outsider = await signedIn({ is_coach: true });
    const cases: Array<[string, string, number, number]> = [
      ['a player removing another', nia.token, omar.uid, 403],
      ['an outsider', outsider.token, omar.uid, 404],
      ['the purchaser', a.coach.token, a.owner.uid, 409],
      ['a non-member', a.coach.token, outsider.uid, 404],
    ];
    for (const [what, token, uid, status] of cases)
      expect((await del(token, `/v4/orgs/member?org_id=${a.orgId}&uid=${uid}`)).statusCode, what).toBe(status);
    expect((await del(a.coach.token, `/v4/orgs/member?org_id=${a.orgId}&uid=${omar.uid}`)).statusCode).toBe(200);
    const members = await server.db.select().from(orgMembers).where(eq(orgMembers.org_id, a.orgId));
    expect(members.map((m) => m.uid)).not.toContain(omar.uid);
    const [notice] = await server.db.select().from(notifications).where(eq(notifications.uid, omar.uid));
    expect(notice).toMatchObject({
      type: 'ORG_MEMBER_LEAVE',
      nav_loc: 'org-info',
      title: 'You are no longer a member of Pine Valley Academy',
    });
    expect((await del(nia.token, `/v4/orgs/member?org_id=${a.orgId}&uid=${nia.uid}`)).statusCode).toBe(200);
  });
});

describe('branding and GET /people', () => {
  it('a seat holder of a branded subscription gets a subscription whose sub_id matches the org; an unseated member gets none', async () => {
    const a = await academy({ has_branding: true });
    const [nia, omar] = a.players as [(typeof a.players)[0], (typeof a.players)[0]];
    await post(a.owner.token, `/v4/orgs/seat?org_id=${a.orgId}`, { uid: nia.uid, seat: 'PREMIUM' });
    const sub = await subscriptionOf(nia.token);
    const orgsOfNia = (await get(nia.token, '/v4/orgs')).json() as Array<{ sub_id: number }>;
    expect(sub?.has_branding).toBe(true);
    expect(orgsOfNia.some((o) => o.sub_id === sub?.sub_id)).toBe(true);
    expect(await subscriptionOf(omar.token)).toBeNull();
    const plain = await academy({ has_branding: false });
    await post(plain.owner.token, `/v4/orgs/seat?org_id=${plain.orgId}`, { uid: plain.players[0]!.uid, seat: 'PREMIUM' });
    expect((await subscriptionOf(plain.players[0]!.token))?.has_branding).toBe(false);
  });

  it('lists everyone the caller shares an organisation or an item with, and nobody else', async () => {
    const a = await academy();
    const nia = a.players[0]!;
    const friend = await signedIn({ first_name: 'Fay' });
    const stranger = await signedIn({ first_name: 'Stan' });
    // Sharing needs someone the sharer knows; a folder share (which GET /people does not count) makes them acquainted.
    await acquaint(server.db, friend.uid, [nia.uid]);
    await createEvent(server, friend.token, { usershares: [{ uid: nia.uid, permissions: 0 }], orgshares: [] });
    const people = ((await get(nia.token, '/v4/people')).json() as { people: Array<{ uid: number; is_coach: boolean }> }).people;
    const uids = people.map((p) => p.uid);
    expect(uids.sort()).toEqual([a.owner.uid, a.coach.uid, a.players[1]!.uid, a.players[2]!.uid, friend.uid].sort());
    expect(uids).not.toContain(stranger.uid);
    expect(uids).not.toContain(nia.uid);
    expect(people.find((p) => p.uid === a.coach.uid)?.is_coach).toBe(true);
    const ofFriend = ((await get(friend.token, '/v4/people')).json() as { people: Array<{ uid: number }> }).people.map((p) => p.uid);
    expect(ofFriend).toEqual([nia.uid]);
  });
});

describe('settings.group', () => {
  it('keeps up to 15 people the coach knows; strangers and a 16th are refused and nothing changes', async () => {
    const a = await academy();
    const stranger = await buildUser(server.db);
    const ok = await post(a.owner.token, '/v4/account/settings', { group: [a.players[0]!.uid, a.players[1]!.uid] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().group).toEqual([a.players[0]!.uid, a.players[1]!.uid]);
    expect((await post(a.owner.token, '/v4/account/settings', { group: [a.players[0]!.uid, stranger.uid] })).statusCode).toBe(400);
    expect((await post(a.owner.token, '/v4/account/settings', { group: Array.from({ length: 16 }, (_, i) => i + 1) })).statusCode).toBe(
      400,
    );
    expect((await get(a.owner.token, '/v4/account/settings')).json().group).toEqual([a.players[0]!.uid, a.players[1]!.uid]);
    const [row] = await server.db.select({ sub_id: users.sub_id }).from(users).where(eq(users.uid, a.owner.uid));
    expect(row?.sub_id).toBe(a.subId);
  });
});

describe("a coach's team statistics", () => {
  it('count only rounds shared with the coach, per player, and nothing once the player has left', async () => {
    const a = await academy();
    const [nia, omar] = a.players as [(typeof a.players)[0], (typeof a.players)[0]];
    const toCoaches = await createEvent(server, nia.token, { share: 'SHARE_COACHES', usershares: [], orgshares: [] });
    await createEvent(server, nia.token, { share: 'SHARE_SELF', usershares: [], orgshares: [] });
    const toOrg = await createEvent(server, omar.token, {
      share: 'SHARE_SELECTED',
      usershares: [],
      orgshares: [{ org_id: a.orgId, permissions: 0 }],
    });
    await createEvent(server, omar.token, { share: 'SHARE_SELECTED', usershares: [], orgshares: [] });
    const scores = async (token: string, query: string) => {
      const res = await get(token, `/v4/stats/scores?${query}`);
      return res.statusCode === 200
        ? (res.json() as { scores: Array<{ uid: number; event_id: number }> }).scores.map((s) => [s.uid, s.event_id]).sort()
        : res.statusCode;
    };
    expect(await scores(a.coach.token, `players=${nia.uid},${omar.uid}`)).toEqual(
      [
        [nia.uid, toCoaches.event_id],
        [omar.uid, toOrg.event_id],
      ].sort(),
    );
    const summary = (await get(a.coach.token, `/v4/stats/summary?players=${nia.uid},${omar.uid}`)).json() as {
      players: Array<{ uid: number; rounds: number }>;
    };
    expect(summary.players.map((p) => [p.uid, p.rounds]).sort()).toEqual(
      [
        [nia.uid, 1],
        [omar.uid, 1],
      ].sort(),
    );
    // A teammate does not count Nia's round: SHARE_COACHES reaches the coaches only.
    expect(await scores(a.players[2]!.token, `players=${nia.uid}`)).toEqual([]);
    await get(nia.token, `/v4/orgs/leave?org_id=${a.orgId}`);
    expect(await scores(a.coach.token, `players=${nia.uid}`)).toBe(404);
  });
});
