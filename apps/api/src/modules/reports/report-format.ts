import {
  BENCHMARK_LABELS,
  isBenchmarkLevel,
  roundTo,
  toDisplayDistance,
  unitOf,
  type DistanceKind,
  type DistanceUnit,
  type UnitsPair,
} from '@holeout/golf';
import type { ReportPaper } from '@holeout/contracts';

/**
 * How a report writes its figures and dates in the reader's locale, and which paper it is laid out
 * on. The test of the report's figures formats the API's numbers with these same functions.
 */

/** The locale when none is given: English with day-month-year dates, A4. */
export const DEFAULT_REPORT_LOCALE = 'en-GB';

/** Regions whose paper is US Letter (CLDR's measurement data); A4 everywhere else. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'SV', 'NI', 'PA', 'PR', 'BZ']);

/**
 * The paper of a report: the one asked for, else US Letter in a Letter region of the locale (its
 * likely region when it names none: en is en-US), else A4.
 */
export function paperFor(paper: ReportPaper | undefined, locale: string | undefined): ReportPaper {
  if (paper) return paper;
  if (!locale) return 'a4';
  const region = new Intl.Locale(locale).maximize().region;
  return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

/** Whether Intl can work in this locale (a tag of the right shape may still be one Intl refuses). */
export function isUsableLocale(locale: string): boolean {
  try {
    new Intl.NumberFormat(locale);
    new Intl.Locale(locale);
    return true;
  } catch {
    return false;
  }
}

const UNIT_ABBREVIATIONS: Record<DistanceUnit, string> = { feet: 'ft', yards: 'yd', meters: 'm' };

const formatsByLocale = new Map<string, ReportFormat>();

/**
 * The number and date writers of one locale, made once per locale (Intl's formatters take longer to
 * make than a report takes to write its numbers) and kept for the locales last used.
 */
export function reportFormat(locale: string): ReportFormat {
  let format = formatsByLocale.get(locale);
  if (!format) {
    formatsByLocale.set(locale, (format = makeReportFormat(locale)));
    while (formatsByLocale.size > 32) formatsByLocale.delete(formatsByLocale.keys().next().value!);
  }
  return format;
}

/** The number and date writers of one locale. Numbers are rounded with roundTo (half away from zero) before Intl writes them. */
function makeReportFormat(locale: string) {
  const fixed = (decimals: number, signed = false) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
  const formats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (decimals: number, signed: boolean) => {
    const key = `${decimals}:${signed}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = fixed(decimals, signed)));
    return format;
  };
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const NONE = '–';
  const fixedText = (value: number | null | undefined, decimals: number, signed = false) =>
    value === null || value === undefined || !Number.isFinite(value)
      ? NONE
      : numberFormat(decimals, signed).format(roundTo(value, decimals));
  return {
    none: NONE,
    /** A number with exactly `decimals` places: 1.0, 12.35, –. */
    fixed: fixedText,
    /** Strokes gained: signed, two places: +0.45, -1.20, 0.00. */
    sg: (value: number | null | undefined) => fixedText(value, 2, true),
    /** A percentage 0-100 with one place: 38.9%. */
    percent: (value: number | null | undefined) => {
      const text = fixedText(value, 1);
      return text === NONE ? text : `${text}%`;
    },
    /** A whole number: 20, 360. */
    count: (value: number) => numberFormat(0, false).format(value),
    /** A canonical distance (yards off the green, feet on it) in the reader's unit: "251 yd". */
    distance: (value: number | null | undefined, kind: DistanceKind, units: UnitsPair, decimals = 0) => {
      if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
      return `${fixedText(toDisplayDistance(value, kind, units), decimals)} ${UNIT_ABBREVIATIONS[unitOf(units, kind)]}`;
    },
    /** A day, in UTC: 21 Nov 2026 (en-GB), Nov 21, 2026 (en-US). */
    date: (value: string | Date) => dates.format(typeof value === 'string' ? new Date(value) : value),
  };
}
export type ReportFormat = ReturnType<typeof makeReportFormat>;

/** The benchmark's name from its baseline id: a level's label, or "Custom (target 85)". */
export function benchmarkLabel(id: string): string {
  if (isBenchmarkLevel(id)) return BENCHMARK_LABELS[id];
  const custom = /^CUSTOM:(.+)$/.exec(id);
  return custom ? `Custom (target ${custom[1]})` : id;
}

/** The summary figures of GET /stats/summary in the report's order, each with its one-line definition (packages/golf's stats README). */
export const SUMMARY_FIGURES = [
  {
    key: 'scoring_avg',
    label: 'Scoring average',
    kind: 'perRound',
    definition: 'Strokes per 18 holes, penalty strokes included; a 9-hole round counts as half a round.',
  },
  { key: 'putts_per_round', label: 'Putts per round', kind: 'perRound', definition: 'Strokes played on the green, per 18 holes.' },
  {
    key: 'putts_per_gir',
    label: 'Putts per green in regulation',
    kind: 'twoPlaces',
    definition: 'Putts on the holes where the green was reached in regulation, per such hole.',
  },
  {
    key: 'gir_pct',
    label: 'Greens in regulation',
    kind: 'percent',
    definition: 'Holes where the ball was on the green (or holed) after at most par minus 2 strokes, penalty strokes included.',
  },
  {
    key: 'fairways_pct',
    label: 'Fairways hit',
    kind: 'percent',
    definition: 'Drives (tee shots on par 4s and 5s) that finished on the fairway, on the green or in the hole.',
  },
  {
    key: 'scrambling_pct',
    label: 'Scrambling',
    kind: 'percent',
    definition: 'Holes where the green was missed in regulation and the score was still par or better.',
  },
  {
    key: 'sand_save_pct',
    label: 'Sand saves',
    kind: 'percent',
    definition: 'Greenside bunker visits from which the ball was holed in at most two strokes, whatever the score.',
  },
  {
    key: 'three_putt_avoid_pct',
    label: '3-putt avoidance',
    kind: 'percent',
    definition: 'Holes with a putt on which at most two putts were taken.',
  },
  { key: 'one_putt_pct', label: 'One-putts', kind: 'percent', definition: 'Holes with a putt on which exactly one putt was taken.' },
  {
    key: 'avg_drive',
    label: 'Average drive',
    kind: 'distance',
    definition: 'How much closer a drive brought the ball to the hole, on average; lost balls and drops are left out.',
  },
  { key: 'birdies_per_round', label: 'Birdies per round', kind: 'perRound', definition: 'Birdies or better, per 18 holes.' },
  { key: 'bogeys_per_round', label: 'Bogeys per round', kind: 'perRound', definition: 'Bogeys (one over par), per 18 holes.' },
  { key: 'doubles_per_round', label: 'Doubles per round', kind: 'perRound', definition: 'Double bogeys or worse, per 18 holes.' },
  {
    key: 'penalties_per_round',
    label: 'Penalties per round',
    kind: 'perRound',
    definition: 'Penalty strokes (out of bounds, a drop from a penalty area), per 18 holes.',
  },
] as const;
export type SummaryFigureKey = (typeof SUMMARY_FIGURES)[number]['key'];

/** A summary figure as the report writes it. */
export function summaryFigureText(
  format: ReportFormat,
  kind: (typeof SUMMARY_FIGURES)[number]['kind'],
  value: number | null,
  units: UnitsPair,
): string {
  if (kind === 'perRound') return format.fixed(value, 1);
  if (kind === 'twoPlaces') return format.fixed(value, 2);
  if (kind === 'percent') return format.percent(value);
  return format.distance(value, 'long', units);
}

/** The PDF's file name: holeout-report-<name>-<yyyy-mm-dd>.pdf, the name in ASCII (a player's id when nothing of it is). */
export function reportFileName(name: string, uid: number, day: Date): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `holeout-report-${ascii || `player-${uid}`}-${day.toISOString().slice(0, 10)}.pdf`;
}
