import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SUBSCRIPTION_LEVELS } from '@holeout/golf';
import type { DrillResponse, DrillResultResponse, FolderResponse } from '@holeout/contracts';
import {
  drillHides,
  drillOrgShares,
  drillResults,
  drillUserShares,
  drills,
  eventDrills,
  events,
  folders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { acquaint, buildOrg, buildSubscription } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody } from '../../test/events-testing.ts';
import { drillsClient, type Golfer, type Placed } from './drills-testing.ts';
import { PREMIUM_MESSAGE } from './drill-library.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Share = { uid: number; permissions: number };
type OrgShareBody = { org_id: number; permissions: number };

const { VIEW, ADD, MODIFY, OWNER, NONE } = PERMISSIONS;
const {
  golfer,
  call,
  get,
  post,
  del,
  createDrill: createDrillWith,
  createFolder,
  createPractice,
  recordResult,
} = drillsClient(() => server);

/** A gate drill: one field of each type, scored by the NUMBER field. */
function gateDrill(over: Record<string, unknown> = {}) {
  return {
    title: 'Gate drill',
    description: 'Ten putts from six feet\nthrough a tee gate',
    category: 'shortPutts',
    fields: [
      { key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, required: true },
      { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'medium', 'fast'] },
      { key: 'notes', label: 'Notes', type: 'STRING', max: 500 },
      { key: 'windy', label: 'Windy', type: 'TOGGLE' },
    ],
    score_field: 'made',
    higher_is_better: true,
    ...over,
  };
}

function createDrill(who: Golfer, over: Record<string, unknown> = {}): Promise<DrillResponse> {
  return createDrillWith(who, gateDrill(over));
}

const drillsOf = async (who: Golfer, query = '') => ((await get(who, `/drills${query}`)).json() as { drills: DrillResponse[] }).drills;

/** Everything stored about one drill: its row, shares, hides, places in events and their results. */
async function drillState(drillId: number) {
  const placed = await server.db.select().from(eventDrills).where(eq(eventDrills.drill_id, drillId)).orderBy(eventDrills.ced_id);
  return {
    row: (await server.db.select().from(drills).where(eq(drills.drill_id, drillId)))[0] ?? null,
    usershares: await server.db.select().from(drillUserShares).where(eq(drillUserShares.drill_id, drillId)).orderBy(drillUserShares.uid),
    orgshares: await server.db.select().from(drillOrgShares).where(eq(drillOrgShares.drill_id, drillId)).orderBy(drillOrgShares.org_id),
    hides: await server.db.select().from(drillHides).where(eq(drillHides.drill_id, drillId)).orderBy(drillHides.uid),
    placed,
    results:
      placed.length === 0
        ? []
        : await server.db
            .select()
            .from(drillResults)
            .where(
              inArray(
                drillResults.ced_id,
                placed.map((p) => p.ced_id),
              ),
            )
            .orderBy(drillResults.drillresult_id),
  };
}

/** Row counts of every table practice writes to. */
async function practiceCounts() {
  const [d] = await server.db.select({ n: count() }).from(drills);
  const [f] = await server.db.select({ n: count() }).from(folders);
  const [e] = await server.db.select({ n: count() }).from(events);
  const [p] = await server.db.select({ n: count() }).from(eventDrills);
  const [r] = await server.db.select({ n: count() }).from(drillResults);
  const [s] = await server.db.select({ n: count() }).from(drillUserShares);
  return { drills: d!.n, folders: f!.n, events: e!.n, event_drills: p!.n, drill_results: r!.n, drill_user_shares: s!.n };
}

