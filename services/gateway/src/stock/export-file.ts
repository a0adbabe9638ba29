import ExcelJS from 'exceljs';
import type { ExportFormat } from '@portal/contracts';
import type { ExportColumn } from './export-columns';

export interface ExportOptions {
  format: 'csv' | 'xlsx';
  dateFormat: ExportFormat;
  timeZone: string;
  /** Short locale of the headers: fr, en, es, it, de. */
  language: 'fr' | 'en' | 'es' | 'it' | 'de';
}

/** Headers and cells in the user's export date format: "DD/MM/YYYY HH:mm" in one column, or date and time apart. */
function table(columns: ExportColumn[], rows: object[], o: ExportOptions): { headers: string[]; cells: (string | number | null)[][] } {
  const twoColumns = o.dateFormat === 'two_columns';
  const headers = columns.flatMap((col) =>
    col.kind === 'datetime' && twoColumns
      ? [col.label[o.language], `${col.label[o.language]} (${o.language === 'fr' ? 'heure' : 'time'})`]
      : [col.label[o.language]],
  );
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: o.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const cells = rows.map((row) =>
    columns.flatMap((col): (string | number | null)[] => {
      const value = col.key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row);
      if (value === null || value === undefined) return col.kind === 'datetime' && twoColumns ? [null, null] : [null];
      if (col.kind === 'day') return [String(value).slice(0, 10).split('-').reverse().join('/')];
      if (col.kind === 'datetime') {
        const p = Object.fromEntries(clock.formatToParts(new Date(String(value))).map((x) => [x.type, x.value]));
        const day = `${p.day}/${p.month}/${p.year}`;
        const time = `${p.hour}:${p.minute}`;
        return twoColumns ? [day, time] : [`${day} ${time}`];
      }
      if (col.kind === 'number') return [Number(value)];
      return [typeof value === 'boolean' ? (value ? '1' : '0') : String(value)];
    }),
  );
  return { headers, cells };
}

/** CSV for French spreadsheets: UTF-8 with BOM, semicolons, formulas neutralised. */
export function toCsv(columns: ExportColumn[], rows: object[], o: ExportOptions): Buffer {
  const { headers, cells } = table(columns, rows, o);
  const field = (v: string | number | null) => {
    if (v === null) return '';
    if (typeof v === 'number') return String(v);
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [headers, ...cells].map((line) => line.map(field).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(columns: ExportColumn[], rows: object[], o: ExportOptions, sheet: string): Promise<Buffer> {
  const { headers, cells } = table(columns, rows, o);
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheet);
  ws.addRow(headers).font = { bold: true };
  ws.addRows(cells);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
