import { Controller, Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@portal/bus';
import { HubyEvents, systemContext, type DomainEvent, type FeedOrderMessage } from '@portal/contracts';
import { Db } from '@portal/db';
import { FeedService } from './feed.service';

export const HUBY_SHIPMENTS_CONSUMER = 'tracking.huby-shipments';

/**
 * Huby shipments with labels become tracking orders, through the warehouse feed's own upsert (so
 * a redelivered event is an unchanged replay). An order of the same depositor and reference that the
 * warehouse sent, or another shipment booked, is never overwritten: the event is left, with a warning.
 */
@Controller()
export class HubyShipmentsConsumer {
  private readonly logger = new Logger('HubyShipments');

  constructor(
    private readonly feed: FeedService,
    @Inject(Db) private readonly db: Db,
  ) {}

  @OnEvent(HubyEvents.shipmentToTrack, HUBY_SHIPMENTS_CONSUMER)
  async shipmentToTrack(@Payload() event: DomainEvent<FeedOrderMessage>): Promise<void> {
    const order = event.payload;
    const ctx = systemContext(`huby-shipment:${event.id}`);
    const [stored] = await this.db.scopedQuery<{ huby_uuid: string | null }>(
      ctx,
      `SELECT o.sender->>'hubyUuid' AS huby_uuid FROM orders o WHERE o.depositor_id = $1 AND o.reference = $2`,
      [order.depositorId, order.reference],
    );
    if (stored && stored.huby_uuid !== order.sender?.hubyUuid) {
      this.logger.warn(`Huby shipment ${order.depositorCode} ${order.reference} not tracked: another order has its reference`);
      return;
    }
    const result = await this.feed.bulk(ctx, { orders: [order] });
    // A message the feed refuses would be refused again: said, not redelivered.
    for (const r of result.rejected)
      this.logger.error(
        `Huby shipment ${order.depositorCode} ${order.reference} refused by the feed: ${r.key} ${JSON.stringify(r.fields ?? {})}`,
      );
  }
}
