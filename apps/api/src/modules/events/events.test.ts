import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, eventUserShares, notifications, rounds } from '../../db/schema/index.ts';
import { acquaint, buildOrg, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody, buildRoundBody, createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function signedIn(over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.db, over);
  return { ...user, token: await loginAs(server, user) };
}
const eventCount = async () => (await server.db.select({ n: count() }).from(events))[0]?.n ?? 0;
const post = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/v4/events',
    headers: { ...bearer(token), ...headers },
    payload: payload as Record<string, unknown>,
  });

describe('POST /events: every event type', () => {
  it('creates practice, lesson, workout, note and round events and lists them newest first', async () => {
    const golfer = await signedIn();
    const types = ['PRACTICE', 'LESSON', 'WORKOUT', 'NOTE', 'ROUND'];
    for (const [i, type] of types.entries()) {
      const created = await createEvent(server, golfer.token, {
        event_type: type,
        start: `2026-11-0${i + 1}T09:00:00Z`,
        notes: 'Line one\nline two',
        tags: ['winter'],
      });
      expect(created).toMatchObject({
        event_type: type,
        uid: golfer.uid,
        permissions: 3,
        tags: ['winter'],
        notes: 'Line one\nline two',
        eventdrills: [],
      });
    }
    const list = await server.app.inject({ url: '/v4/events', headers: bearer(golfer.token) });
    const body = list.json() as { events: Array<{ event_type: string; round: unknown; round_summary: unknown }> };
    expect(body.events.map((e) => e.event_type)).toEqual([...types].reverse());
    expect(body.events[0]).toMatchObject({
      round: buildRoundBody(),
      round_summary: { course: 'Royal Example', holes: 2, score: 8, par: 7, to_par: 1 },
    });
    expect(body.events[1]).toMatchObject({ round: null, round_summary: null });
  });

  it('keeps the round as entered, in its units, with tees, course rating and slope', async () => {
    const golfer = await signedIn();
    const round = buildRoundBody({
      units: 'METERS_METERS',
      tees: 'White',
      course_rating: 71.2,
      slope: 128,
      holes: [
        {
          hole: 1,
          par: 3,
          shots: [
            { from: 'T', dist: 150, to: 'G' },
            { from: 'G', dist: 5.5, to: 'I' },
          ],
        },
      ],
    });
    const created = await createEvent(server, golfer.token, { round });
    const again = await server.app.inject({ url: `/v4/events?event_id=${created.event_id}`, headers: bearer(golfer.token) });
    expect((again.json() as { events: Array<{ round: unknown }> }).events[0]?.round).toEqual(round);
  });
});

