import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@holeout/golf';
import type { DrillResponse, DrillResultResponse } from '@holeout/contracts';
import { drillResults } from '../../db/schema/index.ts';
import { acquaint, buildOrg } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody } from '../../test/events-testing.ts';
import { drillsClient, type Golfer } from './drills-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const { golfer, call, get, post, del, createDrill: createDrillWith, createPractice, recordResult } = drillsClient(() => server);

const { VIEW, ADD, MODIFY } = PERMISSIONS;

/** A drill with one field of each type and every rule: the NUMBER `made` is the score. */
const ladderDrill = {
  title: 'Ladder drill',
  category: 'midPutts',
  fields: [
    { key: 'made', label: 'Putts made', type: 'NUMBER', min: 0, max: 10, step: 1, required: true },
    { key: 'speed', label: 'Stimp', type: 'NUMBER', min: 1, step: 0.5 },
    { key: 'carry', label: 'Carry', type: 'NUMBER', min: 0, step: 0.1, unit: 'm' },
    { key: 'green', label: 'Green', type: 'SELECT', options: ['slow', 'medium', 'fast'] },
    { key: 'notes', label: 'Notes', type: 'STRING', max: 20 },
    { key: 'windy', label: 'Windy', type: 'TOGGLE' },
  ],
  score_field: 'made',
};

function createDrill(who: Golfer, over: Record<string, unknown> = {}): Promise<DrillResponse> {
  return createDrillWith(who, { ...ladderDrill, ...over });
}

const resultRow = async (id: number) => (await server.db.select().from(drillResults).where(eq(drillResults.drillresult_id, id)))[0] ?? null;
const resultCount = async () => (await server.db.select({ n: count() }).from(drillResults))[0]!.n;
const idsOf = (res: { json(): unknown }) => (res.json() as { results: DrillResultResponse[] }).results.map((r) => r.drillresult_id);