describe('GET /drills: all, by drill_id, by ced_id, never both', () => {
  const world = {} as {
    owner: Golfer;
    viewer: Golfer;
    member: Golfer;
    eventViewer: Golfer;
    outsider: Golfer;
    quinn: DrillResponse;
    gate: DrillResponse;
    putt: DrillResponse;
    ladder: DrillResponse;
    ced: number;
  };
  beforeAll(async () => {
    const owner = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    const viewer = await golfer({ first_name: 'Nia', plan: null });
    const member = await golfer({ first_name: 'Omar', plan: null });
    const eventViewer = await golfer({ first_name: 'Pia', plan: null });
    const outsider = await golfer({ first_name: 'Quinn' });
    const org = await buildOrg(server.db, { members: [{ uid: owner.uid, is_coach: true }, { uid: member.uid }] });
    // A user may only share with people they know: Nia and Pia shared something with Casey before.
    await acquaint(server.db, owner.uid, [viewer.uid, eventViewer.uid]);
    const folder = await createFolder(owner, { name: 'Team drills', orgshares: [{ org_id: org, permissions: VIEW }] });
    // Titles in an order that shows the list is sorted whatever the case.
    const putt = await createDrill(owner, { title: 'b putt', usershares: [], orgshares: [] });
    const gate = await createDrill(owner, { title: 'A gate', usershares: [{ uid: viewer.uid, permissions: VIEW }] });
    const ladder = await createDrill(owner, { title: 'c ladder', folder_id: folder.folder_id });
    const quinn = await createDrill(outsider, { title: 'Quinn only' });
    const practice = await createPractice(owner, [putt.drill_id], { usershares: [{ uid: eventViewer.uid, permissions: VIEW }] });
    Object.assign(world, { owner, viewer, member, eventViewer, outsider, quinn, gate, putt, ladder, ced: practice.eventdrills[0]!.ced_id });
  });

  type Who = 'owner' | 'viewer' | 'member' | 'eventViewer' | 'outsider';
  type Query = (w: typeof world) => string;
  const listCases: Array<[string, Who, Query, Array<[keyof typeof world, number]>]> = [
    [
      'the owner: all their drills, sorted by title',
      'owner',
      () => '',
      [
        ['gate', OWNER],
        ['putt', OWNER],
        ['ladder', OWNER],
      ],
    ],
    ['a user it is shared with', 'viewer', () => '', [['gate', VIEW]]],
    ['a member of the organisation its folder is shared with', 'member', () => '', [['ladder', VIEW]]],
    ['someone who only sees an event using one: not listed', 'eventViewer', () => '', []],
    ['an outsider: only their own', 'outsider', () => '', [['quinn', OWNER]]],
    ['one by drill_id (owner)', 'owner', (w) => `?drill_id=${w.putt.drill_id}`, [['putt', OWNER]]],
    ['one by drill_id (shared)', 'viewer', (w) => `?drill_id=${w.gate.drill_id}`, [['gate', VIEW]]],
    ['one by drill_id (through the folder)', 'member', (w) => `?drill_id=${w.ladder.drill_id}`, [['ladder', VIEW]]],
    ['by ced_id: the owner', 'owner', (w) => `?ced_id=${w.ced}`, [['putt', OWNER]]],
    ['by ced_id: whoever sees the event sees its drill, at VIEW', 'eventViewer', (w) => `?ced_id=${w.ced}`, [['putt', VIEW]]],
  ];
  it.each(listCases)('%s', async (_name, who, query, expected) => {
    const res = await get(world[who], `/drills${query(world)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = (res.json() as { drills: DrillResponse[] }).drills;
    expect(answer.map((d) => [d.drill_id, d.permissions])).toEqual(
      expected.map(([key, permission]) => [(world[key] as DrillResponse).drill_id, permission]),
    );
  });

  it('answers a drill with its fields, defaults filled in, and its own shares', async () => {
    const [gate] = await drillsOf(world.owner, `?drill_id=${world.gate.drill_id}`);
    expect(gate).toEqual({
      drill_id: world.gate.drill_id,
      uid: world.owner.uid,
      folder_id: null,
      title: 'A gate',
      description: 'Ten putts from six feet\nthrough a tee gate',
      category: 'shortPutts',
      fields: [
        { key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, unit: null, required: true },
        { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'medium', 'fast'], required: false },
        { key: 'notes', label: 'Notes', type: 'STRING', max: 500, required: false },
        { key: 'windy', label: 'Windy', type: 'TOGGLE', required: false },
      ],
      score_field: 'made',
      higher_is_better: true,
      usershares: [{ uid: world.viewer.uid, permissions: VIEW }],
      orgshares: [],
      permissions: OWNER,
      updated_at: expect.any(String),
    });
  });

  const notFoundCases: Array<[string, Who, Query]> = [
    ["another's unshared drill by drill_id", 'viewer', (w) => `?drill_id=${w.putt.drill_id}`],
    ['an outsider by drill_id', 'outsider', (w) => `?drill_id=${w.gate.drill_id}`],
    ['the drill of a visible event, asked by drill_id', 'eventViewer', (w) => `?drill_id=${w.putt.drill_id}`],
    ['a drill that does not exist', 'owner', () => '?drill_id=999999'],
    ['the ced_id of an event the caller may not see', 'viewer', (w) => `?ced_id=${w.ced}`],
    ['the ced_id of an event, to an outsider', 'outsider', (w) => `?ced_id=${w.ced}`],
    ['a ced_id that does not exist', 'owner', () => '?ced_id=999999'],
  ];
  it.each(notFoundCases)('404 for %s', async (_name, who, query) => {
    const res = await get(world[who], `/drills${query(world)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  const bothCases: Array<[string, Who, Query]> = [
    ['two ids that exist', 'owner', (w) => `?drill_id=${w.putt.drill_id}&ced_id=${w.ced}`],
    ['ced_id first', 'eventViewer', (w) => `?ced_id=${w.ced}&drill_id=${w.putt.drill_id}`],
    ['ids that do not exist', 'outsider', () => '?drill_id=1&ced_id=2'],
  ];
  it.each(bothCases)("both drill_id and ced_id (%s): 400 with exactly the spec's message", async (_name, who, query) => {
    const res = await get(world[who], `/drills${query(world)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Cannot specify both drill_id and ced_id', code: 'VALIDATION_ERROR' });
  });

  it.each([['?drill_id=abc'], ['?drill_id=0'], ['?ced_id=-3'], ['?ced_id=1.5']])('a malformed id %s is a 400', async (query) => {
    const res = await get(world.owner, `/drills${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('without a token: 401', async () => {
    expect((await server.app.inject({ url: '/v4/drills' })).statusCode).toBe(401);
  });
});

type Body = ReturnType<typeof gateDrill>;
type Fields = Array<Record<string, unknown>>;
/** Changes one field of the gate drill's body. */
const withField = (index: number, change: Record<string, unknown>) => (body: Body) => {
  const fields = body.fields.map((f) => ({ ...f })) as Fields;
  fields[index] = { ...fields[index], ...change };
  return { ...body, fields };
};
const withoutKey = (index: number, key: string) => (body: Body) => {
  const fields = body.fields.map((f) => ({ ...f })) as Fields;
  delete fields[index]![key];
  return { ...body, fields };
};

/** Bodies that break one rule, and the field the 400 names. */
const invalidBodies: Array<[string, (body: Body) => unknown, string]> = [
  // NUMBER
  ['NUMBER: lowest above highest', withField(0, { min: 5, max: 3 }), 'fields.0.max'],
  ['NUMBER: a step of 0', withField(0, { step: 0 }), 'fields.0.step'],
  ['NUMBER: a negative step', withField(0, { step: -1 }), 'fields.0.step'],
  ['NUMBER: a minimum given as text', withField(0, { min: '0' }), 'fields.0.min'],
  ['NUMBER: a maximum given as text', withField(0, { max: 'ten' }), 'fields.0.max'],
  ['NUMBER: a unit of 17 characters', withField(0, { unit: 'u'.repeat(17) }), 'fields.0.unit'],
  ['NUMBER: a unit with a control character', withField(0, { unit: 'f\u0007t' }), 'fields.0.unit'],
  // STRING
  ['STRING: max 0', withField(2, { max: 0 }), 'fields.2.max'],
  ['STRING: max above 2000', withField(2, { max: 2001 }), 'fields.2.max'],
  ['STRING: max not whole', withField(2, { max: 2.5 }), 'fields.2.max'],
  // SELECT
  ['SELECT: no options', withField(1, { options: [] }), 'fields.1.options'],
  ['SELECT: options missing', withoutKey(1, 'options'), 'fields.1.options'],
  ['SELECT: the same option twice', withField(1, { options: ['slow', 'slow'] }), 'fields.1.options'],
  ['SELECT: 21 options', withField(1, { options: Array.from({ length: 21 }, (_, i) => `speed ${i}`) }), 'fields.1.options'],
  ['SELECT: a blank option', withField(1, { options: ['  ', 'fast'] }), 'fields.1.options.0'],
  ['SELECT: an option of 41 characters', withField(1, { options: ['o'.repeat(41)] }), 'fields.1.options.0'],
  ['SELECT: an option with a bidi override', withField(1, { options: ['fa\u202est'] }), 'fields.1.options.0'],
  // TOGGLE and every field
  ['TOGGLE: required as text', withField(3, { required: 'yes' }), 'fields.3.required'],
  ['a type that does not exist', withField(3, { type: 'SWITCH' }), 'fields.3.type'],
  ['two fields with one key', withField(3, { key: 'made' }), 'fields.3.key'],
  ['a key with capitals', withField(0, { key: 'Made' }), 'fields.0.key'],
  ['a key starting with a digit', withField(0, { key: '10made' }), 'fields.0.key'],
  ['a key of 33 characters', withField(0, { key: `m${'a'.repeat(32)}` }), 'fields.0.key'],
  ['an empty label', withField(0, { label: ' ' }), 'fields.0.label'],
  ['a label with a zero-width space', withField(0, { label: 'Putts\u200bmade' }), 'fields.0.label'],
  ['a label on two lines', withField(0, { label: 'Putts\nmade' }), 'fields.0.label'],
  ['no fields', (b) => ({ ...b, fields: [] }), 'fields'],
  [
    '21 fields',
    (b) => ({
      ...b,
      score_field: null,
      fields: Array.from({ length: 21 }, (_, i) => ({ key: `f${i}`, label: `Field ${i}`, type: 'TOGGLE' })),
    }),
    'fields',
  ],
  // the score
  ['a score field that is a SELECT', (b) => ({ ...b, score_field: 'green' }), 'score_field'],
  ['a score field that is a STRING', (b) => ({ ...b, score_field: 'notes' }), 'score_field'],
  ['a score field that is a TOGGLE', (b) => ({ ...b, score_field: 'windy' }), 'score_field'],
  ['a score field that is no field', (b) => ({ ...b, score_field: 'holed' }), 'score_field'],
  // the rest of the drill
  ['an empty title', (b) => ({ ...b, title: '   ' }), 'title'],
  ['a title of 81 characters', (b) => ({ ...b, title: 't'.repeat(81) }), 'title'],
  ['a title with a NUL', (b) => ({ ...b, title: 'Gate\u0000drill' }), 'title'],
  ['a title with a bidi override', (b) => ({ ...b, title: 'Gate \u202edrill' }), 'title'],
  ['a title on two lines', (b) => ({ ...b, title: 'Gate\ndrill' }), 'title'],
  ['a description with a control character', (b) => ({ ...b, description: 'Ten putts\u001b[31m' }), 'description'],
  ['a description of 4001 characters', (b) => ({ ...b, description: 'd'.repeat(4001) }), 'description'],
  ['a category that is not a statistic', (b) => ({ ...b, category: 'bunker' }), 'category'],
  ['folder_id 0', (b) => ({ ...b, folder_id: 0 }), 'folder_id'],
  ['higher_is_better as text', (b) => ({ ...b, higher_is_better: 'yes' }), 'higher_is_better'],
  ['a share with an unknown permission', (b) => ({ ...b, usershares: [{ uid: 1, permissions: 7 }] }), 'usershares.0.permissions'],
  ['a share to a user who does not exist', (b) => ({ ...b, usershares: [{ uid: 999_999, permissions: VIEW }] }), 'usershares'],
  ['a share to an organisation that does not exist', (b) => ({ ...b, orgshares: [{ org_id: 999_999, permissions: VIEW }] }), 'orgshares'],
];

describe('POST /drills: bad input is a 400 naming the field, and changes nothing', () => {
  let owner: Golfer;
  let existing: DrillResponse;
  beforeAll(async () => {
    owner = await golfer({ first_name: 'Casey' });
    const friend = await golfer({ plan: null });
    await acquaint(server.db, owner.uid, [friend.uid]);
    existing = await createDrill(owner, { usershares: [{ uid: friend.uid, permissions: VIEW }] });
  });

  it.each(invalidBodies)('create: %s', async (_name, breakIt, field) => {
    const before = await practiceCounts();
    const res = await post(owner, '/drills', breakIt(gateDrill()));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; details: Array<{ field: string }> };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d) => d.field)).toContain(field);
    expect(await practiceCounts()).toEqual(before);
  });

  it.each(invalidBodies)('update: %s', async (_name, breakIt, field) => {
    const before = await drillState(existing.drill_id);
    const res = await post(owner, `/drills?drill_id=${existing.drill_id}`, breakIt(gateDrill({ title: 'Renamed' })));
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toContain(field);
    expect(await drillState(existing.drill_id)).toEqual(before);
  });
});

describe('POST /drills: each field type is stored with its defaults', () => {
  const accepted: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'NUMBER with nothing but its key',
      { key: 'made', label: 'Made', type: 'NUMBER' },
      { key: 'made', label: 'Made', type: 'NUMBER', min: null, max: null, step: null, unit: null, required: false },
    ],
    [
      'NUMBER with bounds, a step and a unit',
      { key: 'carry', label: 'Carry', type: 'NUMBER', min: 50, max: 50, step: 0.5, unit: ' yd ', required: true },
      { key: 'carry', label: 'Carry', type: 'NUMBER', min: 50, max: 50, step: 0.5, unit: 'yd', required: true },
    ],
    [
      'NUMBER below zero',
      { key: 'miss', label: 'Miss (ft)', type: 'NUMBER', min: -20, max: -1 },
      { key: 'miss', label: 'Miss (ft)', type: 'NUMBER', min: -20, max: -1, step: null, unit: null, required: false },
    ],
    [
      'STRING with the default length',
      { key: 'notes', label: 'Notes', type: 'STRING' },
      { key: 'notes', label: 'Notes', type: 'STRING', max: 500, required: false },
    ],
    [
      'STRING at the longest',
      { key: 'notes', label: 'Notes', type: 'STRING', max: 2000 },
      { key: 'notes', label: 'Notes', type: 'STRING', max: 2000, required: false },
    ],
    [
      'SELECT with trimmed options',
      { key: 'lie', label: 'Lie', type: 'SELECT', options: [' fringe ', 'rough'] },
      { key: 'lie', label: 'Lie', type: 'SELECT', options: ['fringe', 'rough'], required: false },
    ],
    [
      'SELECT with 20 options',
      { key: 'hole', label: 'Hole', type: 'SELECT', options: Array.from({ length: 20 }, (_, i) => `${i + 1}`) },
      { key: 'hole', label: 'Hole', type: 'SELECT', options: Array.from({ length: 20 }, (_, i) => `${i + 1}`), required: false },
    ],
    [
      'TOGGLE',
      { key: 'windy', label: 'Windy', type: 'TOGGLE', required: true },
      { key: 'windy', label: 'Windy', type: 'TOGGLE', required: true },
    ],
    [
      'TOGGLE with a stray option (dropped)',
      { key: 'windy', label: 'Windy', type: 'TOGGLE', options: ['on'] },
      { key: 'windy', label: 'Windy', type: 'TOGGLE', required: false },
    ],
  ];
  it.each(accepted)('%s', async (_name, field, stored) => {
    const owner = await golfer();
    const res = await post(owner, '/drills', { title: '  Ladder  ', fields: [field] });
    expect(res.statusCode, res.body).toBe(200);
    const drill = res.json() as DrillResponse;
    expect(drill).toMatchObject({
      uid: owner.uid,
      title: 'Ladder',
      description: '',
      category: null,
      folder_id: null,
      score_field: null,
      higher_is_better: true,
      usershares: [],
      orgshares: [],
      permissions: OWNER,
      fields: [stored],
    });
    const [row] = await server.db.select().from(drills).where(eq(drills.drill_id, drill.drill_id));
    expect(row?.fields).toEqual([stored]);
  });

  it('the owner changes a drill: fields replaced, shares kept when not given, normalised when given', async () => {
    const owner = await golfer({ first_name: 'Casey' });
    const friend = await golfer({ plan: null });
    const other = await golfer({ plan: null });
    await acquaint(server.db, owner.uid, [friend.uid]);
    const drill = await createDrill(owner, { usershares: [{ uid: friend.uid, permissions: VIEW }] });
    server.clock.advance(60_000);
    const changed = await post(
      owner,
      `/drills?drill_id=${drill.drill_id}`,
      gateDrill({ title: 'Gate drill, 8 ft', score_field: null, higher_is_better: false }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Gate drill, 8 ft',
      score_field: null,
      higher_is_better: false,
      usershares: [{ uid: friend.uid, permissions: VIEW }],
      permissions: OWNER,
    });
    expect(Date.parse((changed.json() as DrillResponse).updated_at)).toBeGreaterThan(Date.parse(drill.updated_at));
    // OWNER is lowered to MODIFY, the owner's own share and NONE dropped, the highest kept per user.
    const reshared = await post(
      owner,
      `/drills?drill_id=${drill.drill_id}`,
      gateDrill({
        usershares: [
          { uid: friend.uid, permissions: OWNER },
          { uid: owner.uid, permissions: VIEW },
          { uid: other.uid, permissions: NONE },
          { uid: friend.uid, permissions: VIEW },
        ],
      }),
    );
    expect(reshared.json()).toMatchObject({ usershares: [{ uid: friend.uid, permissions: MODIFY }] });
    expect(await server.db.select().from(drillUserShares).where(eq(drillUserShares.drill_id, drill.drill_id))).toEqual([
      { drill_id: drill.drill_id, uid: friend.uid, permissions: MODIFY },
    ]);
  });

  it("a user with MODIFY changes the drill but not its shares (403, nothing changed); it stays its owner's", async () => {
    const owner = await golfer({ first_name: 'Casey' });
    const editor = await golfer({ first_name: 'Robin' });
    await acquaint(server.db, owner.uid, [editor.uid]);
    const drill = await createDrill(owner, { usershares: [{ uid: editor.uid, permissions: MODIFY }] });
    const before = await drillState(drill.drill_id);
    const sharing = await post(editor, `/drills?drill_id=${drill.drill_id}`, gateDrill({ title: 'Mine', usershares: [] }));
    expect(sharing.statusCode).toBe(403);
    expect(await drillState(drill.drill_id)).toEqual(before);
    const edited = await post(editor, `/drills?drill_id=${drill.drill_id}`, gateDrill({ title: 'Gate drill, edited' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      uid: owner.uid,
      title: 'Gate drill, edited',
      permissions: MODIFY,
      usershares: [{ uid: editor.uid, permissions: MODIFY }],
    });
  });
});

/** How a user comes to premium access, or fails to. */
type AccessCase = [string, (u: Golfer) => Promise<void>];

/** A TEAM organisation bought by a coach on a coach seat, with `member` in it. */
async function academyWith(member: Golfer, options: { coach?: boolean } = {}) {
  const purchaser = await golfer({ first_name: 'Casey', is_coach: true, plan: null });
  const subId = await buildSubscription(server.db, { purchaser: purchaser.uid, level: SUBSCRIPTION_LEVELS.TEAM });
  if (options.coach) await server.db.update(users).set({ is_coach: true }).where(eq(users.uid, member.uid));
  const orgId = await buildOrg(server.db, {
    sub_id: subId,
    members: [
      { uid: purchaser.uid, is_coach: true, seat: 'COACH' },
      { uid: member.uid, is_coach: options.coach ?? false },
    ],
  });
  const seat = async (seat: 'PREMIUM' | 'COACH' | null) => {
    const res = await post(purchaser, `/orgs/seat?org_id=${orgId}`, { uid: member.uid, seat });
    if (res.statusCode !== 200) throw new Error(`seat failed: ${res.statusCode} ${res.body}`);
  };
  return { purchaser, subId, orgId, seat };
}

const refusedAccess: AccessCase[] = [
  ['a free user (no subscription)', async () => {}],
  ['a user whose premium expired', async (u) => void (await buildSubscription(server.db, { purchaser: u.uid, status: 'EXPIRED' }))],
  ['a user whose premium is on hold', async (u) => void (await buildSubscription(server.db, { purchaser: u.uid, status: 'ON_HOLD' }))],
  [
    'a user on the basic plan',
    async (u) => void (await buildSubscription(server.db, { purchaser: u.uid, level: SUBSCRIPTION_LEVELS.BASIC })),
  ],
  [
    'a member whose organisation seat was freed',
    async (u) => {
      const academy = await academyWith(u);
      await academy.seat('PREMIUM');
      await academy.seat(null);
    },
  ],
  [
    'a member on a premium seat of an expired organisation subscription',
    async (u) => {
      const academy = await academyWith(u);
      await academy.seat('PREMIUM');
      await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.sub_id, academy.subId));
    },
  ],
  ['a member of a subscribed organisation who never had a seat', async (u) => void (await academyWith(u))],
];
const grantedAccess: AccessCase[] = [
  ['a user with their own premium', async (u) => void (await buildSubscription(server.db, { purchaser: u.uid }))],
  [
    'a user whose premium is in its grace period',
    async (u) => void (await buildSubscription(server.db, { purchaser: u.uid, status: 'ACTIVE_GRACE' })),
  ],
  ['a player on a premium seat of an active TEAM subscription', async (u) => (await academyWith(u)).seat('PREMIUM')],
  ['a coach on a coach seat of an active TEAM subscription', async (u) => (await academyWith(u, { coach: true })).seat('COACH')],
];

describe('premium access: drills, folders and results are created with it; what is shared stays open without it', () => {
  /** A premium player who shares a drill, a folder and a practice (ADD) with `u`, and `u`'s own practice without drills. */
  async function sharedWith(u: Golfer) {
    const player = await golfer({ first_name: 'Pia' });
    // A user may only share with people they know: Pia and `u` play at the same club (one with no
    // subscription, so it gives no seat; not a shared folder, which would appear in `u`'s folder list).
    await buildOrg(server.db, { members: [{ uid: player.uid }, { uid: u.uid }] });
    const folder = await createFolder(player, { name: "Pia's putting", usershares: [{ uid: u.uid, permissions: ADD }] });
    const drill = await createDrill(player, { usershares: [{ uid: u.uid, permissions: VIEW }] });
    const practice = await createPractice(player, [drill.drill_id], { usershares: [{ uid: u.uid, permissions: ADD }] });
    const result = await recordResult(player, practice.eventdrills[0]!.ced_id, { made: 6 });
    const own = await createPractice(u, []);
    return { player, folder, drill, ced: practice.eventdrills[0]!.ced_id, result, own };
  }
  type World = Awaited<ReturnType<typeof sharedWith>>;
  const writes: Array<[string, (u: Golfer, w: World) => ReturnType<typeof post>]> = [
    ['create a drill', (u) => post(u, '/drills', gateDrill())],
    ['create a drill in a folder they may add to', (u, w) => post(u, '/drills', gateDrill({ folder_id: w.folder.folder_id }))],
    ['create a folder', (u) => post(u, '/folders', { name: 'My putting' })],
    ['record a result on a practice shared at ADD', (u, w) => post(u, '/drills/results', { ced_id: w.ced, values: { made: 8 } })],
    [
      'create a practice placing a drill',
      (u, w) =>
        post(
          u,
          '/events',
          buildEventBody({ event_type: 'PRACTICE', usershares: [], orgshares: [], eventdrills: [{ drill_id: w.drill.drill_id }] }),
        ),
    ],
    [
      'place a drill in their own practice',
      (u, w) =>
        post(
          u,
          `/events?event_id=${w.own.event_id}`,
          buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: w.drill.drill_id }] }),
        ),
    ],
  ];
  /** One world per kind of access: the writes are independent of each other, and a refused one changes nothing. */
  async function worldFor(give: AccessCase[1]) {
    const u = await golfer({ first_name: 'Nia', plan: null });
    await give(u);
    return { u, ...(await sharedWith(u)) };
  }

  describe.each(refusedAccess)('%s', (_who, give) => {
    let w: World & { u: Golfer };
    beforeAll(async () => {
      w = await worldFor(give);
    });

    it.each(writes)('may not %s: 403 PREMIUM_REQUIRED, nothing written', async (_what, write) => {
      const before = await practiceCounts();
      const ownBefore = await server.db.select().from(events).where(eq(events.event_id, w.own.event_id));
      const res = await write(w.u, w);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ code: 'PREMIUM_REQUIRED', error: PREMIUM_MESSAGE });
      expect(await practiceCounts()).toEqual(before);
      expect(await server.db.select().from(events).where(eq(events.event_id, w.own.event_id))).toEqual(ownBefore);
    });

    it('still sees what is shared with them: drills, folders, results and events', async () => {
      const { u } = w;
      expect((await drillsOf(u)).map((d) => d.drill_id)).toEqual([w.drill.drill_id]);
      expect((await drillsOf(u, `?drill_id=${w.drill.drill_id}`)).map((d) => [d.drill_id, d.permissions])).toEqual([
        [w.drill.drill_id, VIEW],
      ]);
      expect((await drillsOf(u, `?ced_id=${w.ced}`)).map((d) => d.drill_id)).toEqual([w.drill.drill_id]);
      const listed = (await get(u, '/folders')).json() as { folders: FolderResponse[] };
      expect(listed.folders.map((f) => [f.folder_id, f.permissions])).toEqual([[w.folder.folder_id, ADD]]);
      for (const url of [`/drills/results?ced_id=${w.ced}`, `/drills/results?drill_id=${w.drill.drill_id}`]) {
        const res = await get(u, url);
        expect(res.statusCode, url).toBe(200);
        expect(
          (res.json() as { results: DrillResultResponse[] }).results.map((r) => r.drillresult_id),
          url,
        ).toEqual([w.result.drillresult_id]);
      }
      expect(
        ((await get(u, `/drills/events?drill_id=${w.drill.drill_id}`)).json() as { events: Array<{ event_id: number }> }).events,
      ).toHaveLength(1);
    });
  });

  describe.each(grantedAccess)('%s', (_who, give) => {
    let w: World & { u: Golfer };
    beforeAll(async () => {
      w = await worldFor(give);
    });

    it.each(writes)('may %s', async (_what, write) => {
      const before = await practiceCounts();
      const res = await write(w.u, w);
      expect(res.statusCode, res.body).toBe(200);
      expect(await practiceCounts()).not.toEqual(before);
    });
  });
});

