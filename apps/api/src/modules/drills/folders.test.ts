import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@holeout/golf';
import type { DrillResponse, FolderResponse } from '@holeout/contracts';
import { drills, folderOrgShares, folderUserShares, folders, notifications, orgMembers } from '../../db/schema/index.ts';
import { acquaint, buildOrg } from '../../test/factories.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { drillsClient, type Golfer } from './drills-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Share = { uid: number; permissions: number };
type OrgShareBody = { org_id: number; permissions: number };
type Shares = { usershares?: Share[]; orgshares?: OrgShareBody[] };

const { VIEW, ADD, MODIFY, OWNER, NONE } = PERMISSIONS;
const { golfer, call, get, post, del, createDrill: createDrillWith, createFolder: createFolderWith } = drillsClient(() => server);

function gateDrill(over: Record<string, unknown> = {}) {
  return {
    title: 'Gate drill',
    category: 'shortPutts',
    fields: [{ key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1 }],
    score_field: 'made',
    ...over,
  };
}

function createDrill(who: Golfer, over: Record<string, unknown> = {}): Promise<DrillResponse> {
  return createDrillWith(who, gateDrill(over));
}

const createFolder = (who: Golfer, body: { name?: string } & Shares = {}): Promise<FolderResponse> => createFolderWith(who, body);

const foldersOf = async (who: Golfer) => ((await get(who, '/folders')).json() as { folders: FolderResponse[] }).folders;
const drillsOf = async (who: Golfer) => ((await get(who, '/drills')).json() as { drills: DrillResponse[] }).drills;

/** Everything stored about one folder: its row, its shares and the drills filed in it. */
async function folderState(folderId: number) {
  return {
    row: (await server.db.select().from(folders).where(eq(folders.folder_id, folderId)))[0] ?? null,
    usershares: await server.db
      .select()
      .from(folderUserShares)
      .where(eq(folderUserShares.folder_id, folderId))
      .orderBy(folderUserShares.uid),
    orgshares: await server.db
      .select()
      .from(folderOrgShares)
      .where(eq(folderOrgShares.folder_id, folderId))
      .orderBy(folderOrgShares.org_id),
    drills: (
      await server.db.select({ drill_id: drills.drill_id }).from(drills).where(eq(drills.folder_id, folderId)).orderBy(drills.drill_id)
    ).map((d) => d.drill_id),
  };
}

async function tableCounts() {
  const [d] = await server.db.select({ n: count() }).from(drills);
  const [f] = await server.db.select({ n: count() }).from(folders);
  const [u] = await server.db.select({ n: count() }).from(folderUserShares);
  const [o] = await server.db.select({ n: count() }).from(folderOrgShares);
  const [n] = await server.db.select({ n: count() }).from(notifications);
  return { drills: d!.n, folders: f!.n, folder_user_shares: u!.n, folder_org_shares: o!.n, notifications: n!.n };
}

/** How the caller comes to a coach's folder; `expected` is their permission on it: the highest of their own share and their organisations'. */
interface FolderReach {
  name: string;
  member?: boolean;
  shares?: (c: { caller: number; org: number }) => Shares;
  expected: number;
}
const folderReaches: FolderReach[] = [
  { name: 'the owner', expected: OWNER },
  { name: 'a user share at VIEW', shares: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }), expected: VIEW },
  { name: 'a user share at ADD', shares: (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }), expected: ADD },
  { name: 'a user share at MODIFY', shares: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }), expected: MODIFY },
  {
    name: 'a user share asked at OWNER (lowered to MODIFY)',
    shares: (c) => ({ usershares: [{ uid: c.caller, permissions: OWNER }] }),
    expected: MODIFY,
  },
  {
    name: 'an organisation share at VIEW, as a member',
    member: true,
    shares: (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] }),
    expected: VIEW,
  },
  {
    name: 'an organisation share at ADD, as a member',
    member: true,
    shares: (c) => ({ orgshares: [{ org_id: c.org, permissions: ADD }] }),
    expected: ADD,
  },
  {
    name: 'a user share at VIEW and an organisation share at ADD',
    member: true,
    shares: (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }], orgshares: [{ org_id: c.org, permissions: ADD }] }),
    expected: ADD,
  },
  {
    name: 'a user share at MODIFY and an organisation share at VIEW',
    member: true,
    shares: (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }], orgshares: [{ org_id: c.org, permissions: VIEW }] }),
    expected: MODIFY,
  },
  { name: 'a user share at NONE (dropped)', shares: (c) => ({ usershares: [{ uid: c.caller, permissions: NONE }] }), expected: NONE },
  {
    name: 'an organisation share to an organisation they are not in',
    shares: (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
    expected: NONE,
  },
  { name: 'an outsider', expected: NONE },
];