describe("a result's values are checked against the drill's fields", () => {
  const w = {} as { player: Golfer; drill: DrillResponse; ced: number; existing: DrillResultResponse };
  beforeAll(async () => {
    const player = await golfer({ first_name: 'Nia' });
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id]);
    const ced = practice.eventdrills[0]!.ced_id;
    Object.assign(w, { player, drill, ced, existing: await recordResult(player, ced, { made: 4 }) });
  });

  // [rule broken, values, the fields the 400 names]
  const invalid: Array<[string, Record<string, unknown>, string[]]> = [
    ['a required NUMBER missing', { speed: 2 }, ['made']],
    ['a required NUMBER null', { made: null }, ['made']],
    ['a required NUMBER empty', { made: '' }, ['made']],
    ['NUMBER given as text', { made: '7' }, ['made']],
    ['NUMBER given as a toggle', { made: true }, ['made']],
    ['NUMBER below its minimum', { made: -1 }, ['made']],
    ['NUMBER above its maximum', { made: 11 }, ['made']],
    ['NUMBER off its step', { made: 7.5 }, ['made']],
    ['NUMBER off a step counted from its minimum', { made: 5, speed: 2.25 }, ['speed']],
    ['NUMBER below a minimum with no maximum', { made: 5, speed: 0.5 }, ['speed']],
    ['NUMBER off a decimal step', { made: 5, carry: 0.35 }, ['carry']],
    ['SELECT not one of its options', { made: 5, green: 'purple' }, ['green']],
    ['SELECT in another case', { made: 5, green: 'FAST' }, ['green']],
    ['SELECT given as a number', { made: 5, green: 2 }, ['green']],
    ['STRING too long', { made: 5, notes: 'n'.repeat(21) }, ['notes']],
    ['STRING given as a number', { made: 5, notes: 12 }, ['notes']],
    ['STRING with a bidi override', { made: 5, notes: 'left \u202eedge' }, ['notes']],
    ['STRING with a control character', { made: 5, notes: 'beep\u0007' }, ['notes']],
    ['TOGGLE given as text', { made: 5, windy: 'yes' }, ['windy']],
    ['TOGGLE given as a number', { made: 5, windy: 1 }, ['windy']],
    ['a key that is not a field', { made: 5, holed: 3 }, ['holed']],
    ['every problem at once, each named', { made: 12, green: 'purple', windy: 'no', extra: 1 }, ['extra', 'made', 'green', 'windy']],
  ];

  it.each(invalid)('create: %s', async (_rule, values, fields) => {
    const before = await resultCount();
    const res = await post(w.player, '/drills/results', { ced_id: w.ced, values });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; error: string; details: Array<{ field: string; message: string; in: string }> };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d) => d.field)).toEqual(fields);
    expect(body.details.every((d) => d.in === 'body' && d.message.length > 0)).toBe(true);
    expect(body.error).toContain(`${fields[0]}: `);
    expect(await resultCount()).toBe(before);
  });

  it.each(invalid)('update: %s', async (_rule, values, fields) => {
    const before = await resultRow(w.existing.drillresult_id);
    const res = await post(w.player, `/drills/results?drillresult_id=${w.existing.drillresult_id}`, { ced_id: w.ced, values });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(fields);
    expect(await resultRow(w.existing.drillresult_id)).toEqual(before);
  });

  const schemaInvalid: Array<[string, unknown]> = [
    ['values that are not an object', { values: [5] }],
    ['a value that is an object', { values: { made: { n: 5 } } }],
    ['a time without a zone', { values: { made: 5 }, time: '2026-11-21 10:00' }],
    ['no ced_id', { ced_id: undefined, values: { made: 5 } }],
    ['ced_id as text', { ced_id: 'seven', values: { made: 5 } }],
  ];
  it.each(schemaInvalid)('%s is a 400 from the schema, nothing stored', async (_name, body) => {
    const before = await resultCount();
    const res = await post(w.player, '/drills/results', { ced_id: w.ced, ...(body as object) });
    expect(res.statusCode, res.body).toBe(400);
    expect(await resultCount()).toBe(before);
  });

  // [case, values sent, values stored, score]
  const accepted: Array<[string, Record<string, unknown>, Record<string, unknown>, number | null]> = [
    ['the lowest values', { made: 0, speed: 1, carry: 0 }, { made: 0, speed: 1, carry: 0 }, 0],
    [
      'the highest, with every field',
      { windy: false, notes: 'Pulled two', green: 'fast', carry: 12.5, speed: 13.5, made: 10 },
      { made: 10, speed: 13.5, carry: 12.5, green: 'fast', notes: 'Pulled two', windy: false },
      10,
    ],
    ['a decimal step met despite floating point', { made: 3, carry: 0.3 }, { made: 3, carry: 0.3 }, 3],
    ['optional values empty or null are left out', { made: 3, notes: '', green: null, windy: true }, { made: 3, windy: true }, 3],
    ['a STRING at its longest', { made: 6, notes: 'n'.repeat(20) }, { made: 6, notes: 'n'.repeat(20) }, 6],
  ];
  it.each(accepted)('accepts %s', async (_name, values, stored, score) => {
    const res = await post(w.player, '/drills/results', { ced_id: w.ced, values, time: '2026-11-21T09:30:00+01:00' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as DrillResultResponse;
    expect(result).toMatchObject({ values: stored, score, time: '2026-11-21T08:30:00.000Z' });
    expect((await resultRow(result.drillresult_id))?.values).toEqual(stored);
  });

  it('a drill without a score field answers score null', async () => {
    const drill = await createDrill(w.player, { title: 'Feel drill', score_field: null });
    const practice = await createPractice(w.player, [drill.drill_id]);
    expect(await recordResult(w.player, practice.eventdrills[0]!.ced_id, { made: 5 })).toMatchObject({ score: null, values: { made: 5 } });
  });
});

