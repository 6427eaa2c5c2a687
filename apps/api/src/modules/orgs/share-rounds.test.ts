import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventUserShares, events, orgMembers } from '../../db/schema/index.ts';
import { acquaint, buildOrg, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const signedIn = (over: Parameters<typeof signedInUser>[1] = {}) => signedInUser(server, over);
const get = (token: string, url: string) => server.app.inject({ url, headers: bearer(token) });
const shareRounds = (token: string, query: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: `/v4/orgs/share-rounds${query}`, headers: bearer(token), payload: payload as object });

/** Two academies: Nia plays in the first (coached by Casey), Omar in both; Zoe coaches the second. */
async function academies() {
  const casey = await signedIn({ first_name: 'Casey', is_coach: true });
  const zoe = await signedIn({ first_name: 'Zoe', is_coach: true });
  const nia = await signedIn({ first_name: 'Nia' });
  const omar = await signedIn({ first_name: 'Omar' });
  const outsider = await signedIn({ first_name: 'Ola' });
  const orgId = await buildOrg(server.db, { name: 'Pine Valley Academy', members: [{ uid: casey.uid, is_coach: true }, { uid: nia.uid }] });
  const otherOrgId = await buildOrg(server.db, { name: 'Links Academy', members: [{ uid: zoe.uid, is_coach: true }, { uid: omar.uid }] });
  return { casey, zoe, nia, omar, outsider, orgId, otherOrgId };
}

/** Nia's rounds: two old and one recent SHARE_SELECTED, a private one, a public one and a practice (not a round). */
async function niaRounds(nia: { token: string }) {
  const round = (start: string, share: string, over: Record<string, unknown> = {}) =>
    createEvent(server, nia.token, { start, share, usershares: [], orgshares: [], ...over });
  return {
    old: await round('2025-01-10T08:00:00Z', 'SHARE_SELECTED'),
    older: await round('2024-06-01T08:00:00Z', 'SHARE_SELECTED'),
    recent: await round('2026-11-20T08:00:00Z', 'SHARE_SELECTED'),
    recentPrivate: await round('2026-11-19T08:00:00Z', 'SHARE_SELF'),
    recentPublic: await round('2026-11-18T08:00:00Z', 'SHARE_PUBLIC'),
    practice: await createEvent(server, nia.token, {
      event_type: 'PRACTICE',
      start: '2026-11-20T09:00:00Z',
      share: 'SHARE_SELECTED',
      usershares: [],
      orgshares: [],
    }),
  };
}

async function scopes(ids: number[]): Promise<Record<number, string>> {
  const rows = await server.db.select({ id: events.event_id, share: events.share }).from(events).where(inArray(events.event_id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.share]));
}

/** Event ids the viewer gets from GET /events for one owner. */
async function listedFor(token: string, owner: number): Promise<number[]> {
  const res = await get(token, `/v4/events?uid=${owner}&limit=200`);
  return (res.json() as { events: Array<{ event_id: number }> }).events.map((e) => e.event_id).sort((a, b) => a - b);
}

