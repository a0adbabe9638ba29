import {
  ADMIN_CARRIERS_LIST,
  ADMIN_TOURS_LIST,
  carrierInput,
  TOUR_CODE_KEYS,
  TOUR_FLAGS,
  tourInput,
  type CarrierInput,
  type TourInput,
} from '@portal/contracts';
import type { ReferenceTable } from '@portal/bus';
import { likeLiteral, type ScopedWhere } from '@portal/db';

/** `q`: part of one of the columns, case-insensitive. */
function search(w: ScopedWhere, q: string | undefined, columns: string[]): void {
  if (!q) return;
  const like = w.param(`%${likeLiteral(q)}%`);
  w.and(`(${columns.map((c) => `${c} ILIKE ${like}`).join(' OR ')})`);
}

/**
 * The provider's carriers (spec §3 Carrier), shared by every depositor: no depositor column, so a
 * depositor's own administrator reads them and the shared-row rule refuses their changes. `tours`
 * counts the tours that use one, as far as the caller's reach goes (row-level security on tours).
 */
export const CARRIERS: ReferenceTable<typeof ADMIN_CARRIERS_LIST, CarrierInput> = {
  service: 'huby',
  entity: 'carrier',
  table: 'carriers',
  select: `SELECT t.id, t.ref, t.name, t.kind, t.shipping_window_days, t.insurance_threshold::float8 AS insurance_threshold,
      t.pickup_email, t.settings, t.active, (SELECT count(*)::int FROM tours r WHERE r.carrier_id = t.id) AS tours
    FROM carriers t`,
  list: ADMIN_CARRIERS_LIST,
  sorts: { ref: 't.ref', name: 't.name', id: 't.id' },
  notNull: new Set(['t.ref', 't.name']),
  filter(w, f) {
    search(w, f.q, ['t.ref', 't.name']);
    if (f.kind) w.equals('t.kind', f.kind);
    if (f.active !== undefined) w.equals('t.active', f.active);
  },
  input: carrierInput,
  columns: (i) => ({
    ref: i.ref,
    name: i.name,
    kind: i.kind,
    shipping_window_days: i.shipping_window_days ?? null,
    insurance_threshold: i.insurance_threshold ?? null,
    pickup_email: i.pickup_email ?? null,
    settings: JSON.stringify(i.settings),
    active: i.active,
  }),
  unique: { carriers_ref: { key: 'carrierRefAlreadyExists', field: 'ref', columns: ['ref'] } },
};

/** Every flag present, every code given (numbers kept as numbers), nothing else: what a tour stores. */
function tourJson(i: TourInput): { flags: string; codes: string } {
  const flags = Object.fromEntries(TOUR_FLAGS.map((f) => [f, i.flags[f] === true]));
  const codes: Record<string, string | number> = {};
  for (const key of TOUR_CODE_KEYS) if (i.codes[key] !== undefined) codes[key] = i.codes[key];
  if (i.codes.min_insurance_amount !== undefined) codes.min_insurance_amount = i.codes.min_insurance_amount;
  return { flags: JSON.stringify(flags), codes: JSON.stringify(codes) };
}

/**
 * The depositors' tours (spec §3 Tour): kept to the administrator's reach like activities (another
 * depositor's tour answers 404, a tour for a depositor outside the reach is refused as an unknown
 * code), codes unique per depositor, the carrier named by id.
 */
export const TOURS: ReferenceTable<typeof ADMIN_TOURS_LIST, TourInput> = {
  service: 'huby',
  entity: 'tour',
  table: 'tours',
  select: `SELECT t.id, t.depositor_id AS "depositorId", d.code AS "depositorCode", t.code, t.carrier_id AS "carrierId",
      c.ref AS "carrierRef", c.name AS "carrierName", t.account_number, t.transport_code, t.tour_type, t.transport_mode, t.flags,
      t.weight_min_kg::float8 AS weight_min_kg, t.weight_max_kg::float8 AS weight_max_kg, t.volume_min_m3::float8 AS volume_min_m3,
      t.volume_max_m3::float8 AS volume_max_m3, t.max_packages, t.delivery_delay_days, t.codes, t.active
    FROM tours t JOIN carriers c ON c.id = t.carrier_id JOIN depositors d ON d.id = t.depositor_id`,
  countFrom: 'tours t JOIN carriers c ON c.id = t.carrier_id',
  list: ADMIN_TOURS_LIST,
  sorts: { code: 't.code', depositorId: 't.depositor_id', carrier: 'c.ref', id: 't.id' },
  notNull: new Set(['t.code', 't.depositor_id', 'c.ref']),
  filter(w, f) {
    search(w, f.q, ['t.code', 't.account_number', 't.transport_code', 'c.ref', 'c.name']);
    if (f.depositorId !== undefined) w.equals('t.depositor_id', f.depositorId);
    if (f.carrierId !== undefined) w.equals('t.carrier_id', f.carrierId);
    if (f.tourType) w.equals('t.tour_type', f.tourType);
    if (f.active !== undefined) w.equals('t.active', f.active);
  },
  input: tourInput,
  columns: (i) => ({
    depositor_id: i.depositorId,
    code: i.code,
    carrier_id: i.carrierId,
    account_number: i.account_number ?? null,
    transport_code: i.transport_code ?? null,
    tour_type: i.tour_type,
    transport_mode: i.transport_mode,
    ...tourJson(i),
    weight_min_kg: i.weight_min_kg ?? null,
    weight_max_kg: i.weight_max_kg ?? null,
    volume_min_m3: i.volume_min_m3 ?? null,
    volume_max_m3: i.volume_max_m3 ?? null,
    max_packages: i.max_packages ?? null,
    delivery_delay_days: i.delivery_delay_days ?? null,
    active: i.active,
  }),
  unique: { tours_depositor_code: { key: 'tourCodeAlreadyExists', field: 'code', columns: ['depositor_id', 'code'] } },
  references: {
    tours_carrier_id_fkey: { field: 'carrierId', column: 'carrier_id', table: 'carriers' },
    depositor: { field: 'depositorId', column: 'depositor_id', table: 'depositors' },
  },
  depositor: { column: 't.depositor_id', of: (row) => row.depositorId as number },
};
