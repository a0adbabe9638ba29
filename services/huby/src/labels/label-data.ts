import { LABEL_FORMATS, type CarrierDto, type LabelFormat, type ShipmentDto, type ShipmentPartyDto } from '@portal/contracts';

/** What a shipment's labels are drawn from: the shipment, its carrier's name and one SSCC per package. */
export type LabelledShipment = Pick<
  ShipmentDto,
  | 'uuid'
  | 'reference'
  | 'depositor_code'
  | 'order_number'
  | 'customer_order_number'
  | 'shipper'
  | 'recipient'
  | 'carrier_code'
  | 'tour_code'
  | 'date_shipment_desired'
  | 'packings'
  | 'dangerous_goods'
  | 'limited_quantities'
  | 'voucher'
  | 'tracking_numbers'
  | 'total_weight_kg'
  | 'cash_on_delivery'
  | 'appointment'
  | 'carrier_comment'
> & { carrier_name: string | null; sscc: string[] };

/** One package's label: the shipment's parties and marks, this package's number, weight and codes. */
export interface PackageLabel {
  uuid: string;
  reference: string;
  depositorCode: string;
  orderNumber: string | null;
  carrierName: string;
  tourCode: string | null;
  shippingDate: string | null;
  voucher: string | null;
  shipper: ShipmentPartyDto;
  recipient: ShipmentPartyDto;
  n: number;
  of: number;
  weightKg: number;
  totalWeightKg: number;
  packaging: string | null;
  sscc: string;
  trackingNumber: string;
  /** UN numbers with their ADR class, one per dangerous good of the shipment (the ADR marks). */
  dangerousGoods: { un: string; class: string; environment: boolean }[];
  limitedQuantities: boolean;
  cashOnDelivery: number | null;
  appointment: boolean;
  comment: string | null;
}

/** One package of a shipment: its line's weight, dimensions and packaging. */
export interface ShipmentPackage {
  weightKg: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  packaging: string | null;
}

/** The packages of a shipment in the order of its packing lines: a line of 3 packages duplicated once gives 6. */
export function packagesOf(packings: ShipmentDto['packings']): ShipmentPackage[] {
  const packages: ShipmentPackage[] = [];
  for (const p of packings)
    for (let i = 0; i < p.packages * (1 + p.duplicate_count); i++)
      packages.push({
        weightKg: p.weight_kg,
        lengthCm: p.length_cm,
        widthCm: p.width_cm,
        heightCm: p.height_cm,
        packaging: p.packaging_type,
      });
  return packages;
}

/**
 * The labels of a shipment, one per package in the order of its packing lines (a line of 3 packages
 * duplicated once gives 6), numbered n/N, each with its SSCC and the carrier's tracking number.
 */
export function packageLabels(s: LabelledShipment): PackageLabel[] {
  const packages = packagesOf(s.packings);
  const of = Math.max(packages.length, s.tracking_numbers.length);
  const dangerousGoods = s.dangerous_goods.map((d) => ({ un: d.un_number, class: d.class, environment: d.environment_danger }));
  return Array.from({ length: of }, (_, i) => ({
    uuid: s.uuid,
    reference: s.reference,
    depositorCode: s.depositor_code,
    orderNumber: s.order_number ?? s.customer_order_number,
    carrierName: s.carrier_name ?? s.carrier_code ?? '',
    tourCode: s.tour_code,
    shippingDate: s.date_shipment_desired,
    voucher: s.voucher,
    shipper: s.shipper,
    recipient: s.recipient,
    n: i + 1,
    of,
    weightKg: packages[i]?.weightKg ?? 0,
    totalWeightKg: s.total_weight_kg,
    packaging: packages[i]?.packaging ?? null,
    sscc: s.sscc[i],
    trackingNumber: s.tracking_numbers[i] ?? s.tracking_numbers[0] ?? '',
    dangerousGoods,
    limitedQuantities: !!s.limited_quantities,
    cashOnDelivery: s.cash_on_delivery,
    appointment: s.appointment,
    comment: s.carrier_comment,
  }));
}

/**
 * The label formats a carrier gives (its settings' `label_formats`, comma-separated; both by default).
 * A charter carrier that prints its own transport document may give PDF only.
 */
export function carrierLabelFormats(carrier: Pick<CarrierDto, 'settings'>): LabelFormat[] {
  const listed = (carrier.settings?.label_formats ?? '')
    .split(',')
    .map((f) => f.trim().toUpperCase())
    .filter((f): f is LabelFormat => (LABEL_FORMATS as readonly string[]).includes(f));
  return listed.length ? listed : [...LABEL_FORMATS];
}

// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

/** Text as a label shows it: one line, no control characters, at most `max` characters. */
export function labelText(value: string | number | null | undefined, max = 60): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(CONTROL, ' ').trim().slice(0, max);
}

/** The SSCC as people read it under its barcode: (00) extension, prefix+serial, check digit. */
export const ssccText = (sscc: string) => `(00) ${sscc.slice(0, 1)} ${sscc.slice(1, 17)} ${sscc.slice(17)}`;

/** A party's lines on a label: name, contact, street, postcode and town, country. */
export function partyLines(p: ShipmentPartyDto): string[] {
  return [
    p.company_name,
    p.company_name && p.contact_name ? p.contact_name : p.company_name ? null : p.contact_name,
    p.address1,
    p.address2,
  ]
    .map((l) => labelText(l, 48))
    .filter(Boolean);
}
