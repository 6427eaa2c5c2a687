import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose, planFor, type Round, type UnitsPair } from '@holeout/golf';
import type { DiagnoseResponse, Diagnosis } from '@holeout/contracts';
import { diagnoses, events, rounds, settings, subscriptions } from '../../db/schema/index.ts';
import { acquaint, buildOrg } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { AI_COACH_MESSAGE, AI_PREMIUM_MESSAGE } from './ai.policy.ts';
import { aiClient, aiCounts, diagnosesOf, PLANTED, type Golfer } from './ai-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const { golfer, call, season, diagnose: diagnoseVia, diagnosis } = aiClient(() => server);
const WEEK_MS = 604_800_000;

/** The rounds as stored, for packages/golf's diagnose in the test. */
async function storedRounds(ids: number[]) {
  const rows = await server.db
    .select({ event_id: rounds.event_id, course: rounds.course, units: rounds.units, holes: rounds.holes })
    .from(rounds)
    .where(inArray(rounds.event_id, ids));
  return rows.map((r) => ({ id: r.event_id, round: { course: r.course!, units: r.units as UnitsPair, holes: r.holes } as Round }));
}

const shareWith = (uid: number) => ({ usershares: [{ uid, permissions: 0 }], orgshares: [] });

describe('GET /ai/diagnose: the diagnosis of a player', () => {
  it("diagnoses the caller's own rounds exactly as packages/golf's diagnose does, and stores it for 7 days", async () => {
    const player = await golfer();
    const ids = await season(player, 10);
    const answer = await diagnoseVia(player, player.uid);
    const expected = diagnose(await storedRounds(ids), { benchmark: 'NINETY' });
    if (expected.kind !== 'WEAKNESS') throw new Error('the planted weakness should show');
    expect(expected.category).toBe(PLANTED.category);
    const d = answer.diagnosis!;
    expect(answer.reason).toBeUndefined();
    expect(d).toMatchObject({
      uid: player.uid,
      category: expected.category,
      display_name: expected.displayName,
      benchmark: 'NINETY',
      benchmark_label: expected.benchmarkLabel,
      rounds: 10,
      holes: 180,
      confidence: expected.confidence,
      findings: expected.findings,
      figures: expected.figures,
      narrative: expected.narrative,
      narrative_source: 'rules',
      // No drills in the library: the plan is the starter drills of the category.
      plan: planFor(expected.category, []),
    });
    expect(d.evidence).toEqual(
      expected.evidence.map((e) => ({
        category: e.category,
        display_name: e.displayName,
        sg_per_18: e.sgPer18,
        std_error: e.stdError,
        strokes_to_gain: e.strokesToGain,
      })),
    );
    expect(Date.parse(d.created_at)).toBe(server.clock.now().getTime());
    expect(Date.parse(d.time) - Date.parse(d.created_at)).toBe(WEEK_MS);
    const [row] = await diagnosesOf(server, player.uid);
    expect(row).toMatchObject({ diagnosis_id: d.diagnosis_id, category: d.category, benchmark_ref: 'NINETY', boundaries: null });
    expect([...row!.round_ids].sort()).toEqual([...ids].sort());
  });

  it('answers NOT_ENOUGH_ROUNDS and NO_WEAKNESS with what was measured, and stores nothing', async () => {
    const few = await golfer();
    await season(few, 2);
    const before = await aiCounts(server);
    const notEnough = await diagnoseVia(few, few.uid);
    expect(notEnough).toMatchObject({ diagnosis: null, reason: 'NOT_ENOUGH_ROUNDS', rounds: 2, holes: 36 });
    expect(notEnough.evidence!.length).toBeGreaterThan(0);

    const none = await golfer();
    expect(await diagnoseVia(none, none.uid)).toMatchObject({ diagnosis: null, reason: 'NOT_ENOUGH_ROUNDS', rounds: 0, holes: 0 });

    // Tour-level golf measured against the NINETY benchmark loses nowhere.
    const tour = await golfer();
    await season(tour, 6, { level: 'TOUR', weakness: null });
    const noWeakness = await diagnoseVia(tour, tour.uid);
    expect(noWeakness).toMatchObject({ diagnosis: null, reason: 'NO_WEAKNESS', rounds: 6, holes: 108 });
    expect(noWeakness.evidence).toHaveLength(11);
    expect((await aiCounts(server)).diagnoses).toBe(before.diagnoses);
  });

  it('reads the most recent 20 rounds the caller may see', async () => {
    const player = await golfer();
    const ids = await season(player, 23, { seed: 300 });
    const d = await diagnosis(player);
    expect(d.rounds).toBe(20);
    const [row] = await diagnosesOf(server, player.uid);
    expect([...row!.round_ids].sort()).toEqual(ids.slice(3).sort());
  });

  it("measures against the player's benchmark, a level asked for, or CUSTOM (the player's saved target and boundaries)", async () => {
    const player = await golfer({ benchmark: 'HUNDRED' });
    await season(player, 10, { seed: 500 });
    expect((await diagnosis(player)).benchmark).toBe('HUNDRED');
    const eighty = await diagnoseVia(player, player.uid, '&benchmark=EIGHTY');
    expect(eighty.diagnosis!.benchmark).toBe('EIGHTY');

    const before = await aiCounts(server);
    const noCustom = await call(player, 'GET', `/ai/diagnose?players=${player.uid}&benchmark=CUSTOM`);
    expect(noCustom.statusCode).toBe(400);
    expect(noCustom.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((noCustom.json() as { error: string }).error).toContain('benchmark');
    expect(await aiCounts(server)).toEqual(before);

    const boundaries = { chipMaxYards: 25, shortApproachMaxYards: 90, midApproachMaxYards: 160, shortPuttMaxFeet: 5, midPuttMaxFeet: 18 };
    const saved = await call(player, 'POST', '/account/settings', { custom_sg: { target: { score: 85 }, boundaries } });
    expect(saved.statusCode, saved.body).toBe(200);
    const custom = (await diagnoseVia(player, player.uid, '&benchmark=CUSTOM')).diagnosis!;
    expect(custom.benchmark).toBe('CUSTOM:85');
    const row = (await diagnosesOf(server, player.uid)).find((r) => r.diagnosis_id === custom.diagnosis_id)!;
    expect(row).toMatchObject({ benchmark_ref: { targetScore: 85 }, boundaries });
    // Saved boundaries count with a level too: the EIGHTY diagnosis of before is not the one answered now.
    const eightyAgain = (await diagnoseVia(player, player.uid, '&benchmark=EIGHTY')).diagnosis!;
    expect(eightyAgain.diagnosis_id).not.toBe(eighty.diagnosis!.diagnosis_id);

    // A handicap target beyond the custom levels (85 + 54 x 155 / 113 = 159 strokes), stored before settings
    // refused such targets, is the setting's fault: a 400 naming the benchmark.
    const beyond = { target: { handicap_index: 54, course_rating: 85, slope: 155 }, boundaries };
    await server.db.update(settings).set({ custom_sg: beyond }).where(eq(settings.uid, player.uid));
    const counts = await aiCounts(server);
    const refused = await call(player, 'GET', `/ai/diagnose?players=${player.uid}&benchmark=CUSTOM`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((refused.json() as { error: string }).error).toMatch(/^benchmark: /);
    expect(await aiCounts(server)).toEqual(counts);
  });
});

describe('who may ask: the access matrix', () => {
  const world = {} as {
    player: Golfer;
    coach: Golfer;
    orgCoach: Golfer;
    lonelyCoach: Golfer;
    friend: Golfer;
    stranger: Golfer;
    lapsedCoach: Golfer;
    freePlayer: Golfer;
    basicPlayer: Golfer;
    shared: number[];
    coachDiagnosis: Diagnosis;
    ownDiagnosis: Diagnosis;
  };
  beforeAll(async () => {
    const player = await golfer();
    const coach = await golfer({ plan: 'COACH', is_coach: true });
    const orgCoach = await golfer({ plan: 'TEAM', is_coach: true });
    const lonelyCoach = await golfer({ plan: 'COACH', is_coach: true });
    const friend = await golfer({ plan: 'PREMIUM' });
    const stranger = await golfer({ plan: 'PREMIUM' });
    const lapsedCoach = await golfer({ plan: 'COACH', is_coach: true });
    const freePlayer = await golfer({ plan: null });
    const basicPlayer = await golfer({ plan: 'BASIC' });
    await acquaint(server.db, player.uid, [coach.uid, friend.uid, lapsedCoach.uid]);
    // The organisation's coach sees the rounds shared with coaches (SHARE_COACHES).
    await buildOrg(server.db, { members: [{ uid: orgCoach.uid, is_coach: true }, { uid: player.uid }] });
    await season(player, 4, { seed: 700, share: { usershares: [], orgshares: [] } });
    const shared = await season(player, 6, {
      seed: 710,
      daysAgo: 0.5,
      share: {
        share: 'SHARE_COACHES',
        usershares: [coach.uid, friend.uid, lapsedCoach.uid].map((uid) => ({ uid, permissions: 0 })),
        orgshares: [],
      },
    });
    await season(freePlayer, 3, { seed: 720 });
    await season(basicPlayer, 3, { seed: 730 });
    await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.purchaser, lapsedCoach.uid));
    const coachDiagnosis = await diagnosis(player, coach);
    const ownDiagnosis = await diagnosis(player);
    Object.assign(world, {
      ...{ player, coach, orgCoach, lonelyCoach, friend, stranger, lapsedCoach, freePlayer, basicPlayer },
      shared,
      coachDiagnosis,
      ownDiagnosis,
    });
  });

  type Who = 'player' | 'coach' | 'orgCoach' | 'lonelyCoach' | 'friend' | 'stranger' | 'lapsedCoach' | 'freePlayer' | 'basicPlayer' | null;
  type Expect = [number, string?, string?];
  const ok: Expect = [200];
  const missing: Expect = [404, 'NOT_FOUND'];
  const premium: Expect = [403, 'PREMIUM_REQUIRED', AI_PREMIUM_MESSAGE];
  const coachOnly: Expect = [403, 'FORBIDDEN', AI_COACH_MESSAGE];
  const cases: Array<[string, Who, (w: typeof world) => number, Expect]> = [
    ['the player, premium, about themself', 'player', (w) => w.player.uid, ok],
    ['a coach the player shared rounds with', 'coach', (w) => w.player.uid, ok],
    ["a coach of the player's organisation (rounds shared with coaches)", 'orgCoach', (w) => w.player.uid, ok],
    ['a coach the player shares nothing with', 'lonelyCoach', (w) => w.player.uid, missing],
    ['a stranger', 'stranger', (w) => w.player.uid, missing],
    ['a premium friend the player shares rounds with, not a coach', 'friend', (w) => w.player.uid, coachOnly],
    ['a coach whose subscription expired, rounds shared', 'lapsedCoach', (w) => w.player.uid, coachOnly],
    ['a player on the free tier about themself', 'freePlayer', (w) => w.freePlayer.uid, premium],
    ['a player on the basic plan about themself', 'basicPlayer', (w) => w.basicPlayer.uid, premium],
    ['a coach about a uid that does not exist', 'coach', () => 2_147_483_647, missing],
    ['nobody signed in', null, (w) => w.player.uid, [401, 'UNAUTHORIZED']],
  ];

  const expectAnswer = (res: { statusCode: number; body: string; json: () => unknown }, [status, code, message]: Expect) => {
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect(res.json()).toMatchObject({ code, ...(message ? { error: message } : {}) });
  };

  it.each(cases)('GET /ai/diagnose: %s', async (_name, who, player, expected) => {
    const before = await aiCounts(server);
    const res = await call(who ? world[who] : null, 'GET', `/ai/diagnose?players=${player(world)}`);
    expectAnswer(res, expected);
    if (expected[0] !== 200) expect(await aiCounts(server)).toEqual(before);
    else expect((res.json() as DiagnoseResponse).diagnosis).not.toBeNull();
  });

  it.each(cases)('GET /ai/diagnoses: %s', async (_name, who, player, expected) => {
    const res = await call(who ? world[who] : null, 'GET', `/ai/diagnoses?uid=${player(world)}`);
    expectAnswer(res, expected);
  });

  const followUpCases: Array<[string, Who, Expect]> = [
    ['the player', 'player', ok],
    ['the coach who made it', 'coach', ok],
    ["a coach of the player's organisation who sees its rounds", 'orgCoach', ok],
    ['a coach the player shares nothing with', 'lonelyCoach', missing],
    ['a stranger', 'stranger', missing],
    ['a premium friend who sees its rounds, not a coach', 'friend', coachOnly],
    ['a coach whose subscription expired', 'lapsedCoach', coachOnly],
    ['another player on the free tier', 'freePlayer', missing],
    ['nobody signed in', null, [401, 'UNAUTHORIZED']],
  ];
  it.each(followUpCases)("GET /ai/follow-up of a coach's diagnosis (of shared rounds): %s", async (_name, who, expected) => {
    const res = await call(who ? world[who] : null, 'GET', `/ai/follow-up?diagnosis_id=${world.coachDiagnosis.diagnosis_id}`);
    expectAnswer(res, expected);
  });

  it('counts only the rounds shared with the coach, and shows a coach no diagnosis of rounds hidden from them', async () => {
    expect(world.coachDiagnosis.rounds).toBe(6);
    const [row] = await server.db.select().from(diagnoses).where(eq(diagnoses.diagnosis_id, world.coachDiagnosis.diagnosis_id));
    expect([...row!.round_ids].sort()).toEqual([...world.shared].sort());
    expect(world.ownDiagnosis.rounds).toBe(10);
    expect(world.ownDiagnosis.diagnosis_id).not.toBe(world.coachDiagnosis.diagnosis_id);
    const listed = async (who: Golfer) =>
      ((await call(who, 'GET', `/ai/diagnoses?uid=${world.player.uid}`)).json() as { diagnoses: Diagnosis[] }).diagnoses.map(
        (d) => d.diagnosis_id,
      );
    // The player sees both, newest first; the coaches only the one made from rounds they see.
    expect(await listed(world.player)).toEqual([world.ownDiagnosis.diagnosis_id, world.coachDiagnosis.diagnosis_id]);
    expect(await listed(world.coach)).toEqual([world.coachDiagnosis.diagnosis_id]);
    expect(await listed(world.orgCoach)).toEqual([world.coachDiagnosis.diagnosis_id]);
    const hidden = await call(world.coach, 'GET', `/ai/follow-up?diagnosis_id=${world.ownDiagnosis.diagnosis_id}`);
    expect(hidden.statusCode).toBe(404);
    // The player reads the coach's diagnosis of their rounds.
    expect((await call(world.player, 'GET', `/ai/follow-up?diagnosis_id=${world.coachDiagnosis.diagnosis_id}`)).statusCode).toBe(200);
  });

  it('hides a diagnosis from a coach once one of its rounds is unshared from them', async () => {
    const player = await golfer();
    const coach = await golfer({ plan: 'COACH', is_coach: true });
    await acquaint(server.db, player.uid, [coach.uid]);
    const ids = await season(player, 10, { seed: 900, share: shareWith(coach.uid) });
    const d = await diagnosis(player, coach);
    const unshare = await call(player, 'POST', `/events/batch?event_ids=${ids[0]}`, { usershares: [], orgshares: [] });
    expect(unshare.statusCode, unshare.body).toBe(200);
    expect((await call(coach, 'GET', `/ai/follow-up?diagnosis_id=${d.diagnosis_id}`)).statusCode).toBe(404);
    expect((await call(player, 'GET', `/ai/follow-up?diagnosis_id=${d.diagnosis_id}`)).statusCode).toBe(200);
  });
});