/**
 * How the caller reaches the owner's drills: the drill's own shares, its folder's, both, or none;
 * `unshare` has the caller remove themself from the drills first. `expected` is their permission.
 */
interface Reach {
  name: string;
  member?: boolean;
  folder?: (c: { caller: number; org: number }) => { usershares?: Share[]; orgshares?: OrgShareBody[] };
  drill?: (c: { caller: number; org: number; other: number }) => { usershares?: Share[]; orgshares?: OrgShareBody[] };
  unshare?: boolean;
  expected: number;
}
const reaches: Reach[] = [
  { name: 'the owner', expected: OWNER },
  { name: 'a user share at VIEW', drill: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }), expected: VIEW },
  { name: 'a user share at ADD', drill: (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }), expected: ADD },
  { name: 'a user share at MODIFY', drill: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }), expected: MODIFY },
  {
    name: 'an organisation share at VIEW, as a member',
    member: true,
    drill: (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] }),
    expected: VIEW,
  },
  {
    name: 'an organisation share at MODIFY, as a member',
    member: true,
    drill: (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
    expected: MODIFY,
  },
  {
    name: 'a user share at VIEW and an organisation share at MODIFY (the highest)',
    member: true,
    drill: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }], orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
    expected: MODIFY,
  },
  { name: 'its folder shared at VIEW', folder: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }), expected: VIEW },
  {
    name: 'its folder shared with the organisation at MODIFY, as a member',
    member: true,
    folder: (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
    expected: MODIFY,
  },
  {
    name: 'its folder shared at MODIFY, but the drill has shares of its own without them',
    folder: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
    drill: (c) => ({ usershares: [{ uid: c.other, permissions: MODIFY }] }),
    expected: NONE,
  },
  {
    name: 'an organisation share to an organisation they are not in',
    drill: (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
    expected: NONE,
  },
  { name: 'an outsider', expected: NONE },
  {
    name: 'a user share at MODIFY, after removing themself',
    drill: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
    unshare: true,
    expected: NONE,
  },
  {
    name: 'an organisation share, after removing themself',
    member: true,
    drill: (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] }),
    unshare: true,
    expected: NONE,
  },
  {
    name: 'a folder share, after removing themself',
    folder: (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }),
    unshare: true,
    expected: NONE,
  },
];

