import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquaint, asFormerMember, buildOrg, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody, createEvent } from '../../test/events-testing.ts';

/**
 * Every events call x every kind of actor: owner; user shares VIEW, ADD, MODIFY; a member of an
 * organisation the event is shared with; a coach by SHARE_COACHES; a team member by SHARE_TEAM; any
 * user by SHARE_PUBLIC; a stranger; nobody signed in.
 */
let server: TestServer;
const actors: Record<string, { uid: number; token: string | null }> = {};
let sharedOrg = 0;

beforeAll(async () => {
  server = await createTestServer();
  const make = async (name: string, coach = false) => {
    const user = await buildUser(server.db, { first_name: name, is_coach: coach });
    actors[name] = { uid: user.uid, token: await loginAs(server, user) };
    return user.uid;
  };
  const owner = await make('owner');
  const userView = await make('userView');
  const userAdd = await make('userAdd');
  const userModify = await make('userModify');
  const orgMember = await make('orgMember');
  const coach = await make('coach', true);
  const teammate = await make('teammate');
  await make('stranger');
  actors.anonymous = { uid: 0, token: null };
  // The owner's club: a coach and a teammate. Another organisation the events are shared with.
  await buildOrg(server.db, { members: [{ uid: owner }, { uid: coach, is_coach: true }, { uid: teammate }] });
  sharedOrg = await buildOrg(server.db, { members: [{ uid: orgMember }] });
  // A user may only share with people they know: each of the three shared something with the owner.
  await acquaint(server.db, owner, [userView, userAdd, userModify]);
});
afterAll(async () => server.close());

type Scope = 'SHARE_SELECTED' | 'SHARE_COACHES' | 'SHARE_TEAM' | 'SHARE_PUBLIC' | 'SHARE_SELF';

/** A practice of the owner's with the given scope; SHARE_SELECTED and SHARE_SELF carry the user and organisation shares. */
async function freshEvent(scope: Scope): Promise<number> {
  const shares =
    scope === 'SHARE_SELECTED' || scope === 'SHARE_SELF'
      ? {
          usershares: [
            { uid: actors.userView!.uid, permissions: 0 },
            { uid: actors.userAdd!.uid, permissions: 1 },
            { uid: actors.userModify!.uid, permissions: 2 },
          ],
          orgshares: [{ org_id: sharedOrg, permissions: 0 }],
        }
      : { usershares: [], orgshares: [] };
  const create = () => createEvent(server, actors.owner!.token!, { event_type: 'PRACTICE', share: scope, ...shares });
  if (shares.orgshares.length === 0) return (await create()).event_id;
  // A user may only share into an organisation they belong to: the owner shares as a member, then the
  // membership row goes and the share stays (as an event shared before the rule may), so SHARE_TEAM and
  // SHARE_COACHES still reach only the owner's club.
  return (await asFormerMember(server.db, actors.owner!.uid, sharedOrg, create)).event_id;
}

type Call = 'get' | 'list' | 'update' | 'unshare' | 'delete' | 'batch';

async function perform(call: Call, actor: string, eventId: number): Promise<number | boolean> {
  const token = actors[actor]!.token;
  const headers = token ? bearer(token) : {};
  switch (call) {
    case 'get':
      return (await server.app.inject({ url: `/v4/events?event_id=${eventId}`, headers })).statusCode;
    case 'list': {
      const res = await server.app.inject({ url: '/v4/events', headers });
      if (res.statusCode !== 200) return res.statusCode;
      return (res.json() as { events: Array<{ event_id: number }> }).events.some((e) => e.event_id === eventId);
    }
    case 'update':
      return (
        await server.app.inject({
          method: 'POST',
          url: `/v4/events?event_id=${eventId}`,
          headers,
          payload: buildEventBody({ event_type: 'PRACTICE', title: 'Changed' }),
        })
      ).statusCode;
    case 'unshare':
      return (await server.app.inject({ url: `/v4/events/unshare?event_id=${eventId}`, headers })).statusCode;
    case 'delete':
      return (await server.app.inject({ method: 'DELETE', url: `/v4/events?event_id=${eventId}`, headers })).statusCode;
    case 'batch':
      return (
        await server.app.inject({
          method: 'POST',
          url: `/v4/events/batch?event_ids=${eventId}`,
          headers,
          payload: { usershares: [], orgshares: [] },
        })
      ).statusCode;
  }
}

