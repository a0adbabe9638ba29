import type { Writable } from 'node:stream';
import type { Cell, SheetWriter } from './sheet';
import { settled, write } from './stream-io';
import { ZipWriter, type ZipEntry } from './zip';

/**
 * The XLSX half of the sheet writer: one worksheet, header row in bold and frozen, rows streamed as
 * inline strings and numbers into a ZIP written as it goes (exceljs's stream writer took 1.3 s where this
 * takes a fraction of it, see tests/bench/fever-queries.mjs).
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Excel's limit of characters in a cell: longer text is cut there, or Excel calls the file damaged. */
export const CELL_MAX_CHARS = 32_767;

export function xlsxWriter(sheetName: string, headers: string[], out: Writable): SheetWriter {
  const zip = new ZipWriter((bytes) => write(out, bytes));
  let opened: Promise<ZipEntry> | undefined;
  let rowNumber = 1;
  const sheet = () => (opened ??= openBook(zip, sheetName, headers));
  return {
    add: async (rows) => {
      if (out.destroyed) throw new Error('export stream closed');
      const entry = await sheet();
      let xml = '';
      for (const cells of rows) xml += rowXml(++rowNumber, cells, '');
      await entry.write(xml);
    },
    finish: async () => {
      const entry = await sheet();
      await entry.write(SHEET_TAIL);
      await entry.end();
      await zip.end();
      out.end();
      await settled(out);
    },
  };
}

/** The workbook's fixed parts, then the worksheet opened with its header row. */
async function openBook(zip: ZipWriter, sheetName: string, headers: string[]): Promise<ZipEntry> {
  await zip.file('[Content_Types].xml', CONTENT_TYPES);
  await zip.file('_rels/.rels', ROOT_RELS);
  await zip.file('xl/workbook.xml', workbookXml(excelSheetName(sheetName)));
  await zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.file('xl/styles.xml', STYLES);
  const entry = await zip.begin('xl/worksheets/sheet1.xml');
  await entry.write(SHEET_HEAD + rowXml(1, headers, BOLD));
  return entry;
}

/** Cell style 1 of styles.xml, on the row too (customFormat) so that the whole header row reads bold. */
const BOLD = ' s="1"';

const columns: string[] = [];
/** A, B, … Z, AA, …: the column's letters, computed once. */
function column(index: number): string {
  for (let i = columns.length; i <= index; i++) {
    let letters = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    columns.push(letters);
  }
  return columns[index];
}

function rowXml(row: number, cells: readonly Cell[], style: string): string {
  let xml = style ? `<row r="${row}"${style} customFormat="1">` : `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    // An empty text is an empty cell, as in the CSV: readers take an empty <t> for nothing anyway.
    if (value === null || value === undefined || value === '') continue;
    // Only a finite number is a number: NaN or Infinity as <v> would be a damaged file.
    xml +=
      typeof value === 'number' && Number.isFinite(value)
        ? `<c r="${column(i)}${row}"${style}><v>${value}</v></c>`
        : `<c r="${column(i)}${row}"${style} t="inlineStr"><is>${textXml(String(value))}</is></c>`;
  }
  return xml + '</row>';
}

function textXml(text: string): string {
  const escaped = escapeText(cut(text, CELL_MAX_CHARS));
  return /^\s|\s$/.test(escaped) ? `<t xml:space="preserve">${escaped}</t>` : `<t>${escaped}</t>`;
}

/**
 * What XML 1.0 forbids (C0 controls but tab and line feed, lone surrogates, U+FFFE, U+FFFF) and CR, which
 * XML parsers turn into LF, as SpreadsheetML's `_xHHHH_`; a literal `_xHHHH_` gets its `_` escaped as
 * `_x005F_` so that it reads back unchanged; `& < > "` as entities. In `u` mode `[\uD800-\uDFFF]`
 * matches only a surrogate without its pair: emoji go through as they are.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const UNSAFE = /[&<>"]|[\x00-\x08\x0B\x0C\x0D\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDFFF]|_x[0-9A-Fa-f]{4}_/gu;
/** The same without `g`: testing first is twice as fast as a replace that finds nothing. */
const ANY_UNSAFE = new RegExp(UNSAFE.source, 'u');
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeText(text: string): string {
  if (!ANY_UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (found) => {
    if (found.length > 1) return `_x005F_${found.slice(1)}`;
    return ENTITIES[found] ?? `_x${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

/** At most `max` UTF-16 units, never half an emoji. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * A name Excel accepts for a sheet, whatever comes in: at most 31 characters, none of `[]:*?/\`, no
 * apostrophe first or last, not empty, not "History" (reserved), nothing XML cannot hold.
 */
export function excelSheetName(name: string): string {
  const plain = name.replace(UNSAFE, (found) => (found.length > 1 || ENTITIES[found] ? found : '')).replace(/[[\]:*?/\\]/g, '_');
  const trimmed = cut(plain.replace(/^'+/, ''), 31).replace(/'+$/, '').trim();
  if (!trimmed) return 'Sheet1';
  return trimmed.toLowerCase() === 'history' ? `${trimmed}_` : trimmed;
}

const attribute = (text: string) => text.replace(/[&<>"]/g, (found) => ENTITIES[found]);

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const workbookXml = (sheetName: string) =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
  '<bookViews><workbookView activeTab="0"/></bookViews>' +
  `<sheets><sheet name="${attribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

/** The default font, the same in bold (the header), and the fills and border every styles part needs. */
const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  `<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The first row frozen, as the exports always had it. */
const SHEET_HEAD =
  `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
  '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
  '</sheetView></sheetViews>' +
  '<sheetFormatPr defaultRowHeight="15"/>' +
  '<sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
