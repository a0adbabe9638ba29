import type { Writable } from 'node:stream';
import {
  dateAndTime,
  type ExportFileFormat,
  type ExportFormat,
  type Labels5,
  type ShortLocale,
  type TrackingWords,
} from '@portal/contracts';
import { stringify, type Options } from 'csv-stringify/sync';
import { settled, write } from './stream-io';
import { xlsxWriter } from './xlsx';

/** How the user wants their files: format, date columns, time zone and header language. */
export interface ExportOptions {
  format: ExportFileFormat;
  dateFormat: ExportFormat;
  timeZone: string;
  language: ShortLocale;
  /** The provider's words for statuses and carrier events (back office « Traductions du suivi »), over the catalogue's. */
  trackingWords?: TrackingWords;
}

export type Cell = string | number | null;

/** One list as a sheet: headers and each row's cells, already in the user's options. */
export interface ExportSheet<Row> {
  /** Worksheet name in the XLSX file. */
  sheetName: string;
  headers: string[];
  cells(row: Row): Cell[];
}

export const CONTENT_TYPES: Record<ExportFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const TIME_WORD: Labels5 = { fr: 'heure', en: 'time', es: 'hora', it: 'ora', de: 'Uhrzeit' };

/** The header(s) of a date-time column: one, or the date and "(time)" apart in the two-column format. */
export function dateTimeHeaders(label: string, o: ExportOptions): string[] {
  return o.dateFormat === 'two_columns' ? [label, `${label} (${TIME_WORD[o.language]})`] : [label];
}

/** A date-time in the user's time zone: "DD/MM/YYYY HH:mm", or date and time in two cells. */
export function dateTimeFormatter(o: ExportOptions): (value: unknown) => Cell[] {
  const two = o.dateFormat === 'two_columns';
  return (value) => {
    const cells = value === null || value === undefined || value === '' ? null : dateAndTime(String(value), o.timeZone);
    if (!cells) return two ? [null, null] : [null];
    return two ? cells : [cells.join(' ')];
  };
}

/** Writes a sheet row by row into a stream, so that a file of 200,000 rows never sits whole in memory. */
export interface SheetWriter {
  add(rows: Cell[][]): Promise<void>;
  /** Ends the file; resolves once the stream took all of it. */
  finish(): Promise<void>;
}

/**
 * `language`: a file for a person's spreadsheet, whose CSV follows their locale (below); without it,
 * a file for our own import (its sample and its report): semicolons and decimal points, as it reads them.
 */
export function sheetWriter(
  format: ExportFileFormat,
  sheetName: string,
  headers: string[],
  out: Writable,
  language?: ShortLocale,
): SheetWriter {
  return format === 'xlsx' ? xlsxWriter(sheetName, headers, out) : csvWriter(headers, out, language ? csvLocale(language) : IMPORT_CSV);
}

/**
 * CSV: CRLF, quoted when a cell holds the delimiter, `"` or a line break. Text starting like a formula
 * (= + - @ tab CR) gets an apostrophe (OWASP CSV injection); numbers, negative ones included, stay numbers.
 */
const CSV_OPTIONS: Options = { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true };

/** How a spreadsheet of a locale reads a CSV file: its list separator and decimal mark. */
interface CsvLocale {
  delimiter: string;
  decimal: string;
}

const IMPORT_CSV: CsvLocale = { delimiter: ';', decimal: '.' };

/**
 * The locale's decimal mark (Intl: « 9,6 » in French, German, Spanish and Italian, « 9.6 » in English);
 * where the decimal mark is a comma, spreadsheets separate the columns with semicolons, else with commas.
 */
export function csvLocale(language: ShortLocale): CsvLocale {
  const decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return { delimiter: decimal === ',' ? ';' : ',', decimal };
}

/** UTF-8 with a BOM, so that Excel reads the accents. */
function csvWriter(headers: string[], out: Writable, locale: CsvLocale): SheetWriter {
  const options: Options = {
    ...CSV_OPTIONS,
    delimiter: locale.delimiter,
    // A number keeps no thousands separator (the spreadsheet reads it as a number), only its decimal mark.
    cast: { number: (n) => (locale.decimal === '.' ? String(n) : String(n).replace('.', locale.decimal)) },
  };
  const lines = (rows: Cell[][]) => stringify(rows, options);
  let pending = write(out, stringify([headers], { ...options, bom: true }));
  return {
    add: async (rows) => {
      await pending;
      pending = write(out, lines(rows));
      await pending;
    },
    finish: async () => {
      await pending;
      out.end();
      await settled(out);
    },
  };
}
