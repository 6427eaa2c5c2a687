import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments, notifications } from '../../db/schema/index.ts';
import { acquaint, buildOrg, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Comment {
  comment_id: number;
  event_id: number;
  uid: number;
  first_name: string;
  last_name: string;
  body: string;
  created_at: string;
}

const signedIn = (first_name: string, is_coach = false) => signedInUser(server, { first_name, is_coach });
const list = (who: User, eventId: number | string) =>
  server.app.inject({ url: `/v4/events/comments?event_id=${eventId}`, headers: bearer(who.token) });
const post = (who: User, eventId: number | string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/v4/events/comments?event_id=${eventId}`,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const remove = (who: User, commentId: number | string) =>
  server.app.inject({ method: 'DELETE', url: `/v4/events/comments?comment_id=${commentId}`, headers: bearer(who.token) });
const commentsOn = async (eventId: number) =>
  (await server.db.select({ n: count() }).from(eventComments).where(eq(eventComments.event_id, eventId)))[0]?.n ?? 0;
const allComments = async () => (await server.db.select({ n: count() }).from(eventComments))[0]?.n ?? 0;
const toldOfComments = (uid: number) =>
  server.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.uid, uid), eq(notifications.type, 'EVENT_COMMENT')))
    // A SELECT without ORDER BY has no order (PostgreSQL returns heap order, which may differ).
    .orderBy(notifications.notify_id);

/**
 * Nia owns the events; Casey coaches her organisation (SHARE_COACHES reaches him); Fran is given a
 * VIEW share; Tom is a fellow member who sees nothing of hers; Sam is a stranger.
 */
async function cast() {
  const owner = await signedIn('Nia');
  const coach = await signedIn('Casey', true);
  const friend = await signedIn('Fran');
  const teammate = await signedIn('Tom');
  const stranger = await signedIn('Sam');
  await buildOrg(server.db, { members: [{ uid: owner.uid }, { uid: coach.uid, is_coach: true }, { uid: teammate.uid }] });
  await acquaint(server.db, owner.uid, [friend.uid]);
  const round = await createEvent(server, owner.token, {
    title: 'Saturday medal',
    share: 'SHARE_COACHES',
    usershares: [{ uid: friend.uid, permissions: 0 }],
    orgshares: [],
  });
  const practice = await createEvent(server, owner.token, {
    event_type: 'PRACTICE',
    title: 'Putting ladder',
    share: 'SHARE_SELECTED',
    usershares: [{ uid: friend.uid, permissions: 0 }],
    orgshares: [],
  });
  const hidden = await createEvent(server, owner.token, { title: 'Private', share: 'SHARE_SELF', usershares: [], orgshares: [] });
  return { owner, coach, friend, teammate, stranger, round, practice, hidden };
}

describe('comments on an event', () => {
  it('anyone who may see the event comments and reads the thread oldest first, with names and line breaks as written', async () => {
    const { owner, coach, friend, teammate, round } = await cast();
    const first = await post(coach, round.event_id, { body: '  Good lag putting on 7.\nWork on the tee shot on 12.\t(driver)  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      event_id: round.event_id,
      uid: coach.uid,
      first_name: 'Casey',
      last_name: 'Golfer',
      body: 'Good lag putting on 7.\nWork on the tee shot on 12.\t(driver)',
    });
    server.clock.advance(60_000);
    expect((await post(friend, round.event_id, { body: 'Nice round! 🏌️' })).statusCode).toBe(200);
    server.clock.advance(60_000);
    expect((await post(owner, round.event_id, { body: 'Thanks both' })).statusCode).toBe(200);
    for (const reader of [owner, coach, friend]) {
      const res = await list(reader, round.event_id);
      expect(res.statusCode).toBe(200);
      const thread = (res.json() as { comments: Comment[] }).comments;
      expect(thread.map((c) => [c.first_name, c.body])).toEqual([
        ['Casey', 'Good lag putting on 7.\nWork on the tee shot on 12.\t(driver)'],
        ['Fran', 'Nice round! 🏌️'],
        ['Nia', 'Thanks both'],
      ]);
      expect(new Date(thread[0]!.created_at).getTime()).toBeLessThan(new Date(thread[2]!.created_at).getTime());
    }
    // Tom belongs to the organisation but is no coach: SHARE_COACHES does not reach him.
    expect((await list(teammate, round.event_id)).statusCode).toBe(404);
  });

  it('a practice takes comments too, and an event without any answers an empty thread', async () => {
    const { owner, friend, practice, round } = await cast();
    expect((await list(friend, round.event_id)).json()).toEqual({ comments: [] });
    expect((await post(friend, practice.event_id, { body: 'Ladder done twice?' })).statusCode).toBe(200);
    expect(((await list(owner, practice.event_id)).json() as { comments: Comment[] }).comments).toHaveLength(1);
  });

  it('takes exactly 2,000 characters after trimming, counting an emoji as one', async () => {
    const { friend, round } = await cast();
    expect((await post(friend, round.event_id, { body: ` ${'a'.repeat(2000)}\n` })).statusCode).toBe(200);
    expect((await post(friend, round.event_id, { body: '⛳'.repeat(2000) })).statusCode).toBe(200);
    expect(await commentsOn(round.event_id)).toBe(2);
  });

  it('answers 404 to those who may not see the event, and for an event that does not exist, storing nothing', async () => {
    const { teammate, stranger, coach, friend, round, hidden } = await cast();
    const before = await allComments();
    const cases: Array<[string, User, number]> = [
      ['a stranger', stranger, round.event_id],
      ['a member the scope does not reach', teammate, round.event_id],
      ['the coach, on a SHARE_SELF round', coach, hidden.event_id],
      ['a friend, on a SHARE_SELF round', friend, hidden.event_id],
      ['anyone, on an event that does not exist', friend, 2_147_483_647],
    ];
    for (const [who, user, eventId] of cases) {
      expect((await list(user, eventId)).statusCode, `${who} reads`).toBe(404);
      const res = await post(user, eventId, { body: 'Hello' });
      expect(res.statusCode, `${who} posts`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await allComments()).toBe(before);
    expect((await server.app.inject({ url: `/v4/events/comments?event_id=${round.event_id}` })).statusCode).toBe(401);
  });
});

describe('bad comments', () => {
  const badBodies: Array<[string, unknown]> = [
    ['an empty body', { body: '' }],
    ['whitespace only', { body: ' \n\t \n' }],
    ['2,001 characters', { body: 'a'.repeat(2001) }],
    ['2,001 emoji', { body: '⛳'.repeat(2001) }],
    ['a NUL', { body: 'Good\u0000round' }],
    ['a bell', { body: 'Good\u0007round' }],
    ['an escape sequence', { body: 'Good \u001b[31mround' }],
    ['a carriage return', { body: 'Good\r\nround' }],
    ['a DEL', { body: 'Good\u007fround' }],
    ['a C1 control', { body: 'Good\u0085round' }],
    ['a right-to-left override', { body: 'Good\u202eround' }],
    ['a zero-width space', { body: 'Good\u200bround' }],
    ['a lone surrogate', { body: 'Good\ud800round' }],
    ['no body key', {}],
    ['a number', { body: 42 }],
    ['null', { body: null }],
    ['an array', { body: ['Good round'] }],
    ['an extra key', { body: 'Good round', uid: 1 }],
    ['an extra key, event_id', { body: 'Good round', event_id: 1 }],
  ];

  it('answers 400 VALIDATION_ERROR naming the field, and stores and notifies nothing', async () => {
    const { owner, friend, round } = await cast();
    for (const [what, payload] of badBodies) {
      const res = await post(friend, round.event_id, payload);
      expect(res.statusCode, what).toBe(400);
      const body = res.json() as { error: string; code: string };
      expect(body.code, what).toBe('VALIDATION_ERROR');
      expect(body.error, what).toMatch(/body|uid|event_id/);
    }
    // Not JSON at all.
    const raw = await server.app.inject({
      method: 'POST',
      url: `/v4/events/comments?event_id=${round.event_id}`,
      headers: { ...bearer(friend.token), 'content-type': 'application/json' },
      payload: '{"body": "Good',
    });
    expect(raw.statusCode).toBe(400);
    expect(await commentsOn(round.event_id)).toBe(0);
    expect(await toldOfComments(owner.uid)).toEqual([]);
  });

  it('answers 400 to bad ids on every call, changing nothing', async () => {
    const { friend, round } = await cast();
    expect((await post(friend, round.event_id, { body: 'Keep me' })).statusCode).toBe(200);
    const badIds = ['', '0', '-1', '1.5', '01', 'abc', '1e3', ' 1', '2147483648', '1,2'];
    for (const id of badIds) {
      const encoded = encodeURIComponent(id);
      expect((await list(friend, encoded)).statusCode, `GET ${id}`).toBe(400);
      expect((await post(friend, encoded, { body: 'Hello' })).statusCode, `POST ${id}`).toBe(400);
      expect((await remove(friend, encoded)).statusCode, `DELETE ${id}`).toBe(400);
    }
    const missing = await server.app.inject({
      method: 'POST',
      url: '/v4/events/comments',
      headers: bearer(friend.token),
      payload: { body: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect((await server.app.inject({ method: 'DELETE', url: '/v4/events/comments', headers: bearer(friend.token) })).statusCode).toBe(400);
    expect(await commentsOn(round.event_id)).toBe(1);
  });
});

describe('deleting comments', () => {
  it('its author and the event owner may; another viewer gets 403, anyone who cannot see the event 404', async () => {
    const { owner, coach, friend, teammate, stranger, round } = await cast();
    const byFriend = ((await post(friend, round.event_id, { body: 'One' })).json() as Comment).comment_id;
    const byCoach = ((await post(coach, round.event_id, { body: 'Two' })).json() as Comment).comment_id;
    const byOwner = ((await post(owner, round.event_id, { body: 'Three' })).json() as Comment).comment_id;
    const refusals: Array<[string, User, number, number]> = [
      ["the coach, the friend's comment", coach, byFriend, 403],
      ["the friend, the owner's comment", friend, byOwner, 403],
      ["the friend, the coach's comment", friend, byCoach, 403],
      ["a stranger, the friend's comment", stranger, byFriend, 404],
      ["a member the scope does not reach, the owner's comment", teammate, byOwner, 404],
      ['anyone, a comment that does not exist', owner, 2_147_483_647, 404],
    ];
    for (const [what, who, id, status] of refusals) {
      const res = await remove(who, id);
      expect(res.statusCode, what).toBe(status);
      expect(res.json()).toMatchObject({ code: status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' });
    }
    expect(await commentsOn(round.event_id)).toBe(3);
    expect((await remove(friend, byFriend)).statusCode).toBe(200);
    expect((await remove(owner, byCoach)).statusCode).toBe(200);
    expect((await remove(owner, byOwner)).statusCode).toBe(200);
    expect(await commentsOn(round.event_id)).toBe(0);
    expect((await remove(owner, byOwner)).statusCode).toBe(404);
  });

  it('an author may delete their comment after the event stops being shared with them', async () => {
    const { owner, friend, practice } = await cast();
    const id = ((await post(friend, practice.event_id, { body: 'Mine' })).json() as Comment).comment_id;
    const unshared = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${practice.event_id}`,
      headers: bearer(owner.token),
      payload: { event_type: 'PRACTICE', title: 'Putting ladder', start: '2026-11-21T08:00:00Z', usershares: [], orgshares: [] },
    });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect((await list(friend, practice.event_id)).statusCode).toBe(404);
    expect((await remove(friend, id)).statusCode).toBe(200);
    expect(await commentsOn(practice.event_id)).toBe(0);
  });

  it("deleting the event deletes its comments; deleting an account deletes that person's comments", async () => {
    const { owner, coach, friend, round, practice } = await cast();
    for (const who of [coach, friend, owner]) expect((await post(who, round.event_id, { body: `From ${who.uid}` })).statusCode).toBe(200);
    expect((await post(friend, practice.event_id, { body: 'On the practice' })).statusCode).toBe(200);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/v4/events?event_id=${round.event_id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await commentsOn(round.event_id)).toBe(0);
    expect(await commentsOn(practice.event_id)).toBe(1);
    const gone = await server.app.inject({ method: 'DELETE', url: '/v4/account', headers: bearer(friend.token) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await commentsOn(practice.event_id)).toBe(0);
  });
});

