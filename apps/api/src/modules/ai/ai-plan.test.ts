import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFor, starterDrill } from '@holeout/golf';
import type { Diagnosis, EventResponse } from '@holeout/contracts';
import { aiTemplateDrills, drills, subscriptions } from '../../db/schema/index.ts';
import { acquaint, buildOrg } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { AI_PLAN_OWNER_MESSAGE, AI_PREMIUM_MESSAGE } from './ai.policy.ts';
import { aiClient, aiCounts, PLANTED, type Golfer } from './ai-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const { golfer, call, season, diagnosis } = aiClient(() => server);
const DAY_MS = 86_400_000;

/** The calendar day `days` from the server's today (UTC). */
const dayFrom = (days: number) => new Date(server.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

const schedule = (who: Golfer | null, diagnosisId: number, body: unknown, key?: string) =>
  call(who, 'POST', `/ai/plan?diagnosis_id=${diagnosisId}`, body, key ? { 'idempotency-key': key } : {});

async function scheduled(who: Golfer, diagnosisId: number, body: unknown, key?: string): Promise<EventResponse[]> {
  const res = await schedule(who, diagnosisId, body, key);
  if (res.statusCode !== 200) throw new Error(`plan failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { events: EventResponse[] }).events;
}

/** A long-approach drill of the player's own library, through POST /drills. */
async function ownDrill(who: Golfer, title: string): Promise<number> {
  const res = await call(who, 'POST', '/drills', {
    title,
    category: PLANTED.category,
    fields: [{ key: 'greens', label: 'Greens hit of 10', type: 'NUMBER', min: 0, max: 10, step: 1 }],
    score_field: 'greens',
  });
  if (res.statusCode !== 200) throw new Error(`drill failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { drill_id: number }).drill_id;
}

describe('POST /ai/plan: the plan on the player calendar', () => {
  it('creates practices_per_week practices in each week at 17:00-18:00 UTC, spread over the week, each with the plan drills', async () => {
    const player = await golfer();
    await season(player, 10, { seed: 2000 });
    const d = await diagnosis(player);
    expect(d.plan).toEqual(planFor(PLANTED.category, []));
    const templates = d.plan.drills.map((drill) => drill.template_key!);
    expect(templates.every((key) => starterDrill(key)?.category === PLANTED.category)).toBe(true);
    const before = await aiCounts(server);

    const start = dayFrom(2);
    const events = await scheduled(player, d.diagnosis_id, { start_date: start, weeks: 2 });
    // Long approaches: 2 a week, on the first and fourth day of each week.
    expect(d.plan.practices_per_week).toBe(2);
    expect(events.map((e) => [e.start, e.end])).toEqual(
      [0, 3, 7, 10].map((day) => {
        const at = Date.parse(`${start}T17:00:00Z`) + day * DAY_MS;
        return [new Date(at).toISOString(), new Date(at + 3_600_000).toISOString()];
      }),
    );
    expect(events.map((e) => e.title)).toEqual([1, 1, 2, 2].map((week) => `${d.display_name} practice (week ${week} of 2)`));
    for (const event of events) {
      expect(event).toMatchObject({ event_type: 'PRACTICE', uid: player.uid, permissions: 3, round: null });
      expect(event.notes).toContain(d.plan.drills[0]!.title);
    }
    // The starter drills were added to the player's library once, and every practice carries them in the plan's order.
    const added = await server.db.select().from(aiTemplateDrills).where(eq(aiTemplateDrills.uid, player.uid));
    expect(added.map((a) => a.template_key).sort()).toEqual([...templates].sort());
    const byKey = new Map(added.map((a) => [a.template_key, a.drill_id]));
    const drillIds = templates.map((key) => byKey.get(key)!);
    for (const event of events) expect(event.eventdrills.map((e) => e.drill_id)).toEqual(drillIds);
    const library = await server.db.select().from(drills).where(inArray(drills.drill_id, drillIds));
    expect(library.map((l) => [l.uid, l.category, l.folder_id])).toEqual(drillIds.map(() => [player.uid, PLANTED.category, null]));
    expect(library.map((l) => l.title).sort()).toEqual(templates.map((key) => starterDrill(key)!.title).sort());
    const after = await aiCounts(server);
    expect(after).toEqual({
      ...before,
      ai_template_drills: before.ai_template_drills + 3,
      drills: before.drills + 3,
      events: before.events + 4,
      event_drills: before.event_drills + 12,
    });

    // A second schedule of the same plan uses the drills the first added.
    const again = await scheduled(player, d.diagnosis_id, { start_date: dayFrom(30), weeks: 1 });
    expect(again).toHaveLength(2);
    for (const event of again) expect(event.eventdrills.map((e) => e.drill_id)).toEqual(drillIds);
    expect((await aiCounts(server)).drills).toBe(after.drills);

    // The practices are the player's, with their drills, in GET /events and GET /drills.
    const listed = await call(player, 'GET', `/events?types=PRACTICE&from=${start}`);
    expect((listed.json() as { events: EventResponse[] }).events.map((e) => e.event_id).sort()).toEqual(
      [...events, ...again].map((e) => e.event_id).sort(),
    );
  });

  it("places the player's own library drills first, leaves out one deleted since, and refuses a plan with no drill left (409)", async () => {
    const player = await golfer();
    const mine = await ownDrill(player, 'Nine-ball approach ladder');
    await season(player, 10, { seed: 2100 });
    const d = await diagnosis(player);
    expect(d.plan.drills[0]).toMatchObject({ drill_id: mine, template_key: null, title: 'Nine-ball approach ladder' });
    expect(d.plan.drills).toHaveLength(3);
    expect((await scheduled(player, d.diagnosis_id, { start_date: dayFrom(1), weeks: 1 }))[0]!.eventdrills[0]!.drill_id).toBe(mine);

    expect((await call(player, 'DELETE', `/drills?drill_id=${mine}`)).statusCode).toBe(200);
    const [first] = await scheduled(player, d.diagnosis_id, { start_date: dayFrom(1), weeks: 1 });
    expect(first!.eventdrills).toHaveLength(2);
    expect(first!.eventdrills.map((e) => e.drill_id)).not.toContain(mine);

    // A plan made only of library drills, all deleted since.
    const other = await golfer();
    const own = [await ownDrill(other, 'Ladder one'), await ownDrill(other, 'Ladder two'), await ownDrill(other, 'Ladder three')];
    await season(other, 10, { seed: 2200 });
    const onlyOwn = await diagnosis(other);
    // The library's drills of the category, by title.
    expect(onlyOwn.plan.drills.map((drill) => drill.drill_id)).toEqual([own[0], own[2], own[1]]);
    for (const drillId of own) await call(other, 'DELETE', `/drills?drill_id=${drillId}`);
    const before = await aiCounts(server);
    const refused = await schedule(other, onlyOwn.diagnosis_id, { start_date: dayFrom(1), weeks: 1 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await aiCounts(server)).toEqual(before);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer and writes nothing; another body under it is a 409', async () => {
    const player = await golfer();
    await season(player, 10, { seed: 2300 });
    const d = await diagnosis(player);
    const body = { start_date: dayFrom(3), weeks: 3 };
    const first = await scheduled(player, d.diagnosis_id, body, 'plan-key-1');
    expect(first).toHaveLength(6);
    const counts = await aiCounts(server);
    const repeat = await scheduled(player, d.diagnosis_id, body, 'plan-key-1');
    expect(repeat).toEqual(first);
    expect(await aiCounts(server)).toEqual(counts);
    const conflict = await schedule(player, d.diagnosis_id, { ...body, weeks: 4 }, 'plan-key-1');
    expect(conflict.statusCode).toBe(409);
    expect(await aiCounts(server)).toEqual(counts);
  });

  it('tells nobody of each practice, though they carry the default shares (the organisation sees them)', async () => {
    const player = await golfer();
    const coach = await golfer({ plan: 'COACH', is_coach: true });
    const org = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: player.uid }] });
    await season(player, 10, { seed: 2400 });
    const d = await diagnosis(player);
    const before = await aiCounts(server);
    const events = await scheduled(player, d.diagnosis_id, { start_date: dayFrom(0), weeks: 2 });
    for (const event of events) expect(event.orgshares).toEqual([{ org_id: org, permissions: 0 }]);
    expect((await aiCounts(server)).notifications).toBe(before.notifications);
    const coachSees = await call(coach, 'GET', `/events?event_id=${events[0]!.event_id}`);
    expect(coachSees.statusCode).toBe(200);
  });

  it('adds each starter drill once when two plans are scheduled at once by two processes', async () => {
    const player = await golfer();
    await season(player, 10, { seed: 2500 });
    const d = await diagnosis(player);
    const other = await createTestServer({ database: server.database });
    other.clock.advance(server.clock.now().getTime() - other.clock.now().getTime());
    try {
      const before = await aiCounts(server);
      const body = { start_date: dayFrom(1), weeks: 1 };
      const headers = { authorization: `Bearer ${player.token}` };
      const url = `/v4/ai/plan?diagnosis_id=${d.diagnosis_id}`;
      const both = await Promise.all([
        server.app.inject({ method: 'POST', url, headers, payload: body }),
        other.app.inject({ method: 'POST', url, headers, payload: body }),
      ]);
      for (const res of both) expect(res.statusCode, res.body).toBe(200);
      const [a, b] = both.map((res) => (res.json() as { events: EventResponse[] }).events);
      expect(a![0]!.eventdrills.map((e) => e.drill_id)).toEqual(b![0]!.eventdrills.map((e) => e.drill_id));
      const after = await aiCounts(server);
      expect(after.drills - before.drills).toBe(3);
      expect(after.events - before.events).toBe(4);
    } finally {
      await other.close();
    }
  });
});

