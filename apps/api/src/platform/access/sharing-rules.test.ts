import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PERMISSIONS, SUBSCRIPTION_LEVELS } from '@holeout/golf';
import {
  drillOrgShares,
  drillUserShares,
  drills,
  eventHides,
  eventOrgShares,
  eventTags,
  eventUserShares,
  events,
  folderOrgShares,
  folderUserShares,
  folders,
  notifications,
  rounds,
  settings,
  tagOrgShares,
  tagUserShares,
  tags,
} from '../../db/schema/index.ts';
import { acquaint, buildOrg, buildSubscription, buildUser, issueTokenFor } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody } from '../../test/events-testing.ts';

/**
 * Who may be given a share, the same for every shareable write: a user only if the sharer knows them
 * (a fellow member of one of their organisations, or someone who shared something with them,
 * directly or through one of their organisations), an organisation only if the sharer belongs to
 * it; a target the item already holds stays. A refused write is a 400 naming the field that changes
 * nothing, and says nothing about which uids exist.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const { VIEW } = PERMISSIONS;
type Person = { uid: number; token: string };
type UserShare = { uid: number; permissions: number };
type OrgShare = { org_id: number; permissions: number };
type Shares = { usershares: UserShare[]; orgshares: OrgShare[] };

/** A user with a bearer token; premium when told (drills and folders need it). */
async function person(first_name: string, premium = false): Promise<Person> {
  const user = await buildUser(server.db, { first_name, last_name: 'Golfer' });
  if (premium) await buildSubscription(server.db, { purchaser: user.uid, level: SUBSCRIPTION_LEVELS.PREMIUM });
  return { uid: user.uid, token: await issueTokenFor(server, user.uid) };
}

