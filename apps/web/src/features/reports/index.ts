/**
 * What other features use of reports and export: the statistics report (downloaded or mailed), the
 * export of one's own data, and handing a fetched file to the browser as a download.
 */
export { fetchStatsReport, mailStatsReport, reportLocale } from './api/stats-report.ts';
export { fetchAccountExport } from './api/account-export.ts';
export { usePlayerEmail } from './api/player-email.ts';
export { isBasicRequired } from './lib/basic-required.ts';
export { fileDate, saveFile, type SavedFile } from './lib/save-file.ts';
