import type { Storage } from '../../integrations/storage/storage.ts';
import type { App, AppContext } from '../../platform/app-context.ts';
import type { AccountReader } from '../account/account.module.ts';
import type { AiReader } from '../ai/ai.module.ts';
import type { OrgsBranding } from '../orgs/orgs.module.ts';
import type { StatsReader } from '../stats/stats.module.ts';
import { findFonts, fontDirs } from './report-fonts.ts';
import { FontBook } from './report-typesetter.ts';
import { reportsRoutes } from './reports.routes.ts';
import { ReportsService, type ReportQueue } from './reports.service.ts';

export type { ReportQueue, ReportMailJob } from './reports.service.ts';

/** What reports read of the other modules, and where organisation logos are stored. */
export interface ReportsUses {
  stats: StatsReader;
  ai: AiReader;
  orgs: OrgsBranding;
  account: AccountReader;
  storage: Storage;
}

/** What the job runner needs of reports: the queue it provides, and the work of one queued report. */
export interface ReportMailing {
  /** The job queue of this process (server.ts sets it once the job runner runs); until then mailed reports answer 503. */
  useQueue(queue: ReportQueue | null): void;
  /** Builds and mails one queued report (the job's data); throws for the queue to try again later. */
  mail(data: unknown): Promise<void>;
}

/**
 * Statistics reports: GET /reports/stats (the PDF) and POST /reports/stats (mailed through the job
 * queue). The fonts are looked for once, here: REPORT_FONTS_DIR, then Debian's font folders.
 */
export async function registerReportsModule(v4: App, ctx: AppContext, uses: ReportsUses): Promise<ReportMailing> {
  const fonts = new FontBook(findFonts(fontDirs(ctx.config.reportFontsDir)));
  if (!fonts.hasFonts)
    ctx.log.warn(
      { dirs: fontDirs(ctx.config.reportFontsDir) },
      'no report fonts found (fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core, or REPORT_FONTS_DIR): reports use Helvetica, Latin text only',
    );
  const reports = new ReportsService({ ...uses, mailer: ctx.mailer, fonts, clock: ctx.clock, log: ctx.log });
  await v4.register(reportsRoutes, { reports, requireUser: ctx.requireUser });
  return { useQueue: (queue) => reports.useQueue(queue), mail: (data) => reports.mailQueued(data) };
}
