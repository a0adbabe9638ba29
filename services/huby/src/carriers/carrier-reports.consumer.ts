import { Controller, Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
import {
  AppError,
  carrierSteps,
  HubyStatus,
  systemContext,
  TrackingEvents,
  type CarrierEventReportedEvent,
  type CarrierEventStatus,
  type DomainEvent,
  type HubyStatusCode,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { ShipmentsService } from '../shipments/shipments.service';

export const CARRIER_REPORTS_CONSUMER = 'huby.carrier-reports';

/** The Huby status each carrier event status leads to (spec §4). */
export const HUBY_STATUS_OF_CARRIER_EVENT: Record<CarrierEventStatus, HubyStatusCode> = {
  PICKED_UP: HubyStatus.TakenInCharge,
  IN_TRANSIT: HubyStatus.InTransit,
  DELIVERED: HubyStatus.Delivered,
  DELIVERED_DAMAGED: HubyStatus.Delivered,
  DELIVERED_PARTIAL: HubyStatus.PartlyDelivered,
  ANOMALY: HubyStatus.Anomaly,
  RETURNED: HubyStatus.Returned,
};

/**
 * What carriers report through the tracking service's webhook moves the shipment they carry: the
 * shipment of that depositor and reference whose tracking numbers include the event's (a warehouse
 * order of the same reference is not ours), walked along the transition table and written in its
 * history with the carrier's words. A late scan of an earlier step changes nothing; once per event.
 */
@Controller()
export class CarrierReportsConsumer {
  private readonly logger = new Logger('CarrierReports');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(ShipmentsService) private readonly shipments: ShipmentsService,
  ) {}

  @OnEvent(TrackingEvents.carrierEventReported, CARRIER_REPORTS_CONSUMER)
  async reported(@Payload() event: DomainEvent<CarrierEventReportedEvent>): Promise<void> {
    await this.apply(event);
  }

  /** Answers the steps made (none for another service's order, a late scan or a replay). */
  async apply(event: DomainEvent<CarrierEventReportedEvent>): Promise<HubyStatusCode[]> {
    const e = event.payload;
    const target = HUBY_STATUS_OF_CARRIER_EVENT[e.status];
    if (target === undefined) return [];
    const ctx = systemContext(`carrier-event:${event.id}`);
    const [s] = await this.db.scopedQuery<{ uuid: string; status: HubyStatusCode; depositor_id: number }>(
      ctx,
      `SELECT uuid, status, depositor_id FROM shipments WHERE depositor_id = $1 AND reference = $2 AND $3 = ANY(tracking_numbers)`,
      [e.depositorId, e.reference, e.trackingNumber],
    );
    if (!s) return [];
    const steps = carrierSteps(s.status, target);
    if (!steps.length) return [];
    const note = `${e.carrier}: ${e.status}${e.note ? ` – ${e.note}` : ''}`.slice(0, 500);
    try {
      // The inbox row commits with the move: a redelivered event is refused by its key and moves nothing.
      await this.shipments.move(ctx, s, steps, note, {
        also: async (em) => {
          const first: unknown[] = await em.query(
            `INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
            [CARRIER_REPORTS_CONSUMER, event.id],
          );
          if (!first.length) throw new AlreadyHandled();
        },
      });
    } catch (error) {
      if (error instanceof AlreadyHandled) return [];
      // Someone moved it meanwhile (canceled, or an earlier report): the next report finds it where it
      // is. Anything else (the database away) is thrown, for the event to come again.
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`${e.depositorId} ${e.reference}: ${e.status} not applied (${error.key})`);
      return [];
    }
    return steps;
  }
}

class AlreadyHandled extends Error {}