type CallName =
  | 'GET /drills?drill_id'
  | 'GET /drills'
  | 'POST /drills?drill_id'
  | 'DELETE /drills'
  | 'GET /drills/unshare'
  | 'GET /drills/events'
  | 'GET /drills/results';
const calls: CallName[] = [
  'GET /drills?drill_id',
  'GET /drills',
  'POST /drills?drill_id',
  'DELETE /drills',
  'GET /drills/unshare',
  'GET /drills/events',
  'GET /drills/results',
];

/** What each call answers at a permission: 404 below VIEW, never 403. */
function expectedStatus(call: CallName, p: number): number {
  if (p < VIEW) return call === 'GET /drills' ? 200 : 404;
  if (call === 'POST /drills?drill_id') return p >= MODIFY ? 200 : 403;
  if (call === 'DELETE /drills') return p === OWNER ? 200 : 403;
  if (call === 'GET /drills/unshare') return p === OWNER ? 400 : 200;
  return 200;
}

describe.each(reaches)('who may do what with a drill: $name', (reach) => {
  const w = {} as {
    owner: Golfer;
    caller: Golfer;
    folderId: number | null;
    read: DrillResponse;
    doomed: DrillResponse;
    leaving: DrillResponse;
    eventId: number;
    resultId: number;
  };
  beforeAll(async () => {
    const owner = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    const caller = reach.expected === OWNER ? owner : await golfer({ first_name: 'Nia' });
    const other = await golfer({ first_name: 'Omar', plan: null });
    const org = await buildOrg(server.db, {
      members: [{ uid: owner.uid, is_coach: true }, ...(reach.member ? [{ uid: caller.uid }] : [])],
    });
    const shares = reach.drill?.({ caller: caller.uid, org, other: other.uid }) ?? {};
    const folderShares = reach.folder?.({ caller: caller.uid, org }) ?? {};
    // A user may only share with people they know: whoever the owner shares with shared something with them before.
    await acquaint(
      server.db,
      owner.uid,
      [...(folderShares.usershares ?? []), ...(shares.usershares ?? [])].map((s) => s.uid),
    );
    const folder = reach.folder ? await createFolder(owner, folderShares) : null;
    const make = (title: string) => createDrill(owner, { title, folder_id: folder?.folder_id ?? null, ...shares });
    const [read, doomed, leaving] = [await make('Gate drill'), await make('Clock drill'), await make('Ladder drill')];
    // The owner's practice with the drill is the owner's alone: others reach the drill, not the event.
    const practice = await createPractice(owner, [read.drill_id]);
    const result = await recordResult(owner, practice.eventdrills[0]!.ced_id);
    if (reach.unshare) {
      for (const d of [read, doomed, leaving]) expect((await get(caller, `/drills/unshare?drill_id=${d.drill_id}`)).statusCode).toBe(200);
    }
    Object.assign(w, {
      owner,
      caller,
      folderId: folder?.folder_id ?? null,
      read,
      doomed,
      leaving,
      eventId: practice.event_id,
      resultId: result.drillresult_id,
    });
  });

  it.each(calls)('%s', async (callName) => {
    const status = expectedStatus(callName, reach.expected);
    const { caller, read } = w;
    switch (callName) {
      case 'GET /drills?drill_id': {
        const res = await get(caller, `/drills?drill_id=${read.drill_id}`);
        expect(res.statusCode).toBe(status);
        if (status === 200)
          expect((res.json() as { drills: DrillResponse[] }).drills.map((d) => [d.drill_id, d.permissions, d.uid])).toEqual([
            [read.drill_id, reach.expected, w.owner.uid],
          ]);
        return;
      }
      case 'GET /drills': {
        const listed = (await drillsOf(caller)).filter((d) => d.uid === w.owner.uid);
        expect(listed.map((d) => [d.title, d.permissions])).toEqual(
          reach.expected >= VIEW ? ['Clock drill', 'Gate drill', 'Ladder drill'].map((t) => [t, reach.expected]) : [],
        );
        return;
      }
      case 'POST /drills?drill_id': {
        const before = await drillState(read.drill_id);
        const res = await post(
          caller,
          `/drills?drill_id=${read.drill_id}`,
          gateDrill({ title: 'Gate drill, 8 ft', folder_id: w.folderId }),
        );
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200)
          expect((await drillState(read.drill_id)).row).toMatchObject({
            title: 'Gate drill, 8 ft',
            uid: w.owner.uid,
            folder_id: w.folderId,
          });
        else expect(await drillState(read.drill_id)).toEqual(before);
        return;
      }
      case 'DELETE /drills': {
        const before = await drillState(w.doomed.drill_id);
        const res = await del(caller, `/drills?drill_id=${w.doomed.drill_id}`);
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) expect((await drillState(w.doomed.drill_id)).row).toBeNull();
        else expect(await drillState(w.doomed.drill_id)).toEqual(before);
        return;
      }
      case 'GET /drills/unshare': {
        const before = await drillState(w.leaving.drill_id);
        const res = await get(caller, `/drills/unshare?drill_id=${w.leaving.drill_id}`);
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) {
          const after = await drillState(w.leaving.drill_id);
          expect(after.hides).toEqual([{ drill_id: w.leaving.drill_id, uid: caller.uid }]);
          expect(after.usershares.some((s) => s.uid === caller.uid)).toBe(false);
          expect((await get(caller, `/drills?drill_id=${w.leaving.drill_id}`)).statusCode).toBe(404);
        } else expect(await drillState(w.leaving.drill_id)).toEqual(before);
        return;
      }
      case 'GET /drills/events': {
        const res = await get(caller, `/drills/events?drill_id=${read.drill_id}`);
        expect(res.statusCode).toBe(status);
        if (status === 200)
          expect((res.json() as { events: Array<{ event_id: number }> }).events.map((e) => e.event_id)).toEqual(
            reach.expected === OWNER ? [w.eventId] : [],
          );
        return;
      }
      case 'GET /drills/results': {
        const res = await get(caller, `/drills/results?drill_id=${read.drill_id}`);
        expect(res.statusCode).toBe(status);
        if (status === 200)
          expect((res.json() as { results: DrillResultResponse[] }).results.map((r) => r.drillresult_id)).toEqual(
            reach.expected === OWNER ? [w.resultId] : [],
          );
        return;
      }
    }
  });
});

