import { describe, expect, it } from '@jest/globals';
import { gs1CheckDigit, sscc, type ShipmentPartyDto } from '@portal/contracts';
import { canReadLabels, pdfPages, readBarcodes, zplPages } from '../../../../tests/support/read-barcodes';
import { packageLabels, type LabelledShipment } from './label-data';
import { renderPdfLabels } from './pdf-labels';
import { winAnsi } from './pdf-text';
import { renderZplLabels, zplField } from './zpl-labels';

const party = (company: string, patch: Partial<ShipmentPartyDto> = {}): ShipmentPartyDto => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  code: null,
  company_name: company,
  contact_name: 'Jeanne Łukasiewicz',
  civility: null,
  address1: '12 rue des Lilas',
  address2: 'Bât. B',
  zip: '69003',
  town: 'LYON',
  state_code: null,
  country: 'FR',
  email: null,
  phone: '04 78 00 00 00',
  mobile: null,
  customer_code: null,
  ...patch,
});

const shipment = (patch: Partial<LabelledShipment> = {}): LabelledShipment => ({
  uuid: '00000000-0000-4000-8000-0000000000aa',
  reference: 'HUB2611260001',
  depositor_code: 'DEMO-A',
  order_number: 'CMD-42',
  customer_order_number: null,
  shipper: party('Plateforme Lyon Saint-Quentin'),
  recipient: party('Pharmacie du Parc ^XZ ~JR _'),
  carrier_code: 'COLISSIMO',
  carrier_name: 'Colissimo',
  tour_code: 'COLIS-J1',
  date_shipment_desired: '2026-11-27',
  packings: [
    {
      line: 1,
      packaging_type: 'CARTON',
      content: null,
      net_quantity: null,
      unit: null,
      weight_kg: 4.5,
      length_cm: null,
      width_cm: null,
      height_cm: null,
      volume_m3: null,
      packages: 2,
      duplicate_count: 0,
    },
    {
      line: 2,
      packaging_type: 'PAL80',
      content: null,
      net_quantity: null,
      unit: null,
      weight_kg: 120,
      length_cm: null,
      width_cm: null,
      height_cm: null,
      volume_m3: null,
      packages: 1,
      duplicate_count: 0,
    },
  ],
  dangerous_goods: [
    {
      un_number: '1263',
      class: '3',
      danger_notice: null,
      packing_group: 'II',
      tunnel_code: 'D/E',
      transport_category: 2,
      adr_designation: 'PEINTURES',
      technical_name: null,
      package_quantity: 2,
      environment_danger: true,
    },
  ],
  limited_quantities: { gross_weight_kg: 3, un_numbers: ['1266'] },
  voucher: 'COL012345600000001',
  tracking_numbers: ['6A12345678901', '6A12345678902', '6A12345678903'],
  total_weight_kg: 129,
  cash_on_delivery: 120,
  appointment: true,
  carrier_comment: null,
  sscc: [sscc(0, '3760123', 1), sscc(0, '3760123', 2), sscc(0, '3760123', 3)],
  ...patch,
});

/** The SSCC read back, its check digit recomputed here rather than trusted. */
function checkedSscc(data: string): string {
  expect(data).toMatch(/^00\d{18}$/);
  const digits = data.slice(2);
  expect(Number(digits[17])).toBe(gs1CheckDigit(digits.slice(0, 17)));
  return digits;
}

/** Each page holds one GS1-128 (the package's SSCC) and one Code 128 (its tracking number). */
function expectPackagesRead(pages: (string | Buffer)[], s: LabelledShipment): void {
  pages.forEach((page, i) => {
    const codes = readBarcodes(page);
    const gs1 = codes.filter((c) => c.gs1);
    expect(gs1).toHaveLength(1);
    expect(checkedSscc(gs1[0].data)).toBe(s.sscc[i]);
    expect(codes.filter((c) => !c.gs1 && c.type === 'CODE-128').map((c) => c.data)).toEqual([s.tracking_numbers[i]]);
  });
}

describe('package labels', () => {
  it('gives one label per package in the order of the packing lines, numbered n/N with their weights', () => {
    const labels = packageLabels(shipment());
    expect(labels.map((l) => [l.n, l.of, l.weightKg, l.trackingNumber])).toEqual([
      [1, 3, 4.5, '6A12345678901'],
      [2, 3, 4.5, '6A12345678902'],
      [3, 3, 120, '6A12345678903'],
    ]);
    expect(labels[0].dangerousGoods).toEqual([{ un: '1263', class: '3', environment: true }]);
  });

  it('computes SSCC check digits as GS1 does', () => {
    // GS1's own example: SSCC 1 0614141 123456789 and its check digit 7.
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    expect(sscc(0, '3760123', 1)).toBe('037601230000000017');
    expect(() => sscc(0, '3760123', 1e10)).toThrow();
  });

  it('keeps ZPL commands out of the field data and PDF text in its font', () => {
    expect(zplField('A^XZ~JR_B')).toBe('A_5EXZ_7EJR_5FB');
    expect(zplField('x\u0000y\nz')).toBe('x y z');
    expect(winAnsi('Łódź Ørsted 北京 café €')).toBe('Lódz Ørsted ?? café €');
  });
});

(canReadLabels ? describe : describe.skip)('labels read back by pdftoppm, zpl-renderer-js and zbarimg', () => {
  it('PDF: an A6 page per package, its SSCC in GS1-128 and its tracking number in Code 128', async () => {
    const s = shipment();
    const pdf = await renderPdfLabels(packageLabels(s));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(3);
    expectPackagesRead(pages, s);
  });

  it('ZPL: one label per package rendered by an independent renderer, the same barcodes read back', async () => {
    const s = shipment({ dangerous_goods: [], limited_quantities: null });
    const zpl = renderZplLabels(packageLabels(s));
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    // The recipient's "^XZ ~JR" is text, not a command: still three labels.
    expect(zpl.match(/\^XZ/g)).toHaveLength(3);
    const pages = await zplPages(zpl);
    expect(pages).toHaveLength(3);
    expectPackagesRead(pages, s);
  });

  it('ZPL with the ADR marks still reads', async () => {
    const s = shipment();
    const [png] = await zplPages(renderZplLabels(packageLabels(s).slice(0, 1)));
    expect(
      readBarcodes(png)
        .map((c) => c.data)
        .sort(),
    ).toEqual([`00${s.sscc[0]}`, s.tracking_numbers[0]].sort());
  });
});
