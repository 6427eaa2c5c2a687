import {
  END_LIES,
  MAX_HOLE_NUMBER,
  MAX_SHOT_DISTANCE,
  MIN_PAR,
  MAX_PAR,
  MISS_DIRECTIONS,
  normaliseRound,
  RoundError,
  scoreRound,
  START_LIES,
  type BenchmarkRef,
  type CategoryBoundaries,
  type EndLie,
  type MissDirection,
  type Round,
  type ScoredRound,
  type StartLie,
} from '@holeout/golf';
import {
  isoDate,
  isoDateTime,
  round as roundSchema,
  ROUNDS_CSV_COLUMNS,
  ROUNDS_CSV_EXTRA_COLUMNS,
  type RoundBody,
} from '@holeout/contracts';
import { csvRecord, CsvSyntaxError, guardText, parseCsv, unguardText } from './csv.ts';

/** Every column of rounds.csv, in the order written. */
export const ROUNDS_CSV_HEADER = [...ROUNDS_CSV_COLUMNS, ...ROUNDS_CSV_EXTRA_COLUMNS] as const;
export type RoundsCsvColumn = (typeof ROUNDS_CSV_HEADER)[number];

/** The most rounds one import stores: a season of a keen golfer several times over, and what the statistics read at once. */
export const MAX_IMPORT_ROUNDS = 300;
/** Problems named in one answer: enough to fix a file in a few passes, not a list nobody reads. */
const MAX_REPORTED_PROBLEMS = 20;

/** Columns an import cannot do without; the rest may be left out (category and sg_vs_benchmark are never read). */
const REQUIRED_COLUMNS: readonly RoundsCsvColumn[] = [
  'event_id',
  'date',
  'course',
  'hole',
  'par',
  'shot',
  'start_lie',
  'start_dist',
  'end_lie',
];

// --- export --------------------------------------------------------------------------------------

/** A distance in yards or feet as written: up to 6 decimals (what a metre conversion needs), no trailing zeros. */
const distanceText = (value: number): string => String(Number(value.toFixed(6)));
const optionalNumber = (value: number | undefined | null): string => (value === undefined || value === null ? '' : String(value));
/** Strokes gained to 3 decimals; a value that rounds to zero is written 0.000, never -0.000. */
function sgText(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return (rounded === 0 ? 0 : rounded).toFixed(3);
}

/**
 * The rows of one round, one a shot, in the file's column order. Categories, strokes gained and
 * penalties are the engine's (scoreRound against the benchmark and boundaries given); distances are
 * in yards off the green and feet on it whatever units the round was entered in. A stored round the
 * rules refuse today (kept from before a rule) is still written, without category and strokes gained.
 */
export function roundCsvRows(
  eventId: number,
  start: string,
  round: Round,
  benchmark: BenchmarkRef,
  boundaries: CategoryBoundaries | undefined,
): string {
  let scored: ScoredRound | null = null;
  try {
    scored = scoreRound(round, benchmark, boundaries);
  } catch (error) {
    if (!(error instanceof RoundError)) throw error;
  }
  const canonical = normaliseRound(round);
  let text = '';
  canonical.holes.forEach((hole, h) => {
    hole.shots.forEach((shot, s) => {
      const scoredShot = scored?.holes[h]?.shots[s];
      const next = hole.shots[s + 1];
      const endDist = scoredShot ? scoredShot.endDist : shot.to === 'I' ? 0 : shot.to === 'O' ? null : (next?.dist ?? null);
      const cells: Record<RoundsCsvColumn, string> = {
        event_id: String(eventId),
        date: start,
        course: guardText(round.course ?? ''),
        hole: String(hole.hole),
        par: String(hole.par),
        shot: String(s + 1),
        start_lie: shot.from,
        start_dist: distanceText(shot.dist),
        end_lie: shot.to,
        end_dist: endDist === null ? '' : distanceText(endDist),
        penalty: scoredShot ? String(scoredShot.penalty) : '',
        category: scoredShot?.category ?? '',
        sg_vs_benchmark: scoredShot ? sgText(scoredShot.sg) : '',
        miss: shot.miss ?? '',
        tees: guardText(round.tees ?? ''),
        course_rating: optionalNumber(round.course_rating),
        slope: optionalNumber(round.slope),
        stroke_index: optionalNumber(hole.stroke_index),
      };
      text += csvRecord(ROUNDS_CSV_HEADER.map((column) => cells[column]));
    });
  });
  return text;
}