/** How the caller comes to the player's practice; `status` is what recording a result on it answers. */
interface EventReach {
  name: string;
  coach?: boolean;
  premium?: boolean;
  /** Member of the player's organisation (as a coach when `coach`). */
  member?: boolean;
  event?: (c: { caller: number; org: number }) => Record<string, unknown>;
  unshare?: boolean;
  status: number;
}
const recorders: EventReach[] = [
  { name: "the player (the event's owner)", status: 200 },
  {
    name: 'a coach it is shared with at ADD',
    coach: true,
    event: (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }),
    status: 200,
  },
  {
    name: 'a coach it is shared with at MODIFY',
    coach: true,
    event: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
    status: 200,
  },
  {
    name: 'a member of an organisation it is shared with at ADD',
    member: true,
    event: (c) => ({ orgshares: [{ org_id: c.org, permissions: ADD }] }),
    status: 200,
  },
  {
    name: 'a coach it is shared with at VIEW',
    coach: true,
    event: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }),
    status: 403,
  },
  {
    name: 'a member of an organisation it is shared with at VIEW',
    member: true,
    event: (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] }),
    status: 403,
  },
  {
    name: "a coach of the player's organisation (SHARE_COACHES: VIEW)",
    coach: true,
    member: true,
    event: () => ({ share: 'SHARE_COACHES' }),
    status: 403,
  },
  { name: 'a teammate (SHARE_TEAM: VIEW)', member: true, event: () => ({ share: 'SHARE_TEAM' }), status: 403 },
  { name: "a coach at ADD on another of the player's events only", coach: true, status: 404 },
  { name: 'an outsider', status: 404 },
  {
    name: 'a coach at ADD who removed it from their list',
    coach: true,
    event: (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }),
    unshare: true,
    status: 404,
  },
];

describe.each(recorders)('recording a result: $name', (reach) => {
  it(`answers ${reach.status}; the result is the player's, recorded by the caller`, async () => {
    const player = await golfer({ first_name: 'Nia' });
    const caller = reach.name.startsWith('the player') ? player : await golfer({ first_name: 'Casey', is_coach: reach.coach ?? false });
    const org = await buildOrg(server.db, {
      members: [{ uid: player.uid }, ...(reach.member ? [{ uid: caller.uid, is_coach: reach.coach ?? false }] : [])],
    });
    // The player shares with the caller below (a second practice at ADD, whatever the case), and a user
    // may only share with people they know: the caller shared something with the player before.
    await acquaint(server.db, player.uid, [caller.uid]);
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id], reach.event?.({ caller: caller.uid, org }) ?? {});
    await createPractice(player, [drill.drill_id], { usershares: [{ uid: caller.uid, permissions: ADD }] });
    if (reach.unshare) expect((await get(caller, `/events/unshare?event_id=${practice.event_id}`)).statusCode).toBe(200);
    const ced = practice.eventdrills[0]!.ced_id;
    const before = await resultCount();
    const res = await post(caller, '/drills/results', { ced_id: ced, values: { made: 8, green: 'fast' }, time: '2026-11-21T10:00:00Z' });
    expect(res.statusCode, res.body).toBe(reach.status);
    if (reach.status !== 200) {
      expect(res.json()).toMatchObject({ code: reach.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' });
      expect(await resultCount()).toBe(before);
      return;
    }
    const result = res.json() as DrillResultResponse;
    expect(result).toEqual({
      drillresult_id: expect.any(Number),
      ced_id: ced,
      drill_id: drill.drill_id,
      event_id: practice.event_id,
      uid: player.uid,
      recorded_by: caller.uid,
      time: '2026-11-21T10:00:00.000Z',
      values: { made: 8, green: 'fast' },
      score: 8,
    });
    expect(await resultRow(result.drillresult_id)).toMatchObject({ uid: player.uid, recorded_by: caller.uid, ced_id: ced });
    // The player sees it among their results.
    expect(idsOf(await get(player, `/drills/results?ced_id=${ced}`))).toEqual([result.drillresult_id]);
  });
});

