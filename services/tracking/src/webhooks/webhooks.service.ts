import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import {
  AppError,
  CARRIER_EVENT_STATUSES,
  TRACER_EVENT_TYPES,
  TrackingEvents,
  TrackingStatus,
  type CallerContext,
  type CarrierEventReportedEvent,
  type CarrierEventStatus,
  type TracerEventType,
  type TracerRouteStatusCode,
} from '@portal/contracts';

interface WebhookOrder {
  id: string;
  depositor_id: number;
  reference: string;
  status: number;
  tracer_status: string;
}
import { applyScope, Db } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import type { EntityManager } from 'typeorm';
import { FieldChecks } from '../common/checks';
import { changeOrderStatus } from '../common/status-change';

interface CarrierEvent {
  id: string;
  trackingNumber: string;
  status: CarrierEventStatus | null;
  eventType: TracerEventType | null;
  at: string;
  appointmentAt: string | null;
  note: string | null;
}

/** What a carrier status does to the order: tracking status (spec §4) and Tracer Route status. */
const EFFECT: Record<CarrierEventStatus, { status: number; tracer: TracerRouteStatusCode }> = {
  PICKED_UP: { status: TrackingStatus.InTransit, tracer: 'CARRIER_IN_PROGRESS' },
  IN_TRANSIT: { status: TrackingStatus.InTransit, tracer: 'CARRIER_IN_PROGRESS' },
  DELIVERED: { status: TrackingStatus.Delivered, tracer: 'DELIVERED' },
  DELIVERED_PARTIAL: { status: TrackingStatus.PartiallyDelivered, tracer: 'DELIVERED_PARTIAL' },
  DELIVERED_DAMAGED: { status: TrackingStatus.Delivered, tracer: 'DELIVERED_DAMAGED' },
  ANOMALY: { status: TrackingStatus.DeliveryAnomaly, tracer: 'ANOMALY_CARRIER' },
  RETURNED: { status: TrackingStatus.ReturnedToSender, tracer: 'SENDER_RETURN' },
};
/** A late "in transit" scan never takes a closed delivery back. */
const CLOSED: number[] = [
  TrackingStatus.Canceled,
  TrackingStatus.Delivered,
  TrackingStatus.ReturnedToSender,
  TrackingStatus.ReturnedToShipper,
];
const MOVING: CarrierEventStatus[] = ['PICKED_UP', 'IN_TRANSIT'];

export interface WebhookInput {
  carrier: string;
  signature: string;
  /** The raw request body, exactly as signed. */
  body: string;
}

