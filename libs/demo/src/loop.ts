import { demoCatalogue, prng, type DemoArticle } from './catalogue';

export type DemoLoopStatus = 'draft' | 'submitted' | 'integrated' | 'rejected';

export interface DemoLoopOrder {
  uuid: string;
  depositorId: number;
  platformId: number;
  reference: string;
  status: DemoLoopStatus;
  /** Days before the demo's "now" the order was entered. */
  daysAgo: number;
  lines: { reference: string; label: string; quantity: number }[];
  /** A rejected order's §8 reason. */
  reason?: { key: string; params: Record<string, unknown> };
}

/** How many Loop orders of each status per depositor: something in each of the four lists. */
const SPREAD: [DemoLoopStatus, number][] = [
  ['draft', 2],
  ['submitted', 2],
  ['integrated', 4],
  ['rejected', 2],
];

/**
 * Loop orders of alice's depositors (DEMO-A, DEMO-B) on each one's main platform, in every list.
 * Shared by the Huby demo (the orders) and the stock demo (the integrated ones' reservations), so
 * both services tell the same story. Quantities are a few units: far below any unblocked lot; rejected
 * orders went to a platform where the depositor has no stock.
 */
export function demoLoopOrders(catalogue: DemoArticle[] = demoCatalogue()): DemoLoopOrder[] {
  const rand = prng(1313);
  const orders: DemoLoopOrder[] = [];
  for (const depositorId of [1, 2]) {
    const articles = catalogue.filter((a) => a.depositorId === depositorId);
    const platformId = articles[0].platformIds[0];
    const onPlatform = articles.filter((a) => a.platformIds.includes(platformId));
    // Rejected orders were sent to a platform where the depositor has no stock: the warehouse does not know it there.
    const elsewhere = [1, 5, 8, 10, 12, 14, 16].find((p) => !articles.some((a) => a.platformIds.includes(p)))!;
    let n = 0;
    for (const [status, count] of SPREAD)
      for (let i = 0; i < count; i++) {
        n++;
        const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
          const a = onPlatform[Math.floor(rand() * onPlatform.length)];
          return { reference: a.reference, label: a.label, quantity: 1 + Math.floor(rand() * 3) };
        }).filter((l, j, all) => all.findIndex((o) => o.reference === l.reference) === j);
        orders.push({
          uuid: `00000000-0000-4000-a000-${String(depositorId * 1000 + n).padStart(12, '0')}`,
          depositorId,
          platformId,
          reference: `LPD${depositorId}${String(n).padStart(4, '0')}`,
          status,
          daysAgo: status === 'draft' ? 0 : 1 + Math.floor(rand() * 10),
          lines,
          ...(status === 'rejected'
            ? { platformId: elsewhere, reason: { key: 'loopDepositorNotOnPlatform', params: { platform: elsewhere } } }
            : {}),
        });
      }
  }
  return orders;
}
