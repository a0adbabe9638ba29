import { Controller, Inject } from '@nestjs/common';
import { BaseRpcContext, Ctx, Payload } from '@nestjs/microservices';
import { batchMeta, OnEventBatch } from '@portal/bus';
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
import { WEBHOOK_ACK_WAIT_MS, WebhookQueue, type EventMessages } from './webhook-queue';

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
 * Consumers whose messages share ordering keys: an order's status changes and carrier anomalies
 * (`order:<id>`), an excursion's start and end (`excursion:<id>`). Each of the others alone.
 */
export const WEBHOOK_ORDERING_GROUPS: readonly (readonly string[])[] = [
  [WEBHOOK_CONSUMERS.statusChanged, WEBHOOK_CONSUMERS.carrierEvent],
  [WEBHOOK_CONSUMERS.excursionStarted, WEBHOOK_CONSUMERS.excursionEnded],
  [WEBHOOK_CONSUMERS.labelsReady],
  [WEBHOOK_CONSUMERS.claimStatus],
  [WEBHOOK_CONSUMERS.lineBlock],
];

/** A short ack wait: a killed copy's events, which hold their consumer's later deliveries, come back in 10 s. */
const WEBHOOKS_BATCH = { ackWaitMs: WEBHOOK_ACK_WAIT_MS };

/** Each event's consumer and stream position, from the batch's context (none when the bus gave none). */
const positionsOf = (ctx: BaseRpcContext | undefined, events: DomainEvent[]): Map<DomainEvent, { consumer: string; seq: number }> => {
  const meta = ctx && batchMeta(ctx);
  const found = new Map<DomainEvent, { consumer: string; seq: number }>();
  if (meta)
    events.forEach((event, i) => meta.positions[i] !== undefined && found.set(event, { consumer: meta.consumer, seq: meta.positions[i] }));
  return found;
};

/** The batch's messages with their events' positions. */
const positioned = (ctx: BaseRpcContext | undefined, batch: EventMessages[]): EventMessages[] => {
  const position = positionsOf(
    ctx,
    batch.map((b) => b.event),
  );
  return batch.map((b) => ({ ...b, position: position.get(b.event) }));
};

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
  ) {
    // Rows another copy queued are held by these consumers' floors too.
    queue.watchConsumers(WEBHOOK_ORDERING_GROUPS);
  }

  @OnEventBatch(TrackingEvents.orderStatusChanged, WEBHOOK_CONSUMERS.statusChanged, undefined, WEBHOOKS_BATCH)
  statusChanged(@Payload() events: DomainEvent<OrderStatusChangedEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: orderStatusMessages(event.payload) })),
      ),
    );
  }

  @OnEventBatch(TrackingEvents.carrierEventReported, WEBHOOK_CONSUMERS.carrierEvent, undefined, WEBHOOKS_BATCH)
  async carrierEvent(@Payload() events: DomainEvent<CarrierEventReportedEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    const anomalies = events.filter((event) => ANOMALY_CARRIER_STATUSES.includes(event.payload.status));
    if (!anomalies.length) return 0;
    // The depositors' codes, from the alerts' projection of the orders when it has them: one query for the batch.
    const orders = await this.db.scopedQuery<{ order_id: string; depositor_code: string }>(
      systemContext('webhooks'),
      `SELECT order_id, depositor_code FROM alert_orders WHERE order_id = ANY($1::bigint[])`,
      [[...new Set(anomalies.map((event) => event.payload.orderId))]],
    );
    const codes = new Map(orders.map((o) => [String(o.order_id), o.depositor_code]));
    const position = positionsOf(ctx, events);
    return this.queue.enqueue(
      anomalies.map((event) => ({
        event,
        messages: carrierAnomalyMessages(event.payload, codes.get(String(event.payload.orderId)) ?? null),
        position: position.get(event),
      })),
    );
  }

  @OnEventBatch(HubyEvents.shipmentToTrack, WEBHOOK_CONSUMERS.labelsReady, undefined, WEBHOOKS_BATCH)
  labelsReady(@Payload() events: DomainEvent<FeedOrderMessage>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: labelsReadyMessages(event.payload) })),
      ),
    );
  }

  @OnEventBatch(ClaimsEvents.statusChanged, WEBHOOK_CONSUMERS.claimStatus, undefined, WEBHOOKS_BATCH)
  claimStatus(@Payload() events: DomainEvent<ClaimStatusChangedEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: claimStatusMessages(event.payload) })),
      ),
    );
  }

  @OnEventBatch(FeverOwnEvents.excursionStarted, WEBHOOK_CONSUMERS.excursionStarted, undefined, WEBHOOKS_BATCH)
  excursionStarted(@Payload() events: DomainEvent<FeverExcursionEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: excursionMessages(event.payload, false) })),
      ),
    );
  }

  @OnEventBatch(FeverOwnEvents.excursionEnded, WEBHOOK_CONSUMERS.excursionEnded, undefined, WEBHOOKS_BATCH)
  excursionEnded(@Payload() events: DomainEvent<FeverExcursionEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: excursionMessages(event.payload, true) })),
      ),
    );
  }

  @OnEventBatch(StockEvents.lineBlockChanged, WEBHOOK_CONSUMERS.lineBlock, undefined, WEBHOOKS_BATCH)
  lineBlock(@Payload() events: DomainEvent<StockLineBlockChangedEvent>[], @Ctx() ctx?: BaseRpcContext): Promise<number> {
    return this.queue.enqueue(
      positioned(
        ctx,
        events.map((event) => ({ event, messages: lineBlockMessages(event.payload) })),
      ),
    );
  }
}