const send = (who: Person, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/v4${url}`,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** POSTs and answers the body, or throws naming what failed. */
async function created<T>(who: Person, url: string, payload: unknown): Promise<T> {
  const res = await send(who, 'POST', url, payload);
  if (res.statusCode !== 200) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const peopleOf = async (who: Person) =>
  ((await send(who, 'GET', '/people')).json() as { people: Array<{ uid: number }> }).people.map((p) => p.uid);

/** Every table a share, an item or a notice is written to. */
const WRITTEN = {
  events,
  rounds,
  event_user_shares: eventUserShares,
  event_org_shares: eventOrgShares,
  event_tags: eventTags,
  event_hides: eventHides,
  drills,
  drill_user_shares: drillUserShares,
  drill_org_shares: drillOrgShares,
  folders,
  folder_user_shares: folderUserShares,
  folder_org_shares: folderOrgShares,
  tags,
  tag_user_shares: tagUserShares,
  tag_org_shares: tagOrgShares,
  notifications,
  settings,
};

/** Every row of those tables, as text in a stable order: a refused write leaves all of it as it was. */
async function snapshot(): Promise<Record<string, string[]>> {
  // The mail pump runs after each signed-in write and marks the e-mail copies of notices: an earlier
  // write's copies are all handled first, so only the write under test could change a row.
  await server.app.notifier.idle();
  await server.app.notifier.pump();
  await server.app.notifier.idle();
  const tables: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(WRITTEN)) {
    const result = await server.db.execute(sql`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`);
    tables[name] = (result as unknown as { rows: Array<{ row: string }> }).rows.map((r) => r.row);
  }
  return tables;
}

/** The people and organisations of the matrix, and the sharer's items its changes are made to. */
const w = {} as {
  sharer: Person;
  fellow: Person;
  stranger: Person;
  sharedByFolder: Person;
  sharedByNote: Person;
  sharedIntoClub: Person;
  sharedWithEarlier: Person;
  club: number;
  foreignOrg: number;
  heldNote: number;
  practice: number;
  batch: [number, number];
  drill: number;
  folder: number;
  tag: { tag_id: number; name: string };
};

beforeAll(async () => {
  const sharer = await person('Sam', true);
  const fellow = await person('Fay');
  const stranger = await person('Quinn');
  const sharedByFolder = await person('Lee');
  const sharedByNote = await person('Nia');
  const sharedIntoClub = await person('Omar', true);
  const sharedWithEarlier = await person('Pia');
  const foreigner = await person('Rae');
  const club = await buildOrg(server.db, {
    members: [sharer, fellow, sharedByNote, sharedIntoClub, sharedWithEarlier].map((p) => ({ uid: p.uid })),
  });
  const foreignOrg = await buildOrg(server.db, { members: [{ uid: foreigner.uid }] });
  // Lee shared an empty folder with Sam.
  await acquaint(server.db, sharer.uid, [sharedByFolder.uid]);
  // While club-mates: Nia shared a note with Sam, Omar a folder with the club, and Sam a note with Pia.
  await created(sharedByNote, '/events', buildEventBody({ event_type: 'NOTE', usershares: [{ uid: sharer.uid, permissions: VIEW }] }));
  await created(sharedIntoClub, '/folders', { name: 'Club putting', orgshares: [{ org_id: club, permissions: VIEW }] });
  const heldNote = await created<{ event_id: number }>(
    sharer,
    '/events',
    buildEventBody({
      event_type: 'NOTE',
      title: 'For Pia',
      usershares: [{ uid: sharedWithEarlier.uid, permissions: VIEW }],
      orgshares: [],
    }),
  );
  // Then the three left the club (leaving withdraws one's event and tag shares into it, not folder
  // shares): Sam knows Nia by her note and Omar by his folder, and Pia no longer at all (having
  // shared something with someone is no way to know them).
  for (const leaver of [sharedByNote, sharedIntoClub, sharedWithEarlier]) {
    const res = await send(leaver, 'GET', `/orgs/leave?org_id=${club}`);
    if (res.statusCode !== 200) throw new Error(`leaving failed: ${res.statusCode} ${res.body}`);
  }
  const none = { usershares: [], orgshares: [] };
  const newEvent = async (title: string) =>
    (await created<{ event_id: number }>(sharer, '/events', buildEventBody({ event_type: 'PRACTICE', title, ...none }))).event_id;
  Object.assign(w, {
    sharer,
    fellow,
    stranger,
    sharedByFolder,
    sharedByNote,
    sharedIntoClub,
    sharedWithEarlier,
    club,
    foreignOrg,
    heldNote: heldNote.event_id,
    practice: await newEvent('Range session'),
    batch: [await newEvent('Short game'), await newEvent('Lag putting')],
    drill: (await created<{ drill_id: number }>(sharer, '/drills', { ...drillBody('Gate drill'), ...none })).drill_id,
    folder: (await created<{ folder_id: number }>(sharer, '/folders', { name: 'Putting', ...none })).folder_id,
    tag: await created<{ tag_id: number; name: string }>(sharer, '/tags', { name: 'Winter', ...none }),
  });
});

function drillBody(title: string) {
  return { title, fields: [{ key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10 }], score_field: 'made' };
}

let tagNames = 0;

/** Each write that gives shares, made by the sharer; `shared` is what the answer says the items are shared with. */
interface Write {
  name: string;
  send: (shares: Shares) => Promise<LightMyRequestResponse>;
  shared: (body: unknown) => Shares[];
}
const one = (body: unknown) => [body as Shares];
const WRITES: Write[] = [
  {
    name: 'POST /events (a new note)',
    send: (shares) => send(w.sharer, 'POST', '/events', buildEventBody({ event_type: 'NOTE', title: 'Swing thought', ...shares })),
    shared: one,
  },
  {
    name: "POST /events?event_id= (the owner changes a practice's shares)",
    send: (shares) =>
      send(
        w.sharer,
        'POST',
        `/events?event_id=${w.practice}`,
        buildEventBody({ event_type: 'PRACTICE', title: 'Range session', ...shares }),
      ),
    shared: one,
  },
  {
    name: 'POST /events/batch (two of their events)',
    send: (shares) => send(w.sharer, 'POST', `/events/batch?event_ids=${w.batch.join(',')}`, shares),
    shared: (body) => (body as { events: Shares[] }).events,
  },
  {
    name: 'POST /drills (a new drill)',
    send: (shares) => send(w.sharer, 'POST', '/drills', { ...drillBody('Clock drill'), ...shares }),
    shared: one,
  },
  {
    name: "POST /drills?drill_id= (the owner changes a drill's shares)",
    send: (shares) => send(w.sharer, 'POST', `/drills?drill_id=${w.drill}`, { ...drillBody('Gate drill'), ...shares }),
    shared: one,
  },
  {
    name: 'POST /folders (a new folder)',
    send: (shares) => send(w.sharer, 'POST', '/folders', { name: 'Chipping', ...shares }),
    shared: one,
  },
  {
    name: "POST /folders?folder_id= (the owner changes a folder's shares)",
    send: (shares) => send(w.sharer, 'POST', `/folders?folder_id=${w.folder}`, { name: 'Putting', ...shares }),
    shared: one,
  },
  {
    name: 'POST /tags (a new tag)',
    send: (shares) => send(w.sharer, 'POST', '/tags', { name: `Camp ${++tagNames}`, ...shares }),
    shared: one,
  },
  {
    name: "POST /tags?tag_id= (the owner changes a tag's shares)",
    send: (shares) => send(w.sharer, 'POST', `/tags?tag_id=${w.tag.tag_id}`, { name: w.tag.name, ...shares }),
    shared: one,
  },
];

const MISSING_UID = 999_999;
const MISSING_ORG = 999_999;
const LARGEST_ID = 2_147_483_647;

/** A share target and what giving it answers: 200, or a 400 naming usershares or orgshares. */
interface Target {
  name: string;
  user?: () => number;
  org?: () => number;
  allowed: boolean;
}
const TARGETS: Target[] = [
  { name: "a stranger's uid", user: () => w.stranger.uid, allowed: false },
  { name: 'a uid that does not exist', user: () => MISSING_UID, allowed: false },
  { name: `the largest id, ${LARGEST_ID}`, user: () => LARGEST_ID, allowed: false },
  { name: 'a fellow member of their organisation', user: () => w.fellow.uid, allowed: true },
  { name: 'someone who shared a folder with them', user: () => w.sharedByFolder.uid, allowed: true },
  { name: 'someone who shared a note with them (no longer a club-mate)', user: () => w.sharedByNote.uid, allowed: true },
  { name: 'someone who shared a folder with their organisation (no longer a member)', user: () => w.sharedIntoClub.uid, allowed: true },
  { name: 'someone they shared another item with earlier and know no other way', user: () => w.sharedWithEarlier.uid, allowed: false },
  { name: 'an organisation they belong to', org: () => w.club, allowed: true },
  { name: 'an organisation they do not belong to', org: () => w.foreignOrg, allowed: false },
  { name: 'an organisation that does not exist', org: () => MISSING_ORG, allowed: false },
  { name: `the largest id as an organisation, ${LARGEST_ID}`, org: () => LARGEST_ID, allowed: false },
];

const sharesTo = (target: Target): Shares => ({
  usershares: target.user ? [{ uid: target.user(), permissions: VIEW }] : [],
  orgshares: target.org ? [{ org_id: target.org(), permissions: VIEW }] : [],
});

/** The refusal a target out of reach gets: the same words for a uid that does not exist and one the sharer may not reach. */
function refusal(target: Target) {
  const [field, message] = target.user
    ? ['usershares', `there is no user ${target.user()} you can share with`]
    : ['orgshares', `there is no organisation ${target.org!()} of yours to share with`];
  return { error: `${field}: ${message}`, code: 'VALIDATION_ERROR', details: [{ field, message, in: 'body' }] };
}

describe.each(WRITES)('$name', (write) => {
  it.each(TARGETS)('to $name', async (target) => {
    const before = await snapshot();
    const res = await write.send(sharesTo(target));
    if (!target.allowed) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refusal(target));
      expect(await snapshot()).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const shared = write.shared(res.json());
    expect(shared.length).toBeGreaterThan(0);
    for (const item of shared) {
      if (target.user) expect(item.usershares).toEqual([{ uid: target.user(), permissions: VIEW }]);
      if (target.org) expect(item.orgshares).toEqual([{ org_id: target.org(), permissions: VIEW }]);
    }
  });

  it('answers a uid past the id range (2147483648) with a 400 naming it, and changes nothing', async () => {
    const before = await snapshot();
    const res = await write.send({ usershares: [{ uid: LARGEST_ID + 1, permissions: VIEW }], orgshares: [] });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(['usershares.0.uid']);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a stranger's uid and a uid that does not exist alike, byte for byte but for the uid asked for", async () => {
    const answer = async (uid: number) => {
      const res = await write.send({ usershares: [{ uid, permissions: VIEW }], orgshares: [] });
      // What differs from one request to the next anyway: the request id, and the length the uid's digits make.
      const { date: _date, 'x-request-id': _request, 'content-length': _length, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.body.split(`user ${uid} `).join('user N ') };
    };
    const stranger = await answer(w.stranger.uid);
    const missing = await answer(MISSING_UID);
    expect(stranger.body).toContain('there is no user N you can share with');
    expect(stranger).toEqual(missing);
  });
});

describe('a share the item already holds stays, though the sharer could not give it now', () => {
  it('the owner edits a note still shared with someone they no longer know; adding a stranger is refused', async () => {
    const edit = (usershares: UserShare[]) =>
      send(
        w.sharer,
        'POST',
        `/events?event_id=${w.heldNote}`,
        buildEventBody({ event_type: 'NOTE', title: 'For Pia, edited', usershares, orgshares: [] }),
      );
    const pia = { uid: w.sharedWithEarlier.uid, permissions: VIEW };
    const before = await snapshot();
    const refused = await edit([pia, { uid: w.stranger.uid, permissions: VIEW }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(refusal({ name: 'stranger', user: () => w.stranger.uid, allowed: false }));
    expect(await snapshot()).toEqual(before);
    const kept = await edit([pia]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'For Pia, edited', usershares: [pia] });
  });

  it('a folder shared into an organisation its owner has left keeps that share; a new folder may not be shared there', async () => {
    const owner = await person('Casey', true);
    const academy = await buildOrg(server.db, { members: [{ uid: owner.uid }] });
    const academyShare = { org_id: academy, permissions: VIEW };
    const folder = await created<{ folder_id: number }>(owner, '/folders', { name: 'Academy putting', orgshares: [academyShare] });
    expect((await send(owner, 'GET', `/orgs/leave?org_id=${academy}`)).statusCode).toBe(200);
    const renamed = await send(owner, 'POST', `/folders?folder_id=${folder.folder_id}`, {
      name: 'Academy putting, winter',
      orgshares: [academyShare],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Academy putting, winter', orgshares: [academyShare] });
    const before = await snapshot();
    const another = await send(owner, 'POST', '/folders', { name: 'Academy chipping', orgshares: [academyShare] });
    expect(another.statusCode, another.body).toBe(400);
    expect(another.json()).toEqual(refusal({ name: 'academy', org: () => academy, allowed: false }));
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /people', () => {
  it('a stranger sharing a private note with uid N never makes GET /people of N or of the stranger list the other', async () => {
    const stranger = await person('Quinn');
    const target = await person('Nia');
    const before = await snapshot();
    for (const share of ['SHARE_SELF', 'SHARE_SELECTED']) {
      const res = await send(
        stranger,
        'POST',
        '/events',
        buildEventBody({ event_type: 'NOTE', title: 'Hello', share, usershares: [{ uid: target.uid, permissions: VIEW }], orgshares: [] }),
      );
      expect(res.statusCode, `${share}: ${res.body}`).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect(await peopleOf(stranger)).not.toContain(target.uid);
    expect(await peopleOf(target)).not.toContain(stranger.uid);
  });
});

describe('a share to uid N on a private note, stored before sharing needed acquaintance', () => {
  const p = {} as { stranger: Person; target: Person; note: number };
  beforeAll(async () => {
    const stranger = await person('Quinn');
    const target = await person('Nia');
    const [note] = await server.db
      .insert(events)
      .values({ uid: stranger.uid, event_type: 'NOTE', title: 'Hello', start: new Date('2026-11-21T08:00:00Z'), share: 'SHARE_SELF' })
      .returning({ event_id: events.event_id });
    await server.db.insert(eventUserShares).values({ event_id: note!.event_id, uid: target.uid, permissions: VIEW });
    Object.assign(p, { stranger, target, note: note!.event_id });
  });

  it('reaches nobody: N cannot open the note', async () => {
    expect((await send(p.target, 'GET', `/events?event_id=${p.note}`)).statusCode).toBe(404);
  });

  it("does not list N in the stranger's GET /people (having shared something is no way to know someone)", async () => {
    expect(await peopleOf(p.stranger)).not.toContain(p.target.uid);
  });

  it("does not list the stranger in N's GET /people (N was shown nothing)", async () => {
    expect(await peopleOf(p.target)).not.toContain(p.stranger.uid);
  });

  it('lets neither share with the other', async () => {
    const before = await snapshot();
    for (const [from, to] of [
      [p.stranger, p.target],
      [p.target, p.stranger],
    ] as const) {
      const res = await send(
        from,
        'POST',
        '/events',
        buildEventBody({ event_type: 'NOTE', usershares: [{ uid: to.uid, permissions: VIEW }] }),
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('default shares saved in settings', () => {
  it('a default share to someone no longer known, or to an organisation left, is dropped when an event is created', async () => {
    const golfer = await person('Sam');
    const friend = await person('Fay');
    const club = await buildOrg(server.db, { members: [{ uid: golfer.uid }, { uid: friend.uid }] });
    const saved = await send(golfer, 'POST', '/account/settings', {
      usershares: [
        { uid: golfer.uid, permissions: PERMISSIONS.OWNER },
        { uid: friend.uid, permissions: PERMISSIONS.MODIFY },
      ],
      orgshares: [{ org_id: club, permissions: VIEW }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const event = () => created<Shares>(golfer, '/events', buildEventBody({ event_type: 'PRACTICE' }));
    expect(await event()).toMatchObject({
      usershares: [{ uid: friend.uid, permissions: PERMISSIONS.MODIFY }],
      orgshares: [{ org_id: club }],
    });
    // Fay leaves the club: Sam no longer knows her, and his next event is shared with the club alone.
    expect((await send(friend, 'GET', `/orgs/leave?org_id=${club}`)).statusCode).toBe(200);
    expect(await event()).toMatchObject({ usershares: [], orgshares: [{ org_id: club, permissions: VIEW }] });
    // Sam leaves too: his next event is shared with nobody, and still created.
    expect((await send(golfer, 'GET', `/orgs/leave?org_id=${club}`)).statusCode).toBe(200);
    expect(await event()).toMatchObject({ usershares: [], orgshares: [] });
  });
});
