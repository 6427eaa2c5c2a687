import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEventBody, createEvent } from '../../test/events-testing.ts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { acquaint, buildOrg, buildSubscription, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/** A hole of `score` plain strokes on a par 4: a drive, fairway shots, an approach to the green, one putt. */
function hole(number: number, score: number, strokeIndex?: number) {
  const shots = [{ from: 'T', dist: 380, to: 'F' }];
  for (let i = 0; i < score - 3; i += 1) shots.push({ from: 'F', dist: 140, to: 'F' });
  shots.push({ from: 'F', dist: 120, to: 'G' }, { from: 'G', dist: 8, to: 'I' });
  return { hole: number, par: 4, shots, ...(strokeIndex === undefined ? {} : { stroke_index: strokeIndex }) };
}

/** 18 par-4 holes (par 72) adding up to `gross`, the extra strokes on the first holes. */
function round(gross: number, rating: { course_rating?: number; slope?: number }, blowUp?: { hole: number; score: number }) {
  const each = Math.floor(gross / 18);
  const over = gross - each * 18;
  return {
    course: 'Royal Example',
    units: 'FEET_YARDS',
    ...rating,
    holes: Array.from({ length: 18 }, (_, i) => hole(i + 1, blowUp?.hole === i + 1 ? blowUp.score : each + (i < over ? 1 : 0))),
  };
}

const get = (token: string, query = '') => server.app.inject({ url: `/v4/stats/handicap${query}`, headers: bearer(token) });

interface Body {
  players: Array<{
    uid: number;
    index: number | null;
    method: string;
    rated_rounds: number;
    differentials: Array<{ event_id: number; differential: number; counted: boolean; adjusted_gross: number; method: string }>;
  }>;
}

