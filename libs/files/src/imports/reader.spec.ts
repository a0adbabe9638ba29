import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { decodeXstring, importRows } from './reader';

async function rowsOf(buffer: Buffer, format: 'csv' | 'xlsx'): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of importRows(Readable.from([buffer]), format)) rows.push(row.cells);
  return rows;
}

describe('import reader', () => {
  it('decodes SpreadsheetML _xHHHH_ escapes, a _x005F_-escaped literal staying literal', () => {
    expect(decodeXstring('A_x0007_B')).toBe('A\u0007B');
    expect(decodeXstring('_x005F_x0041_')).toBe('_x0041_');
    expect(decodeXstring('tab_x0009_and_x000D__x000A_line')).toBe('tab\tand\r\nline');
    expect(decodeXstring('plain_x_text _x12_ _xZZZZ_')).toBe('plain_x_text _x12_ _xZZZZ_');
  });

  it('reads an XLSX cell written with the escape as the character it stands for (as Excel and LibreOffice do)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Import');
    sheet.addRow(['reference', 'label']);
    sheet.addRow(['REF_x0007_1', 'Quai_x005F_x0041_ 3']);
    sheet.addRow([{ richText: [{ text: 'Rich_x0009_' }, { text: 'text' }] }, 12]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    expect(rows).toEqual([
      ['reference', 'label'],
      ['REF\u00071', 'Quai_x0041_ 3'],
      ['Rich\ttext', '12'],
    ]);
  });

  it('leaves CSV cells as typed (the escape is SpreadsheetML’s, not CSV’s)', async () => {
    expect(await rowsOf(Buffer.from('reference;label\nREF_x0007_1;x\n'), 'csv')).toEqual([
      ['reference', 'label'],
      ['REF_x0007_1', 'x'],
    ]);
  });
});
