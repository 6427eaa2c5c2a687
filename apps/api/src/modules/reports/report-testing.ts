import type { ReportContent } from './report-pdf.ts';

/** A report's content for tests: a player with no statistics yet, on A4 in British English; `over` replaces any part. */
export function emptyReportContent(over: Partial<ReportContent> = {}): ReportContent {
  return {
    playerName: 'Ada Lovelace',
    brand: null,
    generatedAt: new Date('2026-11-25T09:00:00Z'),
    locale: 'en-GB',
    paper: 'a4',
    units: 'FEET_YARDS',
    boundaries: undefined,
    benchmark: 'Scratch golfer',
    limited: false,
    sg: null,
    rounds: [],
    summary: null,
    puttMisses: null,
    approachMisses: null,
    handicap: null,
    diagnosis: null,
    ...over,
  };
}