describe('a drill reached only through an event that uses it', () => {
  const w = {} as { owner: Golfer; coach: Golfer; drill: DrillResponse; eventId: number; ced: number; resultId: number };
  beforeAll(async () => {
    const owner = await golfer({ first_name: 'Nia' });
    const coach = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    await acquaint(server.db, owner.uid, [coach.uid]);
    const drill = await createDrill(owner);
    const practice = await createPractice(owner, [drill.drill_id], { usershares: [{ uid: coach.uid, permissions: VIEW }] });
    const result = await recordResult(owner, practice.eventdrills[0]!.ced_id);
    Object.assign(w, {
      owner,
      coach,
      drill,
      eventId: practice.event_id,
      ced: practice.eventdrills[0]!.ced_id,
      resultId: result.drillresult_id,
    });
  });
  const cases: Array<[string, (x: typeof w) => string, 'GET' | 'POST' | 'DELETE', number, ((body: unknown, x: typeof w) => void) | null]> =
    [
      [
        'GET /drills?ced_id answers the drill at VIEW',
        (x) => `/drills?ced_id=${x.ced}`,
        'GET',
        200,
        (b, x) =>
          expect((b as { drills: DrillResponse[] }).drills.map((d) => [d.drill_id, d.permissions])).toEqual([[x.drill.drill_id, VIEW]]),
      ],
      [
        'GET /drills/events lists the event',
        (x) => `/drills/events?drill_id=${x.drill.drill_id}`,
        'GET',
        200,
        (b, x) => expect((b as { events: Array<{ event_id: number }> }).events.map((e) => e.event_id)).toEqual([x.eventId]),
      ],
      [
        'GET /drills/results answers its results',
        (x) => `/drills/results?drill_id=${x.drill.drill_id}`,
        'GET',
        200,
        (b, x) => expect((b as { results: DrillResultResponse[] }).results.map((r) => r.drillresult_id)).toEqual([x.resultId]),
      ],
      ['GET /drills?drill_id is a 404', (x) => `/drills?drill_id=${x.drill.drill_id}`, 'GET', 404, null],
      ['POST /drills?drill_id is a 404', (x) => `/drills?drill_id=${x.drill.drill_id}`, 'POST', 404, null],
      ['DELETE /drills is a 404', (x) => `/drills?drill_id=${x.drill.drill_id}`, 'DELETE', 404, null],
      ['GET /drills/unshare is a 404', (x) => `/drills/unshare?drill_id=${x.drill.drill_id}`, 'GET', 404, null],
    ];
  it.each(cases)('%s', async (_name, url, method, status, check) => {
    const before = await drillState(w.drill.drill_id);
    const res = await call(w.coach, method, url(w), method === 'POST' ? gateDrill({ title: 'Mine now' }) : undefined);
    expect(res.statusCode, res.body).toBe(status);
    if (check) check(res.json(), w);
    expect(await drillState(w.drill.drill_id)).toEqual(before);
  });
});

