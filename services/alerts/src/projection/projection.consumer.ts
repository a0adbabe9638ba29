import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { handleOnce, OnEvent } from '@portal/bus';
import {
  TrackingEvents,
  type CarrierEventReportedEvent,
  type DomainEvent,
  type OrderChangedEvent,
  type OrderStatusChangedEvent,
  type TracerEventAddedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { insertOrderEvents, upsertOrders } from './projection';

/** The projection's durable consumers, one per event type (a JetStream durable consumer follows one filter). */
export const PROJECTION_CONSUMERS = {
  statusChanged: 'alerts.projection.status-changed',
  orderChanged: 'alerts.projection.order-changed',
  carrierEvent: 'alerts.projection.carrier-event',
  tracerEvent: 'alerts.projection.tracer-event',
} as const;

/**
 * The alerts service's projection of tracking's orders (alert_orders) and of what happened to them
 * (alert_order_events: status changes, carrier events and Tracer Route events entered by hand), fed by tracking's durable events, each
 * once (inbox). The matching count and the digests read it, never tracking's database.
 */
@Controller()
export class ProjectionConsumer {
  constructor(@Inject(Db) private readonly db: Db) {}

  @OnEvent(TrackingEvents.orderStatusChanged, PROJECTION_CONSUMERS.statusChanged)
  async statusChanged(@Payload() event: DomainEvent<OrderStatusChangedEvent>): Promise<void> {
    const e = event.payload;
    await handleOnce(this.db, PROJECTION_CONSUMERS.statusChanged, event, async (em) => {
      if (e.order) await upsertOrders(em, [e.order]);
      if (e.previousStatus !== e.status)
        await insertOrderEvents(em, [
          { eventId: event.id, orderId: e.orderId, depositorId: e.depositorId, kind: 'STATUS', code: String(e.status), at: e.at },
        ]);
    });
  }

  @OnEvent(TrackingEvents.orderChanged, PROJECTION_CONSUMERS.orderChanged)
  async orderChanged(@Payload() event: DomainEvent<OrderChangedEvent>): Promise<void> {
    await handleOnce(this.db, PROJECTION_CONSUMERS.orderChanged, event, (em) => upsertOrders(em, [event.payload.order]));
  }

  @OnEvent(TrackingEvents.carrierEventReported, PROJECTION_CONSUMERS.carrierEvent)
  async carrierEvent(@Payload() event: DomainEvent<CarrierEventReportedEvent>): Promise<void> {
    const e = event.payload;
    await handleOnce(this.db, PROJECTION_CONSUMERS.carrierEvent, event, (em) =>
      insertOrderEvents(em, [
        { eventId: event.id, orderId: e.orderId, depositorId: e.depositorId, kind: 'EVENT', code: e.status, at: e.at },
      ]),
    );
  }

  @OnEvent(TrackingEvents.tracerEventAdded, PROJECTION_CONSUMERS.tracerEvent)
  async tracerEvent(@Payload() event: DomainEvent<TracerEventAddedEvent>): Promise<void> {
    const e = event.payload;
    await handleOnce(this.db, PROJECTION_CONSUMERS.tracerEvent, event, (em) =>
      insertOrderEvents(em, [{ eventId: event.id, orderId: e.orderId, depositorId: e.depositorId, kind: 'EVENT', code: e.type, at: e.at }]),
    );
  }
}
