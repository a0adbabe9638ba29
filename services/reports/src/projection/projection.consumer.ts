import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusClient, handleOnce, OnEvent } from '@portal/bus';
import {
  AlertsEvents,
  ClaimsEvents,
  FeverOwnEvents,
  HubyEvents,
  StockEvents,
  TrackingEvents,
  type AlertMailFailedEvent,
  type AlertMailSentEvent,
  type ClaimStatusChangedEvent,
  type DomainEvent,
  type FeedOrderMessage,
  type FeverExcursionEvent,
  type OrderChangedEvent,
  type OrderStatusChangedEvent,
  type StockLinesReplacedEvent,
  type StockLinesReservedEvent,
  type StockMovementsRecordedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { readStockLines, refreshStockLines, writeStockLines } from './stock-lines';
import { insertAlertMail } from './alert-mails';
import { insertMovements, upsertClaim, upsertExcursion, upsertOrders, upsertShipment } from './writes';

/** The projection's durable consumers, one per event type (a JetStream durable consumer follows one filter). */
export const REPORTS_CONSUMERS = {
  orderStatusChanged: 'reports.projection.order-status-changed',
  orderChanged: 'reports.projection.order-changed',
  movementsRecorded: 'reports.projection.movements-recorded',
  linesReplaced: 'reports.projection.lines-replaced',
  linesReserved: 'reports.projection.lines-reserved',
  claimStatusChanged: 'reports.projection.claim-status-changed',
  shipmentToTrack: 'reports.projection.shipment-to-track',
  excursionStarted: 'reports.projection.excursion-started',
  excursionEnded: 'reports.projection.excursion-ended',
  alertMailSent: 'reports.projection.alert-mail-sent',
  alertMailFailed: 'reports.projection.alert-mail-failed',
} as const;

/**
 * The reporting projection, fed by the owning services' durable events, each once (inbox: the
 * handler's writes and the inbox row commit together). It never reads another service's database:
 * a stock snapshot's lines, and those a reservation changed, are asked of the stock service over the bus.
 */
@Controller()
export class ProjectionConsumer {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  @OnEvent(TrackingEvents.orderStatusChanged, REPORTS_CONSUMERS.orderStatusChanged)
  async orderStatusChanged(@Payload() event: DomainEvent<OrderStatusChangedEvent>): Promise<void> {
    const order = event.payload.order;
    await handleOnce(this.db, REPORTS_CONSUMERS.orderStatusChanged, event, async (em) => void (order && (await upsertOrders(em, [order]))));
  }

  @OnEvent(TrackingEvents.orderChanged, REPORTS_CONSUMERS.orderChanged)
  async orderChanged(@Payload() event: DomainEvent<OrderChangedEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.orderChanged, event, (em) => upsertOrders(em, [event.payload.order]));
  }

  @OnEvent(StockEvents.movementsRecorded, REPORTS_CONSUMERS.movementsRecorded)
  async movementsRecorded(@Payload() event: DomainEvent<StockMovementsRecordedEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.movementsRecorded, event, (em) => insertMovements(em, event.payload.movements ?? []));
  }

  @OnEvent(StockEvents.linesReplaced, REPORTS_CONSUMERS.linesReplaced)
  async linesReplaced(@Payload() event: DomainEvent<StockLinesReplacedEvent>): Promise<void> {
    const { depositorId, platformId, takenAt } = event.payload;
    const pair = `${depositorId}/${platformId}`;
    const read = await readStockLines(this.bus, { depositorId, platformId });
    // An empty snapshot has no line to tell its time: the event does.
    const at = read.takenAt[pair] ?? takenAt;
    await handleOnce(this.db, REPORTS_CONSUMERS.linesReplaced, event, (em) => writeStockLines(em, read.lines, { [pair]: at }));
  }

  @OnEvent(StockEvents.linesReserved, REPORTS_CONSUMERS.linesReserved)
  async linesReserved(@Payload() event: DomainEvent<StockLinesReservedEvent>): Promise<void> {
    const ids = event.payload.lines.map((l) => l.id);
    await handleOnce(this.db, REPORTS_CONSUMERS.linesReserved, event, (em) =>
      refreshStockLines(em, this.bus, event.payload.depositorId, ids),
    );
  }

  @OnEvent(ClaimsEvents.statusChanged, REPORTS_CONSUMERS.claimStatusChanged)
  async claimStatusChanged(@Payload() event: DomainEvent<ClaimStatusChangedEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.claimStatusChanged, event, (em) => upsertClaim(em, event.payload));
  }

  @OnEvent(HubyEvents.shipmentToTrack, REPORTS_CONSUMERS.shipmentToTrack)
  async shipmentToTrack(@Payload() event: DomainEvent<FeedOrderMessage>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.shipmentToTrack, event, (em) => upsertShipment(em, event.payload, event.occurredAt));
  }

  @OnEvent(FeverOwnEvents.excursionStarted, REPORTS_CONSUMERS.excursionStarted)
  async excursionStarted(@Payload() event: DomainEvent<FeverExcursionEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.excursionStarted, event, (em) => upsertExcursion(em, event.payload));
  }

  @OnEvent(FeverOwnEvents.excursionEnded, REPORTS_CONSUMERS.excursionEnded)
  async excursionEnded(@Payload() event: DomainEvent<FeverExcursionEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.excursionEnded, event, (em) => upsertExcursion(em, event.payload));
  }

  @OnEvent(AlertsEvents.mailSent, REPORTS_CONSUMERS.alertMailSent)
  async alertMailSent(@Payload() event: DomainEvent<AlertMailSentEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.alertMailSent, event, (em) =>
      insertAlertMail(em, event.id, 'sent', event.payload, event.occurredAt),
    );
  }

  @OnEvent(AlertsEvents.mailFailed, REPORTS_CONSUMERS.alertMailFailed)
  async alertMailFailed(@Payload() event: DomainEvent<AlertMailFailedEvent>): Promise<void> {
    await handleOnce(this.db, REPORTS_CONSUMERS.alertMailFailed, event, (em) =>
      insertAlertMail(em, event.id, 'failed', event.payload, event.occurredAt),
    );
  }
}