describe('a round that breaks the rules is refused with 400 naming hole and shot, and nothing is stored', () => {
  const broken: Array<[string, (r: ReturnType<typeof buildRoundBody>) => void, RegExp]> = [
    ['hole not from the tee', (r) => r.holes[1]!.shots.shift(), /Hole 2, shot 1: the first shot of a hole is played from the tee/],
    ['last shot not holed', (r) => (r.holes[0]!.shots[3]!.to = 'G'), /Hole 1, shot 4: the last shot of a hole must end in the hole/],
    ['chain broken', (r) => (r.holes[0]!.shots[1]!.from = 'R'), /Hole 1, shot 2: starts from 'R' but shot 1 ended in 'F'/],
    [
      'drive past 800 yd',
      (r) => (r.holes[0]!.shots[0]!.dist = 950),
      /Hole 1, shot 1: distance 950 yards is past the longest off the green/,
    ],
    ['putt past 200 ft', (r) => (r.holes[0]!.shots[2]!.dist = 240), /Hole 1, shot 3: distance 240 feet is past the longest on the green/],
    ['OB not replayed', (r) => (r.holes[0]!.shots[0]!.to = 'O'), /Hole 1, shot 2: after out of bounds on shot 1/],
    ['par 8', (r) => (r.holes[1]!.par = 8), /Hole 2: par 8 must be a whole number from 3 to 6/],
    ['slope 200', (r) => Object.assign(r, { slope: 200 }), /Round: slope 200 must be a number from 55 to 155/],
  ];
  for (const [name, breakIt, message] of broken) {
    it(name, async () => {
      const golfer = await signedIn();
      const before = await eventCount();
      const round = buildRoundBody();
      breakIt(round);
      const res = await post(golfer.token, buildEventBody({ round }));
      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: string; error: string; details: Array<{ hole?: number; shot?: number | null }> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.error).toMatch(message);
      expect(await eventCount()).toBe(before);
    });
  }

  it('a lie or miss that does not exist, or a missing round, names the field', async () => {
    const golfer = await signedIn();
    const before = await eventCount();
    const round = buildRoundBody();
    (round.holes[0]!.shots[1] as { to: string }).to = 'X';
    const badLie = await post(golfer.token, buildEventBody({ round }));
    expect(badLie.statusCode).toBe(400);
    expect((badLie.json() as { error: string }).error).toContain('round.holes.0.shots.1.to');
    const noRound = await post(golfer.token, buildEventBody({ round: null }));
    expect((noRound.json() as { error: string }).error).toContain('round: A ROUND event needs its round');
    const practiceWithRound = await post(golfer.token, buildEventBody({ event_type: 'PRACTICE', round: buildRoundBody() }));
    expect(practiceWithRound.statusCode).toBe(400);
    const badDate = await post(golfer.token, buildEventBody({ start: 'next Tuesday' }));
    expect(badDate.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('stores the event, its round, tags and shares in one transaction', async () => {
    const golfer = await signedIn();
    const before = await eventCount();
    await server.db.execute(sql`ALTER TABLE rounds ADD CONSTRAINT rounds_fail_for_test CHECK (score < 0) NOT VALID`);
    try {
      const res = await post(golfer.token, buildEventBody());
      expect(res.statusCode).toBe(500);
    } finally {
      await server.db.execute(sql`ALTER TABLE rounds DROP CONSTRAINT rounds_fail_for_test`);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key answers the first answer and creates nothing', async () => {
    const golfer = await signedIn();
    const before = await eventCount();
    const first = await post(golfer.token, buildEventBody(), { 'idempotency-key': 'round-2026-11-21-a' });
    const retry = await post(golfer.token, buildEventBody(), { 'idempotency-key': 'round-2026-11-21-a' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await eventCount()).toBe(before + 1);
  });

  it('two concurrent saves with one key create one round', async () => {
    const golfer = await signedIn();
    const before = await eventCount();
    const [a, b] = await Promise.all([
      post(golfer.token, buildEventBody(), { 'idempotency-key': 'phone-retry-1' }),
      post(golfer.token, buildEventBody(), { 'idempotency-key': 'phone-retry-1' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((a.json() as { event_id: number }).event_id).toBe((b.json() as { event_id: number }).event_id);
    expect(await eventCount()).toBe(before + 1);
  });

  it("the same key with another body is a 409; another user's key is theirs; after 24 hours a key is new", async () => {
    const golfer = await signedIn();
    const other = await signedIn();
    await post(golfer.token, buildEventBody(), { 'idempotency-key': 'k-1' });
    const different = await post(golfer.token, buildEventBody({ title: 'Another round' }), { 'idempotency-key': 'k-1' });
    expect(different.statusCode).toBe(409);
    expect((await post(other.token, buildEventBody(), { 'idempotency-key': 'k-1' })).statusCode).toBe(200);
    const before = await eventCount();
    server.clock.advance(24 * 3600 * 1000 + 1);
    expect((await post(golfer.token, buildEventBody(), { 'idempotency-key': 'k-1' })).statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });
});

describe('shares on a new event', () => {
  it("take the owner's defaults: VIEW for each organisation, unless saved settings say otherwise", async () => {
    const golfer = await signedIn();
    const org = await buildOrg(server.db, { members: [{ uid: golfer.uid }] });
    const byDefault = await createEvent(server, golfer.token);
    expect(byDefault).toMatchObject({ share: 'SHARE_SELECTED', usershares: [], orgshares: [{ org_id: org, permissions: 0 }] });
    const friend = await buildUser(server.db);
    // A default share, like any share, may only name someone the owner knows.
    await acquaint(server.db, golfer.uid, [friend.uid]);
    await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(golfer.token),
      payload: {
        usershares: [
          { uid: golfer.uid, permissions: 3 },
          { uid: friend.uid, permissions: 2 },
        ],
        orgshares: [],
      },
    });
    const saved = await createEvent(server, golfer.token);
    expect(saved).toMatchObject({ usershares: [{ uid: friend.uid, permissions: 2 }], orgshares: [] });
  });

  it('lowers ADD to VIEW on a round or a note, keeps it on a practice, and never gives OWNER away', async () => {
    const golfer = await signedIn();
    const friend = await buildUser(server.db);
    await acquaint(server.db, golfer.uid, [friend.uid]);
    const shares = { usershares: [{ uid: friend.uid, permissions: 1 }], orgshares: [] };
    expect((await createEvent(server, golfer.token, shares)).usershares).toEqual([{ uid: friend.uid, permissions: 0 }]);
    expect((await createEvent(server, golfer.token, { ...shares, event_type: 'NOTE' })).usershares).toEqual([
      { uid: friend.uid, permissions: 0 },
    ]);
    expect((await createEvent(server, golfer.token, { ...shares, event_type: 'PRACTICE' })).usershares).toEqual([
      { uid: friend.uid, permissions: 1 },
    ]);
    expect(
      (await createEvent(server, golfer.token, { usershares: [{ uid: friend.uid, permissions: 3 }], orgshares: [] })).usershares,
    ).toEqual([{ uid: friend.uid, permissions: 2 }]);
  });

  it('holds at most 15 users, and only users and organisations that exist', async () => {
    const golfer = await signedIn();
    const before = await eventCount();
    const sixteen = Array.from({ length: 16 }, (_, i) => ({ uid: 10_000 + i, permissions: 0 }));
    const tooMany = await post(golfer.token, buildEventBody({ usershares: sixteen }));
    expect(tooMany.statusCode).toBe(400);
    expect((tooMany.json() as { error: string }).error).toContain('at most 15 users');
    const ghost = await post(golfer.token, buildEventBody({ usershares: [{ uid: 999_999, permissions: 0 }] }));
    expect(ghost.statusCode).toBe(400);
    expect((ghost.json() as { error: string }).error).toContain('there is no user 999999');
    expect(await eventCount()).toBe(before);
  });

  it('notifies each user it is shared with (ROUND_SHARED for a round) and counts as unread', async () => {
    const golfer = await signedIn({ first_name: 'Nia', last_name: 'Novak' });
    const friend = await signedIn();
    await acquaint(server.db, golfer.uid, [friend.uid]);
    const created = await createEvent(server, golfer.token, { usershares: [{ uid: friend.uid, permissions: 0 }], orgshares: [] });
    const rows = await server.db.select().from(notifications).where(eq(notifications.uid, friend.uid));
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'ROUND_SHARED',
        body: 'Nia Novak shared "Saturday medal" with you.',
        nav_loc: `event?event_id=${created.event_id}`,
        opened_at: null,
      }),
    ]);
    const unread = await server.app.inject({ url: '/v4/notifications/count_unread', headers: bearer(friend.token) });
    expect(unread.json()).toEqual({ count: 1 });
    await createEvent(server, golfer.token, {
      event_type: 'LESSON',
      title: 'Lag putting',
      usershares: [{ uid: friend.uid, permissions: 0 }],
      orgshares: [],
    });
    const types = (await server.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.uid, friend.uid)))
      .map((r) => r.type)
      .sort();
    expect(types).toEqual(['EVENT_SHARED', 'ROUND_SHARED']);
  });
});

describe('POST /events?event_id= (replace)', () => {
  it('replaces the round whole, keeps the type, and tells viewers of an update at most once an hour', async () => {
    const golfer = await signedIn({ first_name: 'Nia', last_name: 'Novak' });
    const coach = await signedIn();
    await acquaint(server.db, golfer.uid, [coach.uid]);
    const created = await createEvent(server, golfer.token, { usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] });
    const shorter = buildRoundBody({
      holes: [
        {
          hole: 1,
          par: 3,
          shots: [
            { from: 'T', dist: 150, to: 'G' },
            { from: 'G', dist: 12, to: 'I' },
          ],
        },
      ],
    });
    const edit = (title: string) =>
      server.app.inject({
        method: 'POST',
        url: `/v4/events?event_id=${created.event_id}`,
        headers: bearer(golfer.token),
        payload: buildEventBody({ title, round: shorter }),
      });
    const res = await edit('Saturday medal (corrected)');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Saturday medal (corrected)',
      round: shorter,
      round_summary: { holes: 1, score: 2, par: 3, to_par: -1 },
    });
    await edit('Again');
    const updates = async () =>
      (await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid))).filter((n) => n.type === 'EVENT_UPDATED');
    expect(await updates()).toHaveLength(1);
    expect((await updates())[0]?.body).toBe('Nia Novak updated "Saturday medal (corrected)".');
    server.clock.advance(60 * 60 * 1000 + 1);
    await edit('Third time');
    expect(await updates()).toHaveLength(2);
    const changeType = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${created.event_id}`,
      headers: bearer(golfer.token),
      payload: buildEventBody({ event_type: 'NOTE' }),
    });
    expect(changeType.statusCode).toBe(400);
    const broken = buildRoundBody();
    broken.holes[0]!.shots[0]!.from = 'F';
    const bad = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${created.event_id}`,
      headers: bearer(golfer.token),
      payload: buildEventBody({ round: broken }),
    });
    expect(bad.statusCode).toBe(400);
    const after = await server.app.inject({ url: `/v4/events?event_id=${created.event_id}`, headers: bearer(golfer.token) });
    expect((after.json() as { events: Array<{ title: string; round: unknown }> }).events[0]).toMatchObject({
      title: 'Third time',
      round: shorter,
    });
  });
});

