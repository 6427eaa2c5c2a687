import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAT_ENDPOINTS } from '@holeout/contracts';
import { acquaint, buildOrg, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { statsCache } from '../../db/schema/index.ts';
import { buildEventBody, createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function signedIn(benchmark = 'NINETY') {
  const user = await buildUser(server.db, { benchmark });
  return { ...user, token: await loginAs(server, user) };
}
const get = (token: string, url: string) => server.app.inject({ url: `/v4/stats/${url}`, headers: bearer(token) });

/** The round of packages/golf/src/stats/summary.test.ts, worked by hand there: 6 holes, 25 strokes. */
const handWorked = {
  course: 'Hand-worked',
  units: 'FEET_YARDS',
  holes: [
    ['T400F', 'F140G', 'G18G', 'G3I'],
    ['T180R.r', 'R30S', 'S15G', 'G8G', 'G1I'],
    ['T520R.l', 'R280F', 'F90S', 'S15G', 'G4I'],
    ['T380O.r', 'T380F', 'F160G', 'G30G', 'G5G', 'G1I'],
    ['T300R', 'R40I'],
    ['T145G', 'G10I'],
  ].map((codes, i) => ({
    hole: i + 1,
    par: [4, 3, 5, 4, 4, 3][i]!,
    shots: codes.map((code) => {
      const [, from, dist, to, miss] = /^([TFRSHG])(\d+)([FRSHGIO])(?:\.(\w+))?$/.exec(code)!;
      return { from, dist: Number(dist), to, ...(miss ? { miss } : {}) };
    }),
  })),
};

describe('GET /v4/stats/*', () => {
  it("serves the summary of the caller's rounds as the golf package defines it", async () => {
    const golfer = await signedIn();
    await createEvent(server, golfer.token, { round: handWorked });
    const res = await get(golfer.token, 'summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      limited: false,
      players: [
        {
          uid: golfer.uid,
          rounds: 1,
          holes: 6,
          scoring_avg: 75,
          putts_per_round: 27,
          putts_per_gir: 1,
          gir_pct: 50,
          fairways_pct: 25,
          scrambling_pct: 33.33,
          sand_save_pct: 50,
          three_putt_avoid_pct: 80,
          one_putt_pct: 40,
          avg_drive: 253.33,
          birdies_per_round: 6,
          bogeys_per_round: 0,
          doubles_per_round: 6,
          penalties_per_round: 3,
        },
      ],
    });
  });

  it('answers every endpoint in its contract shape', async () => {
    const golfer = await signedIn();
    await createEvent(server, golfer.token, { round: handWorked });
    for (const name of STAT_ENDPOINTS) {
      const res = await get(golfer.token, name);
      expect(res.statusCode, name).toBe(200);
      expect((res.json() as { limited: boolean }).limited, name).toBe(false);
    }
  });

  it("measures strokes gained against the chosen benchmark, the caller's own by default, per 18 holes", async () => {
    const golfer = await signedIn('HUNDRED');
    await createEvent(server, golfer.token, { round: handWorked });
    const sg = async (query: string) =>
      (await get(golfer.token, `sg${query}`)).json() as { benchmark: string; players: Array<{ holes: number; sg: { overall: number } }> };
    const own = await sg('');
    const tour = await sg('?benchmark=TOUR');
    expect(own.benchmark).toBe('HUNDRED');
    expect(tour.benchmark).toBe('TOUR');
    expect(own.players[0]?.holes).toBe(6);
    expect(tour.players[0]!.sg.overall).toBeLessThan(own.players[0]!.sg.overall);
  });

  it("counts only what the caller may see: the selection, shared rounds, never someone else's unshared round", async () => {
    const me = await signedIn();
    const friend = await signedIn();
    const stranger = await signedIn();
    const teammate = await signedIn();
    await buildOrg(server.db, { members: [{ uid: me.uid }, { uid: teammate.uid }] });
    await acquaint(server.db, friend.uid, [me.uid]);
    const mine = await createEvent(server, me.token, { round: handWorked });
    const second = await createEvent(server, me.token, { round: handWorked, start: '2026-11-22T08:00:00Z' });
    const shared = await createEvent(server, friend.token, { usershares: [{ uid: me.uid, permissions: 0 }], orgshares: [] });
    const secret = await createEvent(server, stranger.token, { usershares: [], orgshares: [] });
    await createEvent(server, teammate.token, { share: 'SHARE_SELF', usershares: [], orgshares: [] });
    const ids = async (url: string) =>
      ((await get(me.token, url)).json() as { scores: Array<{ event_id: number }> }).scores.map((s) => s.event_id).sort();

    expect(await ids('scores')).toEqual([mine.event_id, second.event_id].sort());
    expect(await ids(`scores?rounds=${second.event_id}`)).toEqual([second.event_id]);
    expect(await ids(`scores?players=${friend.uid}`)).toEqual([shared.event_id]);
    expect(await ids(`scores?rounds=${secret.event_id},${mine.event_id}`)).toEqual([mine.event_id]);
    // A teammate may be asked for, but their private round is not counted.
    expect(await ids(`scores?players=${teammate.uid}`)).toEqual([]);
    // Someone the caller cannot see at all is a 404, and so is any list naming them.
    for (const query of [`players=${stranger.uid}`, `players=${me.uid},${stranger.uid}`, 'players=999999']) {
      const res = await get(me.token, `sg?${query}`);
      expect(res.statusCode, query).toBe(404);
    }
  });

  it('sets limited when more than 15 players are asked for, and keeps 15', async () => {
    const coach = await signedIn();
    const players = await Promise.all(Array.from({ length: 16 }, () => signedIn()));
    // Each player may share with the coach only once they know them: the coach shared something with each.
    for (const p of players) await acquaint(server.db, p.uid, [coach.uid]);
    for (const [i, p] of players.entries()) {
      await createEvent(server, p.token, {
        start: `2026-10-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
        usershares: [{ uid: coach.uid, permissions: 0 }],
        orgshares: [],
      });
    }
    const res = await get(coach.token, `summary?players=${players.map((p) => p.uid).join(',')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { limited: boolean; players: Array<{ uid: number }> };
    expect(body.limited).toBe(true);
    expect(body.players).toHaveLength(15);
    // The 15 most recently active: the first player's round is the oldest.
    expect(body.players.map((p) => p.uid)).not.toContain(players[0]!.uid);
  });

  it('CUSTOM measures against the saved target, and saved boundaries count in every statistic', async () => {
    const golfer = await signedIn();
    await createEvent(server, golfer.token, { round: handWorked });
    const save = (custom_sg: unknown) =>
      server.app.inject({ method: 'POST', url: '/v4/account/settings', headers: bearer(golfer.token), payload: { custom_sg } });
    const boundaries = { chipMaxYards: 30, shortApproachMaxYards: 100, midApproachMaxYards: 150, shortPuttMaxFeet: 6, midPuttMaxFeet: 20 };
    expect((await save({ target: { score: 90 }, boundaries: { ...boundaries, chipMaxYards: 120 } })).statusCode).toBe(400);
    expect((await save({ target: { handicap_index: 18, course_rating: 72, slope: 113 }, boundaries })).statusCode).toBe(200);
    const custom = (await get(golfer.token, 'sg?benchmark=CUSTOM')).json() as {
      benchmark: string;
      players: Array<{ sg: { overall: number } }>;
    };
    // Handicap 18 on a 72.0 / 113 course plays to 90: the target 90 benchmark.
    expect(custom.benchmark).toBe('CUSTOM:90');
    // With a 30 yd chip limit the 40 yd pitch on hole 5 is a short approach (beside the 90 yd one of hole 3), not a rough chip.
    const shortApproaches = async (token: string) =>
      ((await get(token, 'app_misses')).json() as { players: Array<{ short: { shots: number } }> }).players[0]?.short.shots;
    expect(await shortApproaches(golfer.token)).toBe(2);
    const other = await signedIn();
    await createEvent(server, other.token, { round: handWorked });
    expect(await shortApproaches(other.token)).toBe(1);
    const settingsAfter = (await server.app.inject({ url: '/v4/account/settings', headers: bearer(golfer.token) })).json() as {
      custom_sg: unknown;
    };
    expect(settingsAfter.custom_sg).toEqual({ target: { handicap_index: 18, course_rating: 72, slope: 113 }, boundaries });
  });

  it('refuses a bad query with 400 naming it', async () => {
    const golfer = await signedIn();
    for (const query of ['rounds=abc', 'rounds=1,,2', 'players=x', 'benchmark=BOGEY', 'benchmark=CUSTOM' /* none saved */]) {
      const res = await get(golfer.token, `sg?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: string }).error, query).toMatch(/^(rounds|players|benchmark)/);
    }
    expect((await server.app.inject({ url: '/v4/stats/sg' })).statusCode).toBe(401);
  });

  it("never counts someone else's unshared round in any statistic, and hides an unseen player in every one (404)", async () => {
    const me = await signedIn();
    const stranger = await signedIn();
    const empty = await signedIn();
    const secret = await createEvent(server, stranger.token, { round: handWorked, usershares: [], orgshares: [] });
    for (const name of STAT_ENDPOINTS) {
      // Asking for the secret round by id counts nothing: the same body as a golfer with no rounds.
      const selected = await get(me.token, `${name}?rounds=${secret.event_id}&benchmark=NINETY`);
      const nothing = await get(empty.token, `${name}?benchmark=NINETY`);
      expect(selected.statusCode, name).toBe(200);
      expect(selected.json(), name).toEqual(nothing.json());
      expect((await get(me.token, `${name}?players=${stranger.uid}`)).statusCode, name).toBe(404);
      expect((await get(me.token, `${name}?rounds=oops`)).statusCode, name).toBe(400);
      expect((await server.app.inject({ url: `/v4/stats/${name}` })).statusCode, name).toBe(401);
    }
  });

  it('flags limited in every statistic when more than 15 players are asked for', async () => {
    const coach = await signedIn();
    const players = await Promise.all(Array.from({ length: 16 }, () => signedIn()));
    for (const p of players) await acquaint(server.db, p.uid, [coach.uid]);
    for (const p of players) await createEvent(server, p.token, { usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] });
    for (const name of STAT_ENDPOINTS) {
      const res = await get(coach.token, `${name}?players=${players.map((p) => p.uid).join(',')}`);
      expect(res.statusCode, name).toBe(200);
      expect((res.json() as { limited: boolean }).limited, name).toBe(true);
    }
  });

  it('serves a repeated request from the statistics cache, and never a stale body after a round changes, goes or is unshared', async () => {
    const golfer = await signedIn();
    const coach = await signedIn();
    await acquaint(server.db, golfer.uid, [coach.uid]);
    const round = await createEvent(server, golfer.token, {
      round: handWorked,
      usershares: [{ uid: coach.uid, permissions: 0 }],
      orgshares: [],
    });
    const scoringAverage = async (token: string, query = '') =>
      ((await get(token, `summary${query}`)).json() as { players: Array<{ scoring_avg: number | null }> }).players[0]?.scoring_avg;
    const rows = async () => (await server.db.select({ key: statsCache.key }).from(statsCache)).length;

    expect(await scoringAverage(golfer.token)).toBe(75);
    // A computed body is stored after its answer has gone.
    await server.app.background.settled();
    const stored = await rows();
    const first = await get(golfer.token, 'sg');
    const again = await get(golfer.token, 'sg');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    await server.app.background.settled();
    expect(await rows()).toBe(stored + 1);

    // The owner replaces the round with a one-hole par: the figures follow at once.
    const replace = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${round.event_id}`,
      headers: bearer(golfer.token),
      payload: buildEventBody({
        round: {
          ...handWorked,
          holes: [
            {
              hole: 1,
              par: 3,
              shots: [
                { from: 'T', dist: 150, to: 'G' },
                { from: 'G', dist: 10, to: 'G' },
                { from: 'G', dist: 1, to: 'I' },
              ],
            },
          ],
        },
        usershares: [{ uid: coach.uid, permissions: 0 }],
        orgshares: [],
      }),
    });
    expect(replace.statusCode).toBe(200);
    expect(await scoringAverage(golfer.token)).toBe(54);
    expect(await scoringAverage(coach.token, `?players=${golfer.uid}`)).toBe(54);

    // Unshared: the coach no longer sees the player at all; deleted: the owner has nothing left.
    const unshare = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${round.event_id}`,
      headers: bearer(golfer.token),
      payload: buildEventBody({ round: handWorked, usershares: [], orgshares: [] }),
    });
    expect(unshare.statusCode).toBe(200);
    expect((await get(coach.token, `summary?players=${golfer.uid}`)).statusCode).toBe(404);
    expect(await scoringAverage(golfer.token)).toBe(75);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/v4/events?event_id=${round.event_id}`, headers: bearer(golfer.token) }))
        .statusCode,
    ).toBe(200);
    expect(((await get(golfer.token, 'summary')).json() as { players: unknown[] }).players).toEqual([]);
  });
});
