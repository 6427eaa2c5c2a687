import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { displayName, hasBasicAccess, isActiveStatus, type Subscription } from '@holeout/golf';
import {
  reportMailBody,
  statsResponses,
  type ReportMailBody,
  type ReportQuery,
  type ReportQueuedResponse,
  type Settings,
  type StatsQuery,
} from '@holeout/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { AccountReader } from '../account/account.module.ts';
import type { AiReader } from '../ai/ai.module.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { OrgsBranding } from '../orgs/orgs.module.ts';
import type { StatsReader } from '../stats/stats.module.ts';
import { benchmarkLabel, DEFAULT_REPORT_LOCALE, isUsableLocale, paperFor, reportFileName, reportFormat } from './report-format.ts';
import { ReportCache } from './report-cache.ts';
import { buildReportPdf, type ReportContent } from './report-pdf.ts';
import type { FontBook } from './report-typesetter.ts';

/** The 403 of a caller below Basic: reports are what Basic adds. */
export const BASIC_REQUIRED_MESSAGE =
  'Statistics reports (PDF and e-mail) need a Basic subscription or above. Subscribe to download or send reports.';

/** A report to build and mail, as queued: who asked, what for, and where it goes. */
export const reportMailJob = reportMailBody.omit({ to_email: true }).extend({ uid: z.number().int(), to_email: z.string() });
export type ReportMailJob = z.infer<typeof reportMailJob>;

/** Where report jobs are queued (the job runner of this process). */
export interface ReportQueue {
  enqueueReportMail(job: ReportMailJob): Promise<void>;
}

