import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';
import { HUBY_CODE, HUBY_LIMITS } from './limits';
import {
  ADDRESS_ACTIONS,
  ADDRESS_BOOKS,
  ADDRESS_TYPES,
  ADR_CLASSES,
  ADR_CLASSES_WITHOUT_PACKING_GROUP,
  CIVILITIES,
  INCOTERMS,
  LQ_MAX_GROSS_KG,
  PACKING_GROUPS,
  PACKING_UNITS,
  TUNNEL_CODES,
  type AdrClass,
} from './statuses';

/** A field that must be given: `nonoptional` (not a refine) so that zod checks it when the key is absent too. */
const required = <T extends z.ZodType>(field: T) => field.nonoptional({ error: FIELD_ERRORS.required });
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const hour = () =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().regex(HOUR, { error: FIELD_ERRORS.invalidFormat }).optional());

/** One day's opening hours: two periods (morning, afternoon), each from-to as HH:mm. */
const openingDay = z
  .object({ am_from: hour(), am_to: hour(), pm_from: hour(), pm_to: hour() })
  .refine((d) => (!d.am_from || !d.am_to || d.am_from < d.am_to) && (!d.pm_from || !d.pm_to || d.pm_from < d.pm_to), {
    error: FIELD_ERRORS.invalidFormat,
  });
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const openingHours = z
  .object(
    Object.fromEntries(WEEK_DAYS.map((d) => [d, openingDay.optional()])) as Record<
      (typeof WEEK_DAYS)[number],
      z.ZodOptional<typeof openingDay>
    >,
  )
  .strict()
  .optional()
  .nullable();

/** An address of the shipper or recipient book (spec §3 Address). */
export const addressInput = z
  .object({
    book: required(f.oneOf(ADDRESS_BOOKS)),
    depositor_id: required(f.integer(1, 2_147_483_647)),
    code: f.code(50, HUBY_CODE),
    company_name: f.text(100),
    contact_name: f.text(100),
    civility: f.oneOf(CIVILITIES),
    address_type: f.oneOf(ADDRESS_TYPES),
    address1: required(f.text(100)),
    address2: f.text(100),
    zip: required(f.text(16)),
    town: required(f.text(64)),
    state_code: f.text(8),
    country: required(f.code(2, /^[A-Z]{2}$/)),
    email: f.email(),
    phone: f.text(32),
    mobile: f.text(32),
    customer_code: f.code(50, HUBY_CODE),
    address_code: f.code(50, HUBY_CODE),
    akanea_id: f.text(50),
    opening_hours: openingHours,
    is_favorite: f.flag(),
    action: f.oneOf(ADDRESS_ACTIONS),
    active: f.flag(),
  })
  .refine((a) => a.company_name || a.contact_name, { error: FIELD_ERRORS.required, path: ['company_name'] })
  .refine((a) => !a.phone || /^[+0-9 ().-]{6,32}$/.test(a.phone), { error: FIELD_ERRORS.invalidFormat, path: ['phone'] })
  .refine((a) => !a.mobile || /^[+0-9 ().-]{6,32}$/.test(a.mobile), { error: FIELD_ERRORS.invalidFormat, path: ['mobile'] });
export type AddressInput = z.infer<typeof addressInput>;

/** A packing line (spec §3): packaging type, content, net quantity and unit, dimensions in cm, packages, duplicates. */
export const packingInput = z.object({
  packaging_type: f.code(20, HUBY_CODE),
  content: f.text(100),
  net_quantity: f.number(0, 1_000_000),
  unit: f.oneOf(PACKING_UNITS),
  weight_kg: required(f.number(0.001, 100_000)),
  length_cm: f.number(0, 10_000),
  width_cm: f.number(0, 10_000),
  height_cm: f.number(0, 10_000),
  volume_m3: f.number(0, 10_000),
  packages: required(f.integer(1, HUBY_LIMITS.maxPackagesPerLine)),
  duplicate_count: f.integer(0, HUBY_LIMITS.maxPackagesPerLine),
});
export type PackingInput = z.infer<typeof packingInput>;

const UN = /^\d{4}$/;

/**
 * A dangerous goods line (ADR): UN number of four digits, a known class, a packing group exactly when
 * the class has one, a tunnel code and a transport category consistent with each other (category 4
 * carries no tunnel restriction, category 0 always one).
 */