// [scope, actor, expected per call: get, list, update, unshare, delete, batch]
const MATRIX: Array<[Scope, string, [number, number | boolean, number, number, number, number]]> = [
  ['SHARE_SELECTED', 'owner', [200, true, 200, 400, 200, 200]],
  ['SHARE_SELECTED', 'userView', [200, true, 403, 200, 403, 403]],
  ['SHARE_SELECTED', 'userAdd', [200, true, 403, 200, 403, 403]],
  ['SHARE_SELECTED', 'userModify', [200, true, 200, 200, 403, 403]],
  ['SHARE_SELECTED', 'orgMember', [200, true, 403, 200, 403, 403]],
  ['SHARE_SELECTED', 'coach', [404, false, 404, 404, 404, 404]],
  ['SHARE_SELECTED', 'teammate', [404, false, 404, 404, 404, 404]],
  ['SHARE_SELECTED', 'stranger', [404, false, 404, 404, 404, 404]],
  ['SHARE_SELECTED', 'anonymous', [401, 401, 401, 401, 401, 401]],
  ['SHARE_COACHES', 'coach', [200, true, 403, 200, 403, 403]],
  ['SHARE_COACHES', 'teammate', [404, false, 404, 404, 404, 404]],
  ['SHARE_COACHES', 'stranger', [404, false, 404, 404, 404, 404]],
  ['SHARE_TEAM', 'coach', [200, true, 403, 200, 403, 403]],
  ['SHARE_TEAM', 'teammate', [200, true, 403, 200, 403, 403]],
  ['SHARE_TEAM', 'orgMember', [404, false, 404, 404, 404, 404]],
  ['SHARE_PUBLIC', 'stranger', [200, false, 403, 200, 403, 403]],
  ['SHARE_PUBLIC', 'anonymous', [401, 401, 401, 401, 401, 401]],
  ['SHARE_SELF', 'owner', [200, true, 200, 400, 200, 200]],
  ['SHARE_SELF', 'userModify', [404, false, 404, 404, 404, 404]],
  ['SHARE_SELF', 'orgMember', [404, false, 404, 404, 404, 404]],
];
const CALLS: Call[] = ['get', 'list', 'update', 'unshare', 'delete', 'batch'];

describe('events policy matrix', () => {
  for (const [scope, actor, expected] of MATRIX) {
    it(`${scope} x ${actor}`, async () => {
      for (const [i, call] of CALLS.entries()) {
        // Each call on an event of its own, so one call's effect does not decide the next.
        const eventId = await freshEvent(scope);
        expect(await perform(call, actor, eventId), `${call} by ${actor} on ${scope}`).toBe(expected[i]);
      }
    });
  }

  it('what a refused call would have changed is unchanged', async () => {
    const eventId = await freshEvent('SHARE_SELECTED');
    const before = await server.app.inject({ url: `/v4/events?event_id=${eventId}`, headers: bearer(actors.owner!.token!) });
    for (const actor of ['userView', 'userAdd', 'orgMember', 'stranger']) {
      await perform('update', actor, eventId);
      await perform('delete', actor, eventId);
      await perform('batch', actor, eventId);
    }
    const after = await server.app.inject({ url: `/v4/events?event_id=${eventId}`, headers: bearer(actors.owner!.token!) });
    expect(after.json()).toEqual(before.json());
  });

  it('a MODIFY editor changes the fields but not the shares or scope', async () => {
    const eventId = await freshEvent('SHARE_SELECTED');
    const res = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${eventId}`,
      headers: bearer(actors.userModify!.token!),
      payload: buildEventBody({ event_type: 'PRACTICE', title: 'Edited', share: 'SHARE_PUBLIC', usershares: [], orgshares: [] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Edited', share: 'SHARE_SELECTED', permissions: 2 });
    expect((res.json() as { usershares: unknown[] }).usershares).toHaveLength(3);
  });

  it('batch is all or nothing: one event the caller does not own refuses them all', async () => {
    const mine = await freshEvent('SHARE_SELECTED');
    const theirs = (await createEvent(server, actors.stranger!.token!, { event_type: 'PRACTICE', share: 'SHARE_PUBLIC' })).event_id;
    const res = await server.app.inject({
      method: 'POST',
      url: `/v4/events/batch?event_ids=${mine},${theirs}`,
      headers: bearer(actors.owner!.token!),
      payload: { usershares: [{ uid: actors.teammate!.uid, permissions: 0 }], orgshares: [] },
    });
    expect(res.statusCode).toBe(403);
    expect(await perform('get', 'teammate', mine)).toBe(404);
    const ok = await server.app.inject({
      method: 'POST',
      url: `/v4/events/batch?event_ids=${mine}`,
      headers: bearer(actors.owner!.token!),
      payload: { usershares: [{ uid: actors.teammate!.uid, permissions: 0 }], orgshares: [] },
    });
    expect(ok.statusCode).toBe(200);
    expect(await perform('get', 'teammate', mine)).toBe(200);
  });
});