describe("recording without a time takes the server's clock; a ced_id that does not exist is a 404", () => {
  it.each([
    ['no time', undefined],
    ['a time', '2026-01-02T03:04:05.678Z'],
  ] as const)('%s', async (_name, time) => {
    const player = await golfer();
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id]);
    const result = await recordResult(player, practice.eventdrills[0]!.ced_id, { made: 2 }, time);
    expect(result.time).toBe(time ?? server.clock.now().toISOString());
    const missing = await post(player, '/drills/results', { ced_id: 999_999, values: { made: 2 } });
    expect(missing.statusCode).toBe(404);
  });
});

/**
 * Who may change or delete a result (canChangeResult): whoever may modify the event, and whoever
 * recorded it while they may still add to it.
 */
interface ChangeCase {
  name: string;
  /** The caller's share of the practice while the results are recorded. */
  share: number | null;
  /** Who recorded the results: the player or the caller. */
  recordedBy: 'player' | 'caller';
  /** What happens to the caller's share afterwards. */
  after?: 'lowered to VIEW' | 'removed themself';
  status: number;
}
const changers: ChangeCase[] = [
  { name: 'the player, their own result', share: null, recordedBy: 'player', status: 200 },
  { name: 'the player, a result their coach recorded', share: ADD, recordedBy: 'caller', status: 200 },
  { name: "a coach at MODIFY, the player's result", share: MODIFY, recordedBy: 'player', status: 200 },
  { name: 'a coach at ADD, a result they recorded', share: ADD, recordedBy: 'caller', status: 200 },
  { name: "a coach at ADD, the player's result", share: ADD, recordedBy: 'player', status: 403 },
  { name: "a coach at VIEW, the player's result", share: VIEW, recordedBy: 'player', status: 403 },
  { name: 'a coach who recorded it, since lowered to VIEW', share: ADD, recordedBy: 'caller', after: 'lowered to VIEW', status: 403 },
  {
    name: 'a coach who recorded it, since removed from the event',
    share: ADD,
    recordedBy: 'caller',
    after: 'removed themself',
    status: 404,
  },
  { name: 'an outsider', share: null, recordedBy: 'player', status: 404 },
];

