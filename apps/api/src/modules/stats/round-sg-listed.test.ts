import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHMARK_LABELS, scoreRound, STATS_MAX_PLAYERS, type Round } from '@holeout/golf';
import { acquaint, buildUser, loginAs } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildRoundBody, createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function signedIn(benchmark = 'NINETY') {
  const user = await buildUser(server.db, { benchmark });
  return { ...user, token: await loginAs(server, user) };
}

interface RoundSgAnswer {
  benchmark: string;
  limited: boolean;
  rounds: Array<{ event_id: number; uid: number; holes: number; sg: { overall: number } }>;
}

/**
 * The Events list shows each listed round's strokes gained from GET /stats/round_sg?rounds=<the listed
 * rounds>, asked in batches of at most STATS_MAX_PLAYERS owners: what that relies on.
 */
describe('GET /v4/stats/round_sg for the rounds of an events list', () => {
  it("answers every listed round the caller sees against the caller's benchmark, and never a round they may not see", async () => {
    const coach = await signedIn('EIGHTY');
    const stranger = await signedIn();
    const players = await Promise.all(Array.from({ length: STATS_MAX_PLAYERS + 1 }, () => signedIn()));
    // Each player shares one 2-hole round with the coach.
    for (const [i, player] of players.entries()) {
      await acquaint(server.db, player.uid, [coach.uid]);
      await createEvent(server, player.token, {
        title: `Shared round ${i}`,
        start: `2026-10-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
        round: buildRoundBody(),
        usershares: [{ uid: coach.uid, permissions: 0 }],
        orgshares: [],
      });
    }
    const secret = await createEvent(server, stranger.token, { usershares: [], orgshares: [] });

    const list = await server.app.inject({ url: '/v4/events?types=ROUND', headers: bearer(coach.token) });
    const listed = (list.json() as { events: Array<{ event_id: number; uid: number }> }).events;
    expect(listed).toHaveLength(players.length);
    const ask = async (ids: number[]) =>
      (
        await server.app.inject({ url: `/v4/stats/round_sg?rounds=${ids.join(',')}`, headers: bearer(coach.token) })
      ).json() as RoundSgAnswer;

    // All at once, the statistics keep the 15 players with the newest rounds: one listed round is left out.
    const together = await ask([...listed.map((e) => e.event_id), secret.event_id]);
    expect(together.limited).toBe(true);
    expect(together.rounds).toHaveLength(STATS_MAX_PLAYERS);

    // In batches of at most 15 owners every listed round is answered, and the stranger's secret round never.
    const byOwner = [...listed].sort((a, b) => a.uid - b.uid);
    const batches = [byOwner.slice(0, STATS_MAX_PLAYERS), byOwner.slice(STATS_MAX_PLAYERS)];
    const answers = await Promise.all(
      batches.map((batch, i) => ask([...batch.map((e) => e.event_id), ...(i === 0 ? [secret.event_id] : [])])),
    );
    const rows = answers.flatMap((answer) => answer.rounds);
    expect(answers.map((answer) => answer.limited)).toEqual([false, false]);
    expect(rows.map((row) => row.event_id).sort((a, b) => a - b)).toEqual(listed.map((e) => e.event_id).sort((a, b) => a - b));
    expect(rows.some((row) => row.event_id === secret.event_id)).toBe(false);

    // Against the caller's own benchmark, and per 18 holes (nine times the 2-hole total): times holes / 18 it
    // is the round's own total, as the event page scores it.
    expect(answers.map((answer) => answer.benchmark)).toEqual(['EIGHTY', 'EIGHTY']);
    expect(BENCHMARK_LABELS.EIGHTY).toBe('80 golfer');
    const total = scoreRound(buildRoundBody() as unknown as Round, 'EIGHTY').sg.overall;
    for (const row of rows) {
      expect(row.holes).toBe(2);
      expect((row.sg.overall * row.holes) / 18, `round ${row.event_id}`).toBeCloseTo(total, 1);
    }
  });

  it('answers a round nobody shared with the caller as absent, alone too', async () => {
    const me = await signedIn();
    const stranger = await signedIn();
    const secret = await createEvent(server, stranger.token, { usershares: [], orgshares: [] });
    const res = await server.app.inject({ url: `/v4/stats/round_sg?rounds=${secret.event_id}`, headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    expect((res.json() as RoundSgAnswer).rounds).toEqual([]);
  });
});
