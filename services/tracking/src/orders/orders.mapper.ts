import type { OrderDetailDto, OrderSummaryDto, TracerRouteStatusCode } from '@portal/contracts';

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(v as string)).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The gateway path that streams a document (checked again on download). */
export const documentUrl = (orderId: number | string, documentId: string): string => `/api/orders/${orderId}/documents/${documentId}/file`;

export function toOrderSummary(r: Record<string, unknown>): OrderSummaryDto {
  return {
    id: Number(r.id),
    depositorId: Number(r.depositor_id),
    depositorCode: String(r.depositor_code),
    reference: String(r.reference),
    customerReference: str(r.customer_reference),
    orderReference: str(r.order_reference),
    slipNumber: str(r.slip_number),
    status: Number(r.status),
    tracerStatus: String(r.shown_tracer_status ?? r.tracer_status) as TracerRouteStatusCode,
    carrierCode: str(r.carrier_code),
    carrierName: str(r.carrier_name),
    recipientName: str(r.recipient_name),
    recipientCompany: str(r.recipient_company),
    zip: str(r.zip),
    town: str(r.town),
    country: str(r.country),
    parcelCount: Number(r.parcel_count),
    createdAt: iso(r.created_at)!,
    shippedAt: iso(r.shipped_at),
    promisedDeliveryAt: iso(r.promised_delivery_at),
    deliveredAt: iso(r.delivered_at),
  };
}

type Json<T> = T[];

/** The detail as the caller sees it: `userId` tells which uploaded documents are theirs. */
export function toOrderDetail(r: Record<string, unknown>, userId: number | null): OrderDetailDto {
  const documents = r.documents as Json<OrderDetailDto['documents'][number]>;
  return {
    ...toOrderSummary(r),
    platformId: num(r.platform_id),
    activityCode: str(r.activity_code),
    tourCode: str(r.tour_code),
    weightKg: num(r.weight_kg),
    provisionalWeightKg: num(r.provisional_weight_kg),
    insuranceAmount: num(r.insurance_amount),
    customsStatus: str(r.customs_status) as OrderDetailDto['customsStatus'],
    sender: (r.sender as OrderDetailDto['sender']) ?? null,
    recipient: {
      company: str(r.recipient_company),
      name: str(r.recipient_name),
      address1: str(r.recipient_address1),
      address2: str(r.recipient_address2),
      zip: str(r.zip),
      town: str(r.town),
      country: str(r.country),
      phone: str(r.recipient_phone),
      email: str(r.recipient_email),
      customerCode: str(r.customer_code),
    },
    dates: {
      receivedAt: iso(r.received_at),
      sampledAt: iso(r.sampled_at),
      packedAt: iso(r.packed_at),
      shippingValidatedAt: iso(r.shipping_validated_at),
      shippedAt: iso(r.shipped_at),
      promisedShippingAt: iso(r.promised_shipping_at),
      promisedDeliveryAt: iso(r.promised_delivery_at),
      deliveredAt: iso(r.delivered_at),
      preparationEndedAt: iso(r.preparation_ended_at),
      canceledAt: iso(r.canceled_at),
      notDefinitivelyDeliveredAt: iso(r.not_definitively_delivered_at),
    },
    trackingNumbers: (r.tracking_numbers as string[]) ?? [],
    lines: (r.lines as Json<OrderDetailDto['lines'][number]>).map((l) => ({
      ...l,
      quantityOrdered: Number(l.quantityOrdered),
      quantitySent: Number(l.quantitySent),
    })),
    parcels: (r.parcels as Json<OrderDetailDto['parcels'][number]>).map((p) => ({ ...p, weightKg: num(p.weightKg) })),
    packaging: (r.packaging as OrderDetailDto['packaging']) ?? [],
    documents: documents.map((d) => ({
      ...d,
      createdAt: iso(d.createdAt)!,
      mine: d.createdBy !== null && d.createdBy === userId,
      url: documentUrl(String(r.id), d.id),
    })),
    history: (r.history as Json<OrderDetailDto['history'][number]>).map((h) => ({ ...h, at: iso(h.at)! })),
    tracerEvents: (r.tracer_events as Json<OrderDetailDto['tracerEvents'][number]>).map((e) => ({
      ...e,
      eventAt: iso(e.eventAt)!,
      appointmentAt: iso(e.appointmentAt),
    })),
    publicToken: String(r.public_token),
  };
}