describe('the EVENT_COMMENT notification', () => {
  it("tells the owner of another's comment, leading to the event; never the owner of their own, nor anyone else", async () => {
    const { owner, coach, friend, round, practice } = await cast();
    await post(coach, round.event_id, { body: `Good lag putting.\nMore on that on Monday. ${'x'.repeat(200)}` });
    await post(owner, round.event_id, { body: 'Thanks!' });
    await post(friend, practice.event_id, { body: 'Ladder?' });
    const told = await toldOfComments(owner.uid);
    expect(told.map((n) => [n.title, n.nav_loc])).toEqual([
      ['A comment on your round', `event?event_id=${round.event_id}`],
      ['A comment on your event', `event?event_id=${practice.event_id}`],
    ]);
    expect(told[0]!.body).toBe('Casey Golfer commented on "Saturday medal": Good lag putting.');
    expect(told[1]!.body).toBe('Fran Golfer commented on "Putting ladder": Ladder?');
    expect(await toldOfComments(coach.uid)).toEqual([]);
    expect(await toldOfComments(friend.uid)).toEqual([]);
    const listed = await server.app.inject({ url: '/v4/notifications', headers: bearer(owner.token) });
    expect((listed.json() as { notifications: Array<{ type: string }> }).notifications.map((n) => n.type)).toContain('EVENT_COMMENT');
  });

  it('is mailed only to an owner who turned its e-mail on (off by default), with its unsubscribe line', async () => {
    const { owner, coach, round } = await cast();
    await server.app.notifier.idle();
    let before = server.mails.length;
    await post(coach, round.event_id, { body: 'First' });
    await server.app.notifier.idle();
    await server.app.notifier.pump();
    expect(server.mails.slice(before).filter((m) => m.to === owner.email)).toEqual([]);

    const saved = await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(owner.token),
      payload: { notify: { EVENT_COMMENT: { email: true, push: true } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await server.app.notifier.idle();
    before = server.mails.length;
    await post(coach, round.event_id, { body: 'Second' });
    await server.app.notifier.idle();
    await server.app.notifier.pump();
    const mails = server.mails.slice(before).filter((m) => m.to === owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['A comment on your round']);
    expect(mails[0]!.text).toContain('Casey Golfer commented on "Saturday medal": Second');
    expect(mails[0]!.text).toContain('You get this e-mail for comments on your events.');
    expect(mails[0]!.text).toMatch(/type=EVENT_COMMENT/);
  });
});
