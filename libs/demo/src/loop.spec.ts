import { demoCatalogue } from './catalogue';
import { demoLoopOrders } from './loop';

describe('demo Loop orders', () => {
  const catalogue = demoCatalogue();
  const orders = demoLoopOrders(catalogue);

  it('fills the four lists for each of alice’s depositors', () => {
    for (const depositorId of [1, 2])
      expect(new Set(orders.filter((o) => o.depositorId === depositorId).map((o) => o.status))).toEqual(
        new Set(['draft', 'submitted', 'integrated', 'rejected']),
      );
  });

  it('orders the depositor’s own articles kept on the platform, except rejected ones, sent where it has no stock', () => {
    for (const o of orders) {
      const articles = catalogue.filter((a) => a.depositorId === o.depositorId);
      expect(articles.some((a) => a.platformIds.includes(o.platformId))).toBe(o.status !== 'rejected');
      for (const line of o.lines) expect(articles.find((a) => a.reference === line.reference)).toBeDefined();
      if (o.status === 'rejected') expect(o.reason).toEqual({ key: 'loopDepositorNotOnPlatform', params: { platform: o.platformId } });
    }
    expect(new Set(orders.map((o) => o.uuid)).size).toBe(orders.length);
  });
});
