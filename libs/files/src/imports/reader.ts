import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { AppError, IMPORT_MAX_LINES } from '@portal/contracts';
import { isZip, peekStream } from '../peek';

/** One line of an import file: its number (1 = the header row) and its cells as text. */
export interface ImportRow {
  line: number;
  cells: string[];
}

/** Characters a CSV record may hold: far above any column's limit, low enough that one line cannot fill the memory. */
const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/** The CSV delimiter: whichever of `;` and `,` the first line holds more of (`;` on a tie, as French Excel writes). */
export function delimiterOf(head: string): ';' | ',' {
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * The lines of an import file, one at a time: CSV through csv-parse (BOM dropped, `;` or `,`),
 * XLSX through exceljs's streaming reader (first worksheet; rows absent from the sheet are empty
 * lines, so that every line of the file is accounted for). A file that cannot be read past some
 * line answers cannotReadFile naming that line.
 */
export async function* importRows(source: Readable, format: 'csv' | 'xlsx'): AsyncGenerator<ImportRow> {
  let line = 0;
  const next = (cells: string[]): ImportRow => {
    if (++line > IMPORT_MAX_LINES) throw new AppError('sizeLimitExceeded', 'too many lines', { limit: IMPORT_MAX_LINES });
    return { line, cells };
  };
  try {
    const { head, rest } = await peekStream(source);
    if (!head) return;
    if (format === 'xlsx') {
      // exceljs waits forever on input that is not a ZIP at all: refused before it starts.
      if (!isZip(head)) throw new AppError('cannotReadFile', 'not an XLSX file', { line: 1 });
      for await (const row of xlsxRows(rest)) {
        while (line + 1 < row.number) yield next([]);
        yield next(row.cells);
      }
      return;
    }
    for await (const record of csvRecords(rest, head)) yield next(record);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('cannotReadFile', 'the file cannot be read', { line: line + 1 });
  } finally {
    source.destroy();
  }
}

async function* csvRecords(source: Readable, head: Buffer): AsyncGenerator<string[]> {
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(head.subarray(0, 64 * 1024).toString('utf8')),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  for await (const record of parser) yield record as string[];
}

async function* xlsxRows(source: Readable): AsyncGenerator<{ number: number; cells: string[] }> {
  // Loaded by the first XLSX import, not at every process's start (its 670 modules were a tenth of a service's start).
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { number: row.number, cells: Array.from(values, cellText) };
    }
    // Only the first worksheet is the import; the rest of the workbook is not read.
    return;
  }
}

/**
 * SpreadsheetML's escape of characters XML cannot carry (ECMA-376 `ST_Xstring`): `_xHHHH_` is the
 * UTF-16 unit HHHH, and `_x005F_` the underscore that keeps a literal `_xHHHH_` from being read as one.
 * Excel, LibreOffice and the portal's own exports write it; exceljs hands it over undecoded.
 */
export function decodeXstring(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** A cell as the text the user typed: rich text joined, a formula's result, a date as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return decodeXstring(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return decodeXstring(value.richText.map((t) => t.text).join(''));
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return decodeXstring(String(value.text));
  if ('error' in value) return String(value.error);
  return '';
}
