import { readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../db/schema/index.ts';
import {
  ACTORS,
  buildWorld,
  drillBodyOf,
  freshComment,
  freshDrill,
  freshEvent,
  freshFolder,
  freshInvite,
  freshNotification,
  freshOrg,
  freshOwnerSession,
  freshResult,
  freshTag,
  identityToken,
  KNOWN,
  logoPng,
  must,
  multipart,
  SECRET,
  send,
  standIn,
  standInChangingEmail,
  standInCheckout,
  standInSubscriber,
  standInWithCode,
  STRONG_PASSWORD,
  viewShare,
  type Actor,
  type World,
} from './access-matrix-fixtures.ts';
import { startFakeFirebase, type FakeFirebase } from './firebase-fakes.ts';
import { createTestServer, waitForMail, type TestServer } from './test-server.ts';
import { unzip } from './unzip.ts';

/**
 * Who may do what, for every operation of the OpenAPI document and every kind of caller: nobody
 * signed in, a stranger, the owner, the holder of a VIEW share, a coach and a plain member of the
 * owner's organisation, and a user on the free tier. The operations are read from the committed
 * document (openapi/v4.json, which a test keeps equal to the served one); the expectations are
 * written below by hand, one entry per operation, and a new operation without an entry fails the
 * first test by name.
 *
 * The rules every row relies on:
 * - a call that needs a session answers 401 without one;
 * - what is not shared with the caller (anything below VIEW, an organisation they are not in, an
 *   invitation not theirs) answers 404, as if it did not exist, never 403;
 * - what the caller may see but not do answers 403 (VIEW but not MODIFY, a player where a coach is
 *   needed), and so does a premium operation on the free tier (PREMIUM_REQUIRED; BASIC_REQUIRED for
 *   reports);
 * - nothing answers 5xx;
 * - a refusal changes nothing in the database, and neither a refusal nor an answer to someone the
 *   owner shared nothing with carries the owner's private text (SECRET) or, to those outside the
 *   organisation, the owner's name and the organisation's (KNOWN).
 */

type Query = Record<string, string | number>;
/** One request of a row: the parts the operation's example needs; `token` replaces the actor's session (stand-ins). */
interface Request {
  query?: Query;
  body?: unknown;
  raw?: { payload: Buffer | string; headers: Record<string, string> };
  params?: Record<string, string>;
  token?: string;
}
type Probe = (w: World) => Promise<unknown>;
type Check = (res: LightMyRequestResponse, w: World) => string | undefined;
type Expectation =
  | number
  | {
      expect: number;
      /** The error code a refusal carries. */
      code?: string;
      why?: string;
      /** What must read the same before and after (for answers that are not refusals). */
      keeps?: Probe;
      /** More about the answer: a message when it is wrong. */
      check?: Check;
      /** Search a 2xx answer for the owner's private text (done anyway for the stranger, the member and the free user). */
      leakFree?: boolean;
      /** The call mails the owner after answering (a code stored first): the row waits for it, so the next row's database is still. */
      mailsOwner?: boolean;
    }
  | { expect: 'n/a'; why: string };
type Rows = Record<Actor, Expectation>;
interface Entry {
  request: (w: World, actor: Actor) => Request | Promise<Request>;
  rows: Rows;
}

const DOCUMENT = JSON.parse(readFileSync(new URL('../../../../openapi/v4.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** "GET /v4/events": the operations of a document. */
const operationsOf = (document: typeof DOCUMENT) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
const OPERATIONS = operationsOf(DOCUMENT);

// --- rows that say why an actor has nothing to ask -------------------------------------------------

const na = (why: string) => ({ expect: 'n/a' as const, why });
const PUBLIC = na('a public operation reads no session: the anonymous row asks it');
const OWN = na("acts on the caller's own account: nothing of another's can be named in it");
const OWN_READ = na("reads the caller's own account: the stranger row checks nothing of the owner's shows in it");
const NOT_PREMIUM = na('not a premium operation: the free tier is refused nothing here');
const NO_SHARE_ORG = na('organisations are joined, never shared: a share of one does not exist');
const NO_SHARE_ACCOUNT = na('account operations have no share');

/** A public operation: the anonymous row and the reason for the others. */
function publicRows(anonymous: Expectation): Rows {
  return { anonymous, stranger: PUBLIC, free: PUBLIC, member: PUBLIC, coach: PUBLIC, viewShare: PUBLIC, owner: PUBLIC };
}
/** An operation on the caller's own account: the owner may, nobody else names the owner's. */
function ownRows(owner: Expectation, over: Partial<Rows> = {}): Rows {
  return { anonymous: 401, stranger: OWN, free: NOT_PREMIUM, member: OWN, coach: OWN, viewShare: NO_SHARE_ACCOUNT, owner, ...over };
}
/** A read of the caller's own account: the stranger's answer is searched for the owner's text. */
function ownReadRows(owner: Expectation = 200, over: Partial<Rows> = {}): Rows {
  return ownRows(owner, { stranger: 200, member: OWN_READ, coach: OWN_READ, ...over });
}

const ownerOf = (w: World) => w.people.owner;
const inDays = (w: World, days: number) => new Date(w.server.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The owner's account row: a call about the owner's address must not change it. */
const ownerAccount: Probe = async (w) =>
  (
    await w.server.db
      .select()
      .from(users)
      .where(eq(users.uid, ownerOf(w).uid))
  )[0];
/** The owner's unread notifications. */
const ownerUnread: Probe = async (w) =>
  (
    await w.server.db
      .select({ id: notifications.notify_id })
      .from(notifications)
      .where(and(eq(notifications.uid, ownerOf(w).uid), isNull(notifications.opened_at)))
      .orderBy(notifications.notify_id)
  ).map((n) => n.id);

const jsonOf = (res: LightMyRequestResponse) => {
  try {
    return res.json() as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** A statistic counted none of the owner's rounds: no round in it, no player with rounds (the index lists the player asked, with none rated). */
const countsNothing: Check = (res) => {
  const players = (jsonOf(res).players ?? []) as Array<{ rated_rounds?: number }>;
  const counted = res.body.includes('"event_id"') || players.some((p) => p.rated_rounds === undefined || p.rated_rounds > 0);
  return counted ? `counted rounds of the owner's: ${res.body.slice(0, 200)}` : undefined;
};

/** The statistics and the handicap index: players the caller may see, counting the rounds the caller may see. */
const statsEntry = (name: string): Entry => ({
  request: (w) => ({ query: { players: ownerOf(w).uid } }),
  rows: {
    anonymous: 401,
    // Someone who sees no round of the owner's and shares no organisation: no such player.
    stranger: 404,
    free: NOT_PREMIUM,
    // An organisation mate is a player one may ask about; none of the owner's rounds reach the member.
    member: {
      expect: 200,
      why: `${name}: organisation mates are known players; no round of the owner's is shared with the member`,
      check: countsNothing,
    },
    coach: 200,
    viewShare: 200,
    owner: 200,
  },
});

/** The index answers about exactly the player asked (the owner, or the free user themself). */
const answersAsked =
  (who: 'owner' | 'free', more?: Check): Check =>
  (res, w) => {
    const asked = String(w.people[who].uid);
    const answered = ((jsonOf(res).players ?? []) as Array<{ uid: number }>).map((p) => p.uid).join(',');
    if (answered !== asked) return `asked about player ${asked}, answered about ${answered || 'nobody'}`;
    return more?.(res, w);
  };

/** Written out, not read from the contracts: a statistic added to the API has no entry until its rows are written. */
const STATS = [
  'scores',
  'par_avgs',
  'gir',
  'drives',
  'ud',
  'sg',
  'round_sg',
  'first_putt',
  'putt_misses',
  'app_misses',
  'og_misses',
  'fw_summary',
  'fw_rounds',
  'putts',
  'summary',
];

/**
 * The coach reads what the AI coach made of the owner's rounds (shared with the coach), never the
 * titles of the owner's drills that are not: a plan shows a coach only drills the coach may see.
 */
const COACH_READS_PLAN: Expectation = {
  expect: 200,
  leakFree: true,
  why: "the owner's rounds are shared with the coach, the owner's long-approach drill is not",
};

const MATRIX: Record<string, Entry> = {
  // --- signing up and in (public: the owner's address is what a caller without a session can name) ---
  'GET /v4/config': { request: () => ({}), rows: publicRows(200) },
  'POST /v4/account/register': {
    request: (w) => ({
      query: { method: 'email' },
      body: { email: ownerOf(w).email, password: STRONG_PASSWORD, first_name: 'Mallory', last_name: 'Taken' },
    }),
    // A taken address answers as a free one (uid -1) and its account is left as it was; its owner is told by mail.
    rows: publicRows({
      expect: 200,
      keeps: ownerAccount,
      mailsOwner: true,
      check: (res) => (jsonOf(res).uid === -1 ? undefined : 'a taken address must answer uid -1'),
    }),
  },
  // Names nobody: the same judgement for every caller, and nothing of the owner's in it.
  'POST /v4/account/password_strength': {
    request: (w) => ({ body: { password: STRONG_PASSWORD, personal: [ownerOf(w).email] } }),
    rows: publicRows(200),
  },
  'GET /v4/account/verify': { request: (w) => ({ query: { email: ownerOf(w).email, code: '000000' } }), rows: publicRows(400) },
  'GET /v4/account/regencode': {
    request: (w) => ({ query: { email: ownerOf(w).email } }),
    rows: publicRows({ expect: 200, keeps: ownerAccount }),
  },
  'POST /v4/account/login': {
    request: (w) => ({ body: { email: ownerOf(w).email, password: 'not-the-owners-password-1' } }),
    rows: publicRows(401),
  },
  'POST /v4/account/link': {
    request: async (w) => ({ query: { method: 'firebase' }, body: { idToken: await identityToken(w, 'microsoft.com', ownerOf(w).email) } }),
    rows: ownRows(200),
  },
  'GET /v4/account/links': { request: () => ({}), rows: ownReadRows() },
  'DELETE /v4/account/links': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { query: { provider: 'google' } };
      await must(w.server, ownerOf(w).token, 'POST', '/account/link?method=firebase', {
        idToken: await identityToken(w, 'apple.com', ownerOf(w).email),
      });
      return { query: { provider: 'apple' } };
    },
    // Only the caller's own identities: the owner's google link is none of theirs.
    rows: ownRows(200, { stranger: 404, member: 404, coach: 404, viewShare: 404 }),
  },
  'POST /v4/account/code': {
    request: () => ({ body: { purpose: 'delete_account' } }),
    rows: ownRows({ expect: 200, mailsOwner: true }),
  },
  'POST /v4/account/logout': {
    request: async (w, actor) => (actor === 'owner' ? { token: (await freshOwnerSession(w)).token } : {}),
    rows: ownRows({ expect: 200, why: "a second session of the owner's ends" }),
  },
  'GET /v4/account/forgot_password': {
    request: (w) => ({ query: { email: ownerOf(w).email } }),
    // Anyone may have a reset code mailed to the owner (stored after the answer); the account itself is left as it was.
    rows: publicRows({ expect: 200, keeps: ownerAccount, mailsOwner: true }),
  },
  'POST /v4/account/password_reset': {
    request: (w) => ({ body: { email: ownerOf(w).email, code: '000000', password: STRONG_PASSWORD } }),
    rows: publicRows(400),
  },
  'GET /v4/account/sessions': { request: () => ({}), rows: ownReadRows() },
  'DELETE /v4/account/sessions': {
    request: async (w, actor) => ({ query: { token_id: actor === 'owner' ? (await freshOwnerSession(w)).tokenId : w.ownerTokenId } }),
    // Another user's session is as unknown as one that never was.
    rows: ownRows(200, { stranger: 404, member: 404, coach: 404, viewShare: 404 }),
  },
  'POST /v4/account/update_password': {
    // A stand-in: a changed password ends the owner's other sessions.
    request: async (w, actor) => ({
      ...(actor === 'owner' ? { token: (await standIn(w)).token } : {}),
      body: { password: STRONG_PASSWORD, newPassword: 'Fairway-first-then-green-88' },
    }),
    rows: ownRows({ expect: 200, why: 'as a stand-in owner' }),
  },
  'GET /v4/account': { request: () => ({}), rows: ownReadRows() },
  'POST /v4/account': {
    request: (w) => ({
      body: {
        email: ownerOf(w).email,
        first_name: ownerOf(w).first_name,
        last_name: ownerOf(w).last_name,
        level: null,
        benchmark: 'NINETY',
      },
    }),
    rows: ownRows(200),
  },
  'DELETE /v4/account': {
    request: async (w, actor) => (actor === 'owner' ? { token: (await standIn(w)).token } : {}),
    rows: ownRows({ expect: 200, why: 'as a stand-in owner: the rows after it need the owner' }),
  },
  'POST /v4/account/confirm_email': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { body: { code: '000000' } };
      const { who, code } = await standInChangingEmail(w);
      return { token: who.token, body: { code } };
    },
    rows: ownRows({ expect: 200, why: 'as a stand-in owner, whose e-mail may change' }),
  },
  'POST /v4/account/set_password': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { body: { code: '000000', password: STRONG_PASSWORD } };
      const { who, code } = await standInWithCode(w, 'set_password', { password: null });
      return { token: who.token, body: { code, password: STRONG_PASSWORD } };
    },
    rows: ownRows({ expect: 200, why: 'as a stand-in owner made without a password' }),
  },
  'GET /v4/account/settings': { request: () => ({}), rows: ownReadRows() },
  'POST /v4/account/settings': { request: () => ({ body: { theme: 1 } }), rows: ownRows(200) },
  'GET /v4/account/subscription': {
    request: () => ({}),
    rows: ownReadRows(200, {
      free: {
        expect: 200,
        why: 'the free tier the premium rows stand on',
        check: (res) => {
          const sub = res.json() as { status: string } | null;
          return sub === null || !['ACTIVE', 'ACTIVE_EXPIRING', 'ACTIVE_GRACE'].includes(sub.status)
            ? undefined
            : 'the free user is not free';
        },
      },
    }),
  },

  // --- events: the practice is SHARE_COACHES and VIEW to the viewer; the member sees nothing of it ---
  'GET /v4/events': {
    request: (w) => ({ query: { event_id: w.practiceId } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: 200, owner: 200 },
  },
  'POST /v4/events': {
    request: (w, actor) =>
      actor === 'free'
        ? {
            body: {
              event_type: 'PRACTICE',
              title: 'New ladder',
              start: '2026-03-09T08:00:00Z',
              eventdrills: [{ drill_id: w.free.drillId }],
            },
          }
        : { query: { event_id: w.practiceId }, body: w.practiceBody },
    rows: {
      anonymous: 401,
      stranger: 404,
      // Placing a drill in a practice is premium: the lapsed user's own drill in their own new practice.
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      // VIEW (a share, or the coaches' scope) sees the event but does not change it.
      coach: { expect: 403, code: 'FORBIDDEN' },
      viewShare: { expect: 403, code: 'FORBIDDEN' },
      owner: 200,
    },
  },
  'DELETE /v4/events': {
    request: async (w) => ({ query: { event_id: await freshEvent(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 403, viewShare: 403, owner: 200 },
  },
  'GET /v4/events/unshare': {
    request: async (w) => ({ query: { event_id: await freshEvent(w) } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 404,
      coach: 200,
      viewShare: 200,
      owner: { expect: 400, why: 'the owner deletes an event instead of removing themself from it' },
    },
  },
  'POST /v4/events/batch': {
    request: async (w) => ({ query: { event_ids: `${await freshEvent(w)},${await freshEvent(w)}` }, body: viewShare(w) }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 403, viewShare: 403, owner: 200 },
  },

  // --- drills, results and folders: the drill and its folder are shared VIEW with the viewer only ---
  'GET /v4/drills': {
    request: (w) => ({ query: { drill_id: w.drillId } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: 200, owner: 200 },
  },
  'POST /v4/drills': {
    request: (w, actor) =>
      actor === 'free'
        ? { query: { drill_id: w.free.drillId }, body: drillBodyOf('Old gate drill', null) }
        : { query: { drill_id: w.drillId }, body: w.drillBody },
    rows: {
      anonymous: 401,
      stranger: 404,
      // Saving a drill is premium, the lapsed user's own drill included.
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: 404,
      viewShare: { expect: 403, code: 'FORBIDDEN' },
      owner: 200,
    },
  },
  'DELETE /v4/drills': {
    request: async (w) => ({ query: { drill_id: await freshDrill(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: 403, owner: 200 },
  },
  'GET /v4/drills/unshare': {
    request: async (w) => ({ query: { drill_id: await freshDrill(w) } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 404,
      coach: 404,
      viewShare: 200,
      owner: { expect: 400, why: 'the owner deletes a drill instead of removing themself from it' },
    },
  },
  'GET /v4/drills/events': {
    request: (w) => ({ query: { drill_id: w.drillId } }),
    // The coach reaches the drill through the practice that uses it (an event they see).
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: 200, owner: 200 },
  },
  'GET /v4/drills/results': {
    request: (w) => ({ query: { ced_id: w.cedId } }),
    // A result is seen by whoever sees its event.
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: 200, owner: 200 },
  },
  'POST /v4/drills/results': {
    request: (w, actor) => ({ body: { ced_id: actor === 'free' ? w.free.cedId : w.cedId, values: { made: 5 } } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      // Recording needs ADD on the event; VIEW sees it only.
      coach: { expect: 403, code: 'FORBIDDEN' },
      viewShare: { expect: 403, code: 'FORBIDDEN' },
      owner: 200,
    },
  },
  'DELETE /v4/drills/results': {
    request: async (w) => ({ query: { drillresult_id: await freshResult(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 403, viewShare: 403, owner: 200 },
  },
  'GET /v4/folders': {
    request: () => ({}),
    rows: {
      anonymous: 401,
      stranger: 200,
      free: NOT_PREMIUM,
      member: 200,
      coach: { expect: 200, leakFree: true, why: "nothing of the owner's library is shared with the coach" },
      viewShare: 200,
      owner: 200,
    },
  },
  'POST /v4/folders': {
    request: (w, actor) =>
      actor === 'free'
        ? { body: { name: 'New folder' } }
        : { query: { folder_id: w.folderId }, body: { name: `Putting ${SECRET}`, ...viewShare(w) } },
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: 404,
      viewShare: { expect: 403, code: 'FORBIDDEN' },
      owner: 200,
    },
  },
  'DELETE /v4/folders': {
    request: async (w) => ({ query: { folder_id: await freshFolder(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: 403, owner: 200 },
  },

  // --- comments follow the event: whoever sees it reads and adds; its owner or the author deletes ---
  'GET /v4/events/comments': {
    request: (w) => ({ query: { event_id: w.practiceId } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: 200, owner: 200 },
  },
  'POST /v4/events/comments': {
    request: (w) => ({ query: { event_id: w.practiceId }, body: { body: 'Nice lag putting' } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: 200, owner: 200 },
  },
  'DELETE /v4/events/comments': {
    request: async (w) => ({ query: { comment_id: await freshComment(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 403, viewShare: 403, owner: 200 },
  },

  // --- one's own data out and rounds in ---
  'GET /v4/account/export': { request: () => ({}), rows: ownReadRows() },
  'POST /v4/rounds/import': {
    // A stand-in: the owner's rounds stay the eleven the coach sees (the AI coach's rows rely on it).
    request: async (w, actor) => ({
      ...(actor === 'owner' ? { token: (await standIn(w)).token } : {}),
      raw: multipart('rounds.csv', 'text/csv', w.roundsCsv),
    }),
    rows: ownRows({ expect: 200, why: 'as a stand-in owner' }),
  },

  ...Object.fromEntries(STATS.map((name) => [`GET /v4/stats/${name}`, statsEntry(name)])),
  'GET /v4/stats/handicap': {
    request: (w, actor) => ({ query: { players: actor === 'free' ? w.people.free.uid : ownerOf(w).uid } }),
    rows: {
      ...statsEntry('handicap').rows,
      // The index is everyone's; its history is Basic's.
      free: {
        expect: 200,
        check: answersAsked('free', (res) => {
          const { players } = res.json() as { players: Array<{ history: unknown }> };
          return players.every((p) => p.history === null) ? undefined : 'the free tier got the index history';
        }),
      },
      // The free user's question (a player with no rounds) comes just before: an answer kept for it
      // must not answer the member's, about another player whose rounds the member does not see either.
      member: {
        expect: 200,
        why: "an organisation mate is a known player; none of the owner's rounds reach the member",
        check: answersAsked('owner', countsNothing),
      },
      coach: { expect: 200, check: answersAsked('owner') },
      viewShare: { expect: 200, check: answersAsked('owner') },
      owner: { expect: 200, check: answersAsked('owner') },
    },
  },

  // --- tags: shared VIEW with the viewer; only the owner changes one ---
  'GET /v4/tags': {
    request: () => ({}),
    rows: {
      anonymous: 401,
      stranger: 200,
      free: NOT_PREMIUM,
      member: 200,
      coach: { expect: 200, leakFree: true, why: 'no tag of the owner is shared with the coach' },
      viewShare: 200,
      owner: 200,
    },
  },
  'POST /v4/tags': {
    request: (w) => ({ query: { tag_id: w.tagId }, body: { name: w.tagName, colour: '#447ec9', ...viewShare(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: 403, owner: 200 },
  },
  'DELETE /v4/tags': {
    request: async (w) => ({ query: { tag_id: await freshTag(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: 403, owner: 200 },
  },

  // --- notifications: only the caller's own are listed or marked ---
  'GET /v4/notifications': { request: () => ({}), rows: ownReadRows() },
  'GET /v4/notifications/count_unread': { request: () => ({}), rows: ownReadRows() },
  'GET /v4/notifications/read': {
    request: async (w) => ({ query: { notify_id: await freshNotification(w) } }),
    // Marking another's notification marks nothing (the answer is the caller's own count).
    rows: ownRows(200, {
      stranger: { expect: 200, keeps: ownerUnread },
      member: { expect: 200, keeps: ownerUnread },
      coach: { expect: 200, keeps: ownerUnread },
      viewShare: { expect: 200, keeps: ownerUnread },
    }),
  },
  'GET /v4/notifications/read_all': {
    request: () => ({}),
    rows: ownRows(200, {
      stranger: { expect: 200, keeps: ownerUnread },
      member: { expect: 200, keeps: ownerUnread },
      coach: { expect: 200, keeps: ownerUnread },
      viewShare: { expect: 200, keeps: ownerUnread },
    }),
  },
  'GET /v4/notifications/unsubscribe': {
    request: () => ({ query: { token: 'not-a-mail-token', type: 'ALL' } }),
    rows: publicRows({ expect: 404, why: 'a link nobody was mailed' }),
  },
  'POST /v4/notifications/unsubscribe': {
    request: () => ({ query: { token: 'not-a-mail-token', type: 'ALL' } }),
    rows: publicRows({ expect: 404, why: 'a link nobody was mailed' }),
  },

  // --- devices: another user's push token is as unknown as one never registered ---
  'GET /v4/devices': { request: () => ({}), rows: ownReadRows() },
  'POST /v4/devices': {
    request: () => ({ query: { push_token: `new-device-${Date.now()}-${Math.random()}`, platform: 'android' } }),
    rows: ownRows(200),
  },
  'DELETE /v4/devices': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { query: { push_token: w.deviceToken } };
      const token = `leaving-device-${Date.now()}`;
      await must(w.server, ownerOf(w).token, 'POST', `/devices?push_token=${token}&platform=ios`);
      return { query: { push_token: token } };
    },
    rows: ownRows(200, { stranger: 404, member: 404, coach: 404, viewShare: 404 }),
  },
  'GET /v4/push/vapid_public_key': { request: () => ({}), rows: publicRows(200) },

  // --- organisations: the coach bought the plan and coaches; the owner and the member are players ---
  'GET /v4/orgs': {
    request: () => ({}),
    rows: { anonymous: 401, stranger: 200, free: NOT_PREMIUM, member: 200, coach: 200, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'POST /v4/orgs': {
    request: (w, actor) =>
      actor === 'free'
        ? { body: { name: 'Fred Golf School' } }
        : { query: { org_id: w.orgId }, body: { name: `${KNOWN} Academy`, media_id: null, colour: null } },
    rows: {
      anonymous: 401,
      stranger: 404,
      // An organisation comes with a coach-level subscription: a coach on the free tier founds none.
      free: { expect: 403, code: 'FORBIDDEN' },
      member: { expect: 403, why: 'a player does not rename the organisation' },
      coach: 200,
      viewShare: NO_SHARE_ORG,
      owner: { expect: 403, why: 'a player does not rename the organisation' },
    },
  },
  'GET /v4/orgs/subscription': {
    request: (w) => ({ query: { org_id: w.orgId } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 200, coach: 200, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'GET /v4/orgs/members': {
    request: (w) => ({ query: { org_id: w.orgId } }),
    // A player sees the coaches, without e-mails (the member's answer is searched for the owner's address).
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 200, coach: 200, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'POST /v4/orgs/seat': {
    request: (w) => ({ query: { org_id: w.orgId }, body: { uid: w.people.member.uid, seat: null } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 403, coach: 200, viewShare: NO_SHARE_ORG, owner: 403 },
  },
  'DELETE /v4/orgs/member': {
    request: async (w) => ({ query: { org_id: await freshOrg(w), uid: ownerOf(w).uid } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 403,
      coach: 200,
      viewShare: NO_SHARE_ORG,
      owner: { expect: 200, why: 'removing oneself is leaving' },
    },
  },
  'GET /v4/orgs/leave': {
    request: async (w) => ({ query: { org_id: await freshOrg(w) } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 200,
      coach: { expect: 409, why: 'the purchaser stays while the subscription is active' },
      viewShare: NO_SHARE_ORG,
      owner: 200,
    },
  },
  'POST /v4/orgs/invite': {
    request: (w) => ({ query: { org_id: w.orgId }, body: { email: `invitee-${Date.now()}@example.test`, role: 'player' } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 403, coach: 200, viewShare: NO_SHARE_ORG, owner: 403 },
  },
  'GET /v4/orgs/invite': {
    request: (w) => ({ query: { invite_id: w.inviteId } }),
    // The invitation is the owner's (its addressee) and the coach's (who coaches its organisation).
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 200, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'DELETE /v4/orgs/invite': {
    request: async (w) => ({ query: { invite_id: await freshInvite(w) } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 404,
      coach: 200,
      viewShare: NO_SHARE_ORG,
      owner: { expect: 404, why: 'the addressee declines; only the coaches withdraw, and to anyone else it is no invitation' },
    },
  },
  'GET /v4/orgs/invites': {
    request: (w) => ({ query: { org_id: w.orgId } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 403, coach: 200, viewShare: NO_SHARE_ORG, owner: 403 },
  },
  'POST /v4/orgs/invite/resend': {
    request: (w) => ({ query: { invite_id: w.inviteId } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: NOT_PREMIUM,
      member: 404,
      coach: 200,
      viewShare: NO_SHARE_ORG,
      owner: { expect: 404, why: 'only the coaches resend; to anyone else it is no invitation' },
    },
  },
  'GET /v4/orgs/invite/accept': {
    request: async (w) => ({ query: { invite_id: await freshInvite(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'GET /v4/orgs/invite/decline': {
    request: async (w) => ({ query: { invite_id: await freshInvite(w) } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 404, coach: 404, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'POST /v4/orgs/share-rounds': {
    request: (w) => ({ query: { org_id: w.orgId }, body: { since: null } }),
    rows: { anonymous: 401, stranger: 404, free: NOT_PREMIUM, member: 200, coach: 200, viewShare: NO_SHARE_ORG, owner: 200 },
  },
  'GET /v4/people': {
    request: () => ({}),
    rows: { anonymous: 401, stranger: 200, free: NOT_PREMIUM, member: 200, coach: 200, viewShare: 200, owner: 200 },
  },

  // --- plans and payments (demo checkout on this server) ---
  'GET /v4/plans': { request: () => ({}), rows: publicRows(200) },
  'POST /v4/payments/stripe/checkout': { request: () => ({ body: { plan: 3 } }), rows: ownRows(200) },
  'POST /v4/payments/stripe/portal': { request: () => ({}), rows: ownRows(200) },
  'POST /v4/payments/stripe/webhook': {
    request: () => ({
      raw: { payload: '{"id":"evt_1","type":"checkout.session.completed"}', headers: { 'content-type': 'application/json' } },
    }),
    rows: publicRows({ expect: 400, why: 'no Stripe signature' }),
  },
  'POST /v4/payments/iaptic/webhook': {
    request: (w) => ({ body: { type: 'purchases.updated', password: 'not-the-secret', applicationUsername: String(ownerOf(w).uid) } }),
    rows: publicRows({ expect: 401, why: 'not the shared secret' }),
  },
  'POST /v4/payments/demo/checkout': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { body: { session: w.checkoutSession } };
      const { who, session } = await standInCheckout(w);
      return { token: who.token, body: { session } };
    },
    // Nobody pays another user's session.
    rows: ownRows({ expect: 200, why: 'as a stand-in payer' }, { stranger: 404, member: 404, coach: 404, viewShare: 404 }),
  },
  'POST /v4/payments/demo/portal': {
    request: async (w, actor) => {
      if (actor !== 'owner') return { body: { session: w.portalSession, action: 'cancel_now' } };
      const { who, session } = await standInSubscriber(w);
      return { token: who.token, body: { session, action: 'cancel_at_period_end' } };
    },
    rows: ownRows({ expect: 200, why: 'as a stand-in subscriber' }, { stranger: 404, member: 404, coach: 404, viewShare: 404 }),
  },

  // --- uploads: coaches upload logos; a stored image is public by its random name ---
  'POST /v4/media': {
    request: async () => ({ raw: multipart('logo.png', 'image/png', await logoPng()) }),
    rows: {
      anonymous: 401,
      stranger: { expect: 403, why: 'only coaches upload images' },
      free: NOT_PREMIUM,
      member: { expect: 403, why: 'only coaches upload images' },
      coach: 200,
      viewShare: NO_SHARE_ORG,
      owner: { expect: 403, why: 'only coaches upload images' },
    },
  },
  'GET /v4/media/{name}': { request: (w) => ({ params: { name: w.logoName } }), rows: publicRows(200) },
  'POST /v4/updates': {
    request: () => ({
      body: {
        platform: 'ios',
        device_id: '6F1D2C3B-0A4E-4F5A-9B8C-7D6E5F4A3B2C',
        app_id: 'app.holeout',
        version_name: '0.1.0',
        version_build: '0.1.0',
        plugin_version: '7.51.21',
        is_emulator: false,
        is_prod: true,
      },
    }),
    rows: publicRows(200),
  },
  'GET /v4/updates/bundles/{file}': { request: () => ({ params: { file: 'no-such-bundle.zip' } }), rows: publicRows(404) },

  // --- the AI coach: premium for oneself, coach level for a player whose rounds one sees ---
  'GET /v4/ai/diagnose': {
    request: (w, actor) => ({ query: { players: actor === 'free' ? w.people.free.uid : ownerOf(w).uid } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: COACH_READS_PLAN,
      viewShare: { expect: 403, code: 'FORBIDDEN', why: "another player's rounds need a coach-level subscription" },
      owner: 200,
    },
  },
  'GET /v4/ai/diagnoses': {
    request: (w, actor) => ({ query: { uid: actor === 'free' ? w.people.free.uid : ownerOf(w).uid } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: COACH_READS_PLAN,
      viewShare: { expect: 403, code: 'FORBIDDEN' },
      owner: 200,
    },
  },
  'POST /v4/ai/plan': {
    request: (w, actor) => ({
      query: { diagnosis_id: actor === 'free' ? w.free.diagnosisId : w.diagnosisId },
      body: { start_date: inDays(w, 7), weeks: 1 },
    }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: { expect: 403, why: "a plan goes on the player's own calendar" },
      viewShare: 403,
      owner: 200,
    },
  },
  'GET /v4/ai/follow-up': {
    request: (w, actor) => ({ query: { diagnosis_id: actor === 'free' ? w.free.diagnosisId : w.diagnosisId } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'PREMIUM_REQUIRED' },
      member: 404,
      coach: COACH_READS_PLAN,
      viewShare: 403,
      owner: 200,
    },
  },

  // --- reports: Basic and above, about a player whose rounds the caller sees ---
  'GET /v4/reports/stats': {
    request: (w, actor) => ({ query: { players: actor === 'free' ? w.people.free.uid : ownerOf(w).uid } }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'BASIC_REQUIRED' },
      member: 404,
      coach: 200,
      viewShare: 200,
      owner: 200,
    },
  },
  'POST /v4/reports/stats': {
    request: (w, actor) => ({
      body: {
        players: [actor === 'free' ? w.people.free.uid : ownerOf(w).uid],
        // Mailed to the player: a coach's choice; anyone else names their own address or none.
        ...(actor === 'coach' || actor === 'viewShare' ? { to_email: ownerOf(w).email } : {}),
      },
    }),
    rows: {
      anonymous: 401,
      stranger: 404,
      free: { expect: 403, code: 'BASIC_REQUIRED' },
      member: 404,
      coach: 202,
      // The player's address is for a coach; from anyone else it is a 400 (and the answer would confirm the owner's address).
      viewShare: { expect: 400, code: 'VALIDATION_ERROR', why: "a VIEW share is no coach: the player's address is not theirs to mail" },
      owner: 202,
    },
  },
};

// --- running a row ------------------------------------------------------------------------------

let server: TestServer;
let firebase: FakeFirebase;
let world: World;
let tables: string[];

/** Rows of tables a refused request could not have written, or written only as bookkeeping: compared whole. */
const LEFT_OUT = new Set(['rate_limits', 'rate_limit_holds', 'stats_cache', 'stats_epoch']);
/** A session's row without its last use (touched on a read, without waiting). */
const PROJECTION: Record<string, string> = { tokens: '(t.token_id, t.uid, t.created_at, t.revoked_at, t.user_agent)' };

async function select<T>(query: string): Promise<T[]> {
  const result = (await server.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Every table's row count and a hash of its rows, once the notification pump is idle: equal snapshots mean nothing was written. */
async function snapshot(): Promise<Record<string, string>> {
  server.app.notifier.kick();
  await server.app.notifier.idle();
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(${PROJECTION[table] ?? 't'}::text, '|' ORDER BY ${PROJECTION[table] ?? 't'}::text), '')) AS state FROM "${table}" t`,
  );
  const rows = await select<{ name: string; state: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

/** The text of an answer, a zip's files included; PDFs and images are bytes a leak search cannot read. */
function textOf(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('zip')) return [...unzip(res.rawPayload).values()].map((file) => file.toString('utf8')).join('\n');
  if (type.includes('pdf') || type.startsWith('image/')) return '';
  return res.body;
}

/** The text around the first place `marker` is found. */
function around(text: string, marker: string): string {
  const at = text.indexOf(marker);
  return `...${text.slice(Math.max(0, at - 120), at + 60)}...`;
}

function urlOf(op: string, request: Request): string {
  let path = op.slice(op.indexOf(' ') + 1);
  for (const [name, value] of Object.entries(request.params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const search = Object.entries(request.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** Sends one row's request and answers what is wrong with the answer (nothing: an empty list). */
async function runRow(op: string, entry: Entry, actor: Actor): Promise<string[]> {
  const row = entry.rows[actor];
  if (typeof row === 'object' && row.expect === 'n/a') return [];
  const expected = typeof row === 'number' ? { expect: row } : row;
  const request = await entry.request(world, actor);
  // Nobody signed in sends no session, whatever the request builder made.
  const token = actor === 'anonymous' ? null : (request.token ?? world.people[actor].token);
  const refusal = expected.expect >= 400;
  const before = refusal ? await snapshot() : null;
  const kept = expected.keeps ? JSON.stringify(await expected.keeps(world)) : null;
  const method = op.slice(0, op.indexOf(' '));
  const mailsBefore = server.mails.length;
  const res = await send(server, token, method, urlOf(op, request), {
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.raw ? { raw: request.raw } : {}),
  });
  if (expected.mailsOwner) await waitForMail(server, world.people.owner.email, mailsBefore);
  const where = `${op} as ${actor}`;
  const problems: string[] = [];
  const body = jsonOf(res);
  const shown = res.body.length > 300 ? `${res.body.slice(0, 300)}...` : res.body;
  if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} (never a 5xx) ${shown}`);
  else if (res.statusCode !== expected.expect) problems.push(`${where}: expected ${expected.expect}, got ${res.statusCode} ${shown}`);
  else if (expected.code && body.code !== expected.code)
    problems.push(`${where}: expected code ${expected.code}, got ${String(body.code)}`);
  // The owner's private text reaches nobody refused, and nobody the owner shared nothing with.
  const text = textOf(res).toLowerCase();
  // Outsiders know neither the owner's name nor the organisation's.
  const outsider = actor === 'anonymous' || actor === 'stranger' || actor === 'free';
  const searched = refusal || res.statusCode >= 400 || outsider || actor === 'member' || expected.leakFree === true;
  if (searched && text.includes(SECRET)) problems.push(`${where}: the answer carries the owner's private data: ${around(text, SECRET)}`);
  if (outsider && text.includes(KNOWN))
    problems.push(`${where}: the answer names the owner or the organisation to an outsider: ${around(text, KNOWN)}`);
  if (before) {
    const after = await snapshot();
    const changed = tables.filter((table) => before[table] !== after[table]);
    if (changed.length > 0)
      problems.push(`${where}: a refusal was expected, yet ${changed.join(', ')} changed (answered ${res.statusCode})`);
  }
  if (expected.keeps && kept !== JSON.stringify(await expected.keeps(world))) problems.push(`${where}: changed the owner's data`);
  const checked = res.statusCode === expected.expect ? expected.check?.(res, world) : undefined;
  if (checked) problems.push(`${where}: ${checked}`);
  return problems;
}

beforeAll(async () => {
  firebase = await startFakeFirebase('holeout-matrix');
  server = await createTestServer({
    notFoundLimit: { max: 1_000_000, windowMs: 60_000 },
    config: {
      firebase: { projectId: firebase.projectId, jwksUrl: firebase.jwksUrl, providers: ['google', 'apple', 'microsoft'], web: null },
      // The demo checkout stands in for Stripe; iaptic is set up so its webhook checks its secret.
      payments: {
        stripe: null,
        demo: true,
        iaptic: {
          appName: 'com.holeout.matrix',
          secretKey: 'iaptic-matrix-secret-0123456789',
          publicKey: undefined,
          apiUrl: 'http://127.0.0.1:9',
        },
      },
    },
  });
  // Mailed reports are queued without a job runner here: a queue that keeps nothing.
  server.app.reports.useQueue({ enqueueReportMail: async () => undefined });
  world = await buildWorld(server, firebase);
  const rows = await select<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  tables = rows.map((row) => row.tablename).filter((table) => !LEFT_OUT.has(table));
}, 180_000);
afterAll(async () => {
  await server?.close();
  await firebase?.close();
});

describe('the access matrix over every operation of the OpenAPI document', () => {
  it('has one entry of every actor for each operation the document has, and none for an operation it lacks', async () => {
    // The served document too: a route added without writing openapi/v4.json again is named here as well.
    const served = (await server.app.inject({ url: '/v4/openapi.json' })).json() as typeof DOCUMENT;
    const operations = [...new Set([...OPERATIONS, ...operationsOf(served)])];
    const missing = operations.filter((op) => !MATRIX[op]).map((op) => `${op}: no entry in MATRIX (write its row for each actor)`);
    const stale = Object.keys(MATRIX)
      .filter((op) => !operations.includes(op))
      .map((op) => `${op}: an entry in MATRIX, but no such operation`);
    expect([...missing, ...stale]).toEqual([]);
    for (const [op, entry] of Object.entries(MATRIX)) expect(Object.keys(entry.rows).sort(), op).toEqual([...ACTORS].sort());
    expect(operations.length * ACTORS.length).toBeGreaterThan(700);
  });

  for (const op of OPERATIONS) {
    it(op, { timeout: 60_000 }, async () => {
      const entry = MATRIX[op];
      expect(entry, `no entry in MATRIX for ${op}`).toBeDefined();
      const problems: string[] = [];
      for (const actor of ACTORS) problems.push(...(await runRow(op, entry!, actor)));
      expect(problems).toEqual([]);
    });
  }
});