export const dangerousGoodInput = z
  .object({
    un_number: required(f.text(4)).refine((v) => v === undefined || UN.test(v), { error: FIELD_ERRORS.invalidFormat }),
    class: required(f.oneOf(ADR_CLASSES)),
    danger_notice: f.text(64),
    packing_group: f.oneOf(PACKING_GROUPS),
    tunnel_code: required(f.oneOf(TUNNEL_CODES)),
    transport_category: required(f.integer(0, 4)),
    adr_designation: required(f.text(255)),
    technical_name: f.text(255),
    package_quantity: required(f.integer(1, HUBY_LIMITS.maxPackagesPerLine)),
    environment_danger: f.flag(),
  })
  .superRefine((d, ctx) => {
    if (!d.class) return;
    const none = ADR_CLASSES_WITHOUT_PACKING_GROUP.includes(d.class as AdrClass);
    if (none && d.packing_group) ctx.addIssue({ code: 'custom', path: ['packing_group'], message: FIELD_ERRORS.invalidFormat });
    if (!none && !d.packing_group) ctx.addIssue({ code: 'custom', path: ['packing_group'], message: FIELD_ERRORS.required });
    if (d.transport_category === 4 && d.tunnel_code && d.tunnel_code !== '-')
      ctx.addIssue({ code: 'custom', path: ['tunnel_code'], message: FIELD_ERRORS.invalidFormat });
    if (d.transport_category === 0 && d.tunnel_code === '-')
      ctx.addIssue({ code: 'custom', path: ['tunnel_code'], message: FIELD_ERRORS.required });
  });
export type DangerousGoodInput = z.infer<typeof dangerousGoodInput>;

export const limitedQuantityInput = z.object({
  gross_weight_kg: required(f.number(0.001, LQ_MAX_GROSS_KG)),
  un_numbers: z
    .array(z.string().regex(UN, { error: FIELD_ERRORS.invalidFormat }), { error: FIELD_ERRORS.invalidFormat })
    .min(1, { error: FIELD_ERRORS.required })
    .max(20, { error: FIELD_ERRORS.max }),
});

/** A Huby shipment as the creation form sends it (spec §3 Huby shipment). */
export const shipmentInput = z.object({
  depositor_id: required(f.integer(1, 2_147_483_647)),
  reference: f.code(35, HUBY_CODE),
  order_number: f.text(35),
  delivery_note_number: f.text(35),
  customer_order_number: f.text(35),
  customer_reference: f.text(35),
  uuid_address_shipper: required(f.uuid()),
  uuid_address_recipient: required(f.uuid()),
  billing_same_as_recipient: f.flag(),
  uuid_address_billing: f.uuid(),
  carrier_code: f.code(20, HUBY_CODE),
  tour_code: f.code(20, HUBY_CODE),
  date_shipment_desired: f.day(),
  date_delivery_desired: f.day(),
  date_loading: f.day(),
  preparation_comment: f.text(500, { multiline: true }),
  carrier_comment: f.text(500, { multiline: true }),
  appointment: f.flag(),
  pallet_stripping: f.flag(),
  hatchback: f.flag(),
  delivery_on_floor: f.flag(),
  incoterm: f.oneOf(INCOTERMS),
  incoterm_location: f.text(64),
  declared_amount: f.number(0, 100_000_000),
  content_description: f.text(255),
  insurance_value: f.number(0, 100_000_000),
  cash_on_delivery: f.number(0, 100_000_000),
  packings: z
    .array(packingInput, { error: FIELD_ERRORS.invalidFormat })
    .max(HUBY_LIMITS.maxPackings, { error: FIELD_ERRORS.max })
    .optional(),
  dangerous_goods: z.array(dangerousGoodInput, { error: FIELD_ERRORS.invalidFormat }).max(20, { error: FIELD_ERRORS.max }).optional(),
  limited_quantities: limitedQuantityInput.nullable().optional(),
});
export type ShipmentInput = z.infer<typeof shipmentInput>;

/** PUT /dashtower/order/{uuid} (spec §7): the recipient and delivery options of a shipment. */
export const orderPatchInput = z.object({
  order: z.object({
    uuid_address_recipient: f.uuid(),
    appointment: f.flag(),
    pallet_stripping: f.flag(),
    delivery_on_floor: f.flag(),
    hatchback: f.flag(),
  }),
  force_recipient: f.flag(),
});

export const duplicateInput = z.object({
  count: required(f.integer(1, HUBY_LIMITS.maxDuplicates)),
});

/** A pickup request as the dialog sends it (spec §3 Pickup request). */
export const pickupInput = z.object({
  uuid_address_shipper: required(f.uuid()),
  carrier: required(f.code(20, HUBY_CODE)),
  date: required(f.day()),
  hour: required(hour()),
  account_number: f.text(50),
  email_to: required(f.email()),
  email_cc: z
    .array(z.email({ error: FIELD_ERRORS.invalidEmail }), { error: FIELD_ERRORS.invalidFormat })
    .max(5, { error: FIELD_ERRORS.max })
    .optional(),
  body: f.text(2000, { multiline: true }),
});