describe('GET /events filters and paging', () => {
  it('filters by type, date range, tag, owner and shared, and pages by start and limit', async () => {
    const golfer = await signedIn();
    const friend = await signedIn();
    await acquaint(server.db, friend.uid, [golfer.uid]);
    for (let day = 1; day <= 6; day++) {
      await createEvent(server, golfer.token, {
        event_type: day % 2 ? 'ROUND' : 'PRACTICE',
        start: `2026-10-0${day}T10:00:00Z`,
        tags: day <= 2 ? ['College season'] : [],
      });
    }
    await createEvent(server, friend.token, {
      start: '2026-10-03T12:00:00Z',
      usershares: [{ uid: golfer.uid, permissions: 0 }],
      orgshares: [],
    });
    const ids = async (query: string) => {
      const res = await server.app.inject({ url: `/v4/events?${query}`, headers: bearer(golfer.token) });
      expect(res.statusCode, query).toBe(200);
      return (res.json() as { events: Array<{ start: string; event_type: string; uid: number }> }).events.map(
        (e) => `${e.start.slice(5, 10)} ${e.event_type} ${e.uid === golfer.uid ? 'mine' : 'shared'}`,
      );
    };
    expect(await ids('types=PRACTICE')).toEqual(['10-06 PRACTICE mine', '10-04 PRACTICE mine', '10-02 PRACTICE mine']);
    expect(await ids('from=2026-10-03&to=2026-10-04')).toEqual(['10-04 PRACTICE mine', '10-03 ROUND shared', '10-03 ROUND mine']);
    expect(await ids('tags=college%20season')).toEqual(['10-02 PRACTICE mine', '10-01 ROUND mine']);
    expect(await ids('shared=true')).toEqual(['10-03 ROUND shared']);
    expect(await ids(`uid=${friend.uid}`)).toEqual(['10-03 ROUND shared']);
    expect(await ids('shared=false&limit=2')).toEqual(['10-06 PRACTICE mine', '10-05 ROUND mine']);
    expect(await ids('shared=false&limit=2&start=4')).toEqual(['10-02 PRACTICE mine', '10-01 ROUND mine']);
    for (const bad of ['types=GOLF', 'limit=0', 'limit=201', 'start=-1', 'from=yesterday', 'shared=maybe', 'uid=abc']) {
      const res = await server.app.inject({ url: `/v4/events?${bad}`, headers: bearer(golfer.token) });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /events/unshare and DELETE /events', () => {
  it('a viewer removes an event from their list; its owner deletes it with its round and shares', async () => {
    const golfer = await signedIn();
    const friend = await signedIn();
    await acquaint(server.db, golfer.uid, [friend.uid]);
    const created = await createEvent(server, golfer.token, { usershares: [{ uid: friend.uid, permissions: 0 }], orgshares: [] });
    expect(
      (await server.app.inject({ url: `/v4/events/unshare?event_id=${created.event_id}`, headers: bearer(golfer.token) })).statusCode,
    ).toBe(400);
    expect(
      (await server.app.inject({ url: `/v4/events/unshare?event_id=${created.event_id}`, headers: bearer(friend.token) })).statusCode,
    ).toBe(200);
    const list = await server.app.inject({ url: '/v4/events', headers: bearer(friend.token) });
    expect((list.json() as { events: unknown[] }).events).toEqual([]);
    expect(await server.db.select().from(eventUserShares).where(eq(eventUserShares.event_id, created.event_id))).toEqual([]);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/events?event_id=${created.event_id}`, headers: bearer(golfer.token) }))
        .statusCode,
    ).toBe(200);
    expect(await server.db.select().from(rounds).where(eq(rounds.event_id, created.event_id))).toEqual([]);
    expect((await server.app.inject({ url: `/v4/events?event_id=${created.event_id}`, headers: bearer(golfer.token) })).statusCode).toBe(
      404,
    );
  });
});
