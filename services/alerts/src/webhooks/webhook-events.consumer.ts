import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEventBatch } from '@portal/bus';
import {
  ClaimsEvents,
  FeverOwnEvents,
  HubyEvents,
  StockEvents,
  systemContext,
  TrackingEvents,
  type CarrierEventReportedEvent,
  type ClaimStatusChangedEvent,
  type DomainEvent,
  type FeedOrderMessage,
  type FeverExcursionEvent,
  type OrderStatusChangedEvent,
  type StockLineBlockChangedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import {
  ANOMALY_CARRIER_STATUSES,
  carrierAnomalyMessages,
  claimStatusMessages,
  excursionMessages,
  labelsReadyMessages,
  lineBlockMessages,
  orderStatusMessages,
} from './webhook-messages';
import { WebhookQueue } from './webhook-queue';

/** Durable consumers of the webhooks (one per event type: a JetStream durable follows one filter). */
export const WEBHOOK_CONSUMERS = {
  statusChanged: 'alerts.webhooks.status-changed',
  carrierEvent: 'alerts.webhooks.carrier-event',
  labelsReady: 'alerts.webhooks.labels-ready',
  claimStatus: 'alerts.webhooks.claim-status',
  excursionStarted: 'alerts.webhooks.excursion-started',
  excursionEnded: 'alerts.webhooks.excursion-ended',
  lineBlock: 'alerts.webhooks.line-block',
} as const;

/**
 * Domain events → webhook deliveries. Each handler takes the batch of events waiting on its consumer,
 * turns them into messages and queues them in one statement, in the events' order; the queue's unique
 * (endpoint, event, type) makes a redelivered batch queue nothing more, so no inbox row is written for
 * the many events no endpoint takes.
 */
@Controller()
export class WebhookEventsConsumer {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly queue: WebhookQueue,
  ) {}

  @OnEventBatch(TrackingEvents.orderStatusChanged, WEBHOOK_CONSUMERS.statusChanged)
  statusChanged(@Payload() events: DomainEvent<OrderStatusChangedEvent>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: orderStatusMessages(event.payload) })));
  }

  @OnEventBatch(TrackingEvents.carrierEventReported, WEBHOOK_CONSUMERS.carrierEvent)
  async carrierEvent(@Payload() events: DomainEvent<CarrierEventReportedEvent>[]): Promise<number> {
    const anomalies = events.filter((event) => ANOMALY_CARRIER_STATUSES.includes(event.payload.status));
    if (!anomalies.length) return 0;
    // The depositors' codes, from the alerts' projection of the orders when it has them: one query for the batch.
    const orders = await this.db.scopedQuery<{ order_id: string; depositor_code: string }>(
      systemContext('webhooks'),
      `SELECT order_id, depositor_code FROM alert_orders WHERE order_id = ANY($1::bigint[])`,
      [[...new Set(anomalies.map((event) => event.payload.orderId))]],
    );
    const codes = new Map(orders.map((o) => [String(o.order_id), o.depositor_code]));
    return this.queue.enqueue(
      anomalies.map((event) => ({
        event,
        messages: carrierAnomalyMessages(event.payload, codes.get(String(event.payload.orderId)) ?? null),
      })),
    );
  }

  @OnEventBatch(HubyEvents.shipmentToTrack, WEBHOOK_CONSUMERS.labelsReady)
  labelsReady(@Payload() events: DomainEvent<FeedOrderMessage>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: labelsReadyMessages(event.payload) })));
  }

  @OnEventBatch(ClaimsEvents.statusChanged, WEBHOOK_CONSUMERS.claimStatus)
  claimStatus(@Payload() events: DomainEvent<ClaimStatusChangedEvent>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: claimStatusMessages(event.payload) })));
  }

  @OnEventBatch(FeverOwnEvents.excursionStarted, WEBHOOK_CONSUMERS.excursionStarted)
  excursionStarted(@Payload() events: DomainEvent<FeverExcursionEvent>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: excursionMessages(event.payload, false) })));
  }

  @OnEventBatch(FeverOwnEvents.excursionEnded, WEBHOOK_CONSUMERS.excursionEnded)
  excursionEnded(@Payload() events: DomainEvent<FeverExcursionEvent>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: excursionMessages(event.payload, true) })));
  }

  @OnEventBatch(StockEvents.lineBlockChanged, WEBHOOK_CONSUMERS.lineBlock)
  lineBlock(@Payload() events: DomainEvent<StockLineBlockChangedEvent>[]): Promise<number> {
    return this.queue.enqueue(events.map((event) => ({ event, messages: lineBlockMessages(event.payload) })));
  }
}
