import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';
import { defineList, listField } from '../lists/kit';
import { REFERENCE_CODE } from '../admin-reference/reference';
import type { CarrierDto, TourDto } from './dto';
import { TOUR_FLAGS, TOUR_TYPES, TRANSPORT_MODES, type TourFlag } from './statuses';

/**
 * The transport plan's back office (issue 34 item 1, spec §2 admin pages "tours", §3 Tour and
 * Carrier): the provider's carriers (ADMIN_CARRIER) and the depositors' tours (ADMIN_TOUR), created,
 * edited and deactivated, never deleted (shipments and their history name them). Carriers are the
 * provider's, shared by every depositor: a depositor's own administrator reads them and cannot change
 * them (403); tours belong to a depositor and are kept to the administrator's reach like activities.
 * Every change goes to the audit trail (entities `carrier` and `tour`).
 */
export const TransportAdminSubjects = {
  carriersList: 'huby.admin.carriers.list',
  carrierGet: 'huby.admin.carriers.get',
  carrierCreate: 'huby.admin.carriers.create',
  carrierUpdate: 'huby.admin.carriers.update',
  toursList: 'huby.admin.tours.list',
  tourGet: 'huby.admin.tours.get',
  tourCreate: 'huby.admin.tours.create',
  tourUpdate: 'huby.admin.tours.update',
} as const;

/**
 * Spec §3 Tour "general codes", by the key the tour keeps them under: GTF, regime, product, service,
 * licence account, departure agency, account numbers 22 and 3, Toaster service, DDS carrier and
 * product codes. The minimum insurance amount is a number (`min_insurance_amount`).
 */
export const TOUR_CODE_KEYS = [
  'gtf',
  'regime',
  'product',
  'service',
  'licence_account',
  'departure_agency',
  'account_22',
  'account_3',
  'toaster_service',
  'dds_carrier',
  'dds_product',
] as const;
export type TourCodeKey = (typeof TOUR_CODE_KEYS)[number];

/** A carrier's integration settings: at most this many, keys in snake case, values one line of text. */
export const CARRIER_SETTINGS_MAX = 30;
export const CARRIER_SETTING_KEY = /^[a-z][a-z0-9_]{0,49}$/;
/** Spec §5 shipping window: up to 10 days ahead for one carrier; a carrier may narrow it, a year at most. */
export const SHIPPING_WINDOW_MAX_DAYS = 365;

// ---- Lists ----

export const ADMIN_CARRIERS_LIST = defineList({
  resource: 'admin/transport/carriers',
  filter: z.object({ q: listField.text(64), kind: listField.oneOf(TOUR_TYPES), active: listField.flag() }),
  sorts: { ref: 'text', name: 'text' },
  defaultSort: ['ref', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_TOURS_LIST = defineList({
  resource: 'admin/transport/tours',
  filter: z.object({
    q: listField.text(64),
    depositorId: listField.id(),
    carrierId: listField.id(),
    tourType: listField.oneOf(TOUR_TYPES),
    active: listField.flag(),
  }),
  sorts: { code: 'text', depositorId: 'int', carrier: 'text' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

// ---- Inputs ----

const required = { error: FIELD_ERRORS.required };
const id = () => f.integer(1, 2_147_483_647);
const nullable = <T extends z.ZodType>(field: T) => field.nullable().default(null);

/** A carrier's extra integration fields: snake-case keys, one line of text each. */
const carrierSettings = z
  .record(z.string(), f.text(255))
  .superRefine((settings, ctx) => {
    const keys = Object.keys(settings);
    if (keys.length > CARRIER_SETTINGS_MAX) ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.max, path: [] });
    for (const key of keys)
      if (!CARRIER_SETTING_KEY.test(key)) ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.invalidFormat, path: [key] });
  })
  .transform((settings) => Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as Record<string, string>);

export const carrierInput = z.object({
  ref: f.code(20, REFERENCE_CODE).nonoptional(required),
  name: f.text(100).nonoptional(required),
  kind: f.oneOf(TOUR_TYPES).nonoptional(required),
  shipping_window_days: nullable(f.integer(0, SHIPPING_WINDOW_MAX_DAYS)),
  insurance_threshold: nullable(f.number(0, 1_000_000_000)),
  pickup_email: nullable(f.email()),
  settings: z.preprocess((v) => (v === null || v === undefined ? {} : v), carrierSettings),
  active: f.flag().default(true),
});
export type CarrierInput = z.infer<typeof carrierInput>;

const tourFlags = z.preprocess(
  (v) => (v === null || v === undefined ? {} : v),
  z.strictObject(
    Object.fromEntries(TOUR_FLAGS.map((flag) => [flag, f.flag().default(false)])) as Record<
      TourFlag,
      z.ZodDefault<ReturnType<typeof f.flag>>
    >,
    {
      error: FIELD_ERRORS.invalidFormat,
    },
  ),
);

const tourCodes = z.preprocess(
  (v) => (v === null || v === undefined ? {} : v),
  z.strictObject(
    {
      ...(Object.fromEntries(TOUR_CODE_KEYS.map((key) => [key, f.text(50)])) as Record<TourCodeKey, ReturnType<typeof f.text>>),
      min_insurance_amount: f.number(0, 1_000_000_000),
    },
    { error: FIELD_ERRORS.invalidFormat },
  ),
);

export const tourInput = z
  .object({
    depositorId: id().nonoptional(required),
    code: f.code(20, REFERENCE_CODE).nonoptional(required),
    carrierId: id().nonoptional(required),
    account_number: nullable(f.text(50)),
    transport_code: nullable(f.text(50)),
    tour_type: f.oneOf(TOUR_TYPES).nonoptional(required),
    transport_mode: f.oneOf(TRANSPORT_MODES).default('road'),
    flags: tourFlags,
    weight_min_kg: nullable(f.number(0, 100_000)),
    weight_max_kg: nullable(f.number(0, 100_000)),
    volume_min_m3: nullable(f.number(0, 10_000)),
    volume_max_m3: nullable(f.number(0, 10_000)),
    max_packages: nullable(f.integer(1, 9_999)),
    delivery_delay_days: nullable(f.integer(0, 365)),
    codes: tourCodes,
    active: f.flag().default(true),
  })
  .superRefine((t, ctx) => {
    // A lower limit above the upper one would let no shipment fit: said on the upper field.
    if (t.weight_min_kg !== null && t.weight_max_kg !== null && t.weight_min_kg > t.weight_max_kg)
      ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.belowMinimum, path: ['weight_max_kg'] });
    if (t.volume_min_m3 !== null && t.volume_max_m3 !== null && t.volume_min_m3 > t.volume_max_m3)
      ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.belowMinimum, path: ['volume_max_m3'] });
  });
export type TourInput = z.infer<typeof tourInput>;

// ---- Answers ----

/** A carrier as the back office shows it: its rules, its settings, whether tours may use it, how many do. */
export interface AdminCarrierDto extends CarrierDto {
  active: boolean;
  /** Tours (of the depositors in the caller's reach) that use it. */
  tours: number;
}

/** A tour as the back office edits it (spec §3 Tour), with its depositor and carrier named. */
export interface AdminTourDto extends Omit<TourDto, 'depositor_id' | 'depositor_code' | 'carrier' | 'codes'> {
  depositorId: number;
  depositorCode: string;
  carrierId: number;
  carrierRef: string;
  carrierName: string;
  codes: Partial<Record<TourCodeKey, string>> & { min_insurance_amount?: number };
}
