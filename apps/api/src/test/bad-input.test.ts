import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { buildNotification, buildOrg, buildSubscription, buildUser, issueTokenFor } from './factories.ts';
import { bearer, createTestServer, type TestServer } from './test-server.ts';

/**
 * Bad input is a 400 `{ error, code }` that changes nothing, on every operation: ids the integer
 * columns cannot hold, ids written in any form but plain decimal, dates the database or
 * JavaScript cannot hold, lone UTF-16 surrogates in any text, non-finite numbers, and keys the
 * contract does not know. The operations and their parameters are read from the served OpenAPI
 * document, so a new route with an id, a date or a body is in the matrix (and fails until it has a
 * valid example below).
 */

const ID_MAX = 2_147_483_647;
const THIRTY_DIGITS = '123456789012345678901234567890';
const TEN_THOUSAND_DIGITS = '9'.repeat(10_000);

/** Values no id query parameter takes. */
const BAD_QUERY_IDS = [
  String(ID_MAX + 1),
  '9999999999',
  '99999999999',
  THIRTY_DIGITS,
  TEN_THOUSAND_DIGITS,
  'Infinity',
  '-Infinity',
  'NaN',
  '1e+30',
  '1e3',
  '0x10',
  '0b1',
  ' 1',
  '1 ',
  '+1',
  '-1',
  '0',
  '1.0',
  '1.5',
  '01',
  '',
  'abc',
  '1,2',
  '１',
];
/** Values no whole-number query parameter (an offset, a page size) takes. */
const BAD_QUERY_WHOLE_NUMBERS = [
  'Infinity',
  'NaN',
  '1e+30',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '-1',
  '1.0',
  '01',
  THIRTY_DIGITS,
  TEN_THOUSAND_DIGITS,
  '',
  'abc',
];
/** Values no comma-separated id list takes. */
const BAD_ID_LISTS = [
  String(ID_MAX + 1),
  `1,${ID_MAX + 1}`,
  `1,${THIRTY_DIGITS}`,
  `1,${TEN_THOUSAND_DIGITS}`,
  TEN_THOUSAND_DIGITS,
  '1,Infinity',
  '1,1e+30',
  '1,0x10',
  '1, 2',
  '1 ,2',
  '1,,2',
  ',1',
  '1,',
  '1,01',
  '1,0',
  '1,-1',
  '1,1.0',
  '1;2',
  '',
  Array.from({ length: 2001 }, (_, i) => i + 1).join(','),
];
/** Ids no JSON body takes, as JSON text (1e999 and 10,000 digits parse to Infinity). */
const BAD_BODY_IDS = [
  String(ID_MAX + 1),
  '1e+30',
  '1e999',
  '-1e999',
  THIRTY_DIGITS,
  TEN_THOUSAND_DIGITS,
  '9007199254740993',
  '1.5',
  '0',
  '-1',
  '"1"',
  'true',
];
/**
 * Dates no date query parameter takes: year 0, the years 0001 to 0099 (the driver reads them back
 * as 19xx or 20xx), past 9999, month 13, February 30, hour 24, second 60.
 */
const BAD_QUERY_DATES = [
  '0000-01-01',
  '0000-12-31T23:59:59Z',
  '0001-01-01',
  '0099-12-31',
  '0100-01-01T00:00:00+01:00',
  '10000-01-01',
  '+010000-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-02-30',
  '2025-02-29',
  '2026-01-01T24:00:00Z',
  '2026-06-30T23:59:60Z',
];
/** Times no JSON body takes. */
const BAD_BODY_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-03-01T12:00:00Z',
  '0099-12-31T23:59:59Z',
  '0100-01-01T00:00:00+14:00',
  '9999-12-31T23:00:00-05:00',
  '10000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-06-30T23:59:60Z',
];

interface Operation {
  method: string;
  /** The path as the OpenAPI document names it, /v4 included. */
  path: string;
  query: Array<{ name: string; schema: Record<string, unknown> }>;
  body: Record<string, unknown> | null;
}
type Key = string | number;
/** A valid request of an operation: the bad value replaces one of its parts. */
interface Example {
  query?: Record<string, string>;
  body?: unknown;
}

let server: TestServer;
let token: string;
let operations: Operation[];
let examples: Record<string, Example[]>;
let tables: string[];

const ID_NAME = /(^|_)(id|uid|ids|uids)$|^(rounds|players|group)$/;

