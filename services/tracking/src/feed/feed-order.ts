import { createHash } from 'node:crypto';
import {
  CUSTOMS_STATUSES,
  TRACKING_STATUS_CODES,
  UPLOADABLE_DOCUMENT_TYPES,
  type DocumentType,
  type FieldErrorKey,
} from '@portal/contracts';
import { CODE, FieldChecks } from '../common/checks';

/** One order as the warehouse system sends it (spec §3 Tracker delivery or order), checked. */
export interface FeedOrder {
  hash: string;
  reference: string;
  depositorId: number;
  depositorCode: string;
  row: Record<string, unknown>;
  /** Undefined: keep what is stored; an array replaces it. */
  lines?: {
    line_no: number;
    article_reference: string;
    label: string | null;
    quantity_ordered: number;
    quantity_sent: number;
    lot: string | null;
    best_before: string | null;
    serials: string[];
  }[];
  parcels?: { number: number; tracking_number: string | null; status: number; weight_kg: number | null; packaging: string | null }[];
  documents: { type: DocumentType; name: string; contentBase64: string | null }[];
  statuses: { status: number; at: string }[];
}

export type ParsedFeedOrder = { order: FeedOrder } | { error: { reference: string | null; fields: Record<string, FieldErrorKey> } };

const DATE_FIELDS = [
  ['receivedAt', 'received_at'],
  ['sampledAt', 'sampled_at'],
  ['packedAt', 'packed_at'],
  ['shippingValidatedAt', 'shipping_validated_at'],
  ['shippedAt', 'shipped_at'],
  ['promisedShippingAt', 'promised_shipping_at'],
  ['promisedDeliveryAt', 'promised_delivery_at'],
  ['deliveredAt', 'delivered_at'],
  ['preparationEndedAt', 'preparation_ended_at'],
  ['canceledAt', 'canceled_at'],
  ['notDefinitivelyDeliveredAt', 'not_definitively_delivered_at'],
] as const;

/**
 * The order's current status after a message: the latest instant's, and of two statuses at the same
 * instant the one the message lists last (the history reads them back in that order: recomputeStatuses).
 */
export function latestStatus(statuses: FeedOrder['statuses']): FeedOrder['statuses'][number] | undefined {
  return statuses.reduce<FeedOrder['statuses'][number] | undefined>((latest, s) => (!latest || s.at >= latest.at ? s : latest), undefined);
}