type FolderCall =
  | 'GET /folders'
  | 'GET /drills?drill_id (a drill in it)'
  | 'GET /drills (its drills)'
  | 'POST /drills (file a new drill in it)'
  | 'POST /drills?drill_id (move their own drill into it)'
  | 'POST /folders?folder_id (rename)'
  | 'POST /folders?folder_id (reshare)'
  | 'DELETE /folders';
const folderCalls: FolderCall[] = [
  'GET /folders',
  'GET /drills?drill_id (a drill in it)',
  'GET /drills (its drills)',
  'POST /drills (file a new drill in it)',
  'POST /drills?drill_id (move their own drill into it)',
  'POST /folders?folder_id (rename)',
  'POST /folders?folder_id (reshare)',
  'DELETE /folders',
];

/** 404 for what the caller may not see; filing drills needs ADD; renaming, sharing and deleting are the owner's. */
function expectedFolderStatus(callName: FolderCall, p: number): number {
  if (callName === 'GET /folders' || callName === 'GET /drills (its drills)') return 200;
  if (p < VIEW) return 404;
  if (callName.startsWith('GET')) return 200;
  if (callName.startsWith('POST /drills')) return p >= ADD ? 200 : 403;
  return p === OWNER ? 200 : 403;
}

describe.each(folderReaches)('who may do what with a folder: $name', (reach) => {
  const w = {} as {
    owner: Golfer;
    caller: Golfer;
    shares: Shares;
    folder: FolderResponse;
    resharing: FolderResponse;
    doomed: FolderResponse;
    filed: DrillResponse[];
    doomedDrill: DrillResponse;
    loose: DrillResponse;
  };
  beforeAll(async () => {
    const owner = await golfer({ first_name: 'Casey', is_coach: true });
    const caller = reach.expected === OWNER ? owner : await golfer({ first_name: 'Nia' });
    const org = await buildOrg(server.db, {
      members: [{ uid: owner.uid, is_coach: true }, ...(reach.member ? [{ uid: caller.uid }] : [])],
    });
    const shares = reach.shares?.({ caller: caller.uid, org }) ?? {};
    // A user may only share with people they know: whoever the owner shares with shared something with them before.
    await acquaint(
      server.db,
      owner.uid,
      (shares.usershares ?? []).map((s) => s.uid),
    );
    const folder = await createFolder(owner, { name: 'Putting', ...shares });
    const resharing = await createFolder(owner, { name: 'Chipping', ...shares });
    const doomed = await createFolder(owner, { name: 'Bunker', ...shares });
    const filed = [
      await createDrill(owner, { title: 'Gate drill', folder_id: folder.folder_id }),
      await createDrill(owner, { title: 'Clock drill', folder_id: folder.folder_id }),
    ];
    const doomedDrill = await createDrill(owner, { title: 'Splash drill', folder_id: doomed.folder_id });
    const loose = await createDrill(caller, { title: 'Loose drill' });
    Object.assign(w, { owner, caller, shares, folder, resharing, doomed, filed, doomedDrill, loose });
  });

  it.each(folderCalls)('%s', async (callName) => {
    const p = reach.expected;
    const status = expectedFolderStatus(callName, p);
    const { caller, folder } = w;
    switch (callName) {
      case 'GET /folders': {
        const listed = (await foldersOf(caller)).filter((f) => f.uid === w.owner.uid);
        expect(listed.map((f) => [f.name, f.permissions, f.drills])).toEqual(
          p >= VIEW
            ? [
                ['Bunker', p, 1],
                ['Chipping', p, 0],
                ['Putting', p, 2],
              ]
            : [],
        );
        if (p >= VIEW)
          expect(listed[2]).toMatchObject({
            folder_id: folder.folder_id,
            uid: w.owner.uid,
            usershares: folder.usershares,
            orgshares: folder.orgshares,
          });
        return;
      }
      case 'GET /drills?drill_id (a drill in it)': {
        const res = await get(caller, `/drills?drill_id=${w.filed[0]!.drill_id}`);
        expect(res.statusCode).toBe(status);
        if (status === 200)
          expect(
            (res.json() as { drills: DrillResponse[] }).drills.map((d) => [d.folder_id, d.permissions, d.usershares, d.orgshares]),
          ).toEqual([[folder.folder_id, p, [], []]]);
        return;
      }
      case 'GET /drills (its drills)': {
        const listed = (await drillsOf(caller)).filter((d) => d.uid === w.owner.uid && d.drill_id !== w.loose.drill_id);
        expect(listed.map((d) => [d.title, d.permissions])).toEqual(
          p >= VIEW
            ? [
                ['Clock drill', p],
                ['Gate drill', p],
                ['Splash drill', p],
              ]
            : [],
        );
        return;
      }
      case 'POST /drills (file a new drill in it)': {
        const before = await tableCounts();
        const res = await post(caller, '/drills', gateDrill({ title: 'Filed by the caller', folder_id: folder.folder_id }));
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) expect(res.json()).toMatchObject({ uid: caller.uid, folder_id: folder.folder_id, permissions: OWNER });
        else expect(await tableCounts()).toEqual(before);
        return;
      }
      case 'POST /drills?drill_id (move their own drill into it)': {
        const res = await post(
          caller,
          `/drills?drill_id=${w.loose.drill_id}`,
          gateDrill({ title: 'Loose drill', folder_id: folder.folder_id }),
        );
        expect(res.statusCode, res.body).toBe(status);
        const [row] = await server.db.select().from(drills).where(eq(drills.drill_id, w.loose.drill_id));
        expect(row).toMatchObject({ uid: caller.uid, folder_id: status === 200 ? folder.folder_id : null });
        return;
      }
      case 'POST /folders?folder_id (rename)': {
        const before = await folderState(folder.folder_id);
        const res = await post(caller, `/folders?folder_id=${folder.folder_id}`, { name: 'Putting, winter', ...w.shares });
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) {
          expect(res.json()).toMatchObject({
            name: 'Putting, winter',
            permissions: OWNER,
            usershares: folder.usershares,
            orgshares: folder.orgshares,
          });
          expect(await folderState(folder.folder_id)).toEqual({ ...before, row: { ...before.row, name: 'Putting, winter' } });
        } else expect(await folderState(folder.folder_id)).toEqual(before);
        return;
      }
      case 'POST /folders?folder_id (reshare)': {
        const before = await folderState(w.resharing.folder_id);
        const res = await post(caller, `/folders?folder_id=${w.resharing.folder_id}`, { name: 'Chipping', usershares: [], orgshares: [] });
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) expect(await folderState(w.resharing.folder_id)).toEqual({ ...before, usershares: [], orgshares: [] });
        else expect(await folderState(w.resharing.folder_id)).toEqual(before);
        return;
      }
      case 'DELETE /folders': {
        const before = await folderState(w.doomed.folder_id);
        const res = await del(caller, `/folders?folder_id=${w.doomed.folder_id}`);
        expect(res.statusCode, res.body).toBe(status);
        if (status !== 200) {
          expect(await folderState(w.doomed.folder_id)).toEqual(before);
          return;
        }
        expect(await folderState(w.doomed.folder_id)).toEqual({ row: null, usershares: [], orgshares: [], drills: [] });
        // Its drill stays, unfiled.
        const [drill] = await server.db.select().from(drills).where(eq(drills.drill_id, w.doomedDrill.drill_id));
        expect(drill).toMatchObject({ uid: w.owner.uid, folder_id: null, title: 'Splash drill' });
        return;
      }
    }
  });
});

