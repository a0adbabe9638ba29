import type { FeedOrderMessage, ShipmentDto } from '@portal/contracts';

export type TrackableShipment = Pick<
  ShipmentDto,
  | 'uuid'
  | 'reference'
  | 'depositor_id'
  | 'depositor_code'
  | 'created_at'
  | 'order_number'
  | 'customer_reference'
  | 'customer_order_number'
  | 'delivery_note_number'
  | 'tour_code'
  | 'carrier_code'
  | 'total_weight_kg'
  | 'insurance_value'
  | 'voucher'
  | 'tracking_numbers'
  | 'date_shipment_desired'
  | 'date_delivery_desired'
  | 'packings'
  | 'recipient'
> & { shipper: Pick<ShipmentDto['shipper'], 'company_name' | 'address1' | 'zip' | 'town' | 'country'> };

export interface TrackedAs {
  carrierName: string | null;
  /** When the labels came: the tracking order is ready to ship from then. */
  labelsAt: string;
  /** The tracking statuses (spec §4 codes) after "ready to ship", for a shipment already on its way (demo data). */
  later?: { status: number; at: string }[];
  deliveredAt?: string | null;
  canceledAt?: string | null;
}

/** Tracking's "ready to ship" (spec §4 tracking code 70): labelled, waiting for the carrier. */
const READY_TO_SHIP = 70;
const CANCELED = -1;

/**
 * A shipment with labels as a tracking order (the warehouse feed's format), so that it shows in Pack
 * and Go Tracer and Tracer Route and the carrier's webhook finds its tracking numbers: one parcel per
 * package, each with its tracking number, weight and packaging; the shipper as the sender, with the
 * shipment's uuid so that the tracking service never mistakes it for a warehouse order.
 */
export function trackingOrderOf(s: TrackableShipment, as: TrackedAs): FeedOrderMessage {
  const parcels: NonNullable<FeedOrderMessage['parcels']> = [];
  for (const p of s.packings)
    for (let n = 0; n < p.packages * (1 + p.duplicate_count); n++) parcels.push({ weightKg: p.weight_kg, packaging: p.packaging_type });
  const numbers = s.tracking_numbers;
  const count = Math.max(parcels.length, numbers.length);
  const r = s.recipient;
  return {
    reference: s.reference,
    depositorId: s.depositor_id,
    depositorCode: s.depositor_code,
    createdAt: s.created_at,
    orderReference: s.order_number,
    customerReference: s.customer_reference ?? s.customer_order_number,
    slipNumber: s.delivery_note_number,
    tourCode: s.tour_code,
    carrier: { code: s.carrier_code, name: as.carrierName },
    weightKg: s.total_weight_kg,
    insuranceAmount: s.insurance_value,
    sender: {
      hubyUuid: s.uuid,
      voucher: s.voucher,
      company: s.shipper.company_name,
      address1: s.shipper.address1,
      zip: s.shipper.zip,
      town: s.shipper.town,
      country: s.shipper.country,
    },
    recipient: {
      company: r.company_name,
      name: r.contact_name,
      address1: r.address1,
      address2: r.address2,
      zip: r.zip,
      town: r.town,
      country: r.country,
      phone: r.mobile ?? r.phone,
      email: r.email,
      customerCode: r.customer_code,
    },
    dates: {
      shippingValidatedAt: as.labelsAt,
      promisedShippingAt: s.date_shipment_desired ? `${s.date_shipment_desired}T12:00:00.000Z` : null,
      promisedDeliveryAt: s.date_delivery_desired ? `${s.date_delivery_desired}T18:00:00.000Z` : null,
      deliveredAt: as.deliveredAt ?? null,
      canceledAt: as.canceledAt ?? null,
    },
    parcels: Array.from({ length: count }, (_, i) => ({
      trackingNumber: numbers[i] ?? null,
      weightKg: parcels[i]?.weightKg ?? null,
      packaging: parcels[i]?.packaging ?? null,
    })),
    statuses: [
      { status: READY_TO_SHIP, at: as.labelsAt },
      ...(as.later ?? []),
      ...(as.canceledAt ? [{ status: CANCELED, at: as.canceledAt }] : []),
    ],
  };
}
