/**
 * Huby order import (spec §5 import and Huby import rules, §8 import keys): the one column definition
 * the parser reads and the sample files are written from, the line statuses of a simulation and what
 * the gateway, the service and the web exchange.
 */

import type { ImportBusSubjects, ImportColumn } from '../imports';
import { Role } from '../roles';
import { HubySubjects } from './subjects';

/** Spec §6: importing orders is the user right "import all or Huby". */
export const HUBY_IMPORT_ROLES = [Role.USER_IMPORT_HUBY, Role.USER_IMPORT_ALL] as const;
/** The order import's bus subjects, on the Huby service. */
export const HUBY_IMPORT_SUBJECTS: ImportBusSubjects = {
  simulate: HubySubjects.importSimulate,
  get: HubySubjects.importGet,
  lines: HubySubjects.importLines,
  apply: HubySubjects.importApply,
};

/** The first column of each line: an order header, or a package or pallet of the order above it. */
export const IMPORT_LINE_TYPES = { order: 'ORDER', package: 'PACKAGE', pallet: 'PALLET' } as const;
/**
 * A line of this type is a template's example, refused until removed (spec §5: "sample lines must be
 * removed"). The portal's own sample file has none: its orders are real, written with the caller's
 * codes, so that it imports as it is (issue 36).
 */
export const IMPORT_SAMPLE_LINE_TYPE = 'EXAMPLE';

/** Address action column values (spec §5: empty, delete after shipping, delete after delivery). */
export const IMPORT_ACTIONS = { DELETE_AFTER_SHIPPING: 'deleteAfterShipping', DELETE_AFTER_DELIVERY: 'deleteAfterDelivery' } as const;

/** An order header line: the header row of the file names these columns, in this order. */
export const IMPORT_ORDER_COLUMNS: readonly ImportColumn[] = [
  { name: 'line_type', kind: 'type', required: true, sample: 'ORDER' },
  { name: 'depositor_code', kind: 'code', required: true, max: 50, sample: 'DEMO-A' },
  { name: 'activity_code', kind: 'code', max: 50, sample: '' },
  { name: 'store_code', kind: 'code', max: 50, sample: '' },
  { name: 'reference', kind: 'reference', required: true, max: 35, sample: 'CMD-0001' },
  { name: 'customer_order_number', kind: 'text', max: 35, sample: 'PO-4512' },
  { name: 'shipper_code', kind: 'code', required: true, max: 50, sample: 'QUAI-LYON' },
  { name: 'recipient_code', kind: 'code', max: 50, sample: '' },
  { name: 'recipient_company_name', kind: 'text', max: 100, sample: 'Boulangerie Martin' },
  { name: 'recipient_contact_name', kind: 'text', max: 100, sample: 'Paul Martin' },
  { name: 'recipient_address_type', kind: 'choice', choices: ['B2B', 'B2C'], sample: 'B2B' },
  { name: 'recipient_address1', kind: 'text', max: 100, sample: '12 rue de la Paix' },
  { name: 'recipient_zip', kind: 'text', max: 16, sample: '69002' },
  { name: 'recipient_town', kind: 'text', max: 64, sample: 'Lyon' },
  { name: 'recipient_country', kind: 'code', max: 2, sample: 'FR' },
  { name: 'recipient_email', kind: 'email', max: 254, sample: 'paul.martin@example.com' },
  { name: 'recipient_phone', kind: 'phone', max: 32, sample: '+33 4 78 00 00 00' },
  { name: 'recipient_mobile', kind: 'phone', max: 32, sample: '' },
  { name: 'recipient_action', kind: 'choice', choices: Object.keys(IMPORT_ACTIONS), sample: '' },
  { name: 'tour_code', kind: 'code', max: 20, sample: 'COLIS-J1' },
  { name: 'date_shipment_desired', kind: 'day', sample: '' },
  { name: 'appointment', kind: 'flag', sample: '0' },
  { name: 'pallet_stripping', kind: 'flag', sample: '0' },
  { name: 'hatchback', kind: 'flag', sample: '0' },
  { name: 'delivery_on_floor', kind: 'flag', sample: '0' },
  { name: 'preparation_comment', kind: 'text', max: 500, sample: '' },
];

/** A package or pallet line, under its order. */
export const IMPORT_PACKAGE_COLUMNS: readonly ImportColumn[] = [
  { name: 'line_type', kind: 'type', required: true, sample: 'PACKAGE' },
  { name: 'packaging_code', kind: 'code', max: 20, sample: 'CARTON-M' },
  { name: 'content', kind: 'text', max: 100, sample: 'Farine' },
  { name: 'weight_kg', kind: 'number', required: true, max: 100_000, sample: '12.5' },
  { name: 'length_cm', kind: 'number', max: 10_000, sample: '40' },
  { name: 'width_cm', kind: 'number', max: 10_000, sample: '30' },
  { name: 'height_cm', kind: 'number', max: 10_000, sample: '30' },
  { name: 'packages', kind: 'integer', required: true, max: 999, sample: '2' },
];

/** The caller's codes a sample file is written with (null when the caller has none). */
export interface ImportSampleValuesDto {
  depositor_code: string | null;
  shipper_code: string | null;
  packaging_code: string | null;
  tour_code: string | null;
}

/**
 * The rows of a sample file: the header row, then two orders with their packages, written with the
 * caller's codes so that it imports as it is.
 */
export function importSampleRows(values: ImportSampleValuesDto, run = 'SAMPLE'): string[][] {
  const order = (reference: string, over: Record<string, string> = {}) =>
    IMPORT_ORDER_COLUMNS.map((c) => {
      const own: Record<string, string | null> = {
        depositor_code: values.depositor_code,
        shipper_code: values.shipper_code,
        tour_code: values.tour_code,
        reference,
      };
      return over[c.name] ?? own[c.name] ?? c.sample;
    });
  const pack = (over: Record<string, string> = {}) =>
    IMPORT_PACKAGE_COLUMNS.map((c) => over[c.name] ?? (c.name === 'packaging_code' ? (values.packaging_code ?? '') : c.sample));
  return [
    IMPORT_ORDER_COLUMNS.map((c) => c.name),
    order(`${run}-1`),
    pack(),
    pack({
      line_type: IMPORT_LINE_TYPES.pallet,
      content: 'Palette',
      weight_kg: '180',
      packages: '1',
      length_cm: '120',
      width_cm: '80',
      height_cm: '100',
    }),
    order(`${run}-2`, {
      recipient_company_name: '',
      recipient_contact_name: 'Claire Dubois',
      recipient_address_type: 'B2C',
      recipient_mobile: '+33 6 12 34 56 78',
      recipient_phone: '',
    }),
    pack({ weight_kg: '3,2', packages: '1' }),
  ];
}
