import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, tags } from '../../db/schema/index.ts';
import { acquaint, buildOrg, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function signedIn(first_name = 'Ada') {
  const user = await buildUser(server.db, { first_name, last_name: 'Golfer' });
  return { ...user, token: await loginAs(server, user) };
}
const saveTag = (token: string, payload: Record<string, unknown>, tagId?: number) =>
  server.app.inject({ method: 'POST', url: `/v4/tags${tagId ? `?tag_id=${tagId}` : ''}`, headers: bearer(token), payload });
const eventIdsOf = async (token: string, query = '') =>
  (
    (await server.app.inject({ url: `/v4/events${query}`, headers: bearer(token) })).json() as { events: Array<{ event_id: number }> }
  ).events.map((e) => e.event_id);

describe('tags', () => {
  it('events create their tags; GET /tags lists them with how many events carry each', async () => {
    const golfer = await signedIn();
    await createEvent(server, golfer.token, { tags: ['College season', 'medal'] });
    await createEvent(server, golfer.token, { tags: ['college SEASON'] });
    const res = await server.app.inject({ url: '/v4/tags', headers: bearer(golfer.token) });
    expect(
      (res.json() as { tags: Array<{ name: string; events: number; permissions: number }> }).tags.map((t) => [
        t.name,
        t.events,
        t.permissions,
      ]),
    ).toEqual([
      ['College season', 2, 3],
      ['medal', 1, 3],
    ]);
  });

  it('sharing a tag shares, at VIEW, every event of its owner that carries it, and tells the user', async () => {
    const golfer = await signedIn('Nia');
    const coach = await signedIn('Casey');
    // A user may only share with people they know: the coach shared something with Nia before.
    await acquaint(server.db, golfer.uid, [coach.uid]);
    const tagged = await createEvent(server, golfer.token, { tags: ['College season'], usershares: [], orgshares: [] });
    const untagged = await createEvent(server, golfer.token, { usershares: [], orgshares: [] });
    const [tag] = await server.db.select().from(tags).where(eq(tags.uid, golfer.uid));
    expect(await eventIdsOf(coach.token)).toEqual([]);
    const shared = await saveTag(golfer.token, { name: 'College season', usershares: [{ uid: coach.uid, permissions: 2 }] }, tag!.tag_id);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ usershares: [{ uid: coach.uid, permissions: 0 }] });
    expect(await eventIdsOf(coach.token)).toEqual([tagged.event_id]);
    const one = await server.app.inject({ url: `/v4/events?event_id=${tagged.event_id}`, headers: bearer(coach.token) });
    expect((one.json() as { events: Array<{ permissions: number }> }).events[0]?.permissions).toBe(0);
    expect((await server.app.inject({ url: `/v4/events?event_id=${untagged.event_id}`, headers: bearer(coach.token) })).statusCode).toBe(
      404,
    );
    const later = await createEvent(server, golfer.token, { tags: ['College season'], usershares: [], orgshares: [] });
    expect(await eventIdsOf(coach.token)).toEqual([later.event_id, tagged.event_id]);
    const told = await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid));
    expect(told).toEqual([
      expect.objectContaining({ type: 'TAG_SHARED', body: 'Nia Golfer shared the events tagged "College season" with you.' }),
    ]);
    // The coach sees the tag, and may not change or delete it.
    const coachTags = (await server.app.inject({ url: '/v4/tags', headers: bearer(coach.token) })).json() as {
      tags: Array<{ tag_id: number; permissions: number }>;
    };
    expect(coachTags.tags).toEqual([expect.objectContaining({ tag_id: tag!.tag_id, permissions: 0 })]);
    expect((await saveTag(coach.token, { name: 'Renamed' }, tag!.tag_id)).statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/tags?tag_id=${tag!.tag_id}`, headers: bearer(coach.token) })).statusCode,
    ).toBe(403);
  });

  it('a tag shared with an organisation shows its events to every member', async () => {
    const golfer = await signedIn();
    const member = await signedIn();
    // A user may only share into an organisation they belong to: the golfer's own team.
    const org = await buildOrg(server.db, { members: [{ uid: golfer.uid }, { uid: member.uid }] });
    const tagged = await createEvent(server, golfer.token, { tags: ['Team camp'], usershares: [], orgshares: [] });
    const created = await saveTag(golfer.token, { name: 'Travel', orgshares: [{ org_id: org, permissions: 0 }] });
    expect(created.statusCode).toBe(200);
    const [camp] = await server.db.select().from(tags).where(eq(tags.name, 'Team camp'));
    await saveTag(golfer.token, { name: 'Team camp', orgshares: [{ org_id: org, permissions: 0 }] }, camp!.tag_id);
    expect(await eventIdsOf(member.token, '?tags=team%20camp')).toEqual([tagged.event_id]);
  });

  it('names are unique per owner whatever their case; strangers get 404; bad input 400 and nothing saved', async () => {
    const golfer = await signedIn();
    const stranger = await signedIn();
    const first = await saveTag(golfer.token, { name: 'Winter', colour: '#2c8b23' });
    expect(first.statusCode).toBe(200);
    const tagId = (first.json() as { tag_id: number }).tag_id;
    expect((await saveTag(golfer.token, { name: 'WINTER' })).statusCode).toBe(409);
    expect((await saveTag(stranger.token, { name: 'Mine now' }, tagId)).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/tags?tag_id=${tagId}`, headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(41) },
      { name: 'Win\u202eter' },
      { name: 'Ok', colour: 'green' },
      { name: 'Ok', usershares: [{ uid: 999_999, permissions: 0 }] },
    ]) {
      expect((await saveTag(golfer.token, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await server.db.select().from(tags).where(eq(tags.uid, golfer.uid))).map((t) => t.name)).toEqual(['Winter']);
    expect((await server.app.inject({ method: 'DELETE', url: `/v4/tags?tag_id=${tagId}`, headers: bearer(golfer.token) })).statusCode).toBe(
      200,
    );
    expect(await server.db.select().from(tags).where(eq(tags.uid, golfer.uid))).toEqual([]);
  });
});
