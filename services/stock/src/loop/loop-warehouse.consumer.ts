import { Controller, Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { addToOutbox, handleOnce, OnEvent, OutboxRelay } from '@portal/bus';
import {
  LoopEvents,
  StockEvents,
  type DomainEvent,
  type LoopOrderSettledEvent,
  type LoopOrderSubmittedEvent,
  type StockLinesReservedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';

export const LOOP_WAREHOUSE_CONSUMER = 'stock.loop-warehouse';

type Reason = NonNullable<LoopOrderSettledEvent['reason']>;

/**
 * The demo warehouse: integrates a submitted Loop order by reserving its quantities on the
 * platform's stock lines (soonest best-before first), so My Stocks shows them reserved and the
 * available quantity lowered; or rejects it with a §8 reason (the depositor has no stock on the
 * platform, or a line asks more than is available now). The answer is an event back to Huby, written
 * in the same transaction as the reservation. Each order is handled once: by event id (inbox) and by
 * order id (loop_reservations), so a second delivery or a resubmitted copy reserves nothing twice.
 */
@Controller()
export class LoopWarehouseConsumer {
  private readonly logger = new Logger('LoopWarehouse');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  @OnEvent(LoopEvents.orderSubmitted, LOOP_WAREHOUSE_CONSUMER)
  async submitted(@Payload() event: DomainEvent<LoopOrderSubmittedEvent>): Promise<void> {
    await this.apply(event);
  }

  /** Answers the outcome written now, or null when this order was already handled. */
  async apply(event: DomainEvent<LoopOrderSubmittedEvent>): Promise<LoopOrderSettledEvent['outcome'] | null> {
    let outcome: LoopOrderSettledEvent['outcome'] | null = null;
    await handleOnce(this.db, LOOP_WAREHOUSE_CONSUMER, event, async (em) => {
      const order = event.payload;
      const [known] = await em.query<unknown[]>(`SELECT 1 FROM loop_reservations WHERE order_uuid = $1 FOR UPDATE`, [order.uuid]);
      if (known) return;
      const reason = await reserveLoopOrder(em, order);
      outcome = reason ? 'rejected' : 'integrated';
      await em.query(
        `INSERT INTO loop_reservations (order_uuid, depositor_id, platform_id, reference, outcome, reason, lines) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          order.uuid,
          order.depositorId,
          order.platformId,
          order.reference,
          outcome,
          reason ? JSON.stringify(reason) : null,
          JSON.stringify(order.lines),
        ],
      );
      await addToOutbox<LoopOrderSettledEvent>(em, 'stock', LoopEvents.orderSettled, {
        uuid: order.uuid,
        depositorId: order.depositorId,
        outcome,
        ...(reason ? { reason } : {}),
      });
    });
    if (outcome) {
      this.logger.log(`Loop order ${event.payload.depositorCode} ${event.payload.reference}: ${outcome}`);
      this.outbox.kick();
    }
    return outcome;
  }
}

/**
 * Reserves every line of a Loop order on the platform's stock lines, soonest best-before first, or
 * none: answers the §8 reason of a refusal (nothing written then). A reservation is published
 * (stock.lines.reserved) in the caller's transaction.
 */
export async function reserveLoopOrder(
  em: EntityManager,
  order: Pick<LoopOrderSubmittedEvent, 'uuid' | 'depositorId' | 'depositorCode' | 'platformId' | 'lines'>,
): Promise<Reason | null> {
  const lines: { id: string; reference: string; quantity_available: number }[] = await em.query(
    `SELECT id, reference, quantity_available FROM stock_lines
      WHERE depositor_id = $1 AND platform_id = $2 ORDER BY reference, best_before NULLS LAST, entry_date NULLS LAST, id FOR UPDATE`,
    [order.depositorId, order.platformId],
  );
  if (!lines.length) return { key: 'loopDepositorNotOnPlatform', params: { depositor: order.depositorCode, platform: order.platformId } };
  const wanted = new Map<string, number>();
  for (const l of order.lines) wanted.set(l.reference, (wanted.get(l.reference) ?? 0) + l.quantity);
  const takes: [string, number][] = [];
  for (const [reference, quantity] of wanted) {
    const stock = lines.filter((l) => l.reference === reference && l.quantity_available > 0);
    const available = stock.reduce((sum, l) => sum + l.quantity_available, 0);
    if (quantity > available) return { key: 'loopAvailableQuantityExceeded', params: { reference, available } };
    let left = quantity;
    for (const l of stock) {
      if (!left) break;
      const take = Math.min(left, l.quantity_available);
      takes.push([l.id, take]);
      left -= take;
    }
  }
  await em.query(
    `UPDATE stock_lines s SET quantity_reserved = s.quantity_reserved + t.take, quantity_available = s.quantity_available - t.take
       FROM unnest($1::bigint[], $2::int[]) AS t(id, take) WHERE s.id = t.id`,
    [takes.map((t) => t[0]), takes.map((t) => t[1])],
  );
  // In the reservation's transaction: the reports' stock figures follow stock's own.
  await addToOutbox<StockLinesReservedEvent>(em, 'stock', StockEvents.linesReserved, {
    depositorId: order.depositorId,
    platformId: order.platformId,
    loopOrderUuid: order.uuid,
    lines: takes.map(([id, quantity]) => ({ id: Number(id), quantity })),
  });
  return null;
}
