import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERENCE_COURSE, simulateRound, SUBSCRIPTION_LEVELS, type SubscriptionLevel } from '@holeout/golf';
import { REPORT_MAIL, startJobRunner, SUBSCRIPTION_SWEEP, type JobRunner } from '../../jobs/job-runner.ts';
import { createEvent } from '../../test/events-testing.ts';
import { acquaint, buildOrg, buildSubscription, buildUser, loginAs, type BuiltUser } from '../../test/factories.ts';
import { bearer, createTestServer, outboxFiles, readOutboxFile, type TestServer } from '../../test/test-server.ts';
import { reportFormat, SUMMARY_FIGURES, summaryFigureText } from './report-format.ts';
import { buildReportPdf } from './report-pdf.ts';
import { emptyReportContent } from './report-testing.ts';
import { FontBook } from './report-typesetter.ts';

/** poppler-utils (pdftotext, pdffonts) read the PDFs back; without them the tests that need them say so and are skipped. */
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined && spawnSync('pdffonts', ['-v']).error === undefined;
if (!hasPoppler) console.warn('pdftotext/pdffonts (poppler-utils) not found: the tests that read the PDFs back are skipped');

let server: TestServer;
let runner: JobRunner;
let workDir: string;

type Golfer = BuiltUser & { token: string };

async function golfer(first_name: string, last_name: string, level: SubscriptionLevel | null, is_coach = false): Promise<Golfer> {
  const user = await buildUser(server.db, { first_name, last_name, is_coach });
  if (level !== null) await buildSubscription(server.db, { purchaser: user.uid, level });
  return { ...user, token: await loginAs(server, user) };
}

/** `count` simulated 18-hole rounds of a 90 golfer, a week apart from 2026-03-02, every third one rated. */
async function playRounds(player: Golfer, count: number, share: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const round = simulateRound({ benchmark: 'NINETY', seed: 1000 + i, course: REFERENCE_COURSE });
    const start = new Date(Date.UTC(2026, 2, 2 + 7 * i, 8)).toISOString();
    const rated = i % 3 === 0 ? { course_rating: 71.4, slope: 129 } : {};
    const event = await createEvent(server, player.token, { start, round: { ...round, ...rated }, ...share });
    ids.push(event.event_id);
  }
  return ids;
}

const report = (token: string, query: string) => server.app.inject({ url: `/v4/reports/stats?${query}`, headers: bearer(token) });