describe('GET /drills/events: the events using a drill that the caller may see, newest first', () => {
  const w = {} as {
    coach: Golfer;
    nia: Golfer;
    omar: Golfer;
    pia: Golfer;
    drill: DrillResponse;
    e: Record<'nia' | 'niaHidden' | 'omar' | 'pia' | 'coach', number>;
  };
  beforeAll(async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    const [nia, omar, pia] = [
      await golfer({ first_name: 'Nia' }),
      await golfer({ first_name: 'Omar' }),
      await golfer({ first_name: 'Pia' }),
    ];
    // The coach may share with the players once they know them; the players know the coach by the drill it shares.
    await acquaint(server.db, coach.uid, [nia.uid, omar.uid, pia.uid]);
    const drill = await createDrill(coach, { usershares: [nia, omar, pia].map((p) => ({ uid: p.uid, permissions: VIEW })) });
    const toCoach = { usershares: [{ uid: coach.uid, permissions: VIEW }] };
    const e = {
      nia: (await createPractice(nia, [drill.drill_id], { ...toCoach, start: '2026-01-10T09:00:00Z' })).event_id,
      niaHidden: (await createPractice(nia, [drill.drill_id, drill.drill_id], { ...toCoach, start: '2026-03-10T09:00:00Z' })).event_id,
      omar: (await createPractice(omar, [drill.drill_id], { ...toCoach, event_type: 'LESSON', start: '2026-02-10T09:00:00Z' })).event_id,
      pia: (await createPractice(pia, [drill.drill_id], { start: '2026-04-10T09:00:00Z' })).event_id,
      coach: (await createPractice(coach, [drill.drill_id], { start: '2026-01-01T09:00:00Z' })).event_id,
    };
    await createPractice(nia, [], { ...toCoach, start: '2026-05-10T09:00:00Z' });
    expect((await get(coach, `/events/unshare?event_id=${e.niaHidden}`)).statusCode).toBe(200);
    Object.assign(w, { coach, nia, omar, pia, drill, e });
  });
  const cases: Array<[string, 'coach' | 'nia' | 'omar' | 'pia', Array<keyof typeof w.e>]> = [
    ["its owner: their own and those shared with them, not Pia's private one nor the one they removed", 'coach', ['omar', 'nia', 'coach']],
    ['Nia: her own (each once)', 'nia', ['niaHidden', 'nia']],
    ['Omar: his own', 'omar', ['omar']],
    ['Pia: her own', 'pia', ['pia']],
  ];
  it.each(cases)('%s', async (_name, who, expected) => {
    const res = await get(w[who], `/drills/events?drill_id=${w.drill.drill_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as { events: Array<{ event_id: number; eventdrills: Array<{ drill_id: number }> }> }).events;
    expect(listed.map((e) => e.event_id)).toEqual(expected.map((k) => w.e[k]));
    expect(listed.every((e) => e.eventdrills.some((d) => d.drill_id === w.drill.drill_id))).toBe(true);
  });
});

describe('GET /drills/unshare', () => {
  const ways: Array<[string, boolean, (c: { caller: number; org: number }) => { usershares?: Share[]; orgshares?: OrgShareBody[] }]> = [
    ['a user share', false, (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] })],
    ['an organisation share (the share stays for the other members)', true, (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] })],
  ];
  it.each(ways)('a viewer reached by %s removes themself: 404 for them, the others unaffected', async (_name, byOrg, sharesOf) => {
    const owner = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    const caller = await golfer({ first_name: 'Nia' });
    const teammate = await golfer({ first_name: 'Omar' });
    const org = await buildOrg(server.db, { members: [{ uid: owner.uid, is_coach: true }, { uid: caller.uid }, { uid: teammate.uid }] });
    const shares = sharesOf({ caller: caller.uid, org });
    const drill = await createDrill(
      owner,
      byOrg ? shares : { usershares: [...(shares.usershares ?? []), { uid: teammate.uid, permissions: VIEW }] },
    );
    expect((await get(caller, `/drills/unshare?drill_id=${drill.drill_id}`)).json()).toEqual({ ok: true });
    const after = await drillState(drill.drill_id);
    expect(after.hides.map((h) => h.uid)).toEqual([caller.uid]);
    expect(after.usershares.map((s) => s.uid)).toEqual(byOrg ? [] : [teammate.uid]);
    expect(after.orgshares.map((s) => s.org_id)).toEqual(byOrg ? [org] : []);
    expect(await drillsOf(caller)).toEqual([]);
    expect((await get(caller, `/drills?drill_id=${drill.drill_id}`)).statusCode).toBe(404);
    expect((await get(caller, `/drills/unshare?drill_id=${drill.drill_id}`)).statusCode).toBe(404);
    // Nor may they place it in a practice any more.
    const placing = await post(caller, '/events', buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: drill.drill_id }] }));
    expect(placing.statusCode).toBe(400);
    expect((await drillsOf(teammate)).map((d) => d.drill_id)).toEqual([drill.drill_id]);
    expect((await drillsOf(owner)).map((d) => d.drill_id)).toEqual([drill.drill_id]);
  });

  it('shared with them again by its owner, the drill is back for someone who had removed themself', async () => {
    const owner = await golfer({ first_name: 'Casey' });
    const caller = await golfer({ first_name: 'Nia' });
    await acquaint(server.db, owner.uid, [caller.uid]);
    const drill = await createDrill(owner, { usershares: [{ uid: caller.uid, permissions: VIEW }] });
    await get(caller, `/drills/unshare?drill_id=${drill.drill_id}`);
    expect(await drillsOf(caller)).toEqual([]);
    const reshared = await post(
      owner,
      `/drills?drill_id=${drill.drill_id}`,
      gateDrill({ usershares: [{ uid: caller.uid, permissions: ADD }] }),
    );
    expect(reshared.statusCode).toBe(200);
    expect((await drillState(drill.drill_id)).hides).toEqual([]);
    expect((await drillsOf(caller)).map((d) => [d.drill_id, d.permissions])).toEqual([[drill.drill_id, ADD]]);
  });

  it('its owner is told to delete it instead: 400, nothing changed', async () => {
    const owner = await golfer();
    const drill = await createDrill(owner);
    const before = await drillState(drill.drill_id);
    const res = await get(owner, `/drills/unshare?drill_id=${drill.drill_id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'This is your own drill: delete it instead of removing yourself.' });
    expect(await drillState(drill.drill_id)).toEqual(before);
  });
});

