import {
  trackingWord,
  TrackingStatus,
  type CarrierEventReportedEvent,
  type CarrierEventStatus,
  type ClaimStatusChangedEvent,
  type FeedOrderMessage,
  type FeverExcursionEvent,
  type OrderStatusChangedEvent,
  type ShortLocale,
  type StockLineBlockChangedEvent,
  type TrackingStatusCode,
  type TrackingWordKind,
  type TrackingWords,
  type WebhookEventType,
} from '@portal/contracts';

/**
 * What one domain event tells the depositor's systems: a message per webhook event type it stands
 * for, about one depositor, in the Standard Webhooks' recommended shape `{ type, timestamp, data }`.
 * `data` holds what a depositor's system needs to act (references, status code and label in the
 * endpoint owner's language, carrier, tracking number, depositor code) and never another depositor's.
 */
export interface WebhookMessage {
  type: WebhookEventType;
  depositorId: number;
  /** The reference the log shows (order, shipment, claim, excursion). */
  subject: string;
  /** Messages of one key are delivered in order: the order, shipment, claim, stock line or excursion. */
  orderingKey: string;
  timestamp: string;
  /** In the endpoint owner's language, with the provider's tracking words (« Traductions du suivi ») over the catalogue's. */
  data: (locale: ShortLocale, words?: TrackingWords) => Record<string, unknown>;
}

/** Tracking statuses that mean the goods arrived (spec §4): 100 delivered, 98 partially delivered. */
export const DELIVERED_STATUSES: readonly number[] = [TrackingStatus.Delivered, TrackingStatus.PartiallyDelivered];
/** Carrier event statuses that are an anomaly of the shipment (a damaged delivery is one too). */
export const ANOMALY_CARRIER_STATUSES: readonly CarrierEventStatus[] = ['ANOMALY', 'DELIVERED_DAMAGED'];

/** The word of a code, null when neither the provider nor the catalogue has one. */
const wordOf = (kind: TrackingWordKind, code: string | number, locale: ShortLocale, words: TrackingWords | undefined) => {
  const word = trackingWord(words, kind, code, locale);
  return word === String(code) ? null : word;
};

/** tracking's status change: order.status_changed, and order.delivered when the new status is a delivered one. */
export function orderStatusMessages(e: OrderStatusChangedEvent): WebhookMessage[] {
  const o = e.order;
  const data = (locale: ShortLocale, words?: TrackingWords) => ({
    orderId: e.orderId,
    reference: e.reference,
    orderReference: o?.orderReference ?? null,
    customerReference: o?.customerReference ?? null,
    depositorCode: e.depositorCode,
    status: { code: e.status as TrackingStatusCode, label: wordOf('trackingStatus', e.status, locale, words) },
    previousStatus:
      e.previousStatus === null ? null : { code: e.previousStatus, label: wordOf('trackingStatus', e.previousStatus, locale, words) },
    tracerStatus: e.tracerStatus,
    carrier: o?.carrierCode ?? null,
    tourCode: o?.tourCode ?? null,
    changedAt: e.at,
  });
  const base = { depositorId: e.depositorId, subject: e.reference, orderingKey: `order:${e.orderId}`, timestamp: e.at };
  const messages: WebhookMessage[] = [{ ...base, type: 'order.status_changed', data }];
  if (DELIVERED_STATUSES.includes(e.status) && !DELIVERED_STATUSES.includes(e.previousStatus ?? NaN))
    messages.push({ ...base, type: 'order.delivered', data });
  return messages;
}

/** A carrier's anomaly on an order's shipment; `depositorCode` from the alerts' projection when it has the order. */
export function carrierAnomalyMessages(e: CarrierEventReportedEvent, depositorCode: string | null): WebhookMessage[] {
  if (!ANOMALY_CARRIER_STATUSES.includes(e.status)) return [];
  return [
    {
      type: 'shipment.carrier_anomaly',
      depositorId: e.depositorId,
      subject: e.reference,
      orderingKey: `order:${e.orderId}`,
      timestamp: e.at,
      data: (locale, words) => ({
        orderId: e.orderId,
        reference: e.reference,
        depositorCode,
        carrier: e.carrier,
        trackingNumber: e.trackingNumber,
        event: { code: e.status, label: wordOf('carrierStatus', e.status, locale, words) },
        note: e.note,
        reportedAt: e.at,
      }),
    },
  ];
}