/** The header record of rounds.csv. */
export const roundsCsvHeader = (): string => csvRecord(ROUNDS_CSV_HEADER);

// --- import --------------------------------------------------------------------------------------

/** One problem of an imported file: the 1-based data row (the header excluded; 0 is the header itself) and the column. */
export interface ImportProblem {
  row: number;
  column: string | null;
  message: string;
}

/** A file the import refuses, with every problem found (at most MAX_REPORTED_PROBLEMS). */
export class RoundsCsvError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'})` : '';
    super(first ? `${describeProblem(first)}${more}` : 'The file could not be read');
    this.name = 'RoundsCsvError';
  }
}

function describeProblem(problem: ImportProblem): string {
  const where = problem.row === 0 ? 'header row' : `row ${problem.row}`;
  return problem.column ? `${where}, column ${problem.column}: ${problem.message}` : `${where}: ${problem.message}`;
}

/** A round read from the file: its start and the round as POST /events takes it, in FEET_YARDS. */
export interface ImportedRound {
  /** The event_id the file grouped it by (only a grouping key). */
  fileId: string;
  start: string;
  round: RoundBody;
}

interface DataRow {
  row: number;
  cells: Map<RoundsCsvColumn, string>;
}

interface ReadShot {
  row: number;
  number: number;
  from: StartLie;
  dist: number;
  to: EndLie;
  miss: MissDirection | undefined;
  penalty: number | undefined;
}

interface ReadHole {
  hole: number;
  par: number;
  stroke_index: number | undefined;
  firstRow: DataRow;
  shots: ReadShot[];
}