describe.each(changers)('changing and deleting a result: $name', (c) => {
  const w = {} as {
    player: Golfer;
    coach: Golfer;
    caller: Golfer;
    ced: number;
    otherCed: number;
    changing: DrillResultResponse;
    deleting: DrillResultResponse;
  };
  beforeAll(async () => {
    const player = await golfer({ first_name: 'Nia' });
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    if (c.share !== null) await acquaint(server.db, player.uid, [coach.uid]);
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id, drill.drill_id], {
      usershares: c.share === null ? [] : [{ uid: coach.uid, permissions: c.share }],
    });
    const [ced, otherCed] = practice.eventdrills.map((d) => d.ced_id) as [number, number];
    const recorder = c.recordedBy === 'player' ? player : coach;
    const changing = await recordResult(recorder, ced, { made: 5 }, '2026-11-21T10:00:00Z');
    const deleting = await recordResult(recorder, ced, { made: 6 }, '2026-11-21T10:05:00Z');
    if (c.after === 'lowered to VIEW') {
      const res = await post(
        player,
        `/events?event_id=${practice.event_id}`,
        buildEventBody({ event_type: 'PRACTICE', usershares: [{ uid: coach.uid, permissions: VIEW }] }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    if (c.after === 'removed themself') expect((await get(coach, `/events/unshare?event_id=${practice.event_id}`)).statusCode).toBe(200);
    const caller = c.name.startsWith('the player')
      ? player
      : c.name === 'an outsider'
        ? await golfer({ first_name: 'Quinn', is_coach: true })
        : coach;
    Object.assign(w, { player, coach, caller, ced, otherCed, changing, deleting });
  });

  it(`POST /drills/results?drillresult_id answers ${c.status}`, async () => {
    const before = await resultRow(w.changing.drillresult_id);
    const res = await post(w.caller, `/drills/results?drillresult_id=${w.changing.drillresult_id}`, {
      ced_id: w.ced,
      values: { made: 9, windy: true },
    });
    expect(res.statusCode, res.body).toBe(c.status);
    if (c.status !== 200) {
      expect(await resultRow(w.changing.drillresult_id)).toEqual(before);
      return;
    }
    // The values change; the time (not given), the player and who recorded it stay.
    expect(res.json()).toMatchObject({
      drillresult_id: w.changing.drillresult_id,
      values: { made: 9, windy: true },
      score: 9,
      time: '2026-11-21T10:00:00.000Z',
      uid: w.player.uid,
      recorded_by: w.changing.recorded_by,
    });
    expect(await resultRow(w.changing.drillresult_id)).toEqual({ ...before, values: { made: 9, windy: true } });
  });

  it(`moving it to another event drill is refused (${c.status === 200 ? 400 : c.status}), nothing changes`, async () => {
    const before = await resultRow(w.changing.drillresult_id);
    const res = await post(w.caller, `/drills/results?drillresult_id=${w.changing.drillresult_id}`, {
      ced_id: w.otherCed,
      values: { made: 1 },
    });
    expect(res.statusCode).toBe(c.status === 200 ? 400 : c.status);
    if (c.status === 200) expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(['ced_id']);
    expect(await resultRow(w.changing.drillresult_id)).toEqual(before);
  });

  it(`DELETE /drills/results answers ${c.status}`, async () => {
    const before = await resultRow(w.deleting.drillresult_id);
    const res = await del(w.caller, `/drills/results?drillresult_id=${w.deleting.drillresult_id}`);
    expect(res.statusCode, res.body).toBe(c.status);
    expect(await resultRow(w.deleting.drillresult_id)).toEqual(c.status === 200 ? null : before);
    if (c.status === 200) expect((await del(w.caller, `/drills/results?drillresult_id=${w.deleting.drillresult_id}`)).statusCode).toBe(404);
  });
});

describe('changing a result: the time when given; ids that do not exist', () => {
  it.each([
    ['POST', '/drills/results?drillresult_id=999999', 404],
    ['DELETE', '/drills/results?drillresult_id=999999', 404],
    ['POST', '/drills/results?drillresult_id=abc', 400],
    ['DELETE', '/drills/results?drillresult_id=0', 400],
    ['DELETE', '/drills/results', 400],
  ] as const)('%s %s → %i', async (method, url, status) => {
    const player = await golfer();
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id]);
    const result = await recordResult(player, practice.eventdrills[0]!.ced_id);
    const before = await resultCount();
    const res = await call(player, method, url, method === 'POST' ? { ced_id: result.ced_id, values: { made: 1 } } : undefined);
    expect(res.statusCode).toBe(status);
    expect(await resultCount()).toBe(before);
    expect(await resultRow(result.drillresult_id)).toMatchObject({ values: { made: 7 } });
  });

  it('a new time replaces the old one', async () => {
    const player = await golfer();
    const drill = await createDrill(player);
    const practice = await createPractice(player, [drill.drill_id]);
    const result = await recordResult(player, practice.eventdrills[0]!.ced_id, { made: 3 }, '2026-11-21T10:00:00Z');
    const res = await post(player, `/drills/results?drillresult_id=${result.drillresult_id}`, {
      ced_id: result.ced_id,
      values: { made: 3 },
      time: '2026-11-22T07:15:00-05:00',
    });
    expect(res.json()).toMatchObject({ time: '2026-11-22T12:15:00.000Z' });
  });
});