/** A Huby shipment whose labels arrived (Huby tells tracking; the cancellation, told the same way, is not one). */
export function labelsReadyMessages(e: FeedOrderMessage): WebhookMessage[] {
  if (e.dates?.canceledAt || e.statuses?.some((s) => s.status === TrackingStatus.Canceled)) return [];
  const sender = (e.sender ?? {}) as { hubyUuid?: unknown; voucher?: unknown };
  const shipment = typeof sender.hubyUuid === 'string' ? sender.hubyUuid : e.reference;
  const labelsAt = e.dates?.shippingValidatedAt ?? e.statuses?.[0]?.at ?? e.createdAt;
  return [
    {
      type: 'shipment.labels_ready',
      depositorId: e.depositorId,
      subject: e.reference,
      orderingKey: `shipment:${shipment}`,
      timestamp: labelsAt,
      data: () => ({
        shipmentId: shipment,
        reference: e.reference,
        orderReference: e.orderReference ?? null,
        customerReference: e.customerReference ?? null,
        depositorCode: e.depositorCode,
        carrier: e.carrier?.code ?? null,
        carrierName: e.carrier?.name ?? null,
        voucher: typeof sender.voucher === 'string' ? sender.voucher : null,
        trackingNumbers: (e.parcels ?? []).map((p) => p.trackingNumber).filter((n): n is string => !!n),
        labelsAt,
      }),
    },
  ];
}

export function claimStatusMessages(e: ClaimStatusChangedEvent): WebhookMessage[] {
  return [
    {
      type: 'claim.status_changed',
      depositorId: e.depositorId,
      subject: e.reference,
      orderingKey: `claim:${e.uuid}`,
      timestamp: e.at,
      data: () => ({
        claimId: e.uuid,
        reference: e.reference,
        deliveryReference: e.deliveryReference,
        status: e.to,
        previousStatus: e.from,
        kind: e.kind ?? null,
        reason: e.reason ?? null,
        changedAt: e.at,
      }),
    },
  ];
}

export function excursionMessages(e: FeverExcursionEvent, ended: boolean): WebhookMessage[] {
  return [
    {
      type: ended ? 'temperature.excursion_closed' : 'temperature.excursion_opened',
      depositorId: e.depositorId,
      subject: e.label,
      orderingKey: `excursion:${e.id}`,
      timestamp: (ended ? e.endedAt : null) ?? e.startedAt,
      data: () => ({
        excursionId: e.id,
        probe: e.label,
        kind: e.kind,
        startedAt: e.startedAt,
        endedAt: e.endedAt,
        durationMinutes: e.durationMinutes,
        peak: e.peak,
        threshold: e.threshold,
      }),
    },
  ];
}

/** A stock line whose blocked quantity left or reached 0 (the stock service compares snapshots). */
export function lineBlockMessages(e: StockLineBlockChangedEvent): WebhookMessage[] {
  return [
    {
      type: e.blocked ? 'stock.line_blocked' : 'stock.line_unblocked',
      depositorId: e.depositorId,
      subject: [e.reference, e.lot].filter(Boolean).join(' / '),
      orderingKey: `line:${e.platformId}:${JSON.stringify([e.reference, e.lot, e.storeCode])}`,
      timestamp: e.at,
      data: () => ({
        reference: e.reference,
        lot: e.lot,
        storeCode: e.storeCode,
        platformId: e.platformId,
        depositorCode: e.depositorCode,
        quantityBlocked: e.quantityBlocked,
        blockingCode: e.blockingCode,
        at: e.at,
      }),
    },
  ];
}

/** The body sent: Standard Webhooks' recommended shape. */
export function webhookBody(
  type: string,
  timestamp: string,
  data: Record<string, unknown>,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  return { type, timestamp, data };
}
