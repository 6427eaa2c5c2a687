import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySg, scoreRound, starterDrill, type Round, type UnitsPair } from '@holeout/golf';
import type { EventResponse, FollowUpResponse } from '@holeout/contracts';
import { rounds as roundsTable } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { aiClient, PLANTED, type Golfer } from './ai-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const { golfer, call, season, diagnosis } = aiClient(() => server);
const DAY_MS = 86_400_000;

async function followUp(who: Golfer, diagnosisId: number): Promise<FollowUpResponse> {
  const res = await call(who, 'GET', `/ai/follow-up?diagnosis_id=${diagnosisId}`);
  if (res.statusCode !== 200) throw new Error(`follow-up failed: ${res.statusCode} ${res.body}`);
  return res.json() as FollowUpResponse;
}

/** Long approaches' strokes gained per 18 holes of each round against NINETY, worked out here with packages/golf. */
async function perRound(ids: number[]): Promise<Map<number, number>> {
  const rows = await server.db.select().from(roundsTable).where(inArray(roundsTable.event_id, ids));
  return new Map(
    rows.map((r) => {
      const scored = scoreRound({ units: r.units as UnitsPair, holes: r.holes } as Round, 'NINETY');
      return [r.event_id, (categorySg(scored.sg, PLANTED.category) * 18) / scored.holes.length];
    }),
  );
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const two = (value: number) => Math.round(value * 100) / 100;

describe('GET /ai/follow-up', () => {
  it('measures the category in each round before and since, and gives a verdict from the third round since', async () => {
    const player = await golfer();
    const before = await season(player, 10, { seed: 3000, daysAgo: 2 });
    const d = await diagnosis(player);
    const byRound = await perRound(before);

    const start = await followUp(player, d.diagnosis_id);
    expect(start).toMatchObject({
      diagnosis_id: d.diagnosis_id,
      category: PLANTED.category,
      display_name: d.display_name,
      after_rounds: 0,
      after_mean: null,
      trend_per_round: null,
      verdict: null,
      drill_results: [],
    });
    expect(start.rounds.map((r) => [r.event_id, r.holes, r.sg_per_18, r.after])).toEqual(
      before.map((id) => [id, 18, two(byRound.get(id)!), false]),
    );
    expect(start.before_mean).toBe(two(mean(before.map((id) => byRound.get(id)!))));
    expect(start.verdict_text).toContain('0 rounds played since the diagnosis');

    // Rounds played since, without the weakness: one, then three.
    server.clock.advance(DAY_MS);
    const since = await season(player, 1, { seed: 3100, weakness: null, daysAgo: 0.5 });
    const one = await followUp(player, d.diagnosis_id);
    expect(one).toMatchObject({ after_rounds: 1, verdict: null, trend_per_round: null });
    expect(one.verdict_text).toContain('2 more to play');
    server.clock.advance(DAY_MS);
    since.push(...(await season(player, 2, { seed: 3101, weakness: null, daysAgo: 0.25 })));
    const three = await followUp(player, d.diagnosis_id);
    const afterById = await perRound(since);
    const after = since.map((id) => afterById.get(id)!);
    expect(three.rounds.filter((r) => r.after).map((r) => r.event_id)).toEqual(since);
    expect(three.after_rounds).toBe(3);
    expect(three.after_mean).toBe(two(mean(after)));
    expect(three.verdict).toBe('improving');
    expect(three.verdict_text).toMatch(/^Improving\./);
    expect(three.verdict_text).toContain(Math.abs(three.after_mean!).toFixed(2));
    expect(three.verdict_text).toContain(Math.abs(three.before_mean!).toFixed(2));
    expect(three.trend_per_round).not.toBeNull();

    // A round of the diagnosis deleted since is no longer counted.
    expect((await call(player, 'DELETE', `/events?event_id=${before[0]}`)).statusCode).toBe(200);
    const fewer = await followUp(player, d.diagnosis_id);
    expect(fewer.rounds.filter((r) => !r.after).map((r) => r.event_id)).toEqual(before.slice(1));
  });

  it('says worse when the category lost clearly more since, and no change when the rounds since are like those before', async () => {
    const worse = await golfer();
    await season(worse, 10, { seed: 3200, daysAgo: 2 });
    const dWorse = await diagnosis(worse);
    server.clock.advance(3 * DAY_MS);
    await season(worse, 3, { seed: 3300, weakness: { category: PLANTED.category, strokesPerRound: 14 }, daysAgo: 0.5 });
    const answerWorse = await followUp(worse, dWorse.diagnosis_id);
    expect(answerWorse.after_rounds).toBe(3);
    expect(answerWorse.verdict).toBe('worse');
    expect(answerWorse.verdict_text).toMatch(/^Worse\./);

    // The same three rounds again (same seeds, so the same shots) since the diagnosis.
    const same = await golfer();
    await season(same, 10, { seed: 3400, daysAgo: 2 });
    const dSame = await diagnosis(same);
    server.clock.advance(3 * DAY_MS);
    await season(same, 3, { seed: 3403, daysAgo: 0.5 });
    const answerSame = await followUp(same, dSame.diagnosis_id);
    expect(answerSame.verdict).toBe('no_change');
    expect(answerSame.verdict_text).toMatch(/^No clear change yet\./);
  });

  it("shows the results of the plan's drills recorded since the diagnosis", async () => {
    const player = await golfer();
    await season(player, 10, { seed: 3500, daysAgo: 2 });
    const d = await diagnosis(player);
    const plan = await call(player, 'POST', `/ai/plan?diagnosis_id=${d.diagnosis_id}`, {
      start_date: new Date(server.clock.now().getTime()).toISOString().slice(0, 10),
      weeks: 1,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const [practice] = (plan.json() as { events: EventResponse[] }).events;
    const placed = practice!.eventdrills[0]!;
    const template = starterDrill(d.plan.drills[0]!.template_key!)!;
    const record = (score: number, time: string) =>
      call(player, 'POST', '/drills/results', { ced_id: placed.ced_id, time, values: { [template.score_field]: score } });
    const recordedBefore = await record(3, new Date(Date.parse(d.created_at) - DAY_MS).toISOString());
    expect(recordedBefore.statusCode, recordedBefore.body).toBe(200);
    const later = new Date(Date.parse(d.created_at) + 3_600_000).toISOString();
    expect((await record(6, later)).statusCode).toBe(200);

    const answer = await followUp(player, d.diagnosis_id);
    expect(answer.drill_results).toHaveLength(d.plan.drills.length);
    const first = answer.drill_results.find((r) => r.drill_id === placed.drill_id)!;
    expect(first).toEqual({
      drill_id: placed.drill_id,
      title: template.title,
      higher_is_better: template.higher_is_better,
      results: [{ time: later, score: 6 }],
    });
    for (const other of answer.drill_results.filter((r) => r.drill_id !== placed.drill_id)) expect(other.results).toEqual([]);
  });
});