describe('POST /orgs/share-rounds', () => {
  it("shares the caller's rounds since the date with the coaches, leaves private and public ones, and is idempotent", async () => {
    const { casey, nia, orgId } = await academies();
    const r = await niaRounds(nia);
    expect(await listedFor(casey.token, nia.uid)).toEqual([]);

    const res = await shareRounds(nia.token, `?org_id=${orgId}`, { since: '2026-10-01T00:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shared: 1, kept_private: 2 });
    expect(
      await scopes([
        r.old.event_id,
        r.older.event_id,
        r.recent.event_id,
        r.recentPrivate.event_id,
        r.recentPublic.event_id,
        r.practice.event_id,
      ]),
    ).toEqual({
      [r.old.event_id]: 'SHARE_SELECTED',
      [r.older.event_id]: 'SHARE_SELECTED',
      [r.recent.event_id]: 'SHARE_COACHES',
      [r.recentPrivate.event_id]: 'SHARE_SELF',
      [r.recentPublic.event_id]: 'SHARE_PUBLIC',
      [r.practice.event_id]: 'SHARE_SELECTED',
    });
    expect(await listedFor(casey.token, nia.uid)).toEqual([r.recent.event_id]);

    const again = await shareRounds(nia.token, `?org_id=${orgId}`, { since: '2026-10-01T00:00:00Z' });
    expect(again.json()).toEqual({ shared: 1, kept_private: 2 });

    const all = await shareRounds(nia.token, `?org_id=${orgId}`, { since: null });
    expect(all.json()).toEqual({ shared: 3, kept_private: 2 });
    expect(await listedFor(casey.token, nia.uid)).toEqual([r.old.event_id, r.older.event_id, r.recent.event_id].sort((a, b) => a - b));
  });

  it('keeps the rounds own shares, and a coach who joins later sees the shared rounds', async () => {
    const { nia, outsider, orgId } = await academies();
    await acquaint(server.db, nia.uid, [outsider.uid]);
    const round = await createEvent(server, nia.token, {
      start: '2026-11-01T08:00:00Z',
      share: 'SHARE_SELECTED',
      usershares: [{ uid: outsider.uid, permissions: 0 }],
      orgshares: [],
    });
    expect((await shareRounds(nia.token, `?org_id=${orgId}`, { since: null })).json()).toEqual({ shared: 1, kept_private: 0 });
    const kept = await server.db.select().from(eventUserShares).where(eq(eventUserShares.event_id, round.event_id));
    expect(kept.map((s) => [s.uid, s.permissions])).toEqual([[outsider.uid, 0]]);

    const newCoach = await signedIn({ first_name: 'Robin', is_coach: true });
    expect((await get(newCoach.token, `/v4/events?event_id=${round.event_id}`)).statusCode).toBe(404);
    await server.db.insert(orgMembers).values({ org_id: orgId, uid: newCoach.uid, is_coach: true });
    expect(await listedFor(newCoach.token, nia.uid)).toEqual([round.event_id]);
  });

  it("answers 404 for an organisation the caller is not in, and touches nobody's rounds", async () => {
    const { nia, omar, outsider, orgId, otherOrgId } = await academies();
    const niaRound = await createEvent(server, nia.token, { share: 'SHARE_SELECTED', usershares: [], orgshares: [] });
    const omarRound = await createEvent(server, omar.token, { share: 'SHARE_SELECTED', usershares: [], orgshares: [] });
    const outsiderRound = await createEvent(server, outsider.token, { share: 'SHARE_SELECTED', usershares: [], orgshares: [] });
    const ids = [niaRound.event_id, omarRound.event_id, outsiderRound.event_id];
    const before = await scopes(ids);
    for (const [token, org] of [
      [outsider.token, orgId],
      [nia.token, otherOrgId],
      [omar.token, orgId],
      [nia.token, 99_999_999],
    ] as const) {
      const res = await shareRounds(token, `?org_id=${org}`, { since: null });
      expect(res.statusCode, `${org}`).toBe(404);
    }
    expect(await scopes(ids)).toEqual(before);

    // Omar shares with his own academy: only his rounds change.
    expect((await shareRounds(omar.token, `?org_id=${otherOrgId}`, { since: null })).json()).toEqual({ shared: 1, kept_private: 0 });
    expect(await scopes(ids)).toEqual({ ...before, [omarRound.event_id]: 'SHARE_COACHES' });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { nia, orgId } = await academies();
    const round = await createEvent(server, nia.token, { share: 'SHARE_SELECTED', usershares: [], orgshares: [] });
    const cases: Array<[string, unknown]> = [
      [`?org_id=${orgId}`, {}],
      [`?org_id=${orgId}`, { since: 'last month' }],
      [`?org_id=${orgId}`, { since: '2026-13-01T00:00:00Z' }],
      [`?org_id=${orgId}`, { since: '2026-11-01' }],
      [`?org_id=${orgId}`, { since: 30 }],
      [`?org_id=${orgId}`, { since: null, org_id: orgId }],
      [`?org_id=${orgId}`, { since: '0001-01-01T00:00:00Z' }],
      ['', { since: null }],
      ['?org_id=abc', { since: null }],
      ['?org_id=0', { since: null }],
    ];
    for (const [query, body] of cases) {
      const res = await shareRounds(nia.token, query, body);
      expect(res.statusCode, JSON.stringify([query, body])).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await scopes([round.event_id])).toEqual({ [round.event_id]: 'SHARE_SELECTED' });
  });

  it('answers 401 without a session', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/v4/orgs/share-rounds?org_id=1', payload: { since: null } });
    expect(res.statusCode).toBe(401);
  });
});