describe('POST /ai/plan: who may schedule, and bad input', () => {
  const world = {} as { player: Golfer; coach: Golfer; stranger: Golfer; lapsed: Golfer; ownId: number; coachId: number; lapsedId: number };
  beforeAll(async () => {
    const player = await golfer();
    const coach = await golfer({ plan: 'COACH', is_coach: true });
    const stranger = await golfer({ plan: 'COACH', is_coach: true });
    const lapsed = await golfer();
    await acquaint(server.db, player.uid, [coach.uid]);
    await season(player, 2, { seed: 2650, daysAgo: 30 });
    await season(player, 10, { seed: 2600, share: { usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] } });
    await season(lapsed, 10, { seed: 2700 });
    const own = await diagnosis(player);
    const byCoach = await diagnosis(player, coach);
    const lapsedOwn = await diagnosis(lapsed);
    await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.purchaser, lapsed.uid));
    Object.assign(world, {
      player,
      coach,
      stranger,
      lapsed,
      ownId: own.diagnosis_id,
      coachId: byCoach.diagnosis_id,
      lapsedId: lapsedOwn.diagnosis_id,
    });
  });

  type Who = 'player' | 'coach' | 'stranger' | 'lapsed' | null;
  const cases: Array<[string, Who, (w: typeof world) => number, number, string, string?]> = [
    ['the player, their own diagnosis', 'player', (w) => w.ownId, 200, ''],
    ["the player, a coach's diagnosis of their rounds", 'player', (w) => w.coachId, 200, ''],
    ['the coach who made the diagnosis', 'coach', (w) => w.coachId, 403, 'FORBIDDEN', AI_PLAN_OWNER_MESSAGE],
    ["a coach, the player's own diagnosis (rounds not all shared)", 'coach', (w) => w.ownId, 404, 'NOT_FOUND'],
    ['a stranger', 'stranger', (w) => w.ownId, 404, 'NOT_FOUND'],
    ['a diagnosis that does not exist', 'player', () => 2_147_483_647, 404, 'NOT_FOUND'],
    ['a player whose subscription ended', 'lapsed', (w) => w.lapsedId, 403, 'PREMIUM_REQUIRED', AI_PREMIUM_MESSAGE],
    ['nobody signed in', null, (w) => w.ownId, 401, 'UNAUTHORIZED'],
  ];
  it.each(cases)('%s', async (_name, who, id, status, code, message) => {
    const before = await aiCounts(server);
    const res = await schedule(who ? world[who] : null, id(world), { start_date: dayFrom(1), weeks: 1 });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) {
      expect((res.json() as { events: EventResponse[] }).events.length).toBeGreaterThan(0);
      return;
    }
    expect(res.json()).toMatchObject({ code, ...(message ? { error: message } : {}) });
    expect(await aiCounts(server)).toEqual(before);
  });

  it('refuses a bad body or diagnosis_id with a 400 naming the field, and stores nothing', async () => {
    const good = { start_date: dayFrom(1), weeks: 2 };
    const bodies: Array<[unknown, string]> = [
      [{}, 'start_date'],
      [{ weeks: 2 }, 'start_date'],
      [{ start_date: good.start_date }, 'weeks'],
      [{ ...good, weeks: 0 }, 'weeks'],
      [{ ...good, weeks: 13 }, 'weeks'],
      [{ ...good, weeks: 1.5 }, 'weeks'],
      [{ ...good, weeks: '2' }, 'weeks'],
      [{ ...good, weeks: -1 }, 'weeks'],
      [{ ...good, weeks: null }, 'weeks'],
      [{ ...good, start_date: 'next monday' }, 'start_date'],
      [{ ...good, start_date: '2026-02-30' }, 'start_date'],
      [{ ...good, start_date: '2026/12/01' }, 'start_date'],
      [{ ...good, start_date: `${good.start_date}T17:00:00Z` }, 'start_date'],
      [{ ...good, start_date: '' }, 'start_date'],
      [{ ...good, start_date: 20261201 }, 'start_date'],
      [{ ...good, start_date: dayFrom(-2) }, 'start_date'],
      [{ ...good, start_date: dayFrom(367) }, 'start_date'],
      [{ ...good, practices_per_week: 5 }, 'practices_per_week'],
      [[good], ''],
    ];
    const before = await aiCounts(server);
    for (const [body, field] of bodies) {
      const res = await schedule(world.player, world.ownId, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const answer = res.json() as { code: string; error: string };
      expect(answer.code).toBe('VALIDATION_ERROR');
      expect(answer.error, JSON.stringify(body)).toContain(field);
    }
    for (const id of ['', '0', '-1', '2147483648', 'abc', '1.0', '01', '1,2']) {
      const res = await call(world.player, 'POST', `/ai/plan?diagnosis_id=${encodeURIComponent(id)}`, good);
      expect(res.statusCode, id).toBe(400);
      expect((res.json() as { error: string }).error).toContain('diagnosis_id');
    }
    const missing = await call(world.player, 'POST', '/ai/plan', good);
    expect(missing.statusCode).toBe(400);
    expect(await aiCounts(server)).toEqual(before);
  });
});