describe('GET /stats/handicap', () => {
  it('gives the index of a hand-worked record: 3 scores, the lowest less 2.0; an unrated round left out', async () => {
    const me = await signedInUser(server);
    // Course rating 71.3, slope 128: 85 gives (113/128) x (85 - 71.3) = 0.8828 x 13.7 = 12.09 -> 12.1.
    const a = await createEvent(server, me.token, { start: '2026-09-01T08:00:00Z', round: round(85, { course_rating: 71.3, slope: 128 }) });
    // Rating 72.0, slope 113: 80 gives 8.0, 90 gives 18.0.
    const b = await createEvent(server, me.token, { start: '2026-09-08T08:00:00Z', round: round(80, { course_rating: 72, slope: 113 }) });
    await createEvent(server, me.token, { start: '2026-09-15T08:00:00Z', round: round(88, {}) });
    expect((await get(me.token)).json()).toMatchObject({
      players: [{ uid: me.uid, index: null, method: 'fewer than 3 scores', rated_rounds: 2 }],
    });

    const c = await createEvent(server, me.token, { start: '2026-09-22T08:00:00Z', round: round(90, { course_rating: 72, slope: 113 }) });
    const body = (await get(me.token)).json() as Body;
    const [player] = body.players;
    // Three differentials: the lowest (8.0) less 2.0 = 6.0.
    expect(player?.index).toBe(6);
    expect(player?.method).toBe('lowest 1 of 3, minus 2.0');
    expect(player?.differentials.map((d) => [d.event_id, d.differential, d.counted])).toEqual([
      [c.event_id, 18, false],
      [b.event_id, 8, true],
      [a.event_id, 12.1, false],
    ]);
    expect(player?.differentials.every((d) => d.method === 'par_plus_5')).toBe(true);
  });

  it("answers the history of the index from Basic up, and null below: the index itself is everyone's", async () => {
    const free = await signedInUser(server);
    const basic = await signedInUser(server);
    const lapsed = await signedInUser(server);
    await buildSubscription(server.db, { purchaser: basic.uid, level: SUBSCRIPTION_LEVELS.BASIC });
    await buildSubscription(server.db, { purchaser: lapsed.uid, level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'EXPIRED' });
    for (const who of [free, basic, lapsed]) {
      for (const [day, gross] of [
        ['01', 80],
        ['08', 84],
        ['15', 88],
        ['22', 82],
      ] as const)
        await createEvent(server, who.token, { start: `2026-08-${day}T08:00:00Z`, round: round(gross, { course_rating: 72, slope: 113 }) });
    }
    const of = async (token: string) =>
      ((await get(token)).json() as { players: Array<{ index: number | null; history: unknown }> }).players[0];
    // 8.0, 12.0, 16.0 give 6.0 after the third score; with 10.0, four scores: 8.0 - 1.0 = 7.0.
    expect(await of(basic.token)).toMatchObject({ index: 7, history: [{ index: 6 }, { index: 7 }] });
    expect(await of(free.token)).toMatchObject({ index: 7, history: null });
    expect(await of(lapsed.token)).toMatchObject({ index: 7, history: null });
  });

  it('follows every change to the rounds: an edited rating, a deleted round, a history asked after a subscription starts', async () => {
    const me = await signedInUser(server);
    const made = [];
    for (const [day, gross] of [
      ['01', 80],
      ['08', 84],
      ['15', 88],
    ] as const)
      made.push(
        await createEvent(server, me.token, { start: `2026-07-${day}T08:00:00Z`, round: round(gross, { course_rating: 72, slope: 113 }) }),
      );
    const of = async () => ((await get(me.token)).json() as { players: Array<{ index: number | null; history: unknown }> }).players[0];
    // 8.0, 12.0, 16.0: the lowest less 2.0.
    expect(await of()).toMatchObject({ index: 6, history: null });
    // The 80 now on a course rated 74.0: 6.0, 12.0, 16.0 gives 4.0.
    const edit = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${made[0]!.event_id}`,
      headers: bearer(me.token),
      payload: buildEventBody({ start: '2026-07-01T08:00:00Z', round: round(80, { course_rating: 74, slope: 113 }) }),
    });
    expect(edit.statusCode).toBe(200);
    expect(await of()).toMatchObject({ index: 4 });
    // Two scores left: no index.
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/v4/events?event_id=${made[2]!.event_id}`,
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await of()).toMatchObject({ index: null });
    // The same rounds, a Basic caller now: the history comes with it.
    await buildSubscription(server.db, { purchaser: me.uid, level: SUBSCRIPTION_LEVELS.BASIC });
    expect((await of())?.history).toEqual(expect.any(Array));
  });

  it('caps a blow-up hole at par + 5 before the player has an index', async () => {
    const me = await signedInUser(server);
    // 17 holes of 4 and a 12 on the first: gross 80, adjusted 68 + 9 (par 4 + 5) = 77; differential 77 - 72 = 5.0.
    const { event_id } = await createEvent(server, me.token, {
      start: '2026-09-01T08:00:00Z',
      round: round(72, { course_rating: 72, slope: 113 }, { hole: 1, score: 12 }),
    });
    const [player] = ((await get(me.token)).json() as Body).players;
    expect(player?.differentials).toEqual([expect.objectContaining({ event_id, adjusted_gross: 77, differential: 5 })]);
  });

  it('reads only the rounds the caller may see; a player the caller may not see is a 404', async () => {
    const coach = await signedInUser(server, { is_coach: true });
    const player = await signedInUser(server);
    const stranger = await signedInUser(server);
    await acquaint(server.db, player.uid, [coach.uid]);
    for (const [day, gross] of [
      ['01', 80],
      ['08', 84],
      ['15', 88],
    ] as const) {
      await createEvent(server, player.token, {
        start: `2026-10-${day}T08:00:00Z`,
        round: round(gross, { course_rating: 72, slope: 113 }),
        usershares: [{ uid: coach.uid, permissions: 0 }],
        orgshares: [],
      });
    }
    // A round kept private: the player's own index counts it, the coach's view does not.
    await createEvent(server, player.token, {
      start: '2026-10-20T08:00:00Z',
      round: round(74, { course_rating: 72, slope: 113 }),
      share: 'SHARE_SELF',
      usershares: [],
      orgshares: [],
    });
    const own = ((await get(player.token)).json() as Body).players[0];
    const seen = ((await get(coach.token, `?players=${player.uid}`)).json() as Body).players[0];
    // Own: 2.0, 8.0, 12.0, 16.0 -> 4 scores, the lowest less 1.0 = 1.0. Coach: 8.0, 12.0, 16.0 -> 8.0 - 2.0 = 6.0.
    expect(own?.index).toBe(1);
    expect(seen?.index).toBe(6);
    expect(seen?.rated_rounds).toBe(3);

    for (const query of [`?players=${stranger.uid}`, `?players=${player.uid},${stranger.uid}`, '?players=999999']) {
      expect((await get(coach.token, query)).statusCode, query).toBe(404);
    }
    // An organisation mate with no shared round: seen, with no index.
    const mate = await signedInUser(server);
    await buildOrg(server.db, { members: [{ uid: coach.uid }, { uid: mate.uid }] });
    expect(((await get(coach.token, `?players=${mate.uid}`)).json() as Body).players[0]).toMatchObject({ index: null, rated_rounds: 0 });
  });

  it('answers about the players asked, never from the cache of another question over the same rounds', async () => {
    // Two callers whose questions count no rounds at all: the same rounds (none), different players.
    const first = await signedInUser(server);
    const coach = await signedInUser(server, { is_coach: true });
    const mate = await signedInUser(server);
    await buildOrg(server.db, { members: [{ uid: coach.uid }, { uid: mate.uid }] });
    expect(((await get(first.token)).json() as Body).players.map((p) => p.uid)).toEqual([first.uid]);
    expect(((await get(coach.token, `?players=${mate.uid}`)).json() as Body).players.map((p) => p.uid)).toEqual([mate.uid]);
    expect(((await get(coach.token, `?players=${mate.uid},${coach.uid}`)).json() as Body).players.map((p) => p.uid)).toEqual([
      mate.uid,
      coach.uid,
    ]);
  });

  it('refuses bad players lists with 400 and needs a session', async () => {
    const me = await signedInUser(server);
    for (const query of [
      '?players=abc',
      '?players=0',
      '?players=2147483648',
      `?players=${Array.from({ length: 16 }, (_, i) => i + 1).join(',')}`,
    ])
      expect((await get(me.token, query)).statusCode, query).toBe(400);
    expect((await server.app.inject({ url: '/v4/stats/handicap' })).statusCode).toBe(401);
  });

  it('takes a stroke index on each hole, 1 to 18, and refuses others', async () => {
    const me = await signedInUser(server);
    const body = round(80, { course_rating: 72, slope: 113 });
    body.holes = body.holes.map((h, i) => ({ ...h, stroke_index: i + 1 }));
    await createEvent(server, me.token, { round: body });
    for (const bad of [0, 19, 2.5]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v4/events',
        headers: bearer(me.token),
        payload: {
          event_type: 'ROUND',
          title: 'x',
          start: '2026-11-01T08:00:00Z',
          round: { ...body, holes: body.holes.map((h) => ({ ...h, stroke_index: bad })) },
        },
      });
      expect(res.statusCode, String(bad)).toBe(400);
    }
  });
});
