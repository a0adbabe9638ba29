import { demoLoopOrders, type DemoArticle } from '@portal/demo';
import type { EntityManager } from 'typeorm';
import { reserveLoopOrder } from '../loop/loop-warehouse.consumer';

/**
 * The demo warehouse's answers to the demo Loop orders (libs/demo, the same the Huby demo shows):
 * integrated ones reserved on the stock lines, so My Stocks shows them reserved; rejected ones kept
 * with their reason. Orders still in draft or in progress have reached no warehouse yet.
 */
export async function seedLoopReservations(em: EntityManager, catalogue: DemoArticle[], codes: Record<number, string>): Promise<void> {
  for (const order of demoLoopOrders(catalogue)) {
    if (order.status !== 'integrated' && order.status !== 'rejected') continue;
    const reason =
      order.status === 'integrated'
        ? await reserveReceived(em, { ...order, depositorCode: codes[order.depositorId] }, catalogue)
        : order.reason;
    await em.query(
      `INSERT INTO loop_reservations (order_uuid, depositor_id, platform_id, reference, outcome, reason, lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        order.uuid,
        order.depositorId,
        order.platformId,
        order.reference,
        reason ? 'rejected' : 'integrated',
        reason ? JSON.stringify(reason) : null,
        JSON.stringify(order.lines),
      ],
    );
  }
}

/**
 * Reserves an integrated demo order; where every lot of an article happens to be blocked, a carton
 * of it is received first (a fresh lot), so that the demo warehouse could integrate the order.
 */
async function reserveReceived(
  em: EntityManager,
  order: Parameters<typeof reserveLoopOrder>[1],
  catalogue: DemoArticle[],
): Promise<Awaited<ReturnType<typeof reserveLoopOrder>>> {
  const refused = await reserveLoopOrder(em, order);
  if (refused?.key !== 'loopAvailableQuantityExceeded') return refused;
  const article = catalogue.find((a) => a.depositorId === order.depositorId && a.reference === refused.params?.reference)!;
  const carton = article.perBox * article.perCarton;
  await em.query(
    `INSERT INTO stock_lines (depositor_id, depositor_code, platform_id, item_id, reference, label, barcode, family, storage_unit, customer_unit,
       entry_date, quantity_in_stock, quantity_available)
     SELECT $1, $2, $3, i.id, i.reference, i.label, i.barcode, i.family1, 'UN', 'UN', current_date, $5, $5 FROM items i
      WHERE i.depositor_id = $1 AND i.reference = $4`,
    [order.depositorId, order.depositorCode, order.platformId, article.reference, carton],
  );
  return reserveReceived(em, order, catalogue);
}