describe('a plan shown to someone other than the player', () => {
  it('never shows a coach the title of a drill hidden from them: not in a reused diagnosis, the list, the follow-up or for the player', async () => {
    const player = await golfer({ plan: 'PREMIUM' });
    const coach = await golfer({ plan: 'COACH', is_coach: true });
    await acquaint(server.db, player.uid, [coach.uid]);
    const secret = await ownDrill(player, 'Private ladder qx7');
    await season(player, 10, { seed: 2100, share: { usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] } });
    const own = await diagnosis(player);
    expect(own.plan.drills.map((d) => d.drill_id)).toContain(secret);
    // The coach sees the same rounds, so the player's stored diagnosis is answered again: without the drill.
    const reused = await call(coach, 'GET', `/ai/diagnose?players=${player.uid}`);
    expect(reused.statusCode).toBe(200);
    expect((reused.json() as { diagnosis: Diagnosis }).diagnosis.diagnosis_id).toBe(own.diagnosis_id);
    for (const url of [
      `/ai/diagnose?players=${player.uid}`,
      `/ai/diagnoses?uid=${player.uid}`,
      `/ai/follow-up?diagnosis_id=${own.diagnosis_id}`,
    ]) {
      const res = await call(coach, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Private ladder qx7');
      expect(res.body, url).not.toContain(`"drill_id":${secret},`);
    }
    // The player still has their plan whole.
    const mine = await call(player, 'GET', `/ai/diagnoses?uid=${player.uid}`);
    expect(mine.body).toContain('Private ladder qx7');
  });
});
