import { PassThrough } from 'node:stream';
import { maskEmail } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { ExportLimits } from './export-limits';
import { dateTimeFormatter, dateTimeHeaders, sheetWriter, type ExportOptions } from './sheet';

const collect = (out: PassThrough) => {
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return () => Buffer.concat(chunks);
};

describe('export sheets', () => {
  const options: ExportOptions = { format: 'csv', dateFormat: 'two_columns', timeZone: 'Europe/Paris', language: 'de' };

  it('writes CSV for French spreadsheets: BOM, semicolons, quotes, formulas neutralised', async () => {
    const out = new PassThrough();
    const bytes = collect(out);
    const writer = sheetWriter('csv', 'x', ['Référence', 'Menge'], out);
    await writer.add([['=HYPERLINK("x")', 3]]);
    await writer.add([['a;b', null]]);
    await writer.finish();
    expect(bytes().toString('utf8')).toBe('\uFEFFRéférence;Menge\r\n"\'=HYPERLINK(""x"")";3\r\n"a;b";\r\n');
  });

  it('escapes text that a spreadsheet would run as a formula, never a number, negative ones included', async () => {
    const out = new PassThrough();
    const bytes = collect(out);
    const writer = sheetWriter('csv', 'x', ['A'], out);
    await writer.add([[-12, -3.5, 0, '-12', '+33 6 12 34 56 78', '@SUM(A1)', '\tcmd', '\rcmd', 'a\nb', "O'Neil - 3"]]);
    await writer.finish();
    const [, row] = bytes().toString('utf8').split('\r\n');
    expect(row).toBe(`-12;-3.5;0;'-12;'+33 6 12 34 56 78;'@SUM(A1);'\tcmd;"'\rcmd";"a\nb";O'Neil - 3`);
  });

  it("follows the person's locale: decimal comma and semicolons in French, German, Spanish and Italian, point and commas in English", async () => {
    const file = async (language: ExportOptions['language']) => {
      const out = new PassThrough();
      const bytes = collect(out);
      const writer = sheetWriter('csv', 'x', ['Poids', 'Colis', 'Note'], out, language);
      await writer.add([
        [9.6, 1200, 'a;b'],
        [-3.25, 0, 'c,d'],
      ]);
      await writer.finish();
      return bytes().toString('utf8').slice(1).split('\r\n');
    };
    for (const language of ['fr', 'de', 'es', 'it'] as const)
      expect(await file(language)).toEqual(['Poids;Colis;Note', '9,6;1200;"a;b"', '-3,25;0;c,d', '']);
    expect(await file('en')).toEqual(['Poids,Colis,Note', '9.6,1200,a;b', '-3.25,0,"c,d"', '']);
  });

  it('streams an XLSX that spreadsheets open, header in bold', async () => {
    const out = new PassThrough();
    const bytes = collect(out);
    const writer = sheetWriter('xlsx', 'Orders', ['A', 'B'], out);
    await writer.add([['x', 1]]);
    await writer.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes() as never);
    const sheet = book.getWorksheet('Orders')!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'x', 1]);
  });

  it('writes XLSX cells starting with = as text, never as formulas', async () => {
    const out = new PassThrough();
    const bytes = collect(out);
    const writer = sheetWriter('xlsx', 'Orders', ['A', 'B'], out);
    await writer.add([['=HYPERLINK("http://x")', -12]]);
    await writer.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes() as never);
    const [text, number] = [1, 2].map((col) => book.getWorksheet('Orders')!.getRow(2).getCell(col));
    expect(text.type).toBe(ExcelJS.ValueType.String);
    expect(text.value).toBe('=HYPERLINK("http://x")');
    expect(number.type).toBe(ExcelJS.ValueType.Number);
    expect(number.value).toBe(-12);
  });

  it('writes date-times in the user’s zone, in one or two columns, headers in their language', () => {
    expect(dateTimeHeaders('Datum', options)).toEqual(['Datum', 'Datum (Uhrzeit)']);
    expect(dateTimeFormatter(options)('2026-11-22T09:30:00Z')).toEqual(['22/11/2026', '10:30']);
    expect(dateTimeFormatter({ ...options, dateFormat: 'datetime' })('2026-07-01T22:15:00Z')).toEqual(['02/07/2026 00:15']);
    expect(dateTimeFormatter(options)(null)).toEqual([null, null]);
  });
});

describe('export limits and addresses', () => {
  it('reads the limits from the environment and stops on a wrong value', () => {
    expect(ExportLimits.fromEnv({})).toMatchObject({ syncMaxRows: 5000, maxRows: 200000, retentionDays: 7 });
    expect(ExportLimits.fromEnv({ EXPORT_SYNC_MAX_ROWS: '10', EXPORT_MAX_ROWS: '50', EXPORT_RETENTION_DAYS: '2' })).toMatchObject({
      syncMaxRows: 10,
      maxRows: 50,
      retentionMs: 2 * 86_400_000,
    });
    expect(() => ExportLimits.fromEnv({ EXPORT_MAX_ROWS: '2000000' })).toThrow('EXPORT_MAX_ROWS must be an integer from 1 to 1048575');
    expect(() => ExportLimits.fromEnv({ EXPORT_SYNC_MAX_ROWS: 'lots' })).toThrow('EXPORT_SYNC_MAX_ROWS');
  });

  it('masks an address enough to recognise it, not to harvest it', () => {
    expect(maskEmail('alice.martin@demo-a.example')).toBe('a***n@demo-a.example');
    expect(maskEmail('jo@x.fr')).toBe('j*@x.fr');
    expect(maskEmail('nobody')).toBe('***');
  });
});