interface ReadRound {
  fileId: string;
  firstRow: DataRow;
  start: string;
  holes: Map<number, ReadHole>;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const WHOLE = /^[+-]?\d+$/;

/** Collects problems up to the reporting limit; reading goes on so one answer names as many as it can. */
class Problems {
  readonly list: ImportProblem[] = [];
  add(row: number, column: string | null, message: string): void {
    if (this.list.length < MAX_REPORTED_PROBLEMS) this.list.push({ row, column, message });
  }
  get full(): boolean {
    return this.list.length >= MAX_REPORTED_PROBLEMS;
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new RoundsCsvError(this.list);
  }
}

/** The header: every required column present, none unknown, none twice. Answers each column's index. */
function readHeader(fields: readonly string[], problems: Problems): Map<RoundsCsvColumn, number> {
  const known = new Set<string>(ROUNDS_CSV_HEADER);
  const index = new Map<RoundsCsvColumn, number>();
  fields.forEach((raw, i) => {
    const name = raw.trim();
    if (!known.has(name)) {
      problems.add(0, name || `#${i + 1}`, `unknown column '${name}'; the columns are ${ROUNDS_CSV_HEADER.join(', ')}`);
      return;
    }
    const column = name as RoundsCsvColumn;
    if (index.has(column)) problems.add(0, column, 'the column appears twice');
    else index.set(column, i);
  });
  for (const column of REQUIRED_COLUMNS) if (!index.has(column)) problems.add(0, column, 'the column is missing');
  problems.throwIfAny();
  return index;
}

const cell = (row: DataRow, column: RoundsCsvColumn): string => row.cells.get(column) ?? '';

/** A number cell: plain decimal notation, as a spreadsheet writes it. */
function numberIn(row: DataRow, column: RoundsCsvColumn, problems: Problems): number | undefined {
  const text = cell(row, column).trim();
  if (!NUMBER.test(text)) {
    problems.add(row.row, column, text === '' ? 'a number is needed here' : `'${text}' is not a number`);
    return undefined;
  }
  return Number(text);
}

function wholeIn(row: DataRow, column: RoundsCsvColumn, problems: Problems, min: number): number | undefined {
  const text = cell(row, column).trim();
  if (!WHOLE.test(text) || Number(text) < min) {
    problems.add(row.row, column, text === '' ? 'a whole number is needed here' : `'${text}' is not a whole number of ${min} or more`);
    return undefined;
  }
  return Number(text);
}

function optionalNumberIn(row: DataRow, column: RoundsCsvColumn, problems: Problems): number | undefined {
  return cell(row, column).trim() === '' ? undefined : numberIn(row, column, problems);
}

function choiceIn<T extends string>(
  row: DataRow,
  column: RoundsCsvColumn,
  choices: readonly T[],
  what: string,
  problems: Problems,
): T | undefined {
  const text = cell(row, column).trim();
  if ((choices as readonly string[]).includes(text)) return text as T;
  problems.add(row.row, column, `${text === '' ? 'nothing' : `'${text}'`} is not ${what}; expected one of ${choices.join(', ')}`);
  return undefined;
}

/** The round's start: an ISO 8601 date and time with its offset, or a date (midnight UTC). */
function startIn(row: DataRow, problems: Problems): string | undefined {
  const text = cell(row, 'date').trim();
  if (isoDateTime().safeParse(text).success) return new Date(text).toISOString();
  if (isoDate().safeParse(text).success) return new Date(`${text}T00:00:00Z`).toISOString();
  problems.add(row.row, 'date', `'${text}' is not a date and time such as 2026-11-21T08:00:00Z (or a date such as 2026-11-21)`);
  return undefined;
}

/** The cells of a round that every one of its rows must repeat, and those of a hole. */
const ROUND_COLUMNS: readonly RoundsCsvColumn[] = ['date', 'course', 'tees', 'course_rating', 'slope'];
const HOLE_COLUMNS: readonly RoundsCsvColumn[] = ['par', 'stroke_index'];

/** Reads one data row into its round (made on its first row) and hole, checking each cell. */
function readRow(row: DataRow, rounds: Map<string, ReadRound>, problems: Problems): void {
  const fileId = cell(row, 'event_id').trim();
  if (fileId === '') {
    problems.add(row.row, 'event_id', 'each row needs the id that groups the shots of one round');
    return;
  }
  let round = rounds.get(fileId);
  if (!round) {
    if (rounds.size === MAX_IMPORT_ROUNDS) {
      problems.add(row.row, 'event_id', `a file holds at most ${MAX_IMPORT_ROUNDS} rounds; this row starts round ${MAX_IMPORT_ROUNDS + 1}`);
      return;
    }
    const start = startIn(row, problems);
    optionalNumberIn(row, 'course_rating', problems);
    optionalNumberIn(row, 'slope', problems);
    round = { fileId, firstRow: row, start: start ?? '', holes: new Map() };
    rounds.set(fileId, round);
  } else {
    for (const column of ROUND_COLUMNS) {
      if (cell(row, column).trim() !== cell(round.firstRow, column).trim())
        problems.add(row.row, column, `differs from row ${round.firstRow.row}, the first row of round '${fileId}'`);
    }
  }
  let holeNumber = wholeIn(row, 'hole', problems, 1);
  if (holeNumber !== undefined && holeNumber > MAX_HOLE_NUMBER) {
    problems.add(row.row, 'hole', `hole ${holeNumber} is not a hole: holes are numbered 1 to ${MAX_HOLE_NUMBER}`);
    holeNumber = undefined;
  }
  const shotNumber = wholeIn(row, 'shot', problems, 1);
  const from = choiceIn(row, 'start_lie', START_LIES, 'a start lie', problems);
  const dist = numberIn(row, 'start_dist', problems);
  if (dist !== undefined && dist <= 0) problems.add(row.row, 'start_dist', `${dist} is not a distance: it must be more than 0`);
  const to = choiceIn(row, 'end_lie', END_LIES, 'an end lie', problems);
  const endDist = optionalNumberIn(row, 'end_dist', problems);
  if (endDist !== undefined && endDist < 0) problems.add(row.row, 'end_dist', `${endDist} is not a distance: it must be 0 or more`);
  const penaltyText = cell(row, 'penalty').trim();
  const penalty = penaltyText === '' ? undefined : wholeIn(row, 'penalty', problems, 0);
  const missText = cell(row, 'miss').trim();
  const miss = missText === '' ? undefined : choiceIn(row, 'miss', MISS_DIRECTIONS, 'a miss direction', problems);
  const strokeIndexText = cell(row, 'stroke_index').trim();
  const strokeIndex = strokeIndexText === '' ? undefined : wholeIn(row, 'stroke_index', problems, 1);
  const par = wholeIn(row, 'par', problems, 1);
  if (holeNumber === undefined || shotNumber === undefined || from === undefined || dist === undefined || to === undefined) return;
  if (par === undefined || dist <= 0) return;
  let hole = round.holes.get(holeNumber);
  if (!hole) {
    hole = { hole: holeNumber, par, stroke_index: strokeIndex, firstRow: row, shots: [] };
    round.holes.set(holeNumber, hole);
  } else {
    for (const column of HOLE_COLUMNS) {
      if (cell(row, column).trim() !== cell(hole.firstRow, column).trim())
        problems.add(row.row, column, `differs from row ${hole.firstRow.row}, the first row of hole ${holeNumber} of round '${fileId}'`);
    }
  }
  hole.shots.push({ row: row.row, number: shotNumber, from, dist, to, miss, penalty });
}

/** Shots in `shot` order, numbered 1, 2, 3 ... without a gap or a repeat. */
function orderShots(round: ReadRound, hole: ReadHole, problems: Problems): void {
  hole.shots.sort((a, b) => a.number - b.number || a.row - b.row);
  hole.shots.forEach((shot, i) => {
    if (shot.number === i + 1) return;
    const previous = hole.shots[i - 1];
    const message =
      previous && previous.number === shot.number
        ? `shot ${shot.number} of hole ${hole.hole} of round '${round.fileId}' is also on row ${previous.row}`
        : `shot ${shot.number} of hole ${hole.hole} of round '${round.fileId}' follows ${previous ? `shot ${previous.number}` : 'nothing'}: shot ${i + 1} is missing`;
    problems.add(shot.row, 'shot', message);
  });
}

/** The round as POST /events takes it, in FEET_YARDS (the file's units); text cells lose their formula guard. */
function toRoundBody(read: ReadRound): Record<string, unknown> {
  const text = (column: RoundsCsvColumn) => unguardText(cell(read.firstRow, column).trim());
  const number = (column: RoundsCsvColumn) => {
    const value = cell(read.firstRow, column).trim();
    return value === '' ? undefined : Number(value);
  };
  return {
    ...(text('course') === '' ? {} : { course: text('course') }),
    ...(text('tees') === '' ? {} : { tees: text('tees') }),
    ...(number('course_rating') === undefined ? {} : { course_rating: number('course_rating') }),
    ...(number('slope') === undefined ? {} : { slope: number('slope') }),
    units: 'FEET_YARDS',
    holes: [...read.holes.values()].map((hole) => ({
      hole: hole.hole,
      par: hole.par,
      ...(hole.stroke_index === undefined ? {} : { stroke_index: hole.stroke_index }),
      shots: hole.shots.map((shot) => ({ from: shot.from, dist: shot.dist, to: shot.to, ...(shot.miss ? { miss: shot.miss } : {}) })),
    })),
  };
}

const SHOT_FIELD_COLUMNS: Record<string, RoundsCsvColumn> = { from: 'start_lie', dist: 'start_dist', to: 'end_lie', miss: 'miss' };

/** Where a problem of the contract's round schema is in the file: its row and column. */
function placeOfIssue(read: ReadRound, path: readonly PropertyKey[]): { row: number; column: RoundsCsvColumn } {
  const holes = [...read.holes.values()];
  const [first, holeIndex, third, shotIndex, field] = path;
  if (first !== 'holes' || typeof holeIndex !== 'number') {
    const column = (ROUND_COLUMNS as readonly string[]).includes(String(first)) ? (first as RoundsCsvColumn) : 'hole';
    return { row: read.firstRow.row, column };
  }
  const hole = holes[holeIndex];
  if (!hole) return { row: read.firstRow.row, column: 'hole' };
  if (third !== 'shots')
    return { row: hole.firstRow.row, column: third === 'stroke_index' ? 'stroke_index' : third === 'par' ? 'par' : 'hole' };
  const shot = typeof shotIndex === 'number' ? hole.shots[shotIndex] : undefined;
  if (!shot) return { row: hole.shots[hole.shots.length - 1]?.row ?? hole.firstRow.row, column: 'shot' };
  return { row: shot.row, column: SHOT_FIELD_COLUMNS[String(field)] ?? 'shot' };
}

/**
 * The column a RoundError of packages/golf's validateRound is about, found by checking the shot it
 * names in validateRound's own order (the first rule it breaks is the one reported).
 */
function placeOfRoundError(read: ReadRound, error: RoundError): { row: number; column: RoundsCsvColumn } {
  const hole = [...read.holes.values()].find((h) => h.hole === error.hole);
  if (!hole) {
    const column: RoundsCsvColumn = /course rating/.test(error.message) ? 'course_rating' : /slope/.test(error.message) ? 'slope' : 'hole';
    return { row: read.firstRow.row, column };
  }
  if (error.shot === null) return { row: hole.firstRow.row, column: hole.par < MIN_PAR || hole.par > MAX_PAR ? 'par' : 'hole' };
  const shot = hole.shots[error.shot - 1];
  if (!shot) return { row: hole.firstRow.row, column: 'shot' };
  const i = error.shot - 1;
  const last = i === hole.shots.length - 1;
  const previous = hole.shots[i - 1];
  const max = MAX_SHOT_DISTANCE[shot.from === 'G' ? 'putt' : 'long'][shot.from === 'G' ? 'feet' : 'yards'] ?? Infinity;
  const column: RoundsCsvColumn =
    i === 0 && shot.from !== 'T'
      ? 'start_lie'
      : shot.dist > max * (1 + 1e-9)
        ? 'start_dist'
        : last !== (shot.to === 'I')
          ? 'end_lie'
          : previous?.to === 'O' && previous.from === shot.from
            ? 'start_dist'
            : 'start_lie';
  return { row: shot.row, column };
}

/** Checks a built round by the contract and packages/golf's round rules, then the penalty cells against the rules' penalties. */
function checkRound(read: ReadRound, problems: Problems): RoundBody | undefined {
  const parsed = roundSchema.safeParse(toRoundBody(read));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const place = placeOfIssue(read, issue.path);
      problems.add(place.row, place.column, issue.message);
    }
    return undefined;
  }
  let scored: ScoredRound;
  try {
    scored = scoreRound(parsed.data as Round, 'TOUR');
  } catch (error) {
    if (!(error instanceof RoundError)) throw error;
    const place = placeOfRoundError(read, error);
    problems.add(place.row, place.column, error.message);
    return undefined;
  }
  [...read.holes.values()].forEach((hole, h) => {
    hole.shots.forEach((shot, s) => {
      const rule = scored.holes[h]?.shots[s]?.penalty ?? 0;
      if (shot.penalty !== undefined && shot.penalty !== rule) {
        problems.add(
          shot.row,
          'penalty',
          `${shot.penalty} penalty strokes, but the rules give ${rule}: one after out of bounds (O), one after a hazard (H) when the next shot is not played from H, else none`,
        );
      }
    });
  });
  return parsed.data;
}