describe('reuse: a diagnosis is answered again for 7 days while its rounds are unchanged', () => {
  it('reuses it; a new, edited or deleted round, another benchmark or 7 days make a new one', async () => {
    const player = await golfer();
    const ids = await season(player, 10, { seed: 1100 });
    const first = await diagnosis(player);
    const again = async () => (await diagnosis(player)).diagnosis_id;
    expect(await again()).toBe(first.diagnosis_id);
    server.clock.advance(WEEK_MS - 1);
    expect(await again()).toBe(first.diagnosis_id);
    expect(await diagnosesOf(server, player.uid)).toHaveLength(1);

    // Another benchmark is another diagnosis; asking for the player's own again reuses the first.
    const tour = (await diagnoseVia(player, player.uid, '&benchmark=TOUR')).diagnosis!;
    expect(tour.diagnosis_id).not.toBe(first.diagnosis_id);
    expect(await again()).toBe(first.diagnosis_id);

    // 7 days on, `time` is no longer in the future.
    server.clock.advance(1);
    const afterWeek = await again();
    expect(afterWeek).not.toBe(first.diagnosis_id);

    // A new round.
    await season(player, 1, { seed: 1200, daysAgo: 0.1 });
    const afterNew = await again();
    expect(afterNew).not.toBe(afterWeek);
    expect(await again()).toBe(afterNew);

    // An edited round: the same shots under another title.
    const [stored] = await server.db.select().from(events).where(eq(events.event_id, ids[4]!));
    const [round] = await server.db.select().from(rounds).where(eq(rounds.event_id, ids[4]!));
    const edit = await call(player, 'POST', `/events?event_id=${ids[4]}`, {
      event_type: 'ROUND',
      title: 'Medal, renamed',
      start: stored!.start.toISOString(),
      round: { course: round!.course, units: round!.units, holes: round!.holes },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterEdit = await again();
    expect(afterEdit).not.toBe(afterNew);

    // A deleted round.
    expect((await call(player, 'DELETE', `/events?event_id=${ids[9]}`)).statusCode).toBe(200);
    const afterDelete = await again();
    expect(afterDelete).not.toBe(afterEdit);
    expect(await again()).toBe(afterDelete);
  });

  it('never reuses a record whose time is more than 7 days ahead, or already past', async () => {
    const player = await golfer();
    await season(player, 10, { seed: 1300 });
    const first = await diagnosis(player);
    const now = server.clock.now().getTime();
    await server.db
      .update(diagnoses)
      .set({ time: new Date(now + WEEK_MS + 1000) })
      .where(eq(diagnoses.diagnosis_id, first.diagnosis_id));
    const second = await diagnosis(player);
    expect(second.diagnosis_id).not.toBe(first.diagnosis_id);
    await server.db
      .update(diagnoses)
      .set({ time: new Date(now) })
      .where(eq(diagnoses.diagnosis_id, second.diagnosis_id));
    expect((await diagnosis(player)).diagnosis_id).not.toBe(second.diagnosis_id);
  });

  it('makes one record of two requests at once, in one process and across two processes on the same database', async () => {
    const player = await golfer();
    await season(player, 10, { seed: 1400 });
    const url = `/v4/ai/diagnose?players=${player.uid}`;
    const headers = { authorization: `Bearer ${player.token}` };
    const same = await Promise.all([1, 2, 3].map(() => server.app.inject({ url, headers })));
    const ids = same.map((res) => (res.json() as DiagnoseResponse).diagnosis!.diagnosis_id);
    expect(new Set(ids).size).toBe(1);
    expect(await diagnosesOf(server, player.uid)).toHaveLength(1);

    // A second API process on the same database, with its own memory: the advisory lock decides.
    const other = await createTestServer({ database: server.database });
    other.clock.advance(server.clock.now().getTime() - other.clock.now().getTime());
    try {
      const twin = await golfer();
      await season(twin, 10, { seed: 1500 });
      const twinUrl = `/v4/ai/diagnose?players=${twin.uid}`;
      const twinHeaders = { authorization: `Bearer ${twin.token}` };
      const both = await Promise.all([
        server.app.inject({ url: twinUrl, headers: twinHeaders }),
        other.app.inject({ url: twinUrl, headers: twinHeaders }),
      ]);
      for (const res of both) expect(res.statusCode, res.body).toBe(200);
      const twinIds = both.map((res) => (res.json() as DiagnoseResponse).diagnosis!.diagnosis_id);
      expect(twinIds[0]).toBe(twinIds[1]);
      expect(await diagnosesOf(server, twin.uid)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('bad input: a 400 naming the field, nothing stored', () => {
  const BAD_PLAYERS = ['', '0', '-1', '2147483648', '99999999999', 'abc', ' 1', '1.0', '01', '1e3', '0x10', '1,', ',1', '1,,2'];
  it('GET /ai/diagnose: players missing, empty, two, not an id; a benchmark that is none', async () => {
    const player = await golfer();
    await season(player, 3, { seed: 1600 });
    const queries = [
      '',
      ...BAD_PLAYERS.map((p) => `players=${encodeURIComponent(p)}`),
      `players=${player.uid},${player.uid + 1}`,
      `players=${player.uid},${player.uid}`,
      `players=${player.uid}&benchmark=BOGEY`,
      `players=${player.uid}&benchmark=`,
      `players=${player.uid}&benchmark=custom`,
    ];
    const before = await aiCounts(server);
    for (const query of queries) {
      const res = await call(player, 'GET', `/ai/diagnose${query ? `?${query}` : ''}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = res.json() as { code: string; error: string };
      expect(body.code, query).toBe('VALIDATION_ERROR');
      expect(body.error, query).toMatch(query.includes('benchmark') ? /benchmark/ : /players/);
    }
    expect(await aiCounts(server)).toEqual(before);
  });

  it('GET /ai/diagnoses and /ai/follow-up: uid and diagnosis_id missing or not an id', async () => {
    const player = await golfer();
    for (const [path, name] of [
      ['/ai/diagnoses', 'uid'],
      ['/ai/follow-up', 'diagnosis_id'],
    ] as const) {
      for (const value of [null, ...BAD_PLAYERS, '1,2']) {
        const res = await call(player, 'GET', value === null ? path : `${path}?${name}=${encodeURIComponent(value)}`);
        expect(res.statusCode, `${path} ${value}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect((res.json() as { error: string }).error).toContain(name);
      }
    }
  });
});
