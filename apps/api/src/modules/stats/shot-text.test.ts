import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holesFromShotText, prepareStats, shotText, simulateRound, STAT_FUNCTIONS, type Hole, type PlayerRound } from '@holeout/golf';
import { statsResponses } from '@holeout/contracts';
import { eq } from 'drizzle-orm';
import { DEMO_COURSES } from '../../db/demo-season.ts';
import { rounds } from '../../db/schema/index.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { buildEventBody, createEvent } from '../../test/events-testing.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * The statistics read a round's holes from the database's shot text (migration 0015's generated
 * column), not its JSON: the column must say exactly what @holeout/golf's shotText says of the holes as
 * stored, after a create and after an edit, and the statistics must be what the engine makes of the
 * rounds as they were posted.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/** A simulated round with half-yard and half-foot distances on its second shots: decimals as the JSON writes them. */
const withDecimals = (() => {
  const round = simulateRound({ course: DEMO_COURSES[0]!, benchmark: 'NINETY', seed: 5 });
  const holes: Hole[] = round.holes.map((hole) => ({
    ...hole,
    shots: hole.shots.map((shot, i) => (i === 1 && shot.dist > 2 ? { ...shot, dist: shot.dist - 0.5 } : shot)),
  }));
  return { course: round.course, units: round.units, holes };
})();

async function storedText(eventId: number): Promise<{ holes: Hole[]; text: string }> {
  const [row] = await server.db.select({ holes: rounds.holes, text: rounds.shot_text }).from(rounds).where(eq(rounds.event_id, eventId));
  return { holes: row!.holes, text: row!.text };
}

describe('the shot text the statistics read', () => {
  it('is shotText of the holes as stored, after a create and an edit, and the statistics are the engine on the posted rounds', async () => {
    const golfer = await buildUser(server.db);
    const token = await loginAs(server, golfer);
    const posted: PlayerRound[] = [];
    const rounds9and18 = [
      withDecimals,
      ...[0, 1, 2].map((seed) => {
        const round = simulateRound({ course: DEMO_COURSES[seed]!, benchmark: 'EIGHTY', seed, ...(seed === 1 ? { holes: 9 } : {}) });
        return { course: round.course, units: round.units, holes: round.holes };
      }),
    ];
    for (const [i, round] of rounds9and18.entries()) {
      const start = `2026-09-0${i + 1}T08:00:00.000Z`;
      const event = await createEvent(server, token, { title: `Round ${i}`, start, round });
      const { holes, text } = await storedText(event.event_id);
      expect(text).toBe(shotText(holes));
      expect(holesFromShotText(text)).toEqual(holesFromShotText(shotText(round.holes)));
      posted.push({ event_id: event.event_id, uid: golfer.uid, start, round });
    }

    // An edit: the text follows the new holes.
    const edited = simulateRound({ course: DEMO_COURSES[3]!, benchmark: 'HUNDRED', seed: 9 });
    const target = posted[3]!;
    const res = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${target.event_id}`,
      headers: bearer(token),
      payload: buildEventBody({
        title: 'Edited',
        start: target.start,
        round: { course: edited.course, units: edited.units, holes: edited.holes },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedText(target.event_id)).text).toBe(shotText(edited.holes));
    posted[3] = { ...target, round: { course: edited.course, units: edited.units, holes: edited.holes } };

    const newestFirst = [...posted].sort((a, b) => (a.start < b.start ? 1 : -1));
    for (const name of ['sg', 'summary', 'round_sg'] as const) {
      const answer = await server.app.inject({ method: 'GET', url: `/v4/stats/${name}?benchmark=SCRATCH`, headers: bearer(token) });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(
        JSON.stringify(statsResponses[name].parse(STAT_FUNCTIONS[name](prepareStats(newestFirst, { benchmark: 'SCRATCH' })))),
      );
    }
  });
});
