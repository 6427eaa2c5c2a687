/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a comma,
 * a double quote, CR or LF is quoted, with its quotes doubled. Spreadsheets run a text cell that
 * starts with = + - or @ as a formula, so such text is written behind an apostrophe, which reading
 * takes off again (text columns only: a negative number is a number, not a formula).
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@]/;
const GUARDED_FORMULA = /^'[=+\-@]/;

/** One field as written: quoted when it must be. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A text cell a spreadsheet would run as a formula, behind an apostrophe. */
export function guardText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell as written by guardText, back to its text. */
export function unguardText(value: string): string {
  return GUARDED_FORMULA.test(value) ? value.slice(1) : value;
}

/** One record, with its CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A record as read, with its 1-based place in the file (the header is record 1). */
export interface CsvRecord {
  fields: string[];
  /** 1-based record number, the header included. */
  record: number;
}

/** A file that is not CSV as RFC 4180 writes it, with the 1-based record the problem is in. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly record: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Reads CSV text into records. Accepts CRLF, LF or CR line ends and a UTF-8 byte order mark; a
 * quote may open a field only at its start, and a quoted field must close before the text ends.
 * An empty line is a record with one empty field (callers skip those).
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let record = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ fields, record });
    fields = [];
    record += 1;
  };
  while (i < source.length) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        wasQuoted = true;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (field !== '' || wasQuoted)
        throw new CsvSyntaxError(record, 'a quote inside an unquoted field (quote the whole field and double its quotes)');
      quoted = true;
      i += 1;
      continue;
    }
    if (c === ',') {
      endField();
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (wasQuoted) throw new CsvSyntaxError(record, 'text after the closing quote of a field');
    field += c;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(record, 'a quoted field is not closed before the end of the file');
  // The last record needs no line end; a line end after it starts no new record.
  if (field !== '' || wasQuoted || fields.length > 0) endRecord();
  return records;
}
