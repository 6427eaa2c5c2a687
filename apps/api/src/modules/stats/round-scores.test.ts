import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHMARK_LEVELS, prepareStats, simulateRound, standardRoundScores, STAT_FUNCTIONS, type PlayerRound } from '@holeout/golf';
import { statsResponses } from '@holeout/contracts';
import { eq, inArray } from 'drizzle-orm';
import { DEMO_COURSES } from '../../db/demo-season.ts';
import { roundScoreRows, writeRoundScores } from '../../db/round-scores.ts';
import { roundScores } from '../../db/schema/index.ts';
import { definitionsVersion } from '../../lib/definitions-version.ts';
import { acquaint, buildUser, loginAs } from '../../test/factories.ts';
import { buildEventBody, createEvent } from '../../test/events-testing.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * Each round's strokes gained against every benchmark level is stored as the round is written
 * (round_scores), and GET /stats/sg against a level adds those up: the answer must be the engine's on
 * the rounds as posted, to the last character, whether the scores were stored, missing (a round saved
 * before they were stored) or stored under other definitions; the missing and outdated ones are
 * written again after the answer; an edit replaces a round's scores and a delete removes them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const simulated = (seed: number, benchmark: 'SCRATCH' | 'EIGHTY' | 'NINETY' | 'HUNDRED', holes?: 9) => {
  const round = simulateRound({ course: DEMO_COURSES[seed % DEMO_COURSES.length]!, benchmark, seed, ...(holes ? { holes } : {}) });
  return { course: round.course, units: round.units, holes: round.holes };
};

/** A coach and two players whose rounds (one of 9 holes) are shared with the coach. */
async function team() {
  const coach = await buildUser(server.db);
  const coachToken = await loginAs(server, coach);
  const posted: PlayerRound[] = [];
  const players: number[] = [];
  for (const [p, level] of (['EIGHTY', 'HUNDRED'] as const).entries()) {
    const player = await buildUser(server.db);
    await acquaint(server.db, player.uid, [coach.uid]);
    const token = await loginAs(server, player);
    for (let r = 0; r < 3; r += 1) {
      const round = simulated(p * 10 + r, level, r === 1 ? 9 : undefined);
      const start = `2026-08-${String(10 + r * 2 + p).padStart(2, '0')}T08:00:00.000Z`;
      const event = await createEvent(server, token, {
        title: `Round ${r}`,
        start,
        round,
        usershares: [{ uid: coach.uid, permissions: 0 }],
      });
      posted.push({ event_id: event.event_id, uid: player.uid, start, round });
    }
    players.push(player.uid);
  }
  return { coachToken, players, posted };
}

const stored = (eventIds: number[]) =>
  server.db.select().from(roundScores).where(inArray(roundScores.event_id, eventIds)).orderBy(roundScores.event_id, roundScores.benchmark);

async function sgAnswer(token: string, players: number[], benchmark: string): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/v4/stats/sg?players=${players.join(',')}&benchmark=${benchmark}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  // What the answer started after itself (the scores it found missing) has landed before anything is compared.
  await server.app.background.settled();
  return res.body;
}

const engineAnswer = (posted: PlayerRound[], benchmark: (typeof BENCHMARK_LEVELS)[number]) =>
  JSON.stringify(statsResponses.sg.parse(STAT_FUNCTIONS.sg(prepareStats(posted, { benchmark }))));

describe('stored round scores', () => {
  it('are written with each round: six rows, the engine breakdown against every level under the current definitions', async () => {
    const { posted } = await team();
    const rows = await stored(posted.map((r) => r.event_id));
    expect(rows).toHaveLength(posted.length * BENCHMARK_LEVELS.length);
    for (const round of posted) {
      const expected = standardRoundScores(round.round).map((score) => ({
        event_id: round.event_id,
        definitions: definitionsVersion(),
        ...score,
      }));
      const own = rows.filter((row) => row.event_id === round.event_id);
      expect(own.sort((a, b) => a.benchmark.localeCompare(b.benchmark))).toEqual(
        expected.sort((a, b) => a.benchmark.localeCompare(b.benchmark)),
      );
    }
  });

  it('answer GET /stats/sg as the engine does on the posted rounds, for every level', async () => {
    const { coachToken, players, posted } = await team();
    for (const benchmark of BENCHMARK_LEVELS) expect(await sgAnswer(coachToken, players, benchmark)).toBe(engineAnswer(posted, benchmark));
  });

  it.each([
    ['missing (rounds saved before scores were stored)', 'missing'],
    ['stored under other definitions', 'outdated'],
  ] as const)('when %s, the answer is scored from the shots and the same, and the scores are written again', async (_name, state) => {
    const { coachToken, players, posted } = await team();
    const ids = posted.map((r) => r.event_id);
    const before = await stored(ids);
    // Two of the six rounds lose their scores (or get outdated ones): the answer cannot add up the rest.
    const changed = ids.slice(1, 3);
    if (state === 'missing') await server.db.delete(roundScores).where(inArray(roundScores.event_id, changed));
    else
      await server.db
        .update(roundScores)
        .set({ definitions: 'an-older-one', sg: Array(15).fill(9) })
        .where(inArray(roundScores.event_id, changed));
    expect(await sgAnswer(coachToken, players, 'NINETY')).toBe(engineAnswer(posted, 'NINETY'));
    expect(await stored(ids)).toEqual(before);
    // And now from the stored scores again, still the same.
    expect(await sgAnswer(coachToken, players, 'LPGA')).toBe(engineAnswer(posted, 'LPGA'));
  });

  it('follow an edit of the round, and go with its delete', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const start = '2026-07-01T08:00:00.000Z';
    const event = await createEvent(server, token, { title: 'Round', start, round: simulated(3, 'SCRATCH') });
    const edited = simulated(4, 'HUNDRED');
    const res = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${event.event_id}`,
      headers: bearer(token),
      payload: buildEventBody({ title: 'Edited', start, round: edited }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stored([event.event_id]);
    expect(rows.map((row) => row.score)).toEqual(standardRoundScores(edited).map((score) => score.score));
    expect(await sgAnswer(token, [golfer.uid], 'TOUR')).toBe(
      engineAnswer([{ event_id: event.event_id, uid: golfer.uid, start, round: edited }], 'TOUR'),
    );
    const deleted = await server.app.inject({ method: 'DELETE', url: `/v4/events?event_id=${event.event_id}`, headers: bearer(token) });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await stored([event.event_id])).toEqual([]);
  });

  it('are never overwritten by a refresh from shots read before an edit (rows of the current definitions stay)', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const now = simulated(5, 'EIGHTY');
    const event = await createEvent(server, token, { title: 'Round', start: '2026-07-02T08:00:00.000Z', round: now });
    const before = await stored([event.event_id]);
    // The scores of the round as it was before an edit, written late by a request that had read it then.
    await writeRoundScores(server.db, roundScoreRows(event.event_id, simulated(6, 'HUNDRED')));
    expect(await stored([event.event_id])).toEqual(before);
    // Under other definitions they are replaced.
    await server.db.update(roundScores).set({ definitions: 'an-older-one' }).where(eq(roundScores.event_id, event.event_id));
    await writeRoundScores(server.db, roundScoreRows(event.event_id, now));
    expect(await stored([event.event_id])).toEqual(before);
  });

  it('are not written for a round the engine refuses, and the save still succeeds', () => {
    expect(
      roundScoreRows(1, { units: 'YARDS_FEET', holes: [{ hole: 1, par: 4, shots: [{ from: 'G', dist: 3, to: 'F' }] }] } as never),
    ).toEqual([]);
  });
});
