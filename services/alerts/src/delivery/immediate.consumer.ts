import { Controller, Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { handleOnce, OnEvent } from '@portal/bus';
import {
  FeverEvents,
  systemContext,
  TrackingEvents,
  type AlertKind,
  type CarrierEventReportedEvent,
  type DomainEvent,
  type OrderStatusChangedEvent,
  type ProbeSilentEvent,
  type TracerEventAddedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { MailRelay } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import { recordDelivery } from './alert-mails';
import { AlertComposer, type AlertDelivery } from './compose';
import { follows, orderMatches, type AlertRow, type Occurrence } from './matching';
import { mailOrder, PROJECTED_ORDER, type ProjectedOrder } from './orders';

/**
 * Durable consumers of the immediate alerts (one per event type: a JetStream durable follows one
 * filter). The inbox of each and the alert's trigger (alert, event id) commit with the mails.
 */
export const IMMEDIATE_CONSUMERS = {
  statusChanged: 'alerts.immediate.status-changed',
  carrierEvent: 'alerts.immediate.carrier-event',
  tracerEvent: 'alerts.immediate.tracer-event',
  probeSilent: 'alerts.immediate.probe-silent',
} as const;

/**
 * Immediate alerts (spec §3 frequency "on each event"): a status change, a carrier event, a Tracer
 * Route event entered by hand, or the
 * fever service's "no temperature for 12 h" mails the enabled alerts it matches, once per alert and
 * event even when the event comes again (restart, two copies); the mail relay is told at once.
 */
@Controller()
export class ImmediateConsumer {
  private readonly logger = new Logger('ImmediateAlerts');
  private cache?: { at: number; byDepositor: Map<number, AlertRow[]> };

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(AlertComposer) private readonly composer: AlertComposer,
    @Inject(MailRelay) private readonly relay: MailRelay,
  ) {}

  @OnEvent(TrackingEvents.orderStatusChanged, IMMEDIATE_CONSUMERS.statusChanged)
  async statusChanged(@Payload() event: DomainEvent<OrderStatusChangedEvent>): Promise<number> {
    const e = event.payload;
    const order = e.order ?? (await this.projected(e.orderId));
    if (!order) return 0;
    return this.onOrder(IMMEDIATE_CONSUMERS.statusChanged, event, order, { kind: 'STATUS', code: String(e.status), at: e.at });
  }

  @OnEvent(TrackingEvents.carrierEventReported, IMMEDIATE_CONSUMERS.carrierEvent)
  async carrierEvent(@Payload() event: DomainEvent<CarrierEventReportedEvent>): Promise<number> {
    const e = event.payload;
    const order = await this.projected(e.orderId);
    if (!order) {
      this.logger.warn(`carrier event ${event.id}: order ${e.orderId} not in the projection, no alert`);
      return 0;
    }
    return this.onOrder(IMMEDIATE_CONSUMERS.carrierEvent, event, order, { kind: 'EVENT', code: e.status, at: e.at });
  }

  /** A Tracer Route event entered by hand (a carrier's own come as carrier events). */
  @OnEvent(TrackingEvents.tracerEventAdded, IMMEDIATE_CONSUMERS.tracerEvent)
  async tracerEvent(@Payload() event: DomainEvent<TracerEventAddedEvent>): Promise<number> {
    const e = event.payload;
    const order = await this.projected(e.orderId);
    if (!order) {
      this.logger.warn(`Tracer Route event ${event.id}: order ${e.orderId} not in the projection, no alert`);
      return 0;
    }
    return this.onOrder(IMMEDIATE_CONSUMERS.tracerEvent, event, order, { kind: 'EVENT', code: e.type, at: e.at });
  }

  @OnEvent(FeverEvents.probeSilent, IMMEDIATE_CONSUMERS.probeSilent)
  async probeSilent(@Payload() event: DomainEvent<ProbeSilentEvent>): Promise<number> {
    const alerts = await this.candidates(['NO_TEMPERATURE'], event.payload.depositorIds);
    return this.deliver(
      IMMEDIATE_CONSUMERS.probeSilent,
      event,
      alerts.map((alert) => ({ alert, orders: [], probe: event.payload })),
    );
  }

  /** Answers how many alerts mailed (0 when the event had been handled already). */
  private async onOrder(
    consumer: string,
    event: DomainEvent,
    order: Omit<ProjectedOrder, 'status' | 'promisedShippingAt'>,
    occurrence: Occurrence,
  ) {
    const alerts = (await this.candidates(['VIP', 'DOC'], [order.depositorId])).filter(
      (a) => orderMatches(a, order) && follows(a, occurrence),
    );
    return this.deliver(
      consumer,
      event,
      alerts.map((alert) => ({ alert, orders: [mailOrder(order, occurrence)] })),
    );
  }

  private async deliver(consumer: string, event: DomainEvent, deliveries: AlertDelivery[]): Promise<number> {
    // Most changes concern no alert: nothing to write, nothing to remember (a redelivery finds none again).
    if (!deliveries.length) return 0;
    // Composed before the transaction (templates, documents over the bus): it holds no connection meanwhile.
    const composed = await Promise.allSettled(deliveries.map(async (d) => ({ d, mails: await this.composer.compose(d) })));
    const planned = composed.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
    const failed = composed.find((c): c is PromiseRejectedResult => c.status === 'rejected');
    let fired = 0;
    const record = async (em: EntityManager) => {
      for (const { d, mails } of planned) if (await recordDelivery(em, d.alert.id, event.id, 'EVENT', mails, d.orders.length)) fired++;
    };
    if (failed) {
      // One alert could not be written (tracking away for its documents): the others go now, their
      // triggers refuse them when the event comes again for the one that failed.
      await this.db.scoped(systemContext(`alerts-immediate:${event.id}`), record);
      if (fired) this.relay.kick();
      throw failed.reason;
    }
    const first = await handleOnce(this.db, consumer, event, record);
    if (first && fired) this.relay.kick();
    return first ? fired : 0;
  }

  /**
   * Enabled immediate alerts of these kinds naming one of these depositors. They are read at most
   * every ALERTS_IMMEDIATE_CACHE_MS (a second) rather than for each of hundreds of changes a second:
   * an alert saved takes effect within that time.
   */
  private async candidates(kinds: AlertKind[], depositorIds: number[]): Promise<AlertRow[]> {
    const ttl = Number(process.env.ALERTS_IMMEDIATE_CACHE_MS ?? 1000);
    if (!this.cache || !(Date.now() - this.cache.at < ttl)) {
      const at = Date.now();
      const alerts = await this.db.scopedQuery<AlertRow>(
        systemContext('alerts-immediate'),
        `SELECT * FROM alerts WHERE enabled AND (frequency = 'IMMEDIATE' OR kind = 'NO_TEMPERATURE') AND kind <> 'SLA'`,
      );
      const byDepositor = new Map<number, AlertRow[]>();
      for (const a of alerts) for (const d of a.depositor_ids) byDepositor.set(d, [...(byDepositor.get(d) ?? []), a]);
      this.cache = { at, byDepositor };
    }
    const found = new Map<number, AlertRow>();
    for (const d of depositorIds) for (const a of this.cache.byDepositor.get(d) ?? []) if (kinds.includes(a.kind)) found.set(a.id, a);
    return [...found.values()];
  }

  private async projected(orderId: number): Promise<ProjectedOrder | undefined> {
    const [order] = await this.db.scopedQuery<ProjectedOrder>(
      systemContext('alerts-immediate'),
      `SELECT ${PROJECTED_ORDER} FROM alert_orders o WHERE o.order_id = $1`,
      [orderId],
    );
    return order;
  }
}
