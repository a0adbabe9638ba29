import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
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
 * Domain events → webhook deliveries. Each handler turns its event into messages and queues them;
 * the queue's unique (endpoint, event, type) makes a redelivered event queue nothing more, so no
 * inbox row is written for the many events no endpoint takes.
 */
@Controller()
export class WebhookEventsConsumer {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly queue: WebhookQueue,
  ) {}

  @OnEvent(TrackingEvents.orderStatusChanged, WEBHOOK_CONSUMERS.statusChanged)
  statusChanged(@Payload() event: DomainEvent<OrderStatusChangedEvent>): Promise<number> {
    return this.queue.enqueue(event, orderStatusMessages(event.payload));
  }

  @OnEvent(TrackingEvents.carrierEventReported, WEBHOOK_CONSUMERS.carrierEvent)
  async carrierEvent(@Payload() event: DomainEvent<CarrierEventReportedEvent>): Promise<number> {
    const e = event.payload;
    if (!ANOMALY_CARRIER_STATUSES.includes(e.status)) return 0;
    // The depositor's code, from the alerts' projection of the order when it has it.
    const [order] = await this.db.scopedQuery<{ depositor_code: string }>(
      systemContext('webhooks'),
      `SELECT depositor_code FROM alert_orders WHERE order_id = $1`,
      [e.orderId],
    );
    return this.queue.enqueue(event, carrierAnomalyMessages(e, order?.depositor_code ?? null));
  }

  @OnEvent(HubyEvents.shipmentToTrack, WEBHOOK_CONSUMERS.labelsReady)
  labelsReady(@Payload() event: DomainEvent<FeedOrderMessage>): Promise<number> {
    return this.queue.enqueue(event, labelsReadyMessages(event.payload));
  }

  @OnEvent(ClaimsEvents.statusChanged, WEBHOOK_CONSUMERS.claimStatus)
  claimStatus(@Payload() event: DomainEvent<ClaimStatusChangedEvent>): Promise<number> {
    return this.queue.enqueue(event, claimStatusMessages(event.payload));
  }

  @OnEvent(FeverOwnEvents.excursionStarted, WEBHOOK_CONSUMERS.excursionStarted)
  excursionStarted(@Payload() event: DomainEvent<FeverExcursionEvent>): Promise<number> {
    return this.queue.enqueue(event, excursionMessages(event.payload, false));
  }

  @OnEvent(FeverOwnEvents.excursionEnded, WEBHOOK_CONSUMERS.excursionEnded)
  excursionEnded(@Payload() event: DomainEvent<FeverExcursionEvent>): Promise<number> {
    return this.queue.enqueue(event, excursionMessages(event.payload, true));
  }

  @OnEvent(StockEvents.lineBlockChanged, WEBHOOK_CONSUMERS.lineBlock)
  lineBlock(@Payload() event: DomainEvent<StockLineBlockChangedEvent>): Promise<number> {
    return this.queue.enqueue(event, lineBlockMessages(event.payload));
  }
}