export interface ReportsServiceDeps {
  stats: StatsReader;
  ai: AiReader;
  orgs: OrgsBranding;
  account: AccountReader;
  storage: Storage;
  mailer: Mailer;
  fonts: FontBook;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** What a report is about once checked: the player, the statistics query and how it is laid out. */
interface ResolvedReport {
  player: UserRow;
  statsQuery: StatsQuery;
  locale: string;
  paper: ReportContent['paper'];
  /** The caller's settings: the units and category boundaries the report is written in. */
  settings: Settings;
}

/** A 400 naming one field, in the shape of the schema validation errors. */
function fieldError(field: string, message: string, where: 'query' | 'body'): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`, [{ field, message, in: where }]);
}

/** The statistics a report prints, in the order `statistics` answers them. */
const REPORT_STATS = ['sg', 'round_sg', 'summary', 'putt_misses', 'app_misses'] as const;
type ReportStat = (typeof REPORT_STATS)[number];

/** Someone acting outside a request (the player, for their branding; a queued report's caller): no session of theirs is used. */
const actingAs = (user: UserRow): Caller => ({ uid: user.uid, tokenId: 0, user });

/**
 * Statistics reports: one player's statistics, as the API serves them to the caller (the same
 * visibility, selection, benchmark and cache), laid out as a PDF; downloaded, or mailed as an
 * attachment through the job queue. Basic and above only.
 */
export class ReportsService {
  private queue: ReportQueue | null = null;
  private readonly built = new ReportCache();
  /** Subscriptions by the request's caller object, which lives as long as its request. */
  private readonly subscriptions = new WeakMap<Caller, ReturnType<AccountReader['getSubscription']>>();
  /** Organisation logos converted for PDF, by their storage key (a new upload gets a new key); the last few only. */
  private readonly logos = new Map<string, Promise<Buffer | null>>();

  constructor(private readonly deps: ReportsServiceDeps) {}

  /** The job queue of this process (server.ts sets it once the job runner runs); without one mailed reports answer 503. */
  useQueue(queue: ReportQueue | null): void {
    this.queue = queue;
  }

  /** The caller's subscription, read once per request (the check before it and the player's own brand both need it). */
  private subscriptionOf(caller: Caller): Promise<Awaited<ReturnType<AccountReader['getSubscription']>>> {
    let known = this.subscriptions.get(caller);
    if (!known) this.subscriptions.set(caller, (known = this.deps.account.getSubscription(caller)));
    return known;
  }

  /** 403 BASIC_REQUIRED below Basic (premium and coach levels included), before any other work. */
  async requireBasic(caller: Caller): Promise<void> {
    const subscription = await this.subscriptionOf(caller);
    if (!hasBasicAccess(subscription as Pick<Subscription, 'level' | 'status'> | null))
      throw new ApiError(403, 'BASIC_REQUIRED', BASIC_REQUIRED_MESSAGE);
  }

  /**
   * Checks a report's query and the caller's sight of the player: exactly one player; a player other
   * than the caller with no round the caller may see is a 404, as for a stranger. The rounds counted:
   * the selection, narrowed to the period (whole UTC days, both included) when one is given; all the
   * player's rounds otherwise, as GET /stats?players= counts them.
   */
  private async resolve(
    caller: Caller,
    query: Omit<ReportQuery, 'players'> & { players: number[] },
    where: 'query' | 'body',
  ): Promise<ResolvedReport> {
    const players = [...new Set(query.players)];
    if (players.length !== 1) throw fieldError('players', 'a report is about exactly one player', where);
    const locale = query.locale ?? DEFAULT_REPORT_LOCALE;
    if (!isUsableLocale(locale)) throw fieldError('locale', 'not a locale this server knows', where);
    if (query.from && query.to && query.from > query.to) throw fieldError('to', 'the period ends before it starts', where);
    const playerId = players[0]!;
    const period = query.from !== undefined || query.to !== undefined;
    // The player's visible rounds are read when a period narrows them, or to refuse another player
    // with none in sight; a selection alone is narrowed by the statistics themselves, which count
    // only the player's rounds the caller may see.
    const [visible, player, settings] = await Promise.all([
      period || playerId !== caller.uid ? this.deps.stats.roundsOf(caller, playerId, {}) : null,
      playerId === caller.uid ? caller.user : this.deps.account.userById(playerId),
      this.deps.account.getSettings(caller),
    ]);
    if (!player || (playerId !== caller.uid && visible?.length === 0)) throw notFound(`No such player: ${playerId}`);
    if (query.benchmark === 'CUSTOM' && !settings.custom_sg)
      throw fieldError('benchmark', 'save a custom target in Strokes gained settings before choosing CUSTOM', where);
    const day = (iso: string) => iso.slice(0, 10);
    const selected = query.rounds ? new Set(query.rounds) : null;
    const inPeriod = () =>
      (visible ?? [])
        .filter((r) => (!query.from || day(r.start) >= query.from) && (!query.to || day(r.start) <= query.to))
        .filter((r) => !selected || selected.has(r.event_id))
        .map((r) => r.event_id)
        .reverse();
    const statsQuery: StatsQuery = {
      players: [playerId],
      ...(query.benchmark ? { benchmark: query.benchmark } : {}),
      ...(period ? { rounds: inPeriod() } : query.rounds ? { rounds: query.rounds } : {}),
    };
    return { player, statsQuery, locale, paper: paperFor(query.paper, locale), settings };
  }

  /** The statistics a report prints, as the API answers them (one plan, one cache read), parsed. */
  private async statistics(caller: Caller, query: StatsQuery) {
    const bodies = await this.deps.stats.stats(caller, REPORT_STATS, query);
    type Parsed<N extends ReportStat> = z.infer<(typeof statsResponses)[N]>;
    const [sg, roundSg, summary, puttMisses, approachMisses] = bodies.map((body) => JSON.parse(body) as unknown);
    return [sg, roundSg, summary, puttMisses, approachMisses] as [
      Parsed<'sg'>,
      Parsed<'round_sg'>,
      Parsed<'summary'>,
      Parsed<'putt_misses'>,
      Parsed<'app_misses'>,
    ];
  }

  /** The organisation's brand of the player's pages, when their subscription is branded and active; the logo left out when it cannot be read. */
  private async brandOf(player: UserRow, caller: Caller): Promise<ReportContent['brand']> {
    const subscription = await this.subscriptionOf(player.uid === caller.uid ? caller : actingAs(player));
    if (!subscription?.has_branding || !isActiveStatus(subscription.status)) return null;
    const org = await this.deps.orgs.brandOf(player.uid, subscription.sub_id);
    if (!org) return null;
    const logo = org.logo_key ? await this.logoPng(org.logo_key) : null;
    return { name: org.name, colour: org.colour, logo };
  }

  /** A stored logo as PNG (logos are stored as WebP, which PDF cannot hold); null when it cannot be read, and then not remembered. */
  private logoPng(key: string): Promise<Buffer | null> {
    const known = this.logos.get(key);
    if (known) return known;
    const work = (async () => {
      try {
        const stored = await this.deps.storage.get(key);
        return stored ? await sharp(stored.body).png().toBuffer() : null;
      } catch (err) {
        this.deps.log.warn({ err }, 'an organisation logo could not be read for a report; it is left out');
        return null;
      }
    })();
    this.logos.set(key, work);
    void work.then((png) => {
      if (png === null) this.logos.delete(key);
    });
    while (this.logos.size > 16) this.logos.delete(this.logos.keys().next().value!);
    return work;
  }

  /** GET /reports/stats: the report's PDF and its file name. */
  async build(caller: Caller, query: ReportQuery): Promise<{ pdf: Buffer; fileName: string }> {
    return this.buildResolved(caller, await this.resolve(caller, query, 'query'));
  }

  private async buildResolved(caller: Caller, report: ResolvedReport): Promise<{ pdf: Buffer; fileName: string; playerName: string }> {
    const { player, statsQuery } = report;
    const [[sg, roundSg, summary, puttMisses, approachMisses], handicap, diagnosis, brand] = await Promise.all([
      this.statistics(caller, statsQuery),
      // The report prints the index and its differentials, not its history.
      this.deps.stats.handicap(caller, { players: [player.uid] }, { history: false }),
      this.deps.ai.latestDiagnosis(caller, player.uid),
      this.brandOf(player, caller),
    ]);
    const now = this.deps.clock();
    const name = displayName(player);
    const content: ReportContent = {
      playerName: name,
      brand,
      generatedAt: now,
      locale: report.locale,
      paper: report.paper,
      units: report.settings.units,
      boundaries: report.settings.custom_sg?.boundaries,
      benchmark: benchmarkLabel(sg.benchmark),
      limited: sg.limited,
      sg: sg.players.find((p) => p.uid === player.uid) ?? null,
      rounds: roundSg.rounds.filter((r) => r.uid === player.uid),
      summary: summary.players.find((p) => p.uid === player.uid) ?? null,
      puttMisses: puttMisses.players.find((p) => p.uid === player.uid) ?? null,
      approachMisses: approachMisses.players.find((p) => p.uid === player.uid) ?? null,
      handicap: handicap.players.find((p) => p.uid === player.uid) ?? null,
      diagnosis,
    };
    const key = ReportCache.keyOf(content, reportFormat(content.locale).date(now));
    const pdf = await this.built.get(key, () => buildReportPdf(content, this.deps.fonts));
    return { pdf, fileName: reportFileName(name, player.uid, now), playerName: name };
  }

  /**
   * POST /reports/stats: checks everything a download would (and the address) now, then queues the
   * job that builds the PDF and mails it. The address is the caller's own or, when the report is
   * about another player (a coach's), that player's; anything else is a 400 naming to_email.
   */
  async queueMail(caller: Caller, body: ReportMailBody): Promise<ReportQueuedResponse> {
    const report = await this.resolve(caller, body, 'body');
    const own = caller.user.email;
    // A coach may send a player's report to the player; anyone else only to themself (a friend holding a
    // share may read the figures, not mail the player as if from their coach).
    const allowed = [own, ...(report.player.uid !== caller.uid && caller.user.is_coach ? [report.player.email] : [])];
    const to = body.to_email ?? own;
    if (!allowed.some((address) => address.toLowerCase() === to.toLowerCase()))
      throw fieldError('to_email', "a report goes to your own address, or from a coach to the player's", 'body');
    const queue = this.queue;
    if (!queue)
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Reports cannot be sent by e-mail from this server right now. Download it instead.');
    const { to_email: _omitted, ...query } = body;
    await queue.enqueueReportMail({ ...query, uid: caller.uid, to_email: to });
    return { queued: true, to_email: to };
  }

  /**
   * A queued report: built for its caller as they are now (their subscription, their sight of the
   * player) and mailed with the PDF attached. A report that may no longer be made (a share withdrawn,
   * a subscription ended, an account deleted) is dropped with a log line; a failure worth another
   * try throws, for the queue to try again later.
   */
  async mailQueued(data: unknown): Promise<void> {
    const parsed = reportMailJob.safeParse(data);
    if (!parsed.success) {
      this.deps.log.error({ issues: parsed.error.issues.length }, 'a report job with unreadable data was dropped');
      return;
    }
    const { uid, to_email: to, ...query } = parsed.data;
    const user = await this.deps.account.userById(uid);
    if (!user) return;
    const caller = actingAs(user);
    let built: Awaited<ReturnType<ReportsService['buildResolved']>>;
    try {
      await this.requireBasic(caller);
      built = await this.buildResolved(caller, await this.resolve(caller, query, 'body'));
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500) {
        this.deps.log.warn({ code: err.code }, 'a queued report may no longer be made; dropped');
        return;
      }
      throw err;
    }
    await this.deps.mailer.send({
      to,
      subject: `Holeout statistics report: ${built.playerName}`,
      text: [
        `The statistics report of ${built.playerName} is attached as a PDF (${built.fileName}).`,
        '',
        'It was made from the rounds you may see in Holeout, as the Statistics pages show them.',
      ].join('\n'),
      purpose: 'report',
      attachments: [{ filename: built.fileName, contentType: 'application/pdf', content: built.pdf }],
    });
  }
}