describe('a coach shares a folder with the organisation at VIEW', () => {
  const w = {} as { coach: Golfer; players: Golfer[]; outsider: Golfer; folder: FolderResponse; drills: DrillResponse[]; org: number };
  beforeAll(async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const players = [
      await golfer({ first_name: 'Nia', plan: null }),
      await golfer({ first_name: 'Omar', plan: null }),
      await golfer({ first_name: 'Pia' }),
    ];
    const outsider = await golfer({ first_name: 'Quinn' });
    const org = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, ...players.map((p) => ({ uid: p.uid }))] });
    const folder = await createFolder(coach, { name: 'Academy putting', orgshares: [{ org_id: org, permissions: VIEW }] });
    const filed = [
      await createDrill(coach, { title: 'Gate drill', folder_id: folder.folder_id }),
      await createDrill(coach, { title: 'Ladder drill', folder_id: folder.folder_id }),
    ];
    Object.assign(w, { coach, players, outsider, folder, drills: filed, org });
  });

  it.each([0, 1, 2])('player %i sees the folder and every drill in it at VIEW, and may not change them', async (i) => {
    const player = w.players[i]!;
    expect((await foldersOf(player)).map((f) => [f.folder_id, f.permissions, f.drills])).toEqual([[w.folder.folder_id, VIEW, 2]]);
    expect((await drillsOf(player)).map((d) => [d.drill_id, d.permissions])).toEqual(w.drills.map((d) => [d.drill_id, VIEW]));
    for (const d of w.drills) expect((await get(player, `/drills?drill_id=${d.drill_id}`)).statusCode).toBe(200);
    // Nia and Omar are free players: saving a drill needs premium before anything else; Pia is premium.
    const edit = await post(
      player,
      `/drills?drill_id=${w.drills[0]!.drill_id}`,
      gateDrill({ title: 'Mine', folder_id: w.folder.folder_id }),
    );
    expect([edit.statusCode, edit.json().code]).toEqual([403, i === 2 ? 'FORBIDDEN' : 'PREMIUM_REQUIRED']);
    expect((await del(player, `/drills?drill_id=${w.drills[0]!.drill_id}`)).statusCode).toBe(403);
    expect((await post(player, `/folders?folder_id=${w.folder.folder_id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect(await folderState(w.folder.folder_id)).toMatchObject({
      row: { name: 'Academy putting' },
      drills: w.drills.map((d) => d.drill_id),
    });
  });

  it('a player who joins later sees them too (decided when read)', async () => {
    const late = await golfer({ first_name: 'Rae', plan: null });
    expect(await drillsOf(late)).toEqual([]);
    await server.db.insert(orgMembers).values({ org_id: w.org, uid: late.uid });
    expect((await drillsOf(late)).map((d) => d.drill_id)).toEqual(w.drills.map((d) => d.drill_id));
  });

  const outsiderCalls: Array<[string, 'GET' | 'POST' | 'DELETE', (x: typeof w) => string, unknown]> = [
    ['GET /drills?drill_id', 'GET', (x) => `/drills?drill_id=${x.drills[0]!.drill_id}`, undefined],
    ['POST /drills?drill_id', 'POST', (x) => `/drills?drill_id=${x.drills[0]!.drill_id}`, gateDrill()],
    ['POST /drills into the folder', 'POST', () => '/drills', 'folder'],
    ['POST /folders?folder_id', 'POST', (x) => `/folders?folder_id=${x.folder.folder_id}`, { name: 'Mine' }],
    ['DELETE /folders', 'DELETE', (x) => `/folders?folder_id=${x.folder.folder_id}`, undefined],
    ['GET /drills/unshare', 'GET', (x) => `/drills/unshare?drill_id=${x.drills[0]!.drill_id}`, undefined],
  ];
  it.each(outsiderCalls)('a non-member gets 404 for %s, and nothing changes', async (_name, method, url, payload) => {
    const before = { folder: await folderState(w.folder.folder_id), counts: await tableCounts() };
    const body = payload === 'folder' ? gateDrill({ folder_id: w.folder.folder_id }) : payload;
    const res = await call(w.outsider, method, url(w), body);
    expect(res.statusCode, res.body).toBe(404);
    expect({ folder: await folderState(w.folder.folder_id), counts: await tableCounts() }).toEqual(before);
    expect(await foldersOf(w.outsider)).toEqual([]);
    expect(await drillsOf(w.outsider)).toEqual([]);
  });
});

describe("a drill in a folder inherits the folder's shares unless it has its own", () => {
  const cases: Array<
    [
      string,
      boolean,
      ((c: { caller: number; org: number }) => Shares) | null,
      ((c: { caller: number; org: number; other: number }) => Shares) | null,
      boolean,
      number,
    ]
  > = [
    // [name, member of the org, folder shares, drill's own shares, filed in the folder, expected permission on the drill]
    [
      'folder at MODIFY, no shares of its own',
      false,
      (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
      null,
      true,
      MODIFY,
    ],
    [
      'folder at MODIFY, its own share at VIEW: its own wins',
      false,
      (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
      (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }),
      true,
      VIEW,
    ],
    [
      'folder at VIEW, its own share at MODIFY',
      false,
      (c) => ({ usershares: [{ uid: c.caller, permissions: VIEW }] }),
      (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
      true,
      MODIFY,
    ],
    [
      'folder at MODIFY, its own shares to someone else: not seen',
      false,
      (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
      (c) => ({ usershares: [{ uid: c.other, permissions: VIEW }] }),
      true,
      NONE,
    ],
    ['folder not shared, its own share at ADD', false, null, (c) => ({ usershares: [{ uid: c.caller, permissions: ADD }] }), true, ADD],
    [
      'folder shared with the organisation at VIEW, its own organisation share at MODIFY',
      true,
      (c) => ({ orgshares: [{ org_id: c.org, permissions: VIEW }] }),
      (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
      true,
      MODIFY,
    ],
    [
      'folder shared with the organisation, its own share to a user only',
      true,
      (c) => ({ orgshares: [{ org_id: c.org, permissions: MODIFY }] }),
      (c) => ({ usershares: [{ uid: c.other, permissions: VIEW }] }),
      true,
      NONE,
    ],
    [
      'a shared folder, the drill not filed in it',
      false,
      (c) => ({ usershares: [{ uid: c.caller, permissions: MODIFY }] }),
      null,
      false,
      NONE,
    ],
  ];
  it.each(cases)('%s', async (_name, member, folderShares, drillShares, filed, expected) => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const caller = await golfer({ first_name: 'Nia' });
    const other = await golfer({ first_name: 'Omar' });
    const org = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, ...(member ? [{ uid: caller.uid }] : [])] });
    const ofFolder = folderShares?.({ caller: caller.uid, org }) ?? {};
    const ofDrill = drillShares?.({ caller: caller.uid, org, other: other.uid }) ?? {};
    // A user may only share with people they know: whoever the coach shares with shared something with them before.
    await acquaint(
      server.db,
      coach.uid,
      [...(ofFolder.usershares ?? []), ...(ofDrill.usershares ?? [])].map((s) => s.uid),
    );
    const folder = await createFolder(coach, ofFolder);
    const drill = await createDrill(coach, { folder_id: filed ? folder.folder_id : null, ...ofDrill });
    const one = await get(caller, `/drills?drill_id=${drill.drill_id}`);
    expect(one.statusCode).toBe(expected >= VIEW ? 200 : 404);
    if (expected >= VIEW) expect((one.json() as { drills: DrillResponse[] }).drills[0]!.permissions).toBe(expected);
    expect((await drillsOf(caller)).map((d) => d.drill_id)).toEqual(expected >= VIEW ? [drill.drill_id] : []);
    // The folder counts only the drills the caller may see.
    const listed = (await foldersOf(caller)).find((f) => f.folder_id === folder.folder_id);
    if (listed) expect(listed.drills).toBe(expected >= VIEW ? 1 : 0);
    // Whoever may modify the drill may save it; a MODIFY share of the drill's own does not let them share it.
    const edit = await post(caller, `/drills?drill_id=${drill.drill_id}`, gateDrill({ title: 'Edited', folder_id: drill.folder_id }));
    expect(edit.statusCode).toBe(expected >= MODIFY ? 200 : expected >= VIEW ? 403 : 404);
  });

  it('moving a drill out of its folder ends what the folder gave; the owner always keeps it', async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const player = await golfer({ first_name: 'Nia' });
    await acquaint(server.db, coach.uid, [player.uid]);
    const folder = await createFolder(coach, { usershares: [{ uid: player.uid, permissions: VIEW }] });
    const drill = await createDrill(coach, { folder_id: folder.folder_id });
    expect((await drillsOf(player)).map((d) => d.drill_id)).toEqual([drill.drill_id]);
    expect((await post(coach, `/drills?drill_id=${drill.drill_id}`, gateDrill({ folder_id: null }))).statusCode).toBe(200);
    expect(await drillsOf(player)).toEqual([]);
    expect((await get(player, `/drills?drill_id=${drill.drill_id}`)).statusCode).toBe(404);
    expect((await drillsOf(coach)).map((d) => [d.drill_id, d.permissions, d.folder_id])).toEqual([[drill.drill_id, OWNER, null]]);
  });

  it("a drill filed by a user with ADD stays theirs; the folder's other viewers see it through the folder", async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const assistant = await golfer({ first_name: 'Robin', is_coach: true });
    const player = await golfer({ first_name: 'Nia', plan: null });
    // A user may only share with people they know: the three are of one club (not acquainted by a
    // shared folder, which would come first in the coach's folder list).
    await buildOrg(server.db, {
      members: [{ uid: coach.uid, is_coach: true }, { uid: assistant.uid, is_coach: true }, { uid: player.uid }],
    });
    const folder = await createFolder(coach, {
      usershares: [
        { uid: assistant.uid, permissions: ADD },
        { uid: player.uid, permissions: VIEW },
      ],
    });
    const filed = await createDrill(assistant, { title: "Robin's ladder", folder_id: folder.folder_id });
    expect(filed).toMatchObject({ uid: assistant.uid, folder_id: folder.folder_id, permissions: OWNER });
    expect((await drillsOf(player)).map((d) => [d.drill_id, d.permissions])).toEqual([[filed.drill_id, VIEW]]);
    expect((await foldersOf(coach))[0]).toMatchObject({ folder_id: folder.folder_id, drills: 1 });
  });

  // Only a drill's owner owns it: whoever reaches it through a folder they own gets MODIFY.
  const takeovers: Array<
    [string, 'POST' | 'DELETE' | 'GET', (drillId: number, folderId: number) => string, (folderId: number) => unknown, number]
  > = [
    ['sees it at MODIFY', 'GET', (d) => `/drills?drill_id=${d}`, () => undefined, 200],
    ['changes it', 'POST', (d) => `/drills?drill_id=${d}`, (f) => gateDrill({ title: 'Edited', folder_id: f }), 200],
    ['may not share it (403)', 'POST', (d) => `/drills?drill_id=${d}`, (f) => gateDrill({ folder_id: f, usershares: [] }), 403],
    ['may not delete it (403)', 'DELETE', (d) => `/drills?drill_id=${d}`, () => undefined, 403],
  ];
  describe.each([
    ['the owner of the folder a user with ADD filed it in', 'filed'],
    ['a user with MODIFY through a folder who moved it into their own folder', 'moved'],
  ] as const)('%s', (_name, how) => {
    it.each(takeovers)('%s', async (_what, method, url, body, status) => {
      const coach = await golfer({ first_name: 'Casey', is_coach: true });
      const other = await golfer({ first_name: 'Robin', is_coach: true });
      let drill: DrillResponse;
      let folderId: number;
      let taker: Golfer;
      await acquaint(server.db, coach.uid, [other.uid]);
      if (how === 'filed') {
        folderId = (await createFolder(coach, { usershares: [{ uid: other.uid, permissions: ADD }] })).folder_id;
        drill = await createDrill(other, { title: "Robin's ladder", folder_id: folderId });
        taker = coach;
      } else {
        const shared = await createFolder(coach, { usershares: [{ uid: other.uid, permissions: MODIFY }] });
        drill = await createDrill(coach, { title: "Casey's gate", folder_id: shared.folder_id });
        folderId = (await createFolder(other, { name: "Robin's own" })).folder_id;
        const moved = await post(other, `/drills?drill_id=${drill.drill_id}`, gateDrill({ title: "Casey's gate", folder_id: folderId }));
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).toMatchObject({ uid: coach.uid, folder_id: folderId, permissions: MODIFY });
        taker = other;
      }
      const before = await server.db.select().from(drills).where(eq(drills.drill_id, drill.drill_id));
      const res = await call(taker, method, url(drill.drill_id, folderId), body(folderId));
      expect(res.statusCode, res.body).toBe(status);
      if (method === 'GET')
        expect((res.json() as { drills: DrillResponse[] }).drills[0]).toMatchObject({ uid: drill.uid, permissions: MODIFY });
      if (status === 403) expect(await server.db.select().from(drills).where(eq(drills.drill_id, drill.drill_id))).toEqual(before);
      // Its owner still owns it.
      expect((await drillsOf(drill.uid === coach.uid ? coach : other)).find((d) => d.drill_id === drill.drill_id)).toMatchObject({
        permissions: OWNER,
      });
    });
  });
});

describe('FOLDER_SHARED: users a save newly reaches are told, once', () => {
  it('by a user share and by an organisation share, not the owner, not again on a re-save', async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const [nia, omar, pia, rae, sam] = await Promise.all(
      ['Nia', 'Omar', 'Pia', 'Rae', 'Sam'].map((first_name) => golfer({ first_name, plan: null })),
    );
    const org = await buildOrg(server.db, {
      members: [{ uid: coach.uid, is_coach: true }, { uid: nia!.uid }, { uid: omar!.uid }, { uid: pia!.uid }],
    });
    // Rae is no member: the coach may share with her because she shared something with them before.
    await acquaint(server.db, coach.uid, [rae!.uid]);
    const toldOf = async () =>
      (
        await server.db
          .select()
          .from(notifications)
          .where(inArray(notifications.uid, [coach.uid, nia!.uid, omar!.uid, pia!.uid, rae!.uid, sam!.uid]))
          .orderBy(notifications.notify_id)
      ).map((n) => n.uid);
    let folderId: number | null = null;
    // Each save and who hears of it for the first time.
    const steps: Array<[string, (org: number) => Shares & { name: string }, number[]]> = [
      [
        'created for Nia (user share) and the organisation: every member but the owner, Nia once',
        () => ({ name: 'Putting', usershares: [{ uid: nia!.uid, permissions: VIEW }], orgshares: [{ org_id: org, permissions: VIEW }] }),
        [nia!.uid, omar!.uid, pia!.uid],
      ],
      [
        'renamed with the same shares: nobody',
        () => ({
          name: 'Putting, winter',
          usershares: [{ uid: nia!.uid, permissions: VIEW }],
          orgshares: [{ org_id: org, permissions: VIEW }],
        }),
        [],
      ],
      [
        'Nia raised to MODIFY: nobody',
        () => ({
          name: 'Putting, winter',
          usershares: [{ uid: nia!.uid, permissions: MODIFY }],
          orgshares: [{ org_id: org, permissions: ADD }],
        }),
        [],
      ],
      [
        'Rae added: Rae only',
        () => ({
          name: 'Putting, winter',
          usershares: [
            { uid: nia!.uid, permissions: MODIFY },
            { uid: rae!.uid, permissions: VIEW },
          ],
          orgshares: [{ org_id: org, permissions: ADD }],
        }),
        [rae!.uid],
      ],
      [
        'the organisation dropped: nobody',
        () => ({
          name: 'Putting, winter',
          usershares: [
            { uid: nia!.uid, permissions: MODIFY },
            { uid: rae!.uid, permissions: VIEW },
          ],
        }),
        [],
      ],
      [
        'the organisation shared again: its members not reached by a user share',
        () => ({
          name: 'Putting, winter',
          usershares: [
            { uid: nia!.uid, permissions: MODIFY },
            { uid: rae!.uid, permissions: VIEW },
          ],
          orgshares: [{ org_id: org, permissions: VIEW }],
        }),
        [omar!.uid, pia!.uid],
      ],
      [
        'Sam at NONE and the owner themself: nobody',
        () => ({
          name: 'Putting, winter',
          usershares: [
            { uid: nia!.uid, permissions: MODIFY },
            { uid: rae!.uid, permissions: VIEW },
            { uid: sam!.uid, permissions: NONE },
            { uid: coach.uid, permissions: MODIFY },
          ],
          orgshares: [{ org_id: org, permissions: VIEW }],
        }),
        [],
      ],
    ];
    for (const [step, body, expected] of steps) {
      const before = await toldOf();
      const res = await post(coach, folderId === null ? '/folders' : `/folders?folder_id=${folderId}`, body(org));
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      folderId = (res.json() as FolderResponse).folder_id;
      expect((await toldOf()).slice(before.length).sort(), step).toEqual([...expected].sort());
    }
    const [first] = await server.db.select().from(notifications).where(eq(notifications.uid, omar!.uid)).orderBy(notifications.notify_id);
    expect(first).toMatchObject({
      type: 'FOLDER_SHARED',
      title: 'A drill folder was shared with you',
      body: 'Casey Golfer shared the drills of "Putting" with you.',
      nav_loc: `drills?folder_id=${folderId}`,
    });
  });

  it('a refused share tells nobody and stores nothing', async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const nia = await golfer({ first_name: 'Nia', plan: null });
    // Nia alone could be shared with; the uid that does not exist spoils the whole save.
    await acquaint(server.db, coach.uid, [nia.uid]);
    const before = await tableCounts();
    const res = await post(coach, '/folders', {
      name: 'Putting',
      usershares: [
        { uid: nia.uid, permissions: VIEW },
        { uid: 999_999, permissions: VIEW },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('a folder that does not exist: 404, with a warning in the log (a permission asked over no folders is NONE)', () => {
  const cases: Array<[string, 'POST' | 'DELETE', (id: number, own: number) => string, (id: number) => unknown]> = [
    ['renaming it', 'POST', (id) => `/folders?folder_id=${id}`, () => ({ name: 'Putting' })],
    ['deleting it', 'DELETE', (id) => `/folders?folder_id=${id}`, () => undefined],
    ['filing a new drill in it', 'POST', () => '/drills', (id) => gateDrill({ folder_id: id })],
    ['moving a drill into it', 'POST', (_id, own) => `/drills?drill_id=${own}`, (id) => gateDrill({ folder_id: id })],
  ];
  it.each(cases)('%s', async (_name, method, url, body) => {
    const golfer1 = await golfer();
    const own = await createDrill(golfer1);
    const gone = await createFolder(golfer1, { name: 'Gone' });
    expect((await del(golfer1, `/folders?folder_id=${gone.folder_id}`)).statusCode).toBe(200);
    for (const folderId of [999_999, gone.folder_id]) {
      const before = await tableCounts();
      const logged = server.logs.length;
      const res = await call(golfer1, method, url(folderId, own.drill_id), body(folderId));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'No such folder', code: 'NOT_FOUND' });
      expect(await tableCounts()).toEqual(before);
      const warnings = server.logs.slice(logged).map((line) => JSON.parse(line) as { level: number; msg: string; uid?: number });
      expect(warnings).toContainEqual(
        expect.objectContaining({ level: 40, msg: 'folder permission asked over no folders: NONE', uid: golfer1.uid }),
      );
    }
    const [row] = await server.db.select().from(drills).where(eq(drills.drill_id, own.drill_id));
    expect(row?.folder_id).toBeNull();
  });
});

describe('POST /folders: bad input is a 400 and changes nothing', () => {
  const bad: Array<[string, (ids: { user: number }) => unknown, string]> = [
    ['no name', () => ({}), 'name'],
    ['a blank name', () => ({ name: '   ' }), 'name'],
    ['a name of 61 characters', () => ({ name: 'n'.repeat(61) }), 'name'],
    ['a name on two lines', () => ({ name: 'Putting\nwinter' }), 'name'],
    ['a name with a bidi override', () => ({ name: 'Putt\u202eing' }), 'name'],
    ['a name with a NUL', () => ({ name: 'Putt\u0000ing' }), 'name'],
    ['a name with a zero-width joiner', () => ({ name: 'Putt\u200ding' }), 'name'],
    [
      'a share with an unknown permission',
      (ids) => ({ name: 'Putting', usershares: [{ uid: ids.user, permissions: 4 }] }),
      'usershares.0.permissions',
    ],
    ['a share to a user who does not exist', () => ({ name: 'Putting', usershares: [{ uid: 999_999, permissions: VIEW }] }), 'usershares'],
    [
      'a share to an organisation that does not exist',
      () => ({ name: 'Putting', orgshares: [{ org_id: 999_999, permissions: VIEW }] }),
      'orgshares',
    ],
    ['usershares that is not a list', () => ({ name: 'Putting', usershares: { uid: 1 } }), 'usershares'],
  ];
  let owner: Golfer;
  let friend: Golfer;
  let existing: FolderResponse;
  beforeAll(async () => {
    owner = await golfer({ first_name: 'Casey' });
    friend = await golfer({ plan: null });
    await acquaint(server.db, owner.uid, [friend.uid]);
    existing = await createFolder(owner, { name: 'Putting', usershares: [{ uid: friend.uid, permissions: VIEW }] });
  });

  it.each(bad)('create: %s', async (_name, body, field) => {
    const before = await tableCounts();
    const res = await post(owner, '/folders', body({ user: friend.uid }));
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toContain(field);
    expect(await tableCounts()).toEqual(before);
  });

  it.each(bad)('update: %s', async (_name, body, field) => {
    const before = { folder: await folderState(existing.folder_id), counts: await tableCounts() };
    const res = await post(owner, `/folders?folder_id=${existing.folder_id}`, body({ user: friend.uid }));
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toContain(field);
    expect({ folder: await folderState(existing.folder_id), counts: await tableCounts() }).toEqual(before);
  });

  it.each([['folder_id=abc'], ['folder_id=0']])('a malformed %s is a 400', async (query) => {
    expect((await post(owner, `/folders?${query}`, { name: 'Putting' })).statusCode).toBe(400);
    expect((await del(owner, `/folders?${query}`)).statusCode).toBe(400);
  });
});

describe('GET /folders', () => {
  it("lists the caller's folders and those shared with them, by name whatever the case, with the drills they may see", async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const player = await golfer({ first_name: 'Nia' });
    const stranger = await golfer({ first_name: 'Quinn' });
    const org = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: player.uid }] });
    const mine = await createFolder(player, { name: 'my range work' });
    const shared = await createFolder(coach, { name: 'Academy', orgshares: [{ org_id: org, permissions: VIEW }] });
    const hidden = await createFolder(coach, { name: 'Coach only' });
    await createFolder(stranger, { name: 'Another club' });
    // The coach may share a drill with Quinn only if they know each other: the coach also coaches at
    // Quinn's club (not a shared folder, which would appear in the folder lists asserted below).
    await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: stranger.uid }] });
    await createDrill(coach, { folder_id: shared.folder_id });
    await createDrill(coach, { folder_id: shared.folder_id, usershares: [{ uid: stranger.uid, permissions: VIEW }] });
    await createDrill(player, { folder_id: mine.folder_id });
    await createDrill(coach, { folder_id: hidden.folder_id });
    expect((await foldersOf(player)).map((f) => [f.name, f.uid, f.permissions, f.drills])).toEqual([
      ['Academy', coach.uid, VIEW, 1],
      ['my range work', player.uid, OWNER, 1],
    ]);
    expect((await foldersOf(coach)).map((f) => [f.name, f.permissions, f.drills])).toEqual([
      ['Academy', OWNER, 2],
      ['Coach only', OWNER, 1],
    ]);
    expect((await server.app.inject({ url: '/v4/folders' })).statusCode).toBe(401);
  });

  it('deleting a folder leaves every drill in it unfiled, whoever filed it; those who saw them through it no longer do', async () => {
    const coach = await golfer({ first_name: 'Casey', is_coach: true });
    const assistant = await golfer({ first_name: 'Robin', is_coach: true });
    const player = await golfer({ first_name: 'Nia', plan: null });
    // A user may only share with people they know: the three are of one club (not acquainted by a
    // shared folder, which would stay in the player's folder list asserted empty below).
    await buildOrg(server.db, {
      members: [{ uid: coach.uid, is_coach: true }, { uid: assistant.uid, is_coach: true }, { uid: player.uid }],
    });
    const folder = await createFolder(coach, {
      usershares: [
        { uid: assistant.uid, permissions: ADD },
        { uid: player.uid, permissions: VIEW },
      ],
    });
    const own = await createDrill(coach, { folder_id: folder.folder_id });
    const theirs = await createDrill(assistant, { title: "Robin's ladder", folder_id: folder.folder_id });
    const sharedOwn = await createDrill(coach, {
      title: 'Shared on its own',
      folder_id: folder.folder_id,
      usershares: [{ uid: player.uid, permissions: VIEW }],
    });
    expect((await drillsOf(player)).map((d) => d.drill_id).sort()).toEqual([own.drill_id, theirs.drill_id, sharedOwn.drill_id].sort());
    expect((await del(coach, `/folders?folder_id=${folder.folder_id}`)).json()).toEqual({ ok: true });
    expect(await folderState(folder.folder_id)).toEqual({ row: null, usershares: [], orgshares: [], drills: [] });
    const rows = await server.db
      .select()
      .from(drills)
      .where(inArray(drills.drill_id, [own.drill_id, theirs.drill_id, sharedOwn.drill_id]))
      .orderBy(drills.drill_id);
    expect(rows.map((r) => [r.drill_id, r.uid, r.folder_id])).toEqual([
      [own.drill_id, coach.uid, null],
      [theirs.drill_id, assistant.uid, null],
      [sharedOwn.drill_id, coach.uid, null],
    ]);
    expect((await drillsOf(player)).map((d) => d.drill_id)).toEqual([sharedOwn.drill_id]);
    expect((await drillsOf(assistant)).map((d) => d.drill_id)).toEqual([theirs.drill_id]);
    expect(await foldersOf(player)).toEqual([]);
  });
});
