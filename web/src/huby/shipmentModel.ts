// The Huby shipment form's model: what the form holds, from a saved shipment and to the body the
// service parses (shipmentInput), and what the shipment being typed asks of a tour.
import {
  ADR_CLASSES,
  PACKING_GROUPS,
  packingTotals,
  packingVolume,
  TRANSPORT_CATEGORIES,
  TUNNEL_CODES,
  type AddressDto,
  type ShipmentDto,
  type TourNeeds,
} from '@portal/contracts';

export const PACKING_FIELDS = [
  'packaging_type',
  'content',
  'net_quantity',
  'unit',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'packages',
  'duplicate_count',
] as const;
export type PackingForm = Record<(typeof PACKING_FIELDS)[number], string>;
/** Two rows per packing line on a wide screen: what is packed, then weight, dimensions and counts. */
export const PACKING_WIDTH: Record<(typeof PACKING_FIELDS)[number], number> = {
  packaging_type: 3,
  content: 4,
  net_quantity: 3,
  unit: 2,
  weight_kg: 2,
  length_cm: 2,
  width_cm: 2,
  height_cm: 2,
  packages: 2,
  duplicate_count: 2,
};
export const DG_FIELDS = [
  'un_number',
  'class',
  'packing_group',
  'tunnel_code',
  'transport_category',
  'adr_designation',
  'technical_name',
  'danger_notice',
  'package_quantity',
] as const;
export type DgForm = Record<(typeof DG_FIELDS)[number], string> & { environment_danger: boolean };
export const DG_CHOICES: Partial<Record<(typeof DG_FIELDS)[number], readonly (string | number)[]>> = {
  class: ADR_CLASSES,
  packing_group: PACKING_GROUPS,
  tunnel_code: TUNNEL_CODES,
  transport_category: TRANSPORT_CATEGORIES,
};
export const DG_WIDTH: Record<(typeof DG_FIELDS)[number], number> = {
  un_number: 2,
  class: 2,
  packing_group: 3,
  tunnel_code: 2,
  transport_category: 3,
  package_quantity: 2,
  adr_designation: 4,
  technical_name: 3,
  danger_notice: 3,
};
export const emptyDg = (): DgForm => ({
  ...(Object.fromEntries(DG_FIELDS.map((k) => [k, ''])) as Record<(typeof DG_FIELDS)[number], string>),
  package_quantity: '1',
  environment_danger: false,
});

export const DATES = ['date_shipment_desired', 'date_delivery_desired', 'date_loading'] as const;

export const TEXTS = [
  'reference',
  'order_number',
  'delivery_note_number',
  'customer_order_number',
  'customer_reference',
  'carrier_code',
  'tour_code',
  'date_shipment_desired',
  'date_delivery_desired',
  'date_loading',
  'preparation_comment',
  'carrier_comment',
  'incoterm',
  'incoterm_location',
  'declared_amount',
  'content_description',
  'insurance_value',
  'cash_on_delivery',
] as const;
export const FLAGS = ['appointment', 'pallet_stripping', 'hatchback', 'delivery_on_floor'] as const;
export type Text = (typeof TEXTS)[number];
export type Flag = (typeof FLAGS)[number];

export interface Form extends Record<Text, string>, Record<Flag, boolean> {
  depositor_id: number | '';
  shipper: AddressDto | null;
  recipient: AddressDto | null;
  billing_same_as_recipient: boolean;
  billing: AddressDto | null;
  packings: PackingForm[];
  dangerous_goods: DgForm[];
  lq_gross_weight_kg: string;
  lq_un_numbers: string;
}

export const emptyPacking = (): PackingForm => ({
  packaging_type: '',
  content: '',
  net_quantity: '',
  unit: '',
  weight_kg: '',
  length_cm: '',
  width_cm: '',
  height_cm: '',
  packages: '1',
  duplicate_count: '0',
});

