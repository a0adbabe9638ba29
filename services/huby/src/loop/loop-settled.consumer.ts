import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { handleOnce, OnEvent } from '@portal/bus';
import { LoopEvents, type DomainEvent, type LoopOrderSettledEvent } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';

export const LOOP_SETTLED_CONSUMER = 'huby.loop-settled';

/**
 * The warehouse's answer moves a submitted Loop order to integrated, or to rejected with the reason's
 * §8 key. Once per event (inbox); an order no longer submitted (answered already) is left as it is.
 */
@Controller()
export class LoopSettledConsumer {
  constructor(@Inject(Db) private readonly db: Db) {}

  @OnEvent(LoopEvents.orderSettled, LOOP_SETTLED_CONSUMER)
  async settled(@Payload() event: DomainEvent<LoopOrderSettledEvent>): Promise<void> {
    await this.apply(event);
  }

  /** Answers whether the order moved. */
  async apply(event: DomainEvent<LoopOrderSettledEvent>): Promise<boolean> {
    const e = event.payload;
    let moved = false;
    await handleOnce(this.db, LOOP_SETTLED_CONSUMER, event, async (em) => {
      const rows = rowsOf<{ uuid: string }>(
        await em.query(
          `UPDATE loop_orders SET status = $3, reject_key = $4, reject_params = $5, settled_at = now(), updated_at = now()
          WHERE uuid = $1 AND depositor_id = $2 AND status = 'submitted' RETURNING uuid`,
          [e.uuid, e.depositorId, e.outcome, e.reason?.key ?? null, e.reason?.params ? JSON.stringify(e.reason.params) : null],
        ),
      );
      moved = rows.length > 0;
    });
    return moved;
  }
}
