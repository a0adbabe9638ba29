import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS, importSampleRows } from '@portal/contracts';
import { csv, order, pack, simulate } from './import.fixtures';
import type { SimulatedLine } from './import-simulation';

const header = IMPORT_ORDER_COLUMNS.map((c) => c.name);
const at = (lines: SimulatedLine[], line: number) => lines.find((l) => l.line === line);

describe('order import simulation (spec §5 Huby import, §8 import keys)', () => {
  it('creates an order with its packages and a new recipient, and says what', async () => {
    const lines = await simulate(
      '\uFEFF' +
        csv([
          header,
          order('CMD-1'),
          pack(),
          pack({ line_type: 'PALLET', packaging_code: '', weight_kg: '180', packages: '1' }),
          order('CMD-2', {
            recipient_code: '',
            recipient_contact_name: 'Claire Dubois',
            recipient_address_type: 'b2c',
            recipient_address1: '2 rue',
            recipient_zip: '75001',
            recipient_town: 'PARIS',
            recipient_country: 'FR',
            recipient_mobile: '0612345678',
            recipient_action: 'DELETE_AFTER_DELIVERY',
            appointment: '1',
          }),
          pack(),
        ]),
    );
    expect(lines.map((l) => [l.line, l.status, l.key])).toEqual([
      [1, 'header', null],
      [2, 'create', null],
      [3, 'package', null],
      [4, 'package', null],
      [5, 'create', null],
      [6, 'package', null],
    ]);
    expect(at(lines, 2)!.order).toMatchObject({
      reference: 'CMD-1',
      carrier_code: 'COLISSIMO',
      recipient: { code: 'DEST001' },
      packings: [
        { weight_kg: 4.5, packages: 2 },
        { content: 'PALLET', packages: 1 },
      ],
    });
    expect(at(lines, 5)!.order).toMatchObject({
      recipient: null,
      new_recipient: { contact_name: 'Claire Dubois', address_type: 'B2C', action: 'deleteAfterDelivery' },
      appointment: true,
    });
    expect(at(lines, 5)!.what).toBe('Claire Dubois 75001 PARIS FR');
  });

  it.each([
    ['importNoReference', [order('')], 2, { column: 'reference' }],
    ['importElementCount', [order('CMD-1').slice(0, 20)], 2, { expected: IMPORT_ORDER_COLUMNS.length, found: 20 }],
    ['importUnknownLineType', [['COMMANDE', 'x']], 2, { type: 'COMMANDE' }],
    ['importUnknownLineType', [order('EX-1', { line_type: 'EXAMPLE' })], 2, { sample: 1 }],
    ['importUnknownAddressCode', [order('CMD-1', { shipper_code: 'NOPE' })], 2, { column: 'shipper_code', code: 'NOPE' }],
    ['importUnknownAddressCode', [order('CMD-1', { recipient_code: 'NOPE' })], 2, { column: 'recipient_code' }],
    ['importUnknownPackagingCode', [order('CMD-1'), pack({ packaging_code: 'BOX-9' })], 3, { code: 'BOX-9' }],
    ['importUnknownTourCode', [order('CMD-1', { tour_code: 'NOWHERE' })], 2, { code: 'NOWHERE' }],
    ['importEmptyLine', [order('CMD-1'), pack(), ['', ''], pack()], 4, {}],
    ['importMalformedReference', [order('cmd 1/2')], 2, {}],
    ['importEmailFormat', [order('CMD-1', { recipient_email: 'not-an-email' })], 2, { column: 'recipient_email' }],
    ['importCodeNotAuthorized', [order('CMD-1', { depositor_code: 'DEMO-B' })], 2, { column: 'depositor_code', code: 'DEMO-B' }],
    ['importCodeNotAuthorized', [order('CMD-1', { activity_code: 'ACT9' })], 2, { column: 'activity_code', code: 'ACT9' }],
    ['importCodeNotAuthorized', [order('CMD-1', { store_code: 'STORE9' })], 2, { column: 'store_code' }],
    ['importNoReference', [pack()], 2, { type: 'PACKAGE' }],
    ['importWriteFailed', [order('CMD-1', { appointment: '2' })], 2, { column: 'appointment', reason: 'flag' }],
    ['importWriteFailed', [order('CMD-1', { recipient_code: 'DEST002' })], 2, { column: 'recipient_phone', reason: 'phoneOrMobile' }],
    [
      'importWriteFailed',
      [
        order('CMD-1', {
          recipient_code: '',
          recipient_company_name: 'X',
          recipient_address_type: 'B2B',
          recipient_address1: '1 rue',
          recipient_zip: '1',
          recipient_town: 'T',
          recipient_country: 'FR',
        }),
      ],
      2,
      { reason: 'phoneOrMobile' },
    ],
    [
      'importWriteFailed',
      [
        order('CMD-1', {
          recipient_code: '',
          recipient_company_name: 'X',
          recipient_address_type: 'PRO',
          recipient_address1: '1 rue',
          recipient_zip: '1',
          recipient_town: 'T',
          recipient_country: 'FR',
          recipient_phone: '0102030405',
        }),
      ],
      2,
      { column: 'recipient_address_type', reason: 'choice' },
    ],
    ['importWriteFailed', [order('CMD-1', { recipient_action: 'DELETE_SOMETIMES' })], 2, { column: 'recipient_action' }],
    ['importWriteFailed', [order('CMD-1'), pack({ weight_kg: 'lourd' })], 3, { column: 'weight_kg', reason: 'numeric' }],
    ['importWriteFailed', [order('CMD-1'), order('CMD-1')], 3, { reason: 'existingReference' }],
    [
      'importWriteFailed',
      [order('CMD-1', { preparation_comment: 'a\u0000b' })],
      2,
      { column: 'preparation_comment', reason: 'invalidFormat' },
    ],
  ])('refuses with %s at its line', async (key, rows, line, params) => {
    const lines = await simulate(csv([header, ...(rows as string[][])]));
    expect(at(lines, line)).toMatchObject({
      status: key === 'importEmptyLine' ? 'ignored' : 'refused',
      key,
      params: expect.objectContaining(params),
    });
  });

  it('refuses an order with all its lines when one package is refused, naming the line at fault', async () => {
    const lines = await simulate(csv([header, order('CMD-1'), pack(), pack({ packaging_code: 'BOX-9' }), order('CMD-2'), pack()]));
    expect(lines.map((l) => [l.line, l.status, l.key, l.params?.line ?? null])).toEqual([
      [1, 'header', null, null],
      [2, 'refused', 'importUnknownPackagingCode', 4],
      [3, 'refused', 'importUnknownPackagingCode', 4],
      [4, 'refused', 'importUnknownPackagingCode', null],
      [5, 'create', null, null],
      [6, 'package', null, null],
    ]);
    expect(lines.filter((l) => l.order).map((l) => l.line)).toEqual([5]);
  });

  it('answers "already imported" for a reference the depositor has, with its packages', async () => {
    const lines = await simulate(csv([header, order('OLD-1'), pack(), order('NEW-1'), pack()]));
    expect(lines.map((l) => l.status)).toEqual(['header', 'already', 'already', 'create', 'package']);
  });

  it('reads `,` files, padded lines and quoted cells; a file without the header row is said so at line 1', async () => {
    const padded = [...pack({ weight_kg: '4.5' }), ...Array(IMPORT_ORDER_COLUMNS.length - IMPORT_PACKAGE_COLUMNS.length).fill('')];
    const lines = await simulate(csv([header, order('CMD-1', { preparation_comment: '"quai 3, porte B"' }), padded], ','));
    expect(lines.map((l) => l.status)).toEqual(['header', 'create', 'package']);
    expect(lines[1].order!.preparation_comment).toBe('quai 3, porte B');
    const noHeader = await simulate(csv([order('CMD-1'), pack()]));
    expect(noHeader[0]).toMatchObject({ line: 1, status: 'refused', key: 'importUnknownLineType' });
  });

  it('reads an XLSX file as a stream, empty rows counted as lines', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('orders');
    sheet.addRow(header);
    sheet.addRow(order('CMD-X1'));
    sheet.addRow([]);
    sheet.getRow(4).values = pack().map((v, i) => (i === 3 ? 4.5 : v));
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const lines = await simulate(file, 'xlsx');
    expect(lines.map((l) => [l.line, l.status])).toEqual([
      [1, 'header'],
      [2, 'create'],
      [3, 'ignored'],
      [4, 'package'],
    ]);
  });

  it('imports the sample file as it is, and refuses a template example line put in it', async () => {
    const rows = importSampleRows(
      { depositor_code: 'DEMO-A', shipper_code: 'MLV1', packaging_code: 'CARTON-M', tour_code: 'COLIS-J1' },
      'S',
    );
    expect((await simulate(csv(rows))).map((l) => l.status)).toEqual(['header', 'create', 'package', 'package', 'create', 'package']);
    const example = rows[1].map((value, i) => (i === 0 ? 'EXAMPLE' : value));
    const lines = await simulate(csv([rows[0], example, ...rows.slice(1)]));
    expect(lines.map((l) => l.status)).toEqual(['header', 'refused', 'create', 'package', 'package', 'create', 'package']);
    expect(lines[1]).toMatchObject({ key: 'importUnknownLineType', params: { sample: 1 } });
  });
});