/**
 * Reads rounds.csv (the export's columns; category and sg_vs_benchmark are ignored) into rounds,
 * one per event_id in the order they first appear: holes in the order they first appear, shots in
 * `shot` order, each round checked by the same rules as POST /events. Any problem throws a
 * RoundsCsvError naming rows (1-based data rows, the header excluded) and columns.
 */
export function readRoundsCsv(text: string): ImportedRound[] {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new RoundsCsvError([{ row: error.record - 1, column: null, message: error.message }]);
    throw error;
  }
  const isBlank = (fields: readonly string[]) => fields.every((f) => f.trim() === '');
  const header = records[0];
  if (!header || isBlank(header.fields))
    throw new RoundsCsvError([{ row: 0, column: null, message: 'the file is empty: it needs the header row and one row a shot' }]);
  const problems = new Problems();
  const index = readHeader(header.fields, problems);
  const rounds = new Map<string, ReadRound>();
  let dataRows = 0;
  for (const record of records.slice(1)) {
    if (problems.full) break;
    if (isBlank(record.fields)) continue;
    const row = record.record - 1;
    dataRows += 1;
    if (record.fields.length !== header.fields.length) {
      problems.add(row, null, `${record.fields.length} fields, but the header has ${header.fields.length} columns`);
      continue;
    }
    const cells = new Map<RoundsCsvColumn, string>();
    for (const [column, i] of index) cells.set(column, record.fields[i] ?? '');
    readRow({ row, cells }, rounds, problems);
  }
  if (dataRows === 0) problems.add(0, null, 'the file has a header but no rows: one row a shot is needed');
  problems.throwIfAny();
  const imported: ImportedRound[] = [];
  for (const read of rounds.values()) {
    for (const hole of read.holes.values()) orderShots(read, hole, problems);
    if (read.holes.size > 18) {
      const extra = [...read.holes.values()][18]!;
      problems.add(extra.firstRow.row, 'hole', `round '${read.fileId}' has ${read.holes.size} holes; a round has at most 18`);
      continue;
    }
    if (problems.list.length > 0) continue;
    const round = checkRound(read, problems);
    if (round) imported.push({ fileId: read.fileId, start: read.start, round });
  }
  problems.throwIfAny();
  return imported;
}