/** Checks one raw feed order; the hash of the raw message makes a replay recognisable. */
export function parseFeedOrder(raw: unknown): ParsedFeedOrder {
  const c = new FieldChecks();
  const o = c.object('order', raw) ?? {};
  c.noNul('sender', o.sender); // stored as it comes
  const reference = c.text('reference', o.reference, 64, { required: true, pattern: CODE });
  const depositorId = c.integer('depositorId', o.depositorId, { required: true, min: 1, max: 2_147_483_647 });
  const depositorCode = c.text('depositorCode', o.depositorCode, 50, { required: true, pattern: CODE });
  const carrier = c.object('carrier', o.carrier) ?? {};
  const recipient = c.object('recipient', o.recipient) ?? {};
  const dates = c.object('dates', o.dates) ?? {};
  const row: Record<string, unknown> = {
    depositor_id: depositorId,
    depositor_code: depositorCode,
    reference,
    platform_id: c.integer('platformId', o.platformId, { min: 1, max: 2_147_483_647 }),
    activity_code: c.text('activityCode', o.activityCode, 50),
    store_code: c.text('storeCode', o.storeCode, 50),
    customer_reference: c.text('customerReference', o.customerReference, 64),
    order_reference: c.text('orderReference', o.orderReference, 64),
    slip_number: c.text('slipNumber', o.slipNumber, 64),
    tour_code: c.text('tourCode', o.tourCode, 50),
    carrier_code: c.text('carrier.code', carrier.code, 50),
    carrier_name: c.text('carrier.name', carrier.name, 255),
    weight_kg: c.number('weightKg', o.weightKg),
    provisional_weight_kg: c.number('provisionalWeightKg', o.provisionalWeightKg),
    insurance_amount: c.number('insuranceAmount', o.insuranceAmount),
    customs_status: c.oneOf('customsStatus', o.customsStatus, CUSTOMS_STATUSES),
    sender: c.object('sender', o.sender) ?? null,
    recipient_company: c.text('recipient.company', recipient.company, 255),
    recipient_name: c.text('recipient.name', recipient.name, 255),
    recipient_address1: c.text('recipient.address1', recipient.address1, 255),
    recipient_address2: c.text('recipient.address2', recipient.address2, 255),
    zip: c.text('recipient.zip', recipient.zip, 20)?.toUpperCase() ?? null,
    town: c.text('recipient.town', recipient.town, 100)?.toUpperCase() ?? null,
    country: c.text('recipient.country', recipient.country, 2, { pattern: /^[A-Za-z]{2}$/ })?.toUpperCase() ?? null,
    recipient_phone: c.text('recipient.phone', recipient.phone, 50),
    recipient_email: c.text('recipient.email', recipient.email, 320),
    customer_code: c.text('recipient.customerCode', recipient.customerCode, 64),
    created_at: c.date('createdAt', o.createdAt, true, true),
    packaging: null as unknown,
  };
  // Promised dates lie ahead; the others say what happened: never later than now.
  for (const [from, to] of DATE_FIELDS) row[to] = c.date(`dates.${from}`, dates[from], false, !from.startsWith('promised'));
  const packaging = c.list('packaging', o.packaging, 100);
  if (packaging) {
    row.packaging = packaging.map((p, i) => {
      const item = c.object(`packaging.${i}`, p) ?? {};
      return {
        type: c.text(`packaging.${i}.type`, item.type, 50, { required: true }),
        count: c.integer(`packaging.${i}.count`, item.count, { min: 0 }) ?? 1,
      };
    });
  }
  const lines = c.list('lines', o.lines, 2000)?.map((l, i) => {
    const line = c.object(`lines.${i}`, l) ?? {};
    const serials = (c.list(`lines.${i}.serials`, line.serials, 10000) ?? []).map(
      (s, k) => c.text(`lines.${i}.serials.${k}`, s, 64, { required: true }) ?? '',
    );
    return {
      line_no: i + 1,
      article_reference: c.text(`lines.${i}.reference`, line.reference, 64, { required: true }) ?? '',
      label: c.text(`lines.${i}.label`, line.label, 255),
      quantity_ordered: c.number(`lines.${i}.quantityOrdered`, line.quantityOrdered) ?? 0,
      quantity_sent: c.number(`lines.${i}.quantitySent`, line.quantitySent) ?? 0,
      lot: c.text(`lines.${i}.lot`, line.lot, 64),
      best_before: c.date(`lines.${i}.bestBefore`, line.bestBefore)?.slice(0, 10) ?? null,
      serials: [...new Set(serials)],
    };
  });
  const parcels = c.list('parcels', o.parcels, 1000)?.map((p, i) => {
    const parcel = c.object(`parcels.${i}`, p) ?? {};
    return {
      number: i + 1,
      tracking_number: c.text(`parcels.${i}.trackingNumber`, parcel.trackingNumber, 64),
      status: c.oneOf(`parcels.${i}.status`, parcel.status, TRACKING_STATUS_CODES) ?? 0,
      weight_kg: c.number(`parcels.${i}.weightKg`, parcel.weightKg),
      packaging: c.text(`parcels.${i}.packaging`, parcel.packaging, 50),
    };
  });
  const documents = (c.list('documents', o.documents, 50) ?? []).map((d, i) => {
    const doc = c.object(`documents.${i}`, d) ?? {};
    return {
      type: c.oneOf(`documents.${i}.type`, doc.type, UPLOADABLE_DOCUMENT_TYPES, true) ?? 'DELIVERY_NOTE',
      // A file name: cleaned of hidden characters when stored (cleanUploadName), so NUL is no refusal here.
      name:
        c.text(`documents.${i}.name`, typeof doc.name === 'string' ? doc.name.replaceAll('\u0000', '') : doc.name, 255, {
          required: true,
        }) ?? '',
      contentBase64: typeof doc.contentBase64 === 'string' ? doc.contentBase64 : null,
    };
  });
  const statuses = (c.list('statuses', o.statuses, 200) ?? []).map((s, i) => {
    const entry = c.object(`statuses.${i}`, s) ?? {};
    return {
      status: c.oneOf(`statuses.${i}.status`, entry.status, TRACKING_STATUS_CODES, true) ?? 0,
      at: c.date(`statuses.${i}.at`, entry.at, true, true) ?? '',
    };
  });
  if (!c.ok) return { error: { reference, fields: c.fields } };
  if (parcels) {
    row.parcel_count = parcels.length;
    row.tracking_numbers = parcels.map((p) => p.tracking_number).filter((t): t is string => !!t);
  }
  const hash = createHash('sha1').update(JSON.stringify(raw)).digest('hex');
  return {
    order: {
      hash,
      reference: reference!,
      depositorId: depositorId!,
      depositorCode: depositorCode!,
      row: { ...row, payload_hash: hash },
      lines,
      parcels,
      documents,
      statuses,
    },
  };
}
