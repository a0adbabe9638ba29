import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
import {
  AppError,
  depositorScope,
  HubyEvents,
  systemContext,
  type CallerContext,
  type CarrierEventsPulledMessage,
  type DomainEvent,
} from '@portal/contracts';
import { WebhooksService } from './webhooks.service';

export const CARRIER_EVENTS_PULLED_CONSUMER = 'tracking.carrier-events-pulled';

/**
 * Events Huby read from a carrier's tracking API (issue 34 item 6): applied as the carrier's own
 * webhook call would be, within the shipment's depositor only, so that Pack and Go Tracer, Tracer
 * Route, the alerts and Huby's statuses follow a real carrier exactly as they follow the demo one.
 * Events that cannot be applied (malformed) are said and dropped; an order not tracked yet (its
 * shipment's order still on its way) is tried again, as the bus redelivers.
 */
@Controller()
export class CarrierEventsPulledConsumer {
  private readonly logger = new Logger('CarrierEventsPulled');

  constructor(private readonly webhooks: WebhooksService) {}

  @OnEvent(HubyEvents.carrierEventsPulled, CARRIER_EVENTS_PULLED_CONSUMER)
  async pulled(@Payload() event: DomainEvent<CarrierEventsPulledMessage>): Promise<void> {
    const m = event.payload;
    const ctx: CallerContext = {
      ...systemContext(`carrier-events:${event.id}`),
      roles: [],
      scope: depositorScope([Number(m.depositorId)]),
    };
    try {
      await this.webhooks.pulled(ctx, m);
    } catch (e) {
      if (e instanceof AppError && e.key === 'malformedWebhook') {
        this.logger.error(`${m.carrier} ${m.reference}: events refused (${JSON.stringify(e.fields ?? {})})`);
        return;
      }
      throw e;
    }
  }
}
