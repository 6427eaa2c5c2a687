import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStats, simulateRound, STAT_FUNCTIONS, type BenchmarkLevel } from '@holeout/golf';
import { statsResponses } from '@holeout/contracts';
import { DEMO_COURSES } from '../../db/demo-season.ts';
import { acquaint, buildUser, loginAs } from '../../test/factories.ts';
import { createEvent } from '../../test/events-testing.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { StatsRepository } from './stats.repository.ts';

/**
 * Rounds read for the statistics stay parsed in the process's memory with their version, so a
 * second benchmark or a wider selection loads only what it has not read. The answers must be what
 * the engine makes of the rounds as they are now: in the right order when remembered and loaded
 * rounds mix, and never a remembered round after it was edited.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function signedIn() {
  const user = await buildUser(server.db);
  return { ...user, token: await loginAs(server, user) };
}

describe('statistics over rounds read before', () => {
  it('answers what the engine makes of the rounds as stored, across benchmarks, wider selections and an edit', async () => {
    const coach = await signedIn();
    const players = [await signedIn(), await signedIn()];
    const saved: Array<{ owner: (typeof players)[number]; event_id: number; start: string; seed: number }> = [];
    for (const [p, player] of players.entries()) {
      await acquaint(server.db, player.uid, [coach.uid]);
      for (let r = 0; r < 4; r += 1) {
        const seed = p * 100 + r;
        const round = simulateRound({ course: DEMO_COURSES[r % DEMO_COURSES.length]!, benchmark: 'NINETY', seed });
        // Two players on the same mornings: starts tie across them, so the order rests on the ids.
        const start = `2026-10-0${1 + (r % 2)}T08:00:00Z`;
        const event = await createEvent(server, player.token, {
          title: `Round ${p}-${r}`,
          start,
          round: { course: round.course, units: round.units, holes: round.holes },
          usershares: [{ uid: coach.uid, permissions: 0 }],
        });
        saved.push({ owner: player, event_id: event.event_id, start, seed });
      }
    }
    const repository = new StatsRepository(server.db);
    /** The engine on the rounds as they are stored now, read afresh. */
    const expected = async (uids: number[], benchmark: BenchmarkLevel, name: 'sg' | 'round_sg' | 'scores' = 'sg') => {
      const plan = await repository.statsPlan(
        coach.uid,
        { owners: uids, players: uids },
        { maxCandidates: 3000, maxPlayers: 15, maxRounds: 300 },
      );
      const ids = plan.kept.map(([id]) => id);
      const rounds = await repository.roundsForStatistics({ eventIds: ids }, ids.length);
      return JSON.stringify(statsResponses[name].parse(STAT_FUNCTIONS[name](prepareStats(rounds, { benchmark }))));
    };
    const asked = async (uids: number[], benchmark: BenchmarkLevel, name: 'sg' | 'round_sg' | 'scores' = 'sg') => {
      const res = await server.app.inject({
        url: `/v4/stats/${name}?players=${uids.join(',')}&benchmark=${benchmark}`,
        headers: bearer(coach.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const [ann, ben] = players.map((p) => p.uid) as [number, number];
    // The first player's rounds are read, then both players' (four remembered, four loaded), under other benchmarks.
    expect(await asked([ann], 'SCRATCH')).toBe(await expected([ann], 'SCRATCH'));
    expect(await asked([ann, ben], 'NINETY')).toBe(await expected([ann, ben], 'NINETY'));
    expect(await asked([ben, ann], 'TOUR')).toBe(await expected([ben, ann], 'TOUR'));
    // The statistics that list rounds keep their order when remembered and loaded rounds mix.
    expect(await asked([ann], 'HUNDRED', 'round_sg')).toBe(await expected([ann], 'HUNDRED', 'round_sg'));
    for (const name of ['round_sg', 'scores'] as const)
      expect(await asked([ann, ben], 'NINETY', name)).toBe(await expected([ann, ben], 'NINETY', name));

    // An edit of a remembered round: the next answer counts the edited round, not the remembered one.
    const edited = saved[0]!;
    const other = simulateRound({ course: DEMO_COURSES[3]!, benchmark: 'HUNDRED', seed: 999 });
    const before = await asked([ann, ben], 'EIGHTY');
    const update = await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${edited.event_id}`,
      headers: bearer(edited.owner.token),
      payload: {
        title: 'Round edited',
        start: edited.start,
        end: edited.start,
        event_type: 'ROUND',
        round: { course: other.course, units: other.units, holes: other.holes },
        usershares: [{ uid: coach.uid, permissions: 0 }],
        orgshares: [],
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const after = await asked([ann, ben], 'LPGA');
    expect(after).toBe(await expected([ann, ben], 'LPGA'));
    expect(await asked([ann, ben], 'EIGHTY')).not.toBe(before);
    expect(await asked([ann, ben], 'EIGHTY')).toBe(await expected([ann, ben], 'EIGHTY'));
  });
});