/**
 * Carrier webhooks: API key (kind `carrier`) checked by the gateway and the bus guard, then an
 * HMAC-SHA256 of the raw body with the carrier's secret. All or nothing: a bad signature, a
 * malformed body or one unknown tracking number refuses the call and stores nothing.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly outbox: OutboxRelay,
  ) {}

  async receive(ctx: CallerContext, data: unknown): Promise<{ received: number; applied: number }> {
    const input = (data ?? {}) as Partial<WebhookInput>;
    const carrier = String(input.carrier ?? '').toUpperCase();
    const secret = await this.secretOf(carrier);
    if (!verify(secret, String(input.body ?? ''), String(input.signature ?? '')))
      throw new AppError('invalidSignature', 'bad webhook signature');
    return this.applyEvents(ctx, carrier, parseEvents(String(input.body)));
  }

  /**
   * Events a carrier's tracking API gave Huby (a connector that pulls them): checked and applied
   * exactly as a webhook's, replays changing nothing. The carrier is named as Huby knows it.
   */
  async pulled(ctx: CallerContext, message: { carrier: string; events: unknown }): Promise<{ received: number; applied: number }> {
    return this.applyEvents(ctx, String(message.carrier).slice(0, 100), checkEvents(message.events));
  }

  private async applyEvents(ctx: CallerContext, carrier: string, events: CarrierEvent[]): Promise<{ received: number; applied: number }> {
    const applied = await this.db.scoped(ctx, async (em) => {
      const orders = await this.ordersOf(em, ctx, events);
      let count = 0;
      for (const event of events.sort((a, b) => a.at.localeCompare(b.at)))
        count += (await this.apply(em, carrier, event, orders.get(event.trackingNumber)!)) ? 1 : 0;
      return count;
    });
    if (applied) this.outbox.kick();
    return { received: events.length, applied };
  }

  private async secretOf(carrier: string): Promise<string> {
    if (!/^[A-Z0-9_-]{1,50}$/.test(carrier)) throw new AppError('unknownCarrier', 'unknown carrier');
    const [row] = await this.db.system.query<{ secret: string }>(`SELECT secret FROM carrier_secrets WHERE carrier_code = $1`, [carrier]);
    if (!row) throw new AppError('unknownCarrier', 'unknown carrier', { carrier });
    return row.secret;
  }

  /** The orders of the tracking numbers, inside the key's scope; one unknown number refuses the whole call. */
  private async ordersOf(em: EntityManager, ctx: CallerContext, events: CarrierEvent[]): Promise<Map<string, WebhookOrder>> {
    const numbers = [...new Set(events.map((e) => e.trackingNumber))];
    const qb = em
      .createQueryBuilder()
      .select('DISTINCT ON (p.tracking_number) p.tracking_number, o.id, o.depositor_id, o.reference, o.status, o.tracer_status')
      .from('parcels', 'p')
      .innerJoin('orders', 'o', 'o.id = p.order_id')
      .where('p.tracking_number IN (:...numbers)', { numbers })
      .orderBy('p.tracking_number')
      .addOrderBy('o.created_at', 'DESC');
    applyScope(qb, ctx, ORDER_SCOPE);
    const rows = await qb.getRawMany<WebhookOrder & { tracking_number: string }>();
    const found = new Map(rows.map((r) => [r.tracking_number, r]));
    const unknown = numbers.filter((n) => !found.has(n));
    if (unknown.length) throw new AppError('unknownTrackingNumber', 'unknown tracking number', { trackingNumbers: unknown.slice(0, 20) });
    return found;
  }

  /**
   * A replayed event (same carrier event id) changes nothing. Each new event with a status is also
   * published (tracking.carrier.event-reported) for the service that booked the shipment (Huby).
   */
  private async apply(em: EntityManager, carrier: string, event: CarrierEvent, order: WebhookOrder): Promise<boolean> {
    const inserted: unknown[] = await em.query(
      `INSERT INTO tracer_events (order_id, depositor_id, type, carrier_status, carrier_name, appointment_at, event_at, public_note, source, external_id)
       SELECT id, depositor_id, $2, $3, $4, $5, $6, $7, 'carrier', $8 FROM orders WHERE id = $1
       ON CONFLICT (order_id, external_id) WHERE external_id IS NOT NULL DO NOTHING RETURNING id`,
      [order.id, event.eventType, event.status, carrier, event.appointmentAt, event.at, event.note, `${carrier}:${event.id}`],
    );
    if (!inserted.length) return false;
    if (!event.status) return true;
    await addToOutbox<CarrierEventReportedEvent>(em, 'tracking', TrackingEvents.carrierEventReported, {
      orderId: Number(order.id),
      depositorId: order.depositor_id,
      reference: order.reference,
      carrier,
      trackingNumber: event.trackingNumber,
      status: event.status,
      at: event.at,
      note: event.note,
    });
    const effect = EFFECT[event.status];
    if (MOVING.includes(event.status) && CLOSED.includes(order.status)) return true;
    if (order.status === effect.status && order.tracer_status === effect.tracer) return true;
    await changeOrderStatus(em, order, {
      status: order.status === effect.status ? undefined : effect.status,
      tracerStatus: effect.tracer,
      at: event.at,
      source: 'carrier',
      comment: event.note,
      deliveredAt: effect.status === TrackingStatus.Delivered ? event.at : undefined,
    });
    order.status = effect.status;
    order.tracer_status = effect.tracer;
    return true;
  }
}

/** HMAC-SHA256 (hex, optionally `sha256=`-prefixed) of the raw body, compared in constant time. */
export function verify(secret: string, body: string, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature.replace(/^sha256=/, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const sign = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function parseEvents(body: string): CarrierEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new AppError('malformedWebhook', 'body is not JSON');
  }
  return checkEvents((json as { events?: unknown } | null)?.events);
}

/** A carrier's events, each field checked; any bad one refuses them all (malformedWebhook with the fields). */
function checkEvents(given: unknown): CarrierEvent[] {
  const c = new FieldChecks();
  const list = c.list('events', given, 1000);
  if (!list?.length) throw new AppError('malformedWebhook', 'no events', undefined, { events: 'required' });
  const events = list.map((raw, i) => {
    const e = c.object(`events.${i}`, raw) ?? {};
    return {
      id: c.text(`events.${i}.id`, e.id, 80, { required: true }) ?? '',
      trackingNumber: c.text(`events.${i}.trackingNumber`, e.trackingNumber, 64, { required: true }) ?? '',
      status: c.oneOf(`events.${i}.status`, e.status, CARRIER_EVENT_STATUSES),
      eventType: c.oneOf(`events.${i}.eventType`, e.eventType, TRACER_EVENT_TYPES),
      at: c.date(`events.${i}.at`, e.at, true) ?? '',
      appointmentAt: c.date(`events.${i}.appointmentAt`, e.appointmentAt),
      note: c.text(`events.${i}.note`, e.note, 2000),
    };
  });
  if (!c.ok) throw new AppError('malformedWebhook', 'malformed events', undefined, c.fields);
  return events;
}