describe('GET /drills/results', () => {
  /**
   * A coach's drill shared with three players. Nia and Omar share their practices with the coach;
   * Pia's is hers alone; Nia has a second practice the coach removed from their list.
   */
  const w = {} as {
    coach: Golfer;
    nia: Golfer;
    omar: Golfer;
    pia: Golfer;
    outsider: Golfer;
    drill: DrillResponse;
    niaDrill: DrillResponse;
    ceds: { nia: number; niaHidden: number; omar: number; pia: number; niaOther: number };
    r: Record<'nia1' | 'nia2' | 'niaHidden' | 'omar1' | 'omar2' | 'pia1' | 'niaOther', number>;
  };
  beforeAll(async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const [nia, omar, pia, outsider] = [
      await golfer({ first_name: 'Nia' }),
      await golfer({ first_name: 'Omar' }),
      await golfer({ first_name: 'Pia' }),
      await golfer({ first_name: 'Quinn' }),
    ];
    // The coach may share with the players once they know them; the players know the coach by the drill it shares.
    await acquaint(server.db, coach.uid, [nia.uid, omar.uid, pia.uid]);
    const drill = await createDrill(coach, { usershares: [nia, omar, pia].map((p) => ({ uid: p.uid, permissions: VIEW })) });
    const other = await createDrill(nia, { title: "Nia's own drill" });
    const toCoach = { usershares: [{ uid: coach.uid, permissions: VIEW }] };
    const niaPractice = await createPractice(nia, [drill.drill_id, other.drill_id], toCoach);
    const niaHidden = await createPractice(nia, [drill.drill_id], toCoach);
    const omarPractice = await createPractice(omar, [drill.drill_id], toCoach);
    const piaPractice = await createPractice(pia, [drill.drill_id]);
    const ceds = {
      nia: niaPractice.eventdrills[0]!.ced_id,
      niaOther: niaPractice.eventdrills[1]!.ced_id,
      niaHidden: niaHidden.eventdrills[0]!.ced_id,
      omar: omarPractice.eventdrills[0]!.ced_id,
      pia: piaPractice.eventdrills[0]!.ced_id,
    };
    const at = async (who: Golfer, ced: number, made: number, time: string) =>
      (await recordResult(who, ced, { made }, time)).drillresult_id;
    const r = {
      omar1: await at(omar, ceds.omar, 4, '2026-01-10T09:00:00Z'),
      nia2: await at(nia, ceds.nia, 6, '2026-03-10T09:00:00Z'),
      nia1: await at(nia, ceds.nia, 5, '2026-01-20T09:00:00Z'),
      niaHidden: await at(nia, ceds.niaHidden, 9, '2026-02-01T09:00:00Z'),
      omar2: await at(omar, ceds.omar, 7, '2026-02-15T09:00:00Z'),
      pia1: await at(pia, ceds.pia, 8, '2026-02-20T09:00:00Z'),
      niaOther: await at(nia, ceds.niaOther, 3, '2026-01-25T09:00:00Z'),
    };
    expect((await get(coach, `/events/unshare?event_id=${niaHidden.event_id}`)).statusCode).toBe(200);
    Object.assign(w, { coach, nia, omar, pia, outsider, drill, niaDrill: other, ceds, r });
  });

  type Who = 'coach' | 'nia' | 'omar' | 'pia' | 'outsider';
  type R = keyof typeof w.r;
  // [case, caller, query, result ids expected, oldest first]
  const byDrill: Array<[string, Who, (x: typeof w) => string, R[]]> = [
    [
      "the coach: every result in events they see, not Pia's private one, not the one they removed",
      'coach',
      (x) => `drill_id=${x.drill.drill_id}`,
      ['omar1', 'nia1', 'omar2', 'nia2'],
    ],
    ['the coach, for Nia only', 'coach', (x) => `drill_id=${x.drill.drill_id}&uids=${x.nia.uid}`, ['nia1', 'nia2']],
    [
      'the coach, for Nia and Omar from February',
      'coach',
      (x) => `drill_id=${x.drill.drill_id}&uids=${x.nia.uid},${x.omar.uid}&from=2026-02-01`,
      ['omar2', 'nia2'],
    ],
    ['the coach, from the day of a result (inclusive)', 'coach', (x) => `drill_id=${x.drill.drill_id}&from=2026-03-10`, ['nia2']],
    ['the coach, for Pia whose events they do not see', 'coach', (x) => `drill_id=${x.drill.drill_id}&uids=${x.pia.uid}`, []],
    [
      "Nia: her own results, hidden from the coach or not; not Omar's",
      'nia',
      (x) => `drill_id=${x.drill.drill_id}`,
      ['nia1', 'niaHidden', 'nia2'],
    ],
    ['Pia: her own', 'pia', (x) => `drill_id=${x.drill.drill_id}`, ['pia1']],
    [
      "Nia's own drill, by the coach who sees it only through her practice",
      'coach',
      (x) => `drill_id=${x.niaDrill.drill_id}`,
      ['niaOther'],
    ],
  ];
  it.each(byDrill)('by drill_id: %s', async (_name, who, query, expected) => {
    const res = await get(w[who], `/drills/results?${query(w)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual(expected.map((k) => w.r[k]));
  });

  // [case, caller, query, status, result ids expected]
  const byCed: Array<[string, Who, (x: typeof w) => string, number, R[]]> = [
    [
      'the coach, two event drills they see',
      'coach',
      (x) => `ced_id=${x.ceds.nia},${x.ceds.omar}`,
      200,
      ['omar1', 'nia1', 'omar2', 'nia2'],
    ],
    ['the coach, one ced twice', 'coach', (x) => `ced_id=${x.ceds.omar},${x.ceds.omar}`, 200, ['omar1', 'omar2']],
    ['Nia, both drills of her practice', 'nia', (x) => `ced_id=${x.ceds.nia},${x.ceds.niaOther}`, 200, ['nia1', 'niaOther', 'nia2']],
    ["the coach, with one of Pia's private event: 404", 'coach', (x) => `ced_id=${x.ceds.nia},${x.ceds.pia}`, 404, []],
    ['the coach, with a ced that does not exist: 404', 'coach', (x) => `ced_id=${x.ceds.nia},999999`, 404, []],
    ["Omar, Nia's event drill: 404", 'omar', (x) => `ced_id=${x.ceds.nia}`, 404, []],
    ['an outsider: 404', 'outsider', (x) => `ced_id=${x.ceds.omar}`, 404, []],
  ];
  it.each(byCed)('by ced_id: %s', async (_name, who, query, status, expected) => {
    const res = await get(w[who], `/drills/results?${query(w)}`);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(idsOf(res)).toEqual(expected.map((k) => w.r[k]));
  });

  it('answers each result in full', async () => {
    const res = await get(w.coach, `/drills/results?ced_id=${w.ceds.omar}`);
    expect((res.json() as { results: DrillResultResponse[] }).results[0]).toEqual({
      drillresult_id: w.r.omar1,
      ced_id: w.ceds.omar,
      drill_id: w.drill.drill_id,
      event_id: expect.any(Number),
      uid: w.omar.uid,
      recorded_by: w.omar.uid,
      time: '2026-01-10T09:00:00.000Z',
      values: { made: 4 },
      score: 4,
    });
  });

  const refused: Array<[string, Who, (x: typeof w) => string, number]> = [
    ['an outsider by drill_id', 'outsider', (x) => `drill_id=${x.drill.drill_id}`, 404],
    ['a drill seen neither itself nor through an event', 'omar', (x) => `drill_id=${x.niaDrill.drill_id}`, 404],
    ['a drill that does not exist', 'coach', () => 'drill_id=999999', 404],
    ['neither ced_id nor drill_id', 'coach', () => '', 400],
    ['both ced_id and drill_id', 'coach', (x) => `ced_id=${x.ceds.nia}&drill_id=${x.drill.drill_id}`, 400],
    ['uids without drill_id', 'coach', (x) => `ced_id=${x.ceds.nia}&uids=${x.nia.uid}`, 400],
    ['a malformed ced_id list', 'coach', () => 'ced_id=1,,2', 400],
    ['a malformed from', 'coach', (x) => `drill_id=${x.drill.drill_id}&from=March`, 400],
  ];
  it.each(refused)('%s: %i', async (_name, who, query, status) => {
    expect((await get(w[who], `/drills/results?${query(w)}`)).statusCode).toBe(status);
  });
});