describe('DELETE /drills', () => {
  async function usedDrill() {
    const coach = await golfer({ first_name: 'Casey', is_coach: true, plan: 'PREMIUM' });
    const player = await golfer({ first_name: 'Nia' });
    await acquaint(server.db, coach.uid, [player.uid]);
    const drill = await createDrill(coach, { usershares: [{ uid: player.uid, permissions: VIEW }] });
    const keep = await createDrill(coach, { title: 'Clock drill', usershares: [{ uid: player.uid, permissions: VIEW }] });
    const own = await createPractice(coach, [drill.drill_id, keep.drill_id]);
    const theirs = await createPractice(player, [drill.drill_id, drill.drill_id, keep.drill_id]);
    for (const ced of own.eventdrills) await recordResult(coach, ced.ced_id, { made: 5 });
    for (const ced of theirs.eventdrills) await recordResult(player, ced.ced_id, { made: 6 });
    expect((await get(player, `/drills/unshare?drill_id=${drill.drill_id}`)).statusCode).toBe(200);
    return { coach, player, drill, keep, own, theirs };
  }

  it('the owner deletes a drill with its places in events, their results, its shares and hides; the events and other drills stay', async () => {
    const { coach, player, drill, keep, own, theirs } = await usedDrill();
    const keptBefore = await drillState(keep.drill_id);
    expect((await drillState(drill.drill_id)).results).toHaveLength(3);
    expect((await drillState(drill.drill_id)).hides).toHaveLength(1);
    const res = await del(coach, `/drills?drill_id=${drill.drill_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await drillState(drill.drill_id)).toEqual({ row: null, usershares: [], orgshares: [], hides: [], placed: [], results: [] });
    expect(await drillState(keep.drill_id)).toEqual(keptBefore);
    const ownEvent = (await get(coach, `/events?event_id=${own.event_id}`)).json() as { events: Placed[] };
    expect(ownEvent.events[0]!.eventdrills).toEqual([own.eventdrills[1]]);
    const theirEvent = (await get(player, `/events?event_id=${theirs.event_id}`)).json() as { events: Placed[] };
    expect(theirEvent.events[0]!.eventdrills).toEqual([theirs.eventdrills[2]]);
    expect((await get(coach, `/drills?drill_id=${drill.drill_id}`)).statusCode).toBe(404);
    expect((await del(coach, `/drills?drill_id=${drill.drill_id}`)).statusCode).toBe(404);
  });

  it('runs in one transaction: when the drill cannot go, its results and places stay', async () => {
    const { coach, drill } = await usedDrill();
    const before = await drillState(drill.drill_id);
    await server.db.execute(
      sql`CREATE FUNCTION drills_refuse_delete_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
    );
    await server.db.execute(
      sql`CREATE TRIGGER drills_refuse_delete_for_test BEFORE DELETE ON drills FOR EACH ROW EXECUTE FUNCTION drills_refuse_delete_for_test()`,
    );
    try {
      const res = await del(coach, `/drills?drill_id=${drill.drill_id}`);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    } finally {
      await server.db.execute(sql`DROP TRIGGER drills_refuse_delete_for_test ON drills`);
      await server.db.execute(sql`DROP FUNCTION drills_refuse_delete_for_test()`);
    }
    expect(await drillState(drill.drill_id)).toEqual(before);
  });
});

