import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { hasTool } from '../../../../tests/support/read-barcodes';
import type { Cell } from './sheet';
import { sheetWriter } from './sheet';
import { CELL_MAX_CHARS, excelSheetName, escapeText } from './xlsx';
import { ZIP_CHUNK_BYTES, zip32 } from './zip';

/** The XLSX file of these rows under these headers, as the exports write it. */
async function xlsx(rows: Cell[][], headers = ['A', 'B', 'C'], sheetName = 'Orders'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = sheetWriter('xlsx', sheetName, headers, out);
  for (let at = 0; at < rows.length; at += 1000) await writer.add(rows.slice(at, at + 1000));
  await writer.finish();
  return Buffer.concat(chunks);
}

async function readBack(file: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as never);
  return book.worksheets[0];
}

const inTemp = (file: Buffer) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
  fs.writeFileSync(path.join(dir, 'export.xlsx'), file);
  return dir;
};

const HOSTILE = [
  'a\u0000b\u0007c',
  'stays _x0041_ and _x00e9_',
  'frost ❄️ 🧊 done',
  `=cmd|' /C calc'!A0`,
  '<b>&amp;"quoted"</b>',
  '  spaces kept\tand tab\nand line  ',
];

describe('XLSX exports written by our own writer', () => {
  it('reads back in exceljs: numbers as numbers, text as text, empty as no cell, header bold and frozen', async () => {
    const sheet = await readBack(
      await xlsx(
        [
          ['x', -12.5, null],
          [1e21, 'é', 0],
          [NaN, Infinity, ''],
          [null, null, 7],
        ],
        ['Réf', 'Qté', 'Date'],
      ),
    );
    expect(sheet.name).toBe('Orders');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Réf', 'Qté', 'Date']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(3).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.getRow(2).values).toEqual([undefined, 'x', -12.5]);
    expect(sheet.getRow(3).values).toEqual([undefined, 1e21, 'é', 0]);
    expect([1, 2].map((col) => sheet.getRow(4).getCell(col).type)).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.String]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'NaN', 'Infinity']);
    expect(sheet.getRow(5).values).toEqual([undefined, undefined, undefined, 7]);
    expect(sheet.rowCount).toBe(5);
  });

  it('keeps hostile text as the same text: controls, literal _xHHHH_, emoji, markup, formulas, spaces', async () => {
    const sheet = await readBack(
      await xlsx(
        [HOSTILE],
        HOSTILE.map((_, i) => `H${i}`),
      ),
    );
    const cells = HOSTILE.map((_, i) => sheet.getRow(2).getCell(i + 1));
    // exceljs leaves `_xHHHH_` undecoded in inline strings, where Excel and LibreOffice decode it (see the LibreOffice test).
    expect(cells.map((c) => c.value)).toEqual(['a_x0000_b_x0007_c', 'stays _x005F_x0041_ and _x005F_x00e9_', ...HOSTILE.slice(2)]);
    expect(cells.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);
  });

  it('escapes what XML cannot hold as _xHHHH_, and a literal one so that it reads back unchanged', () => {
    expect(escapeText('a\u0000b\u001Fc\rd')).toBe('a_x0000_b_x001F_c_x000D_d');
    expect(escapeText('_x0041_ _X0041_ _x00e9_')).toBe('_x005F_x0041_ _X0041_ _x005F_x00e9_');
    expect(escapeText('lone \uD800 and \uDC00, pair 😀, \uFFFE\uFFFF')).toBe('lone _xD800_ and _xDC00_, pair 😀, _xFFFE__xFFFF_');
    expect(escapeText(`<a href="x">&</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });

  it(`cuts a cell at Excel's ${CELL_MAX_CHARS} characters, never inside an emoji`, async () => {
    const long = 'x'.repeat(40_000);
    const emojiAtTheLimit = 'y'.repeat(CELL_MAX_CHARS - 1) + '😀 tail';
    const sheet = await readBack(await xlsx([[long, emojiAtTheLimit, 'after']]));
    expect(sheet.getRow(2).getCell(1).value).toBe('x'.repeat(CELL_MAX_CHARS));
    expect(sheet.getRow(2).getCell(2).value).toBe('y'.repeat(CELL_MAX_CHARS - 1));
    expect(sheet.getRow(2).getCell(3).value).toBe('after');
  });

  it('gives the sheet a name Excel accepts, whatever it was asked', () => {
    expect(excelSheetName('Stock [2026/11]: A*B?\\C')).toBe('Stock _2026_11__ A_B__C');
    expect(excelSheetName('Relevés de température de la chambre froide')).toBe('Relevés de température de la ch');
    expect(excelSheetName("'quoted'")).toBe('quoted');
    expect(excelSheetName('')).toBe('Sheet1');
    expect(excelSheetName("''\u0000")).toBe('Sheet1');
    expect(excelSheetName('history')).toBe('history_');
    expect(excelSheetName('a\u0001b & <c>')).toBe('ab & <c>');
    expect(excelSheetName('x'.repeat(30) + '😀')).toBe('x'.repeat(30));
  });

  it('writes the sanitised sheet name into the file', async () => {
    const sheet = await readBack(await xlsx([['x']], ['A'], 'Lots & "séries" [2026/11]'));
    expect(sheet.name).toBe('Lots & "séries" _2026_11_');
  });

  it('streams many rows over several deflate chunks into a ZIP that checks out', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i): Cell[] => [
      `P-${i}`,
      i * 0.25,
      `Zone ${i % 7} — chambre froide`,
      i % 3 ? null : -i - 1,
    ]);
    const file = await xlsx(rows, ['Ref', 'Temp', 'Zone', 'Delta']);
    const sheet = await readBack(file);
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getRow(2).values).toEqual([undefined, 'P-0', 0, 'Zone 0 — chambre froide', -1]);
    expect(sheet.getRow(30_001).values).toEqual([undefined, 'P-29999', 7499.75, 'Zone 4 — chambre froide']);
    const entries = execIfThere('unzip', ['-v', '-qq'], file);
    if (entries) expect(Number(/(\d+)\s+Defl:N.*xl\/worksheets\/sheet1\.xml/.exec(entries)![1])).toBeGreaterThan(4 * ZIP_CHUNK_BYTES);
    expect(execIfThere('unzip', ['-t', '-q'], file) ?? 'No errors').toContain('No errors');
    expect(execIfThere('python3', ['-m', 'zipfile', '-t'], file) ?? 'Done testing').toContain('Done testing');
  });

  it('waits for a slow reader: no more than a chunk or two waits in the stream', async () => {
    let waiting = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk: Buffer, _encoding, done) {
        waiting = Math.max(waiting, this.writableLength);
        setTimeout(done, 20);
      },
    });
    const writer = sheetWriter('xlsx', 'Slow', ['A', 'B', 'C', 'D'], out);
    const random = () => Math.random().toString(36).slice(2);
    for (let page = 0; page < 40; page++) await writer.add(Array.from({ length: 2000 }, (_, i) => [random(), random(), random(), i]));
    await writer.finish();
    expect(waiting).toBeLessThanOrEqual(2 * ZIP_CHUNK_BYTES);
  });

  it('rejects when the reader goes away mid-file, with no unhandled error left behind', async () => {
    // Several times: the reader may go while a chunk is deflated and the next page is being read. As
    // the exports do, nothing is called after the rejection: a chunk failing unobserved would be an
    // unhandled rejection, which fails this test (and would stop the gateway).
    for (let attempt = 0; attempt < 3; attempt++) {
      let received = 0;
      const out = new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          done();
          if (received > 100_000) setTimeout(() => this.destroy(), 1);
        },
      });
      const writer = sheetWriter('xlsx', 'Gone', ['A', 'B'], out);
      const writing = (async () => {
        for (let page = 0; page < 200; page++) {
          await writer.add(Array.from({ length: 1000 }, (_, i) => [`${page}-${i}-${Math.random()}`, i]));
          // The next page is read from the database meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        await writer.finish();
      })();
      await expect(writing).rejects.toThrow('export stream closed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('refuses a file past 4 GiB rather than writing a wrong one (no zip64)', () => {
    expect(zip32(0xffff_ffff, 'an entry')).toBe(0xffff_ffff);
    expect(() => zip32(0x1_0000_0000, 'an entry')).toThrow('the XLSX file is past 4 GiB (an entry)');
  });

  const libreOffice = hasTool('libreoffice');
  if (!libreOffice) console.warn('xlsx.spec: libreoffice is not installed, the test that opens the file in LibreOffice Calc is skipped');
  (libreOffice ? it : it.skip)(
    'opens in LibreOffice Calc, which reads the same values back',
    async () => {
      const rows: Cell[][] = [
        [...HOSTILE.slice(0, 3), 'x'.repeat(40_000)],
        ['Chambre froide', -3.25, HOSTILE[3], 12],
      ];
      const dir = inTemp(await xlsx(rows, ['Réf', 'Température', 'Zone', 'Long']));
      try {
        // Its own profile, so that it runs beside any other LibreOffice; CSV in UTF-8, every text quoted.
        execFileSync(
          'libreoffice',
          [
            `-env:UserInstallation=file://${dir}/profile`,
            '--headless',
            '--convert-to',
            'csv:Text - txt - csv (StarCalc):44,34,76,1',
            '--outdir',
            dir,
            `${dir}/export.xlsx`,
          ],
          { stdio: 'ignore', timeout: 100_000 },
        );
        const csv = fs.readFileSync(path.join(dir, 'export.csv'), 'utf8');
        expect(csv).toBe(
          '"Réf","Température","Zone","Long"\n' +
            `"a\u0000b\u0007c","stays _x0041_ and _x00e9_","frost ❄️ 🧊 done","${'x'.repeat(CELL_MAX_CHARS)}"\n` +
            `"Chambre froide",-3.25,"=cmd|' /C calc'!A0",12\n`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

/** The output of an archive checker on the file, or undefined when the tool is not installed. */
function execIfThere(tool: string, args: string[], file: Buffer): string | undefined {
  if (!hasTool(tool)) return undefined;
  const dir = inTemp(file);
  try {
    return execFileSync(tool, [...args, path.join(dir, 'export.xlsx')], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