async function postJson<T>(url: string, payload: unknown): Promise<T> {
  const res = await server.app.inject({ method: 'POST', url: `/v4${url}`, headers: bearer(token), payload: payload as object });
  if (res.statusCode !== 200) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const ROUND = {
  course: 'Royal Example',
  tees: 'White',
  course_rating: 71.2,
  slope: 128,
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 3,
      shots: [
        { from: 'T', dist: 165, to: 'G', miss: 's' },
        { from: 'G', dist: 20, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
  ],
};

beforeAll(async () => {
  server = await createTestServer({ notFoundLimit: { max: 1_000_000, windowMs: 60_000 } });
  const coach = await buildUser(server.db, { first_name: 'Casey', is_coach: true });
  const friend = await buildUser(server.db, { first_name: 'Fran' });
  const invitee = await buildUser(server.db, { first_name: 'Ines' });
  const subId = await buildSubscription(server.db, { purchaser: coach.uid, level: SUBSCRIPTION_LEVELS.COACH });
  const orgId = await buildOrg(server.db, {
    sub_id: subId,
    members: [
      { uid: coach.uid, is_coach: true },
      { uid: friend.uid, is_coach: false },
    ],
  });
  // A session of someone else holds the lowest token id: `?token_id=1.0` once meant 1, and must not end the caller's.
  await issueTokenFor(server, friend.uid);
  token = await issueTokenFor(server, coach.uid);
  const notifyId = await buildNotification(server.db, { uid: coach.uid });

  const drill = await postJson<{ drill_id: number }>('/drills', {
    title: 'Gate drill',
    description: 'Ten putts through a gate',
    category: 'shortPutts',
    fields: [
      { key: 'made', label: 'Putts made', type: 'NUMBER', min: 0, max: 10, step: 1, unit: 'putts' },
      { key: 'note', label: 'Note', type: 'STRING', max: 200 },
      { key: 'green', label: 'Green', type: 'SELECT', options: ['Fast', 'Slow'] },
      { key: 'windy', label: 'Windy', type: 'TOGGLE' },
    ],
    score_field: 'made',
  });
  const folder = await postJson<{ folder_id: number }>('/folders', { name: 'Putting' });
  const tag = await postJson<{ tag_id: number }>('/tags', { name: 'Winter' });
  const practice = await postJson<{ event_id: number; eventdrills: Array<{ ced_id: number }> }>('/events', {
    event_type: 'PRACTICE',
    start: '2026-11-21T08:00:00Z',
    eventdrills: [{ drill_id: drill.drill_id }],
  });
  const cedId = practice.eventdrills[0]!.ced_id;
  const round = await postJson<{ event_id: number }>('/events', { event_type: 'ROUND', start: '2026-11-22T08:00:00Z', round: ROUND });
  const result = await postJson<{ drillresult_id: number }>('/drills/results', { ced_id: cedId, values: { made: 7 } });
  const comment = await postJson<{ comment_id: number }>(`/events/comments?event_id=${practice.event_id}`, { body: 'Ladder twice' });
  const invite = await postJson<{ invite_id: number }>(`/orgs/invite?org_id=${orgId}`, { email: invitee.email, role: 'player' });
  // Mailed reports are queued without a job runner here: a queue that keeps nothing.
  server.app.reports.useQueue({ enqueueReportMail: async () => undefined });
  // Another session of the caller's, which the example of DELETE /account/sessions ends.
  await issueTokenFor(server, coach.uid);
  const sessions = (await server.app.inject({ url: '/v4/account/sessions', headers: bearer(token) })).json() as {
    sessions: Array<{ token_id: number; current: boolean }>;
  };
  const tokenId = sessions.sessions.find((session) => !session.current)!.token_id;

  const shares = { usershares: [{ uid: friend.uid, permissions: 0 }], orgshares: [{ org_id: orgId, permissions: 0 }] };
  const drillBody = {
    title: 'Gate drill',
    description: 'Ten putts',
    category: 'shortPutts',
    folder_id: folder.folder_id,
    fields: [
      { key: 'made', label: 'Putts made', type: 'NUMBER', required: true, min: 0, max: 10, step: 1, unit: 'putts' },
      { key: 'note', label: 'Note', type: 'STRING', max: 200 },
      { key: 'green', label: 'Green', type: 'SELECT', options: ['Fast', 'Slow'] },
      { key: 'windy', label: 'Windy', type: 'TOGGLE' },
    ],
    score_field: 'made',
    higher_is_better: true,
    ...shares,
  };
  const id = String;
  const statsExample = [{ query: { rounds: `${round.event_id}`, players: id(coach.uid), benchmark: 'TOUR' } }];
  examples = {
    'DELETE /v4/account/sessions': [{ query: { token_id: id(tokenId) } }],
    'POST /v4/account/register': [
      {
        query: { method: 'email' },
        body: { email: 'new-golfer@example.test', password: 'fairway-first-2026', first_name: 'Ada', last_name: 'Lovelace' },
      },
    ],
    'POST /v4/account/login': [{ body: { email: coach.email, password: coach.password } }],
    'POST /v4/account/password_strength': [{ body: { password: 'fairway-first-2026', personal: [coach.email, 'Coach'] } }],
    'POST /v4/account/link': [{ query: { method: 'firebase' }, body: { idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' } }],
    'POST /v4/account/code': [{ body: { purpose: 'set_password' } }],
    'POST /v4/account/set_password': [{ body: { code: '123456', password: 'fairway-first-2026' } }],
    'DELETE /v4/account': [{ body: { code: '123456' } }],
    'GET /v4/stats/handicap': [{ query: { players: id(coach.uid) } }],
    'GET /v4/reports/stats': [
      {
        query: {
          players: id(coach.uid),
          rounds: `${round.event_id}`,
          from: '2026-01-01',
          to: '2026-12-31',
          benchmark: 'TOUR',
          paper: 'a4',
          locale: 'en-GB',
        },
      },
    ],
    'POST /v4/reports/stats': [
      {
        body: {
          players: [coach.uid],
          rounds: [round.event_id],
          from: '2026-01-01',
          to: '2026-12-31',
          benchmark: 'TOUR',
          paper: 'letter',
          locale: 'en-US',
          to_email: coach.email,
        },
      },
    ],
    'POST /v4/account/password_reset': [{ body: { email: coach.email, code: '123456', password: 'fairway-first-2026' } }],
    'POST /v4/account': [
      { body: { email: coach.email, first_name: 'Casey', last_name: 'Coach', level: null, benchmark: 'NINETY', password: coach.password } },
    ],
    'POST /v4/account/confirm_email': [{ body: { code: '123456' } }],
    'POST /v4/account/update_password': [{ body: { password: coach.password, newPassword: 'fairway-first-2026' } }],
    'POST /v4/account/settings': [
      {
        body: {
          theme: 1,
          units: 'METERS_METERS',
          ...shares,
          custom_sg: {
            target: { handicap_index: 12.4, course_rating: 71.2, slope: 128 },
            boundaries: { chipMaxYards: 30, shortApproachMaxYards: 100, midApproachMaxYards: 175, shortPuttMaxFeet: 6, midPuttMaxFeet: 20 },
          },
          notify: { EVENT_SHARED: { email: true, push: false } },
          group: [friend.uid],
        },
      },
      {
        body: {
          custom_sg: {
            target: { score: 85 },
            boundaries: { chipMaxYards: 30, shortApproachMaxYards: 100, midApproachMaxYards: 175, shortPuttMaxFeet: 6, midPuttMaxFeet: 20 },
          },
        },
      },
    ],
    'GET /v4/events': [
      { query: { event_id: id(practice.event_id) } },
      {
        query: {
          uid: id(coach.uid),
          from: '2026-01-01',
          to: '2026-12-31T23:59:59Z',
          types: 'ROUND,PRACTICE',
          tags: 'Winter',
          shared: 'false',
          start: '0',
          limit: '50',
        },
      },
    ],
    'POST /v4/events': [
      {
        query: { event_id: id(practice.event_id) },
        body: {
          event_type: 'PRACTICE',
          title: 'Putting ladder',
          start: '2026-11-21T08:00:00Z',
          end: '2026-11-21T09:00:00Z',
          notes: 'Three ladders',
          tags: ['Winter'],
          share: 'SHARE_SELECTED',
          ...shares,
          eventdrills: [{ drill_id: drill.drill_id, ced_id: cedId }],
        },
      },
      { body: { event_type: 'ROUND', title: 'Saturday medal', start: '2026-11-22T08:00:00Z', round: ROUND } },
    ],
    'DELETE /v4/events': [{ query: { event_id: id(round.event_id) } }],
    'GET /v4/events/unshare': [{ query: { event_id: id(practice.event_id) } }],
    'GET /v4/events/comments': [{ query: { event_id: id(practice.event_id) } }],
    'POST /v4/events/comments': [{ query: { event_id: id(practice.event_id) }, body: { body: 'Good lag putting.\nMore on Monday.' } }],
    'DELETE /v4/events/comments': [{ query: { comment_id: id(comment.comment_id) } }],
    'POST /v4/events/batch': [{ query: { event_ids: `${practice.event_id},${round.event_id}` }, body: shares }],
    'GET /v4/drills': [{ query: { drill_id: id(drill.drill_id) } }, { query: { ced_id: id(cedId) } }],
    'POST /v4/drills': [{ query: { drill_id: id(drill.drill_id) }, body: drillBody }],
    'DELETE /v4/drills': [{ query: { drill_id: id(drill.drill_id) } }],
    'GET /v4/drills/unshare': [{ query: { drill_id: id(drill.drill_id) } }],
    'GET /v4/drills/events': [{ query: { drill_id: id(drill.drill_id) } }],
    'GET /v4/drills/results': [
      { query: { ced_id: `${cedId}` } },
      { query: { drill_id: id(drill.drill_id), uids: `${coach.uid},${friend.uid}`, from: '2026-01-01' } },
    ],
    'POST /v4/drills/results': [
      {
        query: { drillresult_id: id(result.drillresult_id) },
        body: { ced_id: cedId, time: '2026-11-21T08:30:00Z', values: { made: 7, note: 'Fast greens', green: 'Fast', windy: true } },
      },
    ],
    'DELETE /v4/drills/results': [{ query: { drillresult_id: id(result.drillresult_id) } }],
    'POST /v4/folders': [{ query: { folder_id: id(folder.folder_id) }, body: { name: 'Putting', ...shares } }],
    'DELETE /v4/folders': [{ query: { folder_id: id(folder.folder_id) } }],
    'POST /v4/tags': [{ query: { tag_id: id(tag.tag_id) }, body: { name: 'Winter', colour: '#447ec9', ...shares } }],
    'DELETE /v4/tags': [{ query: { tag_id: id(tag.tag_id) } }],
    'GET /v4/notifications': [{ query: { start: '0' } }],
    'GET /v4/notifications/read': [{ query: { notify_id: id(notifyId) } }],
    'POST /v4/devices': [
      {
        query: { push_token: 'https://push.example.test/send/abc123', platform: 'web' },
        body: {
          endpoint: 'https://push.example.test/send/abc123',
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        },
      },
    ],
    'POST /v4/orgs': [{ query: { org_id: id(orgId) }, body: { name: 'Pine Valley Academy', media_id: null, colour: '#1e6b52' } }],
    'GET /v4/orgs/subscription': [{ query: { org_id: id(orgId) } }],
    'GET /v4/orgs/members': [{ query: { org_id: id(orgId) } }],
    'POST /v4/orgs/seat': [{ query: { org_id: id(orgId) }, body: { uid: friend.uid, seat: 'PREMIUM' } }],
    'DELETE /v4/orgs/member': [{ query: { org_id: id(orgId), uid: id(friend.uid) } }],
    'GET /v4/orgs/leave': [{ query: { org_id: id(orgId) } }],
    'POST /v4/orgs/invite': [{ query: { org_id: id(orgId) }, body: { email: 'nia@example.test', role: 'player' } }],
    'GET /v4/orgs/invite': [{ query: { invite_id: id(invite.invite_id) } }],
    'DELETE /v4/orgs/invite': [{ query: { invite_id: id(invite.invite_id) } }],
    'GET /v4/orgs/invites': [{ query: { org_id: id(orgId) } }],
    'POST /v4/orgs/invite/resend': [{ query: { invite_id: id(invite.invite_id) } }],
    'GET /v4/orgs/invite/accept': [{ query: { invite_id: id(invite.invite_id) } }],
    'GET /v4/orgs/invite/decline': [{ query: { invite_id: id(invite.invite_id) } }],
    'POST /v4/orgs/share-rounds': [{ query: { org_id: id(orgId) }, body: { since: '2026-08-27T00:00:00Z' } }],
    'POST /v4/payments/stripe/checkout': [{ body: { plan: 3 } }],
    'POST /v4/payments/demo/checkout': [{ body: { session: 'cs_demo_4f8a2c9e1b7d' } }],
    'POST /v4/payments/demo/portal': [{ body: { session: 'bps_demo_4f8a2c9e1b7d', action: 'renew' } }],
    'GET /v4/ai/diagnose': [{ query: { players: id(coach.uid), benchmark: 'TOUR' } }],
    'GET /v4/ai/diagnoses': [{ query: { uid: id(coach.uid) } }],
    'GET /v4/ai/follow-up': [{ query: { diagnosis_id: '1' } }],
    // A plan starts from yesterday up to a year ahead of the server's clock.
    'POST /v4/ai/plan': [
      { query: { diagnosis_id: '1' }, body: { start_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), weeks: 2 } },
    ],
    'POST /v4/updates': [
      {
        body: {
          platform: 'ios',
          device_id: '6F1D2C3B-0A4E-4F5A-9B8C-7D6E5F4A3B2C',
          app_id: 'app.holeout',
          version_name: '0.1.0',
          version_build: '0.1.0',
          plugin_version: '7.51.21',
          is_emulator: false,
          is_prod: true,
          custom_id: 'ann',
        },
      },
    ],
  };

  const doc = (await server.app.inject({ url: '/v4/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema: Record<string, unknown> }>;
          requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
        }
      >
    >;
  };
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (path.startsWith('/v4/stats/')) examples[`GET ${path}`] = statsExample;
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }

  const rows = await select<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  tables = rows.map((row) => row.tablename);
});
afterAll(async () => server.close());

async function select<T>(query: string): Promise<T[]> {
  const result = (await server.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Every table's row count and a hash of its rows: equal snapshots mean nothing was written. */
async function snapshot(): Promise<Record<string, string>> {
  // Work after an earlier answer (a computed statistic written to stats_cache) lands first.
  await server.app.background.settled();
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS state FROM "${table}" t`,
  );
  const rows = await select<{ name: string; state: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}

const keyOf = (op: Operation) => `${op.method} ${op.path}`;
const isInteger = (schema: Record<string, unknown>) =>
  schema.type === 'integer' || (Array.isArray(schema.anyOf) && (schema.anyOf as Array<Record<string, unknown>>).some(isInteger));
const isDateParam = (schema: Record<string, unknown>) => /"format":"date(-time)?"/.test(JSON.stringify(schema));

/** The paths in a body schema of id fields and of date-time fields (array items as index 0). */
function bodyPaths(schema: Record<string, unknown>, at: Key[] = [], found = { ids: [] as Key[][], times: [] as Key[][] }) {
  for (const variant of (schema.anyOf ?? schema.oneOf ?? []) as Array<Record<string, unknown>>) bodyPaths(variant, at, found);
  if (schema.format === 'date-time') found.times.push(at);
  const last = at.at(-1) === 0 ? at.at(-2) : at.at(-1);
  if (isInteger(schema) && typeof last === 'string' && ID_NAME.test(last)) found.ids.push(at);
  if (schema.type === 'array' && schema.items) bodyPaths(schema.items as Record<string, unknown>, [...at, 0], found);
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
    bodyPaths(child, [...at, name], found);
  const unique = (paths: Key[][]) => [...new Map(paths.map((p) => [p.join('.'), p])).values()];
  return { ids: unique(found.ids), times: unique(found.times) };
}

function has(value: unknown, path: Key[]): boolean {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !(key in (here as object))) return false;
    here = (here as Record<Key, unknown>)[key];
  }
  return true;
}

const PLACEHOLDER = '__bad_value__';
/** The body as JSON text with the JSON text `raw` at `path`. */
function bodyWith(body: unknown, path: Key[], raw: string): string {
  const copy = structuredClone(body) as Record<Key, unknown>;
  let here = copy;
  for (const key of path.slice(0, -1)) here = here[key] as Record<Key, unknown>;
  here[path.at(-1)!] = PLACEHOLDER;
  return JSON.stringify(copy).replace(`"${PLACEHOLDER}"`, () => raw);
}

function send(op: Operation, query: Record<string, string>, payload?: string) {
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return server.app.inject({
    method: op.method as 'GET',
    url: search ? `${op.path}?${search}` : op.path,
    headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

const exampleOf = (op: Operation, has: (example: Example) => boolean): Example | undefined => examples[keyOf(op)]?.find(has);

interface Outcome {
  where: string;
  status: number;
  body: { error?: unknown; code?: unknown; details?: Array<{ field?: string }> };
  /** The tables written while the requests of its group ran (the database is compared once per group). */
  changed: string[];
  /** The field the error must name: the top-level key of the bad value, or the unknown key. */
  field?: string;
}

/**
 * Sends a group of bad requests (one parameter, one field) and records what came back, with the
 * tables whose rows changed from before the group to after it.
 */
async function attempts(
  requests: Array<{ where: string; op: Operation; query: Record<string, string>; payload?: string; field?: string }>,
): Promise<Outcome[]> {
  const before = await snapshot();
  const outcomes: Outcome[] = [];
  for (const { where, op, query, payload, field } of requests) {
    const res = await send(op, query, payload);
    let body: Outcome['body'] = {};
    try {
      body = res.json() as Outcome['body'];
    } catch {
      body = { error: res.body };
    }
    outcomes.push({ where, status: res.statusCode, body, changed: [], ...(field === undefined ? {} : { field }) });
  }
  const after = await snapshot();
  const changed = tables.filter((t) => before[t] !== after[t]);
  return outcomes.map((outcome) => ({ ...outcome, changed }));
}

/** The outcomes that are not a 400 { error, code: VALIDATION_ERROR } naming the field and changing nothing. */
function failures(outcomes: Outcome[]): string[] {
  return outcomes
    .filter(
      (o) =>
        o.status !== 400 ||
        typeof o.body.error !== 'string' ||
        o.body.code !== 'VALIDATION_ERROR' ||
        o.changed.length > 0 ||
        (o.field !== undefined && !o.body.error.includes(o.field)),
    )
    .map(
      (o) =>
        `${o.where} -> ${o.status} ${JSON.stringify(o.body).slice(0, 200)}${o.changed.length ? ` changed ${o.changed.join(',')}` : ''}`,
    );
}

const show = (value: string) => (value.length > 40 ? `${value.slice(0, 20)}...(${value.length} chars)` : JSON.stringify(value));

describe('the bad-input matrix over every operation of the OpenAPI document', () => {
  it('has a valid example of every operation with an id, a date or a JSON body', () => {
    const needed = operations.filter(
      (op) =>
        op.query.some((p) => isInteger(p.schema) || ID_NAME.test(p.name) || isDateParam(p.schema)) ||
        (op.body !== null && Object.keys(op.body).length > 0 && !op.path.includes('/webhook')),
    );
    expect(needed.map(keyOf).filter((key) => !examples[key])).toEqual([]);
    expect(needed.length).toBeGreaterThan(47);
  });

  it('answers 400 to an id query parameter out of range or not in plain decimal, changing nothing', { timeout: 300_000 }, async () => {
    const outcomes: Outcome[] = [];
    for (const op of operations) {
      for (const param of op.query.filter((p) => isInteger(p.schema))) {
        const example = exampleOf(op, (e) => e.query?.[param.name] !== undefined) ?? exampleOf(op, () => true) ?? {};
        const payload = example.body === undefined ? undefined : JSON.stringify(example.body);
        const bad = ID_NAME.test(param.name) ? BAD_QUERY_IDS : BAD_QUERY_WHOLE_NUMBERS;
        const requests = bad.map((value) => ({
          where: `${keyOf(op)} ?${param.name}=${show(value)}`,
          op,
          query: { ...example.query, [param.name]: value },
          ...(payload === undefined ? {} : { payload }),
          field: param.name,
        }));
        outcomes.push(...(await attempts(requests)));
      }
    }
    expect(outcomes.length).toBeGreaterThan(700);
    expect(failures(outcomes)).toEqual([]);
  });

  it(
    'answers 400 to an id list with any element out of range or not in plain decimal, or too long, changing nothing',
    { timeout: 300_000 },
    async () => {
      const outcomes: Outcome[] = [];
      for (const op of operations) {
        for (const param of op.query.filter((p) => !isInteger(p.schema) && ID_NAME.test(p.name))) {
          const example = exampleOf(op, (e) => e.query?.[param.name] !== undefined) ?? {};
          const payload = example.body === undefined ? undefined : JSON.stringify(example.body);
          const requests = BAD_ID_LISTS.map((value) => ({
            where: `${keyOf(op)} ?${param.name}=${show(value)}`,
            op,
            query: { ...example.query, [param.name]: value },
            ...(payload === undefined ? {} : { payload }),
            field: param.name,
          }));
          outcomes.push(...(await attempts(requests)));
        }
      }
      // rounds and players on 15 statistics, event_ids, ced_id, uids, notify_id, the AI coach's players, the handicap's players, and the report's players and rounds.
      expect(outcomes.length).toBe((15 * 2 + 6 + 2) * BAD_ID_LISTS.length);
      expect(failures(outcomes)).toEqual([]);
    },
  );

  it('answers 400 to a date query parameter no database or JavaScript date holds, changing nothing', async () => {
    const outcomes: Outcome[] = [];
    for (const op of operations) {
      for (const param of op.query.filter((p) => isDateParam(p.schema))) {
        const example = exampleOf(op, (e) => e.query?.[param.name] !== undefined) ?? {};
        const requests = BAD_QUERY_DATES.map((value) => ({
          where: `${keyOf(op)} ?${param.name}=${show(value)}`,
          op,
          query: { ...example.query, [param.name]: value },
          field: param.name,
        }));
        outcomes.push(...(await attempts(requests)));
      }
    }
    // The report's from and to are two of them.
    expect(outcomes.length).toBe(5 * BAD_QUERY_DATES.length);
    expect(failures(outcomes)).toEqual([]);
  });

  it('answers 400 to an id in a JSON body out of range, not whole or not a number, changing nothing', { timeout: 300_000 }, async () => {
    const outcomes: Outcome[] = [];
    const paths: string[] = [];
    for (const op of operations.filter((o) => o.body !== null)) {
      for (const path of bodyPaths(op.body!).ids) {
        paths.push(`${keyOf(op)} ${path.join('.')}`);
        const example = exampleOf(op, (e) => has(e.body, path));
        if (!example) continue;
        const requests = BAD_BODY_IDS.map((raw) => ({
          where: `${keyOf(op)} ${path.join('.')}=${show(raw)}`,
          op,
          query: example.query ?? {},
          payload: bodyWith(example.body, path, raw),
          field: String(path[0]),
        }));
        outcomes.push(...(await attempts(requests)));
      }
    }
    // Every id field the document has is in the matrix (each has an example holding it).
    expect(outcomes.length).toBe(paths.length * BAD_BODY_IDS.length);
    expect(paths.length).toBeGreaterThanOrEqual(19);
    expect(failures(outcomes)).toEqual([]);
  });

  it('answers 400 to a time in a JSON body no database or JavaScript date holds, changing nothing', async () => {
    const outcomes: Outcome[] = [];
    for (const op of operations.filter((o) => o.body !== null)) {
      for (const path of bodyPaths(op.body!).times) {
        const example = exampleOf(op, (e) => has(e.body, path));
        expect(example, `${keyOf(op)} ${path.join('.')}`).toBeDefined();
        const requests = BAD_BODY_TIMES.map((value) => ({
          where: `${keyOf(op)} ${path.join('.')}=${show(value)}`,
          op,
          query: example!.query ?? {},
          payload: bodyWith(example!.body, path, JSON.stringify(value)),
          field: String(path[0]),
        }));
        outcomes.push(...(await attempts(requests)));
      }
    }
    // start and end of an event, time of a drill result, since of sharing rounds with the coaches.
    expect(outcomes.length).toBe(4 * BAD_BODY_TIMES.length);
    expect(failures(outcomes)).toEqual([]);
  });
});

/** Every leaf and object of a body, with its path. */
function* nodes(value: unknown, at: Key[] = []): Generator<{ path: Key[]; value: unknown }> {
  yield { path: at, value };
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* nodes(item, [...at, i]);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) yield* nodes(item, [...at, key]);
}

const withBodies = () =>
  operations.flatMap((op) => (examples[keyOf(op)] ?? []).filter((e) => e.body !== undefined).map((example) => ({ op, example })));

describe('JSON bodies: text, numbers and keys', () => {
  it(
    'answers 400 to a lone UTF-16 surrogate in any text of any body, changing nothing (never a silent U+FFFD)',
    { timeout: 120_000 },
    async () => {
      const outcomes: Outcome[] = [];
      for (const { op, example } of withBodies()) {
        const requests = [...nodes(example.body)]
          .filter(({ value }) => typeof value === 'string')
          .flatMap(({ path, value }) =>
            ['\ud800', '\udfff'].map((half) => ({
              where: `${keyOf(op)} ${path.join('.')} with ${JSON.stringify(half)}`,
              op,
              query: example.query ?? {},
              payload: bodyWith(example.body, path, JSON.stringify(`${String(value).slice(0, 1)}${half}${String(value).slice(1)}`)),
              field: String(path[0]),
            })),
          );
        outcomes.push(...(await attempts(requests)));
      }
      expect(outcomes.length).toBeGreaterThan(100);
      expect(failures(outcomes)).toEqual([]);
    },
  );

  it('answers 400 to a lone surrogate in a key of a free-form object (drill result values, notification settings)', async () => {
    const cases = [
      { op: 'POST /v4/drills/results', path: ['values'] },
      { op: 'POST /v4/account/settings', path: ['notify'] },
    ];
    const outcomes: Outcome[] = [];
    for (const { op: key, path } of cases) {
      const op = operations.find((o) => keyOf(o) === key)!;
      const example = exampleOf(op, (e) => has(e.body, path))!;
      const requests = ['\ud800', 'made\udc00'].map((name) => ({
        where: `${key} ${path.join('.')} key ${JSON.stringify(name)}`,
        op,
        query: example.query ?? {},
        payload: bodyWith(example.body, [...path, name], '1'),
      }));
      outcomes.push(...(await attempts(requests)));
    }
    expect(failures(outcomes)).toEqual([]);
  });

  it('answers 400 to a number that is not finite anywhere in any body, changing nothing', { timeout: 120_000 }, async () => {
    const outcomes: Outcome[] = [];
    for (const { op, example } of withBodies()) {
      const requests = [...nodes(example.body)]
        .filter(({ value }) => typeof value === 'number')
        .flatMap(({ path }) =>
          ['1e999', '-1e999'].map((raw) => ({
            where: `${keyOf(op)} ${path.join('.')}=${raw}`,
            op,
            query: example.query ?? {},
            payload: bodyWith(example.body, path, raw),
            field: String(path[0]),
          })),
        );
      outcomes.push(...(await attempts(requests)));
    }
    expect(outcomes.length).toBeGreaterThan(50);
    expect(failures(outcomes)).toEqual([]);
  });

  it('answers 400 naming a key the contract does not know, in any object of any body, changing nothing', { timeout: 120_000 }, async () => {
    const outcomes: Outcome[] = [];
    for (const { op, example } of withBodies()) {
      const requests = [...nodes(example.body)]
        .filter(({ value }) => value !== null && typeof value === 'object' && !Array.isArray(value))
        .map(({ path }) => ({
          where: `${keyOf(op)} ${[...path, 'surplus'].join('.')}`,
          op,
          query: example.query ?? {},
          payload: bodyWith(example.body, [...path, 'surplus'], '1'),
          field: 'surplus',
        }));
      // One at a time: a drill's field may carry a key it does not use (below), which is a write.
      for (const request of requests) outcomes.push(...(await attempts([request])));
    }
    expect(outcomes.length).toBeGreaterThan(40);
    // A drill result's values are checked against the drill: an unknown field is its own 400.
    const byDrill = outcomes.filter((o) => o.where.includes('/drills/results values.surplus'));
    expect(byDrill.map((o) => [o.status, o.changed])).toEqual([[400, []]]);
    // Three bodies drop what they do not know, by their own rules: a drill's field the keys its type
    // does not use (the old options of a choice made a toggle), a payment call everything but
    // the plan or session (the plan in the body alone decides what is bought), and the updater
    // plugin's check the fields a plugin release adds (refusing them would stop every app updating).
    const dropped = outcomes.filter((o) =>
      /^POST \/v4\/(drills fields\.\d+|payments\/[a-z/]+|updates) surplus$/.test(o.where.replace(/\.surplus$/, ' surplus')),
    );
    expect(dropped).toHaveLength(4 + 3 + 1);
    for (const outcome of dropped) {
      expect(outcome.body.code, outcome.where).not.toBe('VALIDATION_ERROR');
      expect(outcome.status, outcome.where).not.toBe(500);
      expect(JSON.stringify(outcome.body)).not.toContain('surplus');
    }
    expect(failures(outcomes.filter((o) => !byDrill.includes(o) && !dropped.includes(o)))).toEqual([]);
  });

  it('refuses a per-shot, per-hole or per-round `unit` in a round, naming it, and stores nothing', async () => {
    const op = operations.find((o) => keyOf(o) === 'POST /v4/events')!;
    const example = exampleOf(op, (e) => has(e.body, ['round']))!;
    const requests = [['round'], ['round', 'holes', 0], ['round', 'holes', 0, 'shots', 1]].map((path) => ({
      where: `round ${[...path, 'unit'].join('.')}`,
      op,
      query: {},
      payload: bodyWith(example.body, [...path, 'unit'], '"METERS"'),
      field: '"unit"',
    }));
    const outcomes = await attempts(requests);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes[2]!.body.error).toContain('round.holes.0.shots.1');
  });
});

describe('the edges of what is held are still taken', () => {
  it('takes the largest id, and the first and last dates of the years 0100 to 9999, as they were sent', async () => {
    const get = (url: string) => server.app.inject({ url, headers: bearer(token) });
    expect((await get(`/v4/events?event_id=${ID_MAX}`)).statusCode).toBe(404);
    expect((await get(`/v4/drills?drill_id=${ID_MAX}`)).statusCode).toBe(404);
    expect((await get(`/v4/stats/scores?rounds=${ID_MAX}`)).statusCode).not.toBe(400);
    const spans: Array<[string, string]> = [
      ['0100-01-01', '9999-12-31'],
      ['0100-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'],
    ];
    for (const [from, to] of spans) {
      const res = await get(`/v4/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
      expect(res.statusCode, `${from} to ${to}: ${res.body}`).toBe(200);
    }
    const created = await server.app.inject({
      method: 'POST',
      url: '/v4/events',
      headers: bearer(token),
      payload: { event_type: 'NOTE', start: '0100-01-01T00:00:00Z', end: '9999-12-31T23:59:59.999Z' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const stored = { start: '0100-01-01T00:00:00.000Z', end: '9999-12-31T23:59:59.999Z' };
    expect(created.json()).toMatchObject(stored);
    const { event_id } = created.json() as { event_id: number };
    const read = await get(`/v4/events?event_id=${event_id}`);
    expect((read.json() as { events: unknown[] }).events[0]).toMatchObject(stored);
    // The whole span finds it, the last day included.
    const span = await get('/v4/events?from=0100-01-01&to=9999-12-31&types=NOTE');
    expect((span.json() as { events: Array<{ event_id: number }> }).events.map((e) => e.event_id)).toContain(event_id);
  });

  it('passes every example above through validation (so each 400 above is the bad value alone)', { timeout: 120_000 }, async () => {
    const refused: string[] = [];
    // Reads first, then writes, then what removes things (the examples share their fixtures).
    const order = (op: Operation) => (op.method === 'GET' ? 0 : op.method === 'POST' ? 1 : 2);
    for (const op of [...operations].sort((a, b) => order(a) - order(b))) {
      for (const example of examples[keyOf(op)] ?? []) {
        const res = await send(op, example.query ?? {}, example.body === undefined ? undefined : JSON.stringify(example.body));
        // The report answers a PDF, not JSON.
        const code = String(res.headers['content-type']).includes('json') ? (res.json() as { code?: string }).code : undefined;
        if ((res.statusCode === 400 && code === 'VALIDATION_ERROR') || (res.statusCode >= 500 && code !== 'PAYMENTS_NOT_CONFIGURED'))
          refused.push(`${keyOf(op)} ${JSON.stringify(example.query ?? {})} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