export const emptyForm = (depositor: number | ''): Form => ({
  ...(Object.fromEntries(TEXTS.map((t) => [t, ''])) as Record<Text, string>),
  ...(Object.fromEntries(FLAGS.map((f) => [f, false])) as Record<Flag, boolean>),
  depositor_id: depositor,
  shipper: null,
  recipient: null,
  billing_same_as_recipient: true,
  billing: null,
  packings: [emptyPacking()],
  dangerous_goods: [],
  lq_gross_weight_kg: '',
  lq_un_numbers: '',
});

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function formOf(s: ShipmentDto): Form {
  return {
    ...(Object.fromEntries(TEXTS.map((t) => [t, text(s[t])])) as Record<Text, string>),
    ...(Object.fromEntries(FLAGS.map((f) => [f, s[f]])) as Record<Flag, boolean>),
    depositor_id: s.depositor_id,
    shipper: s.shipper as AddressDto,
    recipient: s.recipient as AddressDto,
    billing_same_as_recipient: s.billing_same_as_recipient,
    billing: (s.billing as AddressDto | null) ?? null,
    packings: s.packings.map((p) => Object.fromEntries(PACKING_FIELDS.map((k) => [k, text(p[k])])) as PackingForm),
    dangerous_goods: (s.dangerous_goods ?? []).map((d) => ({
      ...(Object.fromEntries(DG_FIELDS.map((k) => [k, text(d[k])])) as Record<(typeof DG_FIELDS)[number], string>),
      environment_danger: d.environment_danger,
    })),
    lq_gross_weight_kg: text(s.limited_quantities?.gross_weight_kg),
    lq_un_numbers: (s.limited_quantities?.un_numbers ?? []).join(', '),
  };
}

/**
 * What the shipment being typed asks of a tour: its options, packages, weight, volume and dates, read
 * from the form as the server reads the saved shipment, so that the tours that fit show before any
 * save (libs/contracts tourMisfits, the server's rule).
 */
export function tourNeedsOf(f: Form): TourNeeds {
  const num = (v: string) => Number(v.replace(',', '.')) || 0;
  const dimension = (v: string) => (v.trim() === '' ? null : num(v));
  const packings = f.packings.map((p) => ({
    packages: num(p.packages),
    duplicate_count: num(p.duplicate_count),
    weight_kg: num(p.weight_kg),
    volume_m3: packingVolume({ length_cm: dimension(p.length_cm), width_cm: dimension(p.width_cm), height_cm: dimension(p.height_cm) }),
  }));
  const totals = packingTotals(packings);
  return {
    appointment: f.appointment,
    pallet_stripping: f.pallet_stripping,
    hatchback: f.hatchback,
    delivery_on_floor: f.delivery_on_floor,
    total_weight_kg: totals.weight_kg,
    package_count: totals.packages,
    packings,
    date_shipment_desired: f.date_shipment_desired || null,
    date_delivery_desired: f.date_delivery_desired || null,
  };
}

export function bodyOf(f: Form): Record<string, unknown> {
  return {
    ...Object.fromEntries(TEXTS.map((t) => [t, f[t] || undefined])),
    ...Object.fromEntries(FLAGS.map((k) => [k, f[k]])),
    depositor_id: f.depositor_id || undefined,
    uuid_address_shipper: f.shipper?.uuid,
    uuid_address_recipient: f.recipient?.uuid,
    billing_same_as_recipient: f.billing_same_as_recipient,
    uuid_address_billing: f.billing_same_as_recipient ? undefined : f.billing?.uuid,
    packings: f.packings.map((p) => Object.fromEntries(PACKING_FIELDS.map((k) => [k, p[k] || undefined]))),
    dangerous_goods: f.dangerous_goods.map((d) => ({
      ...Object.fromEntries(DG_FIELDS.map((k) => [k, d[k] || undefined])),
      environment_danger: d.environment_danger,
    })),
    limited_quantities:
      f.lq_gross_weight_kg || f.lq_un_numbers
        ? {
            gross_weight_kg: f.lq_gross_weight_kg || undefined,
            un_numbers: f.lq_un_numbers
              .split(/[\s,;]+/)
              .map((u) => u.trim())
              .filter(Boolean),
          }
        : null,
  };
}