/** The PDF's text as pdftotext lays it out. */
async function textOf(pdf: Buffer, layout = true): Promise<string> {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const result = spawnSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

/** pdffonts' table: each font's name and whether it is embedded. */
async function fontsOf(pdf: Buffer): Promise<Array<{ name: string; embedded: boolean }>> {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const result = spawnSync('pdffonts', [file], { encoding: 'utf8' });
  const lines = result.stdout.split('\n').slice(2).filter(Boolean);
  // Columns: name type encoding emb sub uni object ID; the type may hold spaces, so read from the right.
  return lines.map((line) => {
    const parts = line.trim().split(/\s+/);
    return { name: parts[0]!, embedded: parts.at(-5) === 'yes' };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let player: Golfer;
let playerRounds: number[];

beforeAll(async () => {
  server = await createTestServer();
  runner = await startJobRunner({
    database: server.database,
    handlers: { [SUBSCRIPTION_SWEEP]: async () => undefined, [REPORT_MAIL]: (data) => server.app.reports.mail(data) },
    log: server.app.log,
    schedule: false,
    pollingIntervalSeconds: 0.5,
  });
  server.app.reports.useQueue(runner);
  workDir = await mkdtemp(path.join(tmpdir(), 'holeout-reports-'));
  player = await golfer('Ada', 'Lovelace', SUBSCRIPTION_LEVELS.BASIC);
  playerRounds = await playRounds(player, 20);
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('GET /reports/stats', () => {
  it.skipIf(!hasPoppler)(
    'prints the figures the API serves: strokes gained by category and leaf, the summary, rounds and holes; under 500 KB for 20 rounds',
    async () => {
      const query = `players=${player.uid}&benchmark=SCRATCH`;
      const res = await report(player.token, `${query}&locale=en-GB`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="holeout-report-ada-lovelace-${new Date().toISOString().slice(0, 10)}.pdf"`,
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(500_000);
      // A4 by the locale's region (GB).
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

      const text = await textOf(pdf);
      const f = reportFormat('en-GB');
      const sg = (await server.app.inject({ url: `/v4/stats/sg?${query}`, headers: bearer(player.token) })).json() as {
        players: Array<{ rounds: number; holes: number; sg: Record<string, number | Record<string, number>> }>;
      };
      const summary = (await server.app.inject({ url: `/v4/stats/summary?${query}`, headers: bearer(player.token) })).json() as {
        players: Array<Record<string, number | null>>;
      };
      const stats = sg.players[0]!;
      expect(stats.rounds).toBe(20);
      const breakdown = stats.sg as {
        overall: number;
        tee: number;
        approach: Record<string, number>;
        chip: Record<string, number>;
        putt: Record<string, number>;
      };
      const lineOf = (label: string) => text.split('\n').find((line) => new RegExp(`^\\s*${escape(label)}\\s`).test(line));
      const expected: Array<[string, number]> = [
        ['Overall', breakdown.overall],
        ['Off the tee', breakdown.tee],
        ['Approach', breakdown.approach.overall!],
        ['Short (up to 100 yd)', breakdown.approach.short!],
        ['Mid (up to 150 yd)', breakdown.approach.mid!],
        ['Long (over 150 yd)', breakdown.approach.long!],
        ['Short game', breakdown.chip.overall!],
        ['From the fairway', breakdown.chip.fairway!],
        ['From the rough', breakdown.chip.rough!],
        ['From the sand', breakdown.chip.sand!],
        ['Other', breakdown.chip.other!],
        ['Putting', breakdown.putt.overall!],
        ['Short (under 6 ft)', breakdown.putt.short!],
        ['Mid (up to 20 ft)', breakdown.putt.mid!],
        ['Long (over 20 ft)', breakdown.putt.long!],
      ];
      for (const [label, value] of expected) expect(lineOf(label), label).toContain(f.sg(value));

      const figures = summary.players[0]!;
      for (const figure of SUMMARY_FIGURES) {
        expect(lineOf(figure.label), figure.label).toContain(summaryFigureText(f, figure.kind, figures[figure.key] ?? null, 'FEET_YARDS'));
      }
      // Rounds and holes counted, under their labels.
      expect(text).toMatch(new RegExp(`ROUNDS\\s+HOLES[^\\n]*\\n[^\\n]*\\s${stats.rounds}\\s+${escape(f.count(stats.holes))}\\b`));
      expect(text).toContain('Page 1 of');
    },
  );

  it.skipIf(!hasPoppler)(
    'narrows to the period and the selection, on US Letter for en-US, with the figures of the same rounds',
    async () => {
      // Rounds 1-5 are 2026-03-02 to 2026-03-30; the selection keeps three of them and one outside the period.
      const selection = [playerRounds[1], playerRounds[2], playerRounds[3], playerRounds[10]].join(',');
      const res = await report(player.token, `players=${player.uid}&from=2026-03-09&to=2026-03-23&rounds=${selection}&locale=en-US`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
      const same = `players=${player.uid}&rounds=${playerRounds.slice(1, 4).join(',')}`;
      const sg = (await server.app.inject({ url: `/v4/stats/sg?${same}`, headers: bearer(player.token) })).json() as {
        players: Array<{ rounds: number; sg: { overall: number } }>;
      };
      expect(sg.players[0]!.rounds).toBe(3);
      const text = await textOf(res.rawPayload);
      const f = reportFormat('en-US');
      expect(text).toMatch(new RegExp(`^\\s*Overall\\s.*${escape(f.sg(sg.players[0]!.sg.overall))}`, 'm'));
      expect(text).toContain(`${f.date('2026-03-09T08:00:00Z')} – ${f.date('2026-03-23T08:00:00Z')}`);
    },
  );

  it.skipIf(!hasPoppler)('writes names in Cyrillic, Arabic, Hebrew and Chinese as text, with every font embedded', async () => {
    for (const [first, last] of [
      ['Иван', 'Петров'],
      ['ليلى', 'حداد'],
      ['דוד', 'כהן'],
      ['王', '小明'],
    ] as const) {
      const someone = await golfer(first, last, SUBSCRIPTION_LEVELS.BASIC);
      await playRounds(someone, 1);
      const res = await report(someone.token, `players=${someone.uid}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(500_000);
      const text = await textOf(res.rawPayload, false);
      expect(text.normalize('NFKC')).toContain(`${first} ${last}`);
      const fonts = await fontsOf(res.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    }
  });

  it.skipIf(!hasPoppler)('serves a report asked again as built, and a new one once a round is added or the benchmark changes', async () => {
    const me = await golfer('Rhea', 'Repeat', SUBSCRIPTION_LEVELS.BASIC);
    await playRounds(me, 2);
    const first = await report(me.token, `players=${me.uid}&benchmark=SCRATCH`);
    const again = await report(me.token, `players=${me.uid}&benchmark=SCRATCH`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The line under "PERIOD  ROUNDS  HOLES": the period, then the counts.
    const countsLine = async (pdf: Buffer) => {
      const lines = (await textOf(pdf)).split('\n');
      return lines[lines.findIndex((line) => /^PERIOD\s+ROUNDS\s+HOLES/.test(line.trim())) + 1]?.trim();
    };
    expect(await countsLine(first.rawPayload)).toMatch(/\s2\s+36$/);

    await playRounds(me, 1);
    const added = await report(me.token, `players=${me.uid}&benchmark=SCRATCH`);
    expect(added.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(await countsLine(added.rawPayload)).toMatch(/\s3\s+54$/);
    const otherBenchmark = await textOf((await report(me.token, `players=${me.uid}&benchmark=TOUR`)).rawPayload);
    expect(otherBenchmark).toContain('PGA Tour');
    expect(await textOf(added.rawPayload)).not.toContain('PGA Tour');
  });

  it('answers 404 to a stranger and to a coach the player shared no rounds with, and the report to a coach with shared rounds', async () => {
    const stranger = await golfer('Stan', 'Ranger', SUBSCRIPTION_LEVELS.BASIC);
    const pupil = await golfer('Pia', 'Pupil', SUBSCRIPTION_LEVELS.BASIC);
    const coach = await golfer('Cora', 'Coach', SUBSCRIPTION_LEVELS.COACH, true);
    const otherCoach = await golfer('Otto', 'Coach', SUBSCRIPTION_LEVELS.COACH, true);
    await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: pupil.uid }] });
    // The other coach shares an organisation with the pupil but sees none of their rounds.
    await buildOrg(server.db, { members: [{ uid: otherCoach.uid, is_coach: true }, { uid: pupil.uid }] });
    await playRounds(pupil, 2, { share: 'SHARE_SELECTED', usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] });

    expect((await report(stranger.token, `players=${pupil.uid}`)).statusCode).toBe(404);
    expect((await report(otherCoach.token, `players=${pupil.uid}`)).statusCode).toBe(404);
    // The statistics themselves answer the organisation mate (with nothing counted): the report asks for a round in sight.
    expect((await server.app.inject({ url: `/v4/stats/sg?players=${pupil.uid}`, headers: bearer(otherCoach.token) })).statusCode).toBe(200);
    const coachView = await report(coach.token, `players=${pupil.uid}`);
    expect(coachView.statusCode).toBe(200);
    expect(coachView.headers['content-type']).toBe('application/pdf');
    expect((await report(pupil.token, `players=${pupil.uid}`)).statusCode).toBe(200);
    // An id nobody has.
    expect((await report(coach.token, 'players=2147483647')).statusCode).toBe(404);
  });

  it('answers 403 BASIC_REQUIRED on the free tier (and after a subscription lapsed), before reading the query', async () => {
    const free = await golfer('Fred', 'Free', null);
    await playRounds(free, 1);
    for (const query of [`players=${free.uid}`, 'players=not-an-id']) {
      const res = await report(free.token, query);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BASIC_REQUIRED' });
    }
    const lapsed = await buildUser(server.db, { first_name: 'Lapsed' });
    await buildSubscription(server.db, { purchaser: lapsed.uid, level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'EXPIRED' });
    const post = await server.app.inject({
      method: 'POST',
      url: '/v4/reports/stats',
      headers: bearer(await loginAs(server, lapsed)),
      payload: { players: [lapsed.uid] },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'BASIC_REQUIRED' });
    // Premium includes Basic.
    const premium = await golfer('Pam', 'Premium', SUBSCRIPTION_LEVELS.PREMIUM);
    expect((await report(premium.token, `players=${premium.uid}`)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a bad query', async () => {
    const cases: Array<[string, string]> = [
      ['', 'players'],
      [`players=${player.uid},${player.uid + 1}`, 'players'],
      [`players=${player.uid}&paper=a5`, 'paper'],
      [`players=${player.uid}&locale=english`, 'locale'],
      [`players=${player.uid}&from=2026-05-01&to=2026-04-01`, 'to'],
      [`players=${player.uid}&from=2026-02-30`, 'from'],
      [`players=${player.uid}&benchmark=CUSTOM`, 'benchmark'],
      [`players=${player.uid}&benchmark=BOGEY`, 'benchmark'],
    ];
    for (const [query, field] of cases) {
      const res = await report(player.token, query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: string }).error, query).toContain(field);
    }
  });
});

describe('POST /reports/stats', () => {
  const post = (token: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/v4/reports/stats', headers: bearer(token), payload: payload as object });

  it('queues the report and a job mails it as a PDF attachment to the caller', async () => {
    const before = server.mails.length;
    const res = await post(player.token, { players: [player.uid], benchmark: 'TOUR', locale: 'de-DE' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: true, to_email: player.email });
    await vi.waitFor(() => expect(server.mails.length).toBe(before + 1), { timeout: 20_000, interval: 200 });
    const mail = server.mails.at(-1)!;
    expect(mail.to).toBe(player.email);
    expect(mail.purpose).toBe('report');
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toMatch(/^holeout-report-ada-lovelace-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The outbox file is a multipart/mixed mail with the PDF base64-encoded in its own part.
    // The recording mailer notes the mail before the outbox file is written.
    const reportFiles = async () => (await outboxFiles(server)).filter((name) => name.endsWith('-report.eml'));
    await vi.waitFor(async () => expect(await reportFiles()).toHaveLength(1), { timeout: 5_000 });
    const file = (await reportFiles())[0]!;
    const eml = await readOutboxFile(server, file);
    expect(eml).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    const part = eml.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/.test(p))!;
    expect(part).toMatch(/Content-Transfer-Encoding: base64/);
    expect(part).toMatch(/Content-Disposition: attachment;\s+filename=holeout-report-ada-lovelace-/);
    const base64 = part.split(/\r?\n\r?\n/)[1]!.replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').equals(attachment.content)).toBe(true);
    if (hasPoppler) {
      // The German locale writes the figures with a decimal comma; A4 by region.
      const text = await textOf(attachment.content);
      expect(text).toMatch(/Overall\s+[+-]?\d+,\d\d/);
    }
  });

  it("lets a coach send a player's report to the player's address, and refuses any other address", async () => {
    const pupil = await golfer('Paul', 'Pupil', SUBSCRIPTION_LEVELS.BASIC);
    const coach = await golfer('Carl', 'Coach', SUBSCRIPTION_LEVELS.COACH, true);
    const stranger = await golfer('Sue', 'Stranger', SUBSCRIPTION_LEVELS.BASIC);
    await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: pupil.uid }] });
    await playRounds(pupil, 2, { share: 'SHARE_SELECTED', usershares: [{ uid: coach.uid, permissions: 0 }], orgshares: [] });

    const elsewhere = await post(coach.token, { players: [pupil.uid], to_email: 'someone@example.test' });
    expect(elsewhere.statusCode).toBe(400);
    expect((elsewhere.json() as { error: string }).error).toContain('to_email');
    // The player may send their own report only to themself.
    const toCoach = await post(pupil.token, { players: [pupil.uid], to_email: coach.email });
    expect(toCoach.statusCode).toBe(400);
    expect((await post(stranger.token, { players: [pupil.uid] })).statusCode).toBe(404);
    // A friend the pupil shares rounds with, not a coach: the report to themself, never to the pupil.
    const friend = await golfer('Fay', 'Friend', SUBSCRIPTION_LEVELS.BASIC);
    await acquaint(server.db, pupil.uid, [friend.uid]);
    await playRounds(pupil, 1, { share: 'SHARE_SELECTED', usershares: [{ uid: friend.uid, permissions: 0 }], orgshares: [] });
    const toPupil = await post(friend.token, { players: [pupil.uid], to_email: pupil.email });
    expect(toPupil.statusCode).toBe(400);
    expect((toPupil.json() as { error: string }).error).toContain('to_email');

    const before = server.mails.length;
    const res = await post(coach.token, { players: [pupil.uid], to_email: pupil.email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    await vi.waitFor(() => expect(server.mails.length).toBe(before + 1), { timeout: 20_000, interval: 200 });
    expect(server.mails.at(-1)!.to.toLowerCase()).toBe(pupil.email.toLowerCase());
    expect(server.mails.at(-1)!.attachments?.[0]?.contentType).toBe('application/pdf');
    // Without an address the coach gets it.
    expect((await post(coach.token, { players: [pupil.uid] })).json()).toEqual({ queued: true, to_email: coach.email });
    await vi.waitFor(() => expect(server.mails.length).toBe(before + 2), { timeout: 20_000, interval: 200 });
    expect(server.mails.at(-1)!.to).toBe(coach.email);
  });

  it('answers 400 for a bad body, and 503 while no job queue runs in the process', async () => {
    expect((await post(player.token, { players: [player.uid, player.uid + 1] })).statusCode).toBe(400);
    expect((await post(player.token, { players: [player.uid], surplus: 1 })).statusCode).toBe(400);
    expect((await post(player.token, { players: [player.uid], to_email: 'not-an-address' })).statusCode).toBe(400);
    server.app.reports.useQueue(null);
    try {
      const res = await post(player.token, { players: [player.uid] });
      expect(res.statusCode).toBe(503);
    } finally {
      server.app.reports.useQueue(runner);
    }
  });
});

describe('the PDF itself', () => {
  it('is readable again: the first bytes, an xref and one page object per page', async () => {
    const res = await report(player.token, `players=${player.uid}`);
    const pdf = res.rawPayload.toString('latin1');
    const pages = pdf.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pdf).toContain('%%EOF');
  });

  it.skipIf(!hasPoppler)("falls back to pdfkit's Helvetica when no font file is found: the same report, Latin text", async () => {
    const name = 'Ada Lovelace';
    const pdf = await buildReportPdf(emptyReportContent({ playerName: name }), new FontBook({}));
    const text = await textOf(pdf);
    expect(text).toContain(name);
    expect(text).toContain('Statistics report');
    expect((await fontsOf(pdf)).map((font) => font.name).sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
  });
});