describe('events carry drills (eventdrills)', () => {
  it.each([['PRACTICE'], ['LESSON'], ['WORKOUT']])('a %s is created with its drills in order, each with its own ced_id', async (type) => {
    const golfer1 = await golfer();
    const gate = await createDrill(golfer1);
    const clock = await createDrill(golfer1, { title: 'Clock drill' });
    const created = await createPractice(golfer1, [gate.drill_id, clock.drill_id, gate.drill_id], { event_type: type });
    expect(created.eventdrills.map((d) => d.drill_id)).toEqual([gate.drill_id, clock.drill_id, gate.drill_id]);
    expect(new Set(created.eventdrills.map((d) => d.ced_id)).size).toBe(3);
    const rows = await server.db.select().from(eventDrills).where(eq(eventDrills.event_id, created.event_id)).orderBy(eventDrills.position);
    expect(rows.map((r) => [r.ced_id, r.drill_id, r.position])).toEqual(created.eventdrills.map((d, i) => [d.ced_id, d.drill_id, i]));
    const listed = (await get(golfer1, `/events?event_id=${created.event_id}`)).json() as { events: Placed[] };
    expect(listed.events[0]!.eventdrills).toEqual(created.eventdrills);
  });

  const refusedCreates: Array<[string, (w: { mine: number; theirs: number; hidden: number }) => Record<string, unknown>, string]> = [
    ['a ROUND with drills', (w) => buildEventBody({ eventdrills: [{ drill_id: w.mine }] }), 'eventdrills'],
    [
      'a drill the caller may not see',
      (w) => buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: w.mine }, { drill_id: w.theirs }] }),
      'eventdrills',
    ],
    [
      'a drill the caller removed themself from',
      (w) => buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: w.hidden }] }),
      'eventdrills',
    ],
    [
      'a drill that does not exist',
      (w) => buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: w.mine }, { drill_id: 999_999 }] }),
      'eventdrills',
    ],
    [
      'a ced_id on a new event',
      (w) => buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: w.mine, ced_id: 1 }] }),
      'eventdrills',
    ],
    ['drill_id 0', () => buildEventBody({ event_type: 'PRACTICE', eventdrills: [{ drill_id: 0 }] }), 'eventdrills.0.drill_id'],
    [
      '31 drills',
      (w) => buildEventBody({ event_type: 'PRACTICE', eventdrills: Array.from({ length: 31 }, () => ({ drill_id: w.mine })) }),
      'eventdrills',
    ],
  ];
  describe('refused creations (one world: a refusal changes nothing)', () => {
    const w = {} as { player: Golfer; ids: { mine: number; theirs: number; hidden: number } };
    beforeAll(async () => {
      const player = await golfer();
      const other = await golfer();
      const mine = await createDrill(player);
      const theirs = await createDrill(other);
      await acquaint(server.db, other.uid, [player.uid]);
      const hidden = await createDrill(other, { usershares: [{ uid: player.uid, permissions: VIEW }] });
      expect((await get(player, `/drills/unshare?drill_id=${hidden.drill_id}`)).statusCode).toBe(200);
      Object.assign(w, { player, ids: { mine: mine.drill_id, theirs: theirs.drill_id, hidden: hidden.drill_id } });
    });

    it.each(refusedCreates)('creating with %s is a 400 naming eventdrills, and nothing is stored', async (_name, body, field) => {
      const before = await practiceCounts();
      const res = await post(w.player, '/events', body(w.ids));
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toContain(field);
      expect(await practiceCounts()).toEqual(before);
    });
  });

  /** A practice with two drills placed and a result on each, and another practice with its own. */
  async function practiceWithResults() {
    const player = await golfer({ first_name: 'Nia' });
    const gate = await createDrill(player);
    const clock = await createDrill(player, { title: 'Clock drill' });
    const ladder = await createDrill(player, { title: 'Ladder drill' });
    const practice = await createPractice(player, [gate.drill_id, clock.drill_id]);
    const other = await createPractice(player, [gate.drill_id]);
    const [g, c] = practice.eventdrills as [Placed['eventdrills'][0], Placed['eventdrills'][0]];
    const results = { gate: await recordResult(player, g.ced_id), clock: await recordResult(player, c.ced_id) };
    const otherResult = await recordResult(player, other.eventdrills[0]!.ced_id);
    return { player, gate, clock, ladder, practice, g, c, other, results, otherResult };
  }
  type Practice = Awaited<ReturnType<typeof practiceWithResults>>;
  const update = (p: Practice, eventdrills: unknown) =>
    post(p.player, `/events?event_id=${p.practice.event_id}`, buildEventBody({ event_type: 'PRACTICE', title: 'Changed', eventdrills }));
  const resultIdsOf = async (eventId: number) =>
    (
      await server.db
        .select({ id: drillResults.drillresult_id })
        .from(drillResults)
        .innerJoin(eventDrills, eq(eventDrills.ced_id, drillResults.ced_id))
        .where(eq(eventDrills.event_id, eventId))
        .orderBy(drillResults.drillresult_id)
    ).map((r) => r.id);

  const accepted: Array<[string, (p: Practice) => unknown, (p: Practice) => Array<number | 'new'>, (p: Practice) => number[]]> = [
    [
      'keeping both ced_ids in a new order keeps their results',
      (p) => [
        { drill_id: p.clock.drill_id, ced_id: p.c.ced_id },
        { drill_id: p.gate.drill_id, ced_id: p.g.ced_id },
      ],
      (p) => [p.c.ced_id, p.g.ced_id],
      (p) => [p.results.gate.drillresult_id, p.results.clock.drillresult_id],
    ],
    [
      'dropping one deletes its results, the other keeps its own',
      (p) => [{ drill_id: p.gate.drill_id, ced_id: p.g.ced_id }],
      (p) => [p.g.ced_id],
      (p) => [p.results.gate.drillresult_id],
    ],
    [
      'adding a drill places it anew',
      (p) => [
        { drill_id: p.gate.drill_id, ced_id: p.g.ced_id },
        { drill_id: p.clock.drill_id, ced_id: p.c.ced_id },
        { drill_id: p.ladder.drill_id },
      ],
      (p) => [p.g.ced_id, p.c.ced_id, 'new'],
      (p) => [p.results.gate.drillresult_id, p.results.clock.drillresult_id],
    ],
    [
      'placing a drill again without its ced_id is a new place: the old one goes with its result',
      (p) => [{ drill_id: p.gate.drill_id }, { drill_id: p.clock.drill_id, ced_id: p.c.ced_id }],
      (p) => ['new', p.c.ced_id],
      (p) => [p.results.clock.drillresult_id],
    ],
    ['an empty list removes every drill and result', () => [], () => [], () => []],
    [
      'leaving eventdrills out changes nothing of them',
      () => undefined,
      (p) => [p.g.ced_id, p.c.ced_id],
      (p) => [p.results.gate.drillresult_id, p.results.clock.drillresult_id],
    ],
  ];
  it.each(accepted)('updating: %s', async (_name, list, ceds, kept) => {
    const p = await practiceWithResults();
    const res = await update(p, list(p));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Placed;
    const expectedCeds = ceds(p);
    expect(answer.eventdrills).toHaveLength(expectedCeds.length);
    answer.eventdrills.forEach((d, i) => {
      const want = expectedCeds[i];
      if (want === 'new') expect([p.g.ced_id, p.c.ced_id]).not.toContain(d.ced_id);
      else expect(d.ced_id).toBe(want);
    });
    expect(await resultIdsOf(p.practice.event_id)).toEqual(kept(p));
    // The other practice is untouched.
    expect(await resultIdsOf(p.other.event_id)).toEqual([p.otherResult.drillresult_id]);
  });

  const refusedUpdates: Array<[string, (p: Practice & { otherDrill: number }) => unknown]> = [
    ['a ced_id of another event', (p) => [{ drill_id: p.gate.drill_id, ced_id: p.other.eventdrills[0]!.ced_id }]],
    [
      'a ced_id of another event among its own',
      (p) => [
        { drill_id: p.gate.drill_id, ced_id: p.g.ced_id },
        { drill_id: p.gate.drill_id, ced_id: p.other.eventdrills[0]!.ced_id },
      ],
    ],
    ['a ced_id with another drill', (p) => [{ drill_id: p.clock.drill_id, ced_id: p.g.ced_id }]],
    [
      'one ced_id twice',
      (p) => [
        { drill_id: p.gate.drill_id, ced_id: p.g.ced_id },
        { drill_id: p.gate.drill_id, ced_id: p.g.ced_id },
      ],
    ],
    ['a ced_id that does not exist', (p) => [{ drill_id: p.gate.drill_id, ced_id: 999_999 }]],
    ['a new drill the caller may not see', (p) => [{ drill_id: p.gate.drill_id, ced_id: p.g.ced_id }, { drill_id: p.otherDrill }]],
  ];
  describe('refused updates (one world: a refusal changes nothing)', () => {
    let p: Practice & { otherDrill: number };
    beforeAll(async () => {
      p = Object.assign(await practiceWithResults(), { otherDrill: (await createDrill(await golfer())).drill_id });
    });
    const stored = async () => ({
      rows: await server.db.select().from(eventDrills).orderBy(eventDrills.ced_id),
      results: await server.db.select().from(drillResults).orderBy(drillResults.drillresult_id),
      event: await server.db.select().from(events).where(eq(events.event_id, p.practice.event_id)),
    });

    it.each(refusedUpdates)('updating with %s is a 400, and nothing changes', async (_name, list) => {
      const before = await stored();
      const res = await update(p, list(p));
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(['eventdrills']);
      expect(await stored()).toEqual(before);
    });
  });
});
