import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normaliseRound, SUBSCRIPTION_LEVELS, type Round } from '@holeout/golf';
import { ROUNDS_CSV_COLUMNS, ROUNDS_CSV_EXTRA_COLUMNS } from '@holeout/contracts';
import { events, rounds } from '../../db/schema/index.ts';
import { acquaint, buildNotification, buildSubscription, buildUser, issueTokenFor } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { unzip } from '../../test/unzip.ts';
import { parseCsv } from './csv.ts';
import { PortabilityRepository } from './portability.repository.ts';
import { EXPORT_PAGE_SIZE } from './portability.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

type Golfer = { uid: number; token: string };
async function golfer(premium = false): Promise<Golfer> {
  const user = await buildUser(server.db);
  if (premium) await buildSubscription(server.db, { purchaser: user.uid, level: SUBSCRIPTION_LEVELS.PREMIUM });
  return { uid: user.uid, token: await issueTokenFor(server, user.uid) };
}

async function post(who: Golfer, url: string, payload: unknown) {
  const res = await server.app.inject({ method: 'POST', url: `/v4${url}`, headers: bearer(who.token), payload: payload as object });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { event_id: number };
}

async function exportOf(who: Golfer) {
  const res = await server.app.inject({ method: 'GET', url: '/v4/account/export', headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return { res, files: unzip(res.rawPayload) };
}

/** A multipart/form-data body with one file part. */
function multipart(bytes: Buffer | string, field = 'file') {
  const boundary = '----holeout-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="rounds.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importCsv = (who: Golfer, body: { payload: Buffer | string; headers: Record<string, string> }) =>
  server.app.inject({
    method: 'POST',
    url: '/v4/rounds/import',
    headers: { ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });

const HEADER = [...ROUNDS_CSV_COLUMNS, ...ROUNDS_CSV_EXTRA_COLUMNS];

/** A rated 18-hole-card round cut to five holes: penalties after O and after H (a drop), H played as it lies, a chip-in, misses. */
const medal: Round = {
  course: 'St Andrews, "Old" Course',
  tees: '=Blue',
  course_rating: 72.1,
  slope: 131,
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      stroke_index: 7,
      shots: [
        { from: 'T', dist: 400, to: 'O', miss: 'r' },
        { from: 'T', dist: 400, to: 'F' },
        { from: 'F', dist: 150, to: 'G', miss: 'ls' },
        { from: 'G', dist: 20, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 4,
      stroke_index: 1,
      shots: [
        { from: 'T', dist: 380, to: 'H', miss: 'l' },
        { from: 'R', dist: 120, to: 'G' },
        { from: 'G', dist: 10, to: 'G', miss: 'o' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
    {
      hole: 3,
      par: 3,
      stroke_index: 17,
      shots: [
        { from: 'T', dist: 170, to: 'H' },
        { from: 'H', dist: 30, to: 'G' },
        { from: 'G', dist: 5, to: 'I' },
      ],
    },
    {
      hole: 4,
      par: 4,
      stroke_index: 11,
      shots: [
        { from: 'T', dist: 300, to: 'F' },
        { from: 'F', dist: 40, to: 'I' },
      ],
    },
    {
      hole: 5,
      par: 5,
      stroke_index: 3,
      shots: [
        { from: 'T', dist: 520, to: 'R' },
        { from: 'R', dist: 260, to: 'S' },
        { from: 'S', dist: 25, to: 'G' },
        { from: 'G', dist: 8.5, to: 'I' },
      ],
    },
  ],
};

/** Nine holes, no course rating. */
const nine: Round = {
  course: 'Nine Oaks',
  units: 'FEET_YARDS',
  holes: Array.from({ length: 9 }, (_, i) => ({
    hole: i + 10,
    par: 4,
    shots: [
      { from: 'T', dist: 360 + i, to: 'F' },
      { from: 'F', dist: 140 + i, to: 'G' },
      { from: 'G', dist: 12 + i, to: 'G' },
      { from: 'G', dist: 2, to: 'I' },
    ],
  })),
};

/** Stored in meters off and on the green. */
const metric: Round = {
  course: 'Golfclub Beispiel',
  units: 'METERS_METERS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 350, to: 'F' },
        { from: 'F', dist: 150, to: 'G' },
        { from: 'G', dist: 3, to: 'I' },
      ],
    },
  ],
};

const ROUNDS = [
  { start: '2026-03-01T09:00:00.000Z', round: metric },
  { start: '2026-04-12T08:30:00.000Z', round: medal },
  { start: '2026-05-20T16:00:00.000Z', round: nine },
];

const eventCount = async () => (await server.db.select({ n: count() }).from(events))[0]!.n;

describe('GET /account/export and POST /rounds/import', () => {
  it('exports the account and a new user importing its rounds.csv gets the same rounds shot for shot', async () => {
    const owner = await golfer(true);
    // Created newest first: the export lists rounds oldest first whatever the order they were entered in.
    const created: Array<Awaited<ReturnType<typeof post>>> = [];
    for (const entry of [...ROUNDS].reverse()) {
      created.unshift(await post(owner, '/events', { event_type: 'ROUND', title: 'A round', start: entry.start, round: entry.round }));
    }
    const practice = await post(owner, '/events', { event_type: 'NOTE', title: 'Grip thoughts', start: '2026-06-01T10:00:00Z' });
    const folder = await post(owner, '/folders', { name: 'Putting' });
    const drill = await post(owner, '/drills', {
      title: 'Ladder',
      folder_id: folder.folder_id,
      fields: [{ key: 'made', label: 'Putts made', type: 'NUMBER', min: 0, max: 10, step: 1, required: true }],
      score_field: 'made',
    });
    const session = await post(owner, '/events', {
      event_type: 'PRACTICE',
      start: '2026-06-02T10:00:00Z',
      eventdrills: [{ drill_id: drill.drill_id }],
    });
    const cedId = (session.eventdrills as Array<{ ced_id: number }>)[0]!.ced_id;
    const result = await post(owner, '/drills/results', { ced_id: cedId, values: { made: 7 } });
    await buildNotification(server.db, { uid: owner.uid, title: '=Formula? no, a title' });

    const { res, files } = await exportOf(owner);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="holeout-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect([...files.keys()]).toEqual([
      'account.json',
      'events.json',
      'rounds.csv',
      'drills.json',
      'drill_results.csv',
      'notifications.json',
    ]);

    const account = JSON.parse(files.get('account.json')!.toString('utf8'));
    expect(account.user).toMatchObject({ uid: owner.uid, has_password: true, benchmark: 'NINETY' });
    expect(account.settings).toMatchObject({ units: 'FEET_YARDS', theme: 0 });
    const accountText = files.get('account.json')!.toString('utf8');
    for (const secret of ['password_hash', 'registration_ticket', 'token', 'argon2']) expect(accountText).not.toContain(secret);

    const exportedEvents = JSON.parse(files.get('events.json')!.toString('utf8')).events as Array<{ event_id: number; round: unknown }>;
    expect(exportedEvents.map((e) => e.event_id)).toEqual([...created.map((c) => c.event_id), practice.event_id, session.event_id]);
    expect(exportedEvents[1]!.round).toMatchObject({ course: medal.course, tees: '=Blue', course_rating: 72.1, slope: 131 });

    const drillsJson = JSON.parse(files.get('drills.json')!.toString('utf8'));
    expect(drillsJson.folders.map((f: { folder_id: number }) => f.folder_id)).toEqual([folder.folder_id]);
    expect(drillsJson.drills).toMatchObject([{ drill_id: drill.drill_id, folder_id: folder.folder_id, title: 'Ladder' }]);
    const resultRows = parseCsv(files.get('drill_results.csv')!.toString('utf8')).map((r) => r.fields);
    expect(resultRows).toEqual([
      ['drillresult_id', 'drill_id', 'drill_title', 'event_id', 'ced_id', 'time', 'recorded_by', 'values'],
      [
        String(result.drillresult_id),
        String(drill.drill_id),
        'Ladder',
        String(session.event_id),
        String(cedId),
        expect.any(String),
        String(owner.uid),
        '{"made":7}',
      ],
    ]);
    const notices = JSON.parse(files.get('notifications.json')!.toString('utf8')).notifications;
    expect(notices).toMatchObject([{ title: '=Formula? no, a title', type: 'EVENT_SHARED' }]);

    // rounds.csv: the header, then one row a shot, oldest round first.
    const csvText = files.get('rounds.csv')!.toString('utf8');
    expect(csvText).toContain('"St Andrews, ""Old"" Course"');
    const rows = parseCsv(csvText).map((r) => r.fields);
    expect(rows[0]).toEqual(HEADER);
    const shotCount = ROUNDS.reduce((n, r) => n + r.round.holes.reduce((m, h) => m + h.shots.length, 0), 0);
    expect(rows).toHaveLength(1 + shotCount);
    const at = (row: string[], column: string) => row[HEADER.indexOf(column as (typeof HEADER)[number])]!;
    const medalRows = rows.filter((r) => at(r, 'event_id') === String(created[1]!.event_id));
    expect(medalRows.map((r) => at(r, 'penalty'))).toEqual([
      '1',
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(at(medalRows[0]!, 'date')).toBe('2026-04-12T08:30:00.000Z');
    expect(at(medalRows[0]!, 'tees')).toBe("'=Blue");
    expect(at(medalRows[0]!, 'miss')).toBe('r');
    expect(at(medalRows[0]!, 'end_dist')).toBe('');
    expect(at(medalRows[0]!, 'stroke_index')).toBe('7');
    expect(at(medalRows[0]!, 'course_rating')).toBe('72.1');
    const chipIn = medalRows.find((r) => at(r, 'hole') === '4' && at(r, 'shot') === '2')!;
    expect([at(chipIn, 'start_lie'), at(chipIn, 'end_lie'), at(chipIn, 'end_dist'), at(chipIn, 'category')]).toEqual([
      'F',
      'I',
      '0',
      'fwChips',
    ]);
    for (const row of rows.slice(1)) expect(at(row, 'sg_vs_benchmark')).toMatch(/^-?\d+\.\d{3}$/);
    // The metric round in yards off the green and feet on it: 350 m = 382.76 yd, 3 m = 9.84252 ft.
    const metricRows = rows.filter((r) => at(r, 'event_id') === String(created[0]!.event_id));
    expect(metricRows.map((r) => at(r, 'start_dist'))).toEqual(['382.76', '164.04', '9.84252']);

    // A new user imports the file as it came out of the export.
    const newcomer = await golfer();
    const imported = await importCsv(newcomer, multipart(files.get('rounds.csv')!));
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = imported.json() as { imported: number; event_ids: number[] };
    expect(answer.imported).toBe(3);
    const list = await server.app.inject({ method: 'GET', url: '/v4/events?types=ROUND&shared=false', headers: bearer(newcomer.token) });
    const mine = (list.json() as { events: Array<{ event_id: number; uid: number; start: string; round: Round }> }).events;
    expect(mine.map((e) => e.event_id).sort()).toEqual([...answer.event_ids].sort());
    for (const [i, original] of ROUNDS.entries()) {
      const copy = mine.find((e) => e.event_id === answer.event_ids[i])!;
      expect(copy.uid).toBe(newcomer.uid);
      expect(copy.start).toBe(original.start);
      const expected = normaliseRound(original.round);
      expect(copy.round.units).toBe('FEET_YARDS');
      expect([copy.round.course, copy.round.tees, copy.round.course_rating, copy.round.slope]).toEqual([
        expected.course,
        expected.tees,
        expected.course_rating,
        expected.slope,
      ]);
      expect(copy.round.holes.map((h) => [h.hole, h.par, h.stroke_index])).toEqual(
        expected.holes.map((h) => [h.hole, h.par, h.stroke_index]),
      );
      copy.round.holes.forEach((hole, h) => {
        const want = expected.holes[h]!.shots;
        expect(hole.shots.map((s) => [s.from, s.to, s.miss])).toEqual(want.map((s) => [s.from, s.to, s.miss]));
        hole.shots.forEach((shot, s) => expect(shot.dist).toBeCloseTo(want[s]!.dist, 5));
      });
    }
    // Exported again, the newcomer's rounds.csv is the first one but for the new event ids.
    const again = parseCsv((await exportOf(newcomer)).files.get('rounds.csv')!.toString('utf8')).map((r) => r.fields);
    const withoutIds = (table: string[][]) => table.map((r) => r.slice(1));
    expect(withoutIds(again)).toEqual(withoutIds(rows));
  });

  it('exports only what the caller owns: nothing shared with them, nothing of anyone else', async () => {
    const caller = await golfer(true);
    const friend = await golfer(true);
    await acquaint(server.db, friend.uid, [caller.uid]);
    const shared = await post(friend, '/events', {
      event_type: 'ROUND',
      start: '2026-02-01T09:00:00Z',
      round: nine,
      usershares: [{ uid: caller.uid, permissions: 2 }],
      orgshares: [],
    });
    const seen = await server.app.inject({ method: 'GET', url: `/v4/events?event_id=${shared.event_id}`, headers: bearer(caller.token) });
    expect(seen.statusCode).toBe(200);
    const folder = await post(friend, '/folders', { name: 'Friends drills', usershares: [{ uid: caller.uid, permissions: 1 }] });
    await post(friend, '/drills', { title: 'Gate', folder_id: folder.folder_id, fields: [{ key: 'made', label: 'Made', type: 'NUMBER' }] });
    await buildNotification(server.db, { uid: friend.uid, title: 'Not yours' });
    const own = await post(caller, '/events', { event_type: 'ROUND', start: '2026-02-02T09:00:00Z', round: metric });

    const { files } = await exportOf(caller);
    expect(JSON.parse(files.get('events.json')!.toString('utf8')).events.map((e: { event_id: number }) => e.event_id)).toEqual([
      own.event_id,
    ]);
    const rows = parseCsv(files.get('rounds.csv')!.toString('utf8')).map((r) => r.fields);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set([String(own.event_id)]));
    // The one folder the caller owns is the one acquaint() made them share with the friend; the friend's is not theirs.
    const drillsJson = JSON.parse(files.get('drills.json')!.toString('utf8'));
    expect(drillsJson.folders).toMatchObject([{ name: expect.stringMatching(/^Acquaintance/), usershares: [{ uid: friend.uid }] }]);
    expect(drillsJson.drills).toEqual([]);
    expect(parseCsv(files.get('drill_results.csv')!.toString('utf8'))).toHaveLength(1);
    // The friend's share to the caller made a notification for the caller: theirs, so it is there; the friend's own is not.
    const titles = JSON.parse(files.get('notifications.json')!.toString('utf8')).notifications.map((n: { title: string }) => n.title);
    expect(titles).not.toContain('Not yours');
  });

  it('reads the rounds a page at a time, never the whole account in one query', async () => {
    const busy = await golfer();
    const total = 2 * EXPORT_PAGE_SIZE + 5;
    const base = Date.parse('2025-01-01T08:00:00Z');
    const rows = await server.db
      .insert(events)
      .values(Array.from({ length: total }, (_, i) => ({ uid: busy.uid, event_type: 'ROUND', start: new Date(base + i * 86_400_000) })))
      .returning({ event_id: events.event_id });
    await server.db.insert(rounds).values(
      rows.map((r) => ({
        event_id: r.event_id,
        course: 'Links',
        units: 'FEET_YARDS',
        holes: nine.holes.slice(0, 1),
        hole_count: 1,
        score: 4,
        par: 4,
      })),
    );
    const pages = vi.spyOn(PortabilityRepository.prototype, 'ownedEventPage');
    try {
      const { files } = await exportOf(busy);
      const csvRows = parseCsv(files.get('rounds.csv')!.toString('utf8'));
      expect(csvRows).toHaveLength(1 + total * 4);
      expect(csvRows[1]!.fields[0]).toBe(String(rows[0]!.event_id));
      expect(csvRows[csvRows.length - 1]!.fields[0]).toBe(String(rows[total - 1]!.event_id));
      const calls = pages.mock.calls.filter(([uid]) => uid === busy.uid);
      // events.json and rounds.csv each read three pages of at most EXPORT_PAGE_SIZE.
      expect(calls).toHaveLength(6);
      for (const [, options] of calls) expect(options.limit).toBe(EXPORT_PAGE_SIZE);
    } finally {
      pages.mockRestore();
    }
  });

  describe('bad input: a 400 naming the row and the column, and nothing stored', () => {
    const good = [
      HEADER.join(','),
      '7,2026-04-12T08:30:00Z,Links,1,4,1,T,400,F,150,0,,,,,,,',
      '7,2026-04-12T08:30:00Z,Links,1,4,2,F,150,G,20,0,,,,,,,',
      '7,2026-04-12T08:30:00Z,Links,1,4,3,G,20,I,0,0,,,,,,,',
    ];
    /** The good file with `cells` of a data row (1-based) replaced, by column name. */
    const edited = (row: number, cells: Record<string, string>) =>
      good
        .map((line, i) => {
          if (i !== row) return line;
          const fields = line.split(',');
          for (const [column, value] of Object.entries(cells)) fields[HEADER.indexOf(column as (typeof HEADER)[number])] = value;
          return fields.join(',');
        })
        .join('\r\n');
    const dropColumn = (column: string) => {
      const i = HEADER.indexOf(column as (typeof HEADER)[number]);
      return good
        .map((line) =>
          line
            .split(',')
            .filter((_, j) => j !== i)
            .join(','),
        )
        .join('\n');
    };
    const manyRounds = [
      HEADER.join(','),
      ...Array.from({ length: 301 }, (_, i) => `r${i},2026-04-12T08:30:00Z,Links,1,3,1,T,150,I,0,0,,,,,,,`),
    ].join('\n');

    const cases: Array<
      [
        string,
        ReturnType<typeof multipart> | { payload: string; headers: Record<string, string> },
        number,
        { row: number; column: string | null } | null,
      ]
    > = [
      ['a missing column', multipart(dropColumn('start_lie')), 400, { row: 0, column: 'start_lie' }],
      ['an unknown column', multipart(good.map((l, i) => (i === 0 ? `${l},club` : `${l},7i`)).join('\n')), 400, { row: 0, column: 'club' }],
      ['a bad lie', multipart(edited(2, { start_lie: 'X' })), 400, { row: 2, column: 'start_lie' }],
      ['a zero distance', multipart(edited(2, { start_dist: '0' })), 400, { row: 2, column: 'start_dist' }],
      ['a negative distance', multipart(edited(3, { start_dist: '-4' })), 400, { row: 3, column: 'start_dist' }],
      ['a non-number', multipart(edited(1, { start_dist: 'far' })), 400, { row: 1, column: 'start_dist' }],
      ['a shot order gap', multipart(edited(3, { shot: '4' })), 400, { row: 3, column: 'shot' }],
      ['a hole not ending in I', multipart(edited(3, { end_lie: 'G' })), 400, { row: 3, column: 'end_lie' }],
      ['a lie that does not follow', multipart(edited(2, { start_lie: 'R' })), 400, { row: 2, column: 'start_lie' }],
      ['a penalty the rules do not give', multipart(edited(1, { penalty: '1' })), 400, { row: 1, column: 'penalty' }],
      ['a putt past 200 ft', multipart(edited(3, { start_dist: '250' })), 400, { row: 3, column: 'start_dist' }],
      ['an unclosed quote', multipart(`${good.join('\n')}\n7,"2026-04-12`), 400, { row: 4, column: null }],
      ['a bad date', multipart(edited(1, { date: 'yesterday' })), 400, { row: 1, column: 'date' }],
      ['a date differing within a round', multipart(edited(2, { date: '2026-04-13T08:30:00Z' })), 400, { row: 2, column: 'date' }],
      ['more than 300 rounds', multipart(manyRounds), 400, { row: 301, column: 'event_id' }],
      ['a file over 5 MB', multipart(`${good.join('\n')}\n${'x'.repeat(5 * 1024 * 1024)}`), 413, null],
      ['a non-CSV file', multipart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe])), 400, null],
      ['no file part', multipart(good.join('\n'), 'rounds'), 400, null],
      ['an empty file', multipart(''), 400, null],
      ['a header and no rows', multipart(`${HEADER.join(',')}\n`), 400, { row: 0, column: null }],
      ['no multipart body', { payload: good.join('\n'), headers: { 'content-type': 'text/csv' } }, 415, null],
    ];

    it.each(cases)('%s', async (_name, body, status, place) => {
      const who = await golfer();
      const before = await eventCount();
      const res = await importCsv(who, body);
      expect(res.statusCode, res.body).toBe(status);
      const answer = res.json() as {
        error: string;
        code: string;
        details?: Array<{ row: number; column: string | null; message: string }>;
      };
      if (place) {
        expect(answer.code).toBe('VALIDATION_ERROR');
        expect(answer.details?.[0]).toMatchObject(place);
        const where = place.row === 0 ? 'header row' : `row ${place.row}`;
        expect(answer.error.startsWith(place.column ? `${where}, column ${place.column}: ` : `${where}: `)).toBe(true);
      }
      expect(await eventCount()).toBe(before);
      expect((await server.db.select({ n: count() }).from(events).where(eq(events.uid, who.uid)))[0]!.n).toBe(0);
    });

    it('stores nothing when the last round of a file is bad, though the first is good', async () => {
      const who = await golfer();
      const before = await eventCount();
      const file = [...good, '8,2026-04-13T08:30:00Z,Links,1,3,1,T,150,G,10,0,,,,,,,'].join('\n');
      const res = await importCsv(who, multipart(file));
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ row: 4, column: 'end_lie' });
      expect(await eventCount()).toBe(before);
    });

    it('takes the good file, with the formula guard taken off text cells', async () => {
      const who = await golfer();
      const res = await importCsv(who, multipart(edited(1, { course: "'=Links" }).replaceAll(',Links,', ",'=Links,")));
      expect(res.statusCode, res.body).toBe(200);
      const [eventId] = res.json().event_ids as number[];
      const stored = await server.db.select().from(rounds).where(eq(rounds.event_id, eventId!));
      expect(stored[0]).toMatchObject({ course: '=Links', units: 'FEET_YARDS', score: 3, par: 4 });
    });
  });
});
