import { describe, expect, it } from 'vitest';
import { csvRecord, CsvSyntaxError, guardText, parseCsv, unguardText } from './csv.ts';

describe('CSV as RFC 4180 writes it', () => {
  it('quotes fields with a comma, a quote or a line end, doubling the quotes, and reads them back', () => {
    const fields = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ''];
    const text = csvRecord(fields) + csvRecord(['x', 'y', 'z', '1', '2', '3']);
    expect(text.startsWith('plain,"a, b","say ""hi""","two\nlines","cr\r\nlf",\r\nx,')).toBe(true);
    expect(parseCsv(text).map((r) => r.fields)).toEqual([fields, ['x', 'y', 'z', '1', '2', '3']]);
  });

  it('reads LF and CR line ends, a byte order mark, and a last record without its line end', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\re,f').map((r) => [r.record, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
    ]);
  });

  it('numbers records by the file, a quoted line end staying inside its record', () => {
    expect(parseCsv('h\n"one\ntwo"\nthree\n').map((r) => r.record)).toEqual([1, 2, 3]);
  });

  it('refuses an unclosed quote, a quote inside an unquoted field and text after a closing quote, naming the record', () => {
    for (const [text, record] of [
      ['h\nok\n"never closed', 3],
      ['h\nab"c', 2],
      ['h\n"ab"c', 2],
    ] as const) {
      let thrown: unknown;
      try {
        parseCsv(text);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(CsvSyntaxError);
      expect((thrown as CsvSyntaxError).record).toBe(record);
    }
  });

  it('puts text a spreadsheet would run as a formula behind an apostrophe, and takes it off again', () => {
    for (const formula of ['=SUM(A1)', '+1', '-2', '@cmd']) {
      expect(guardText(formula)).toBe(`'${formula}`);
      expect(unguardText(guardText(formula))).toBe(formula);
    }
    expect(guardText("'Twas Links")).toBe("'Twas Links");
    expect(unguardText("'Twas Links")).toBe("'Twas Links");
  });
});
