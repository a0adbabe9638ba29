import { demoCatalogue } from './catalogue';
import { demoOrders } from './orders';

describe('demo orders', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('are deterministic, spread over the period, with the asked count and consistent lines', () => {
    const catalogue = demoCatalogue(50);
    const a = [...demoOrders(catalogue, { count: 3000, now })];
    const b = [...demoOrders(catalogue, { count: 3000, now })];
    expect(a.length).toBe(3000);
    expect(JSON.stringify(a.slice(0, 20))).toBe(JSON.stringify(b.slice(0, 20)));
    expect(a[0].createdAt.getTime()).toBeLessThan(a[2999].createdAt.getTime());
    const outcomes = new Set(a.map((o) => o.outcome));
    expect([...outcomes].sort()).toEqual(['anomaly', 'canceled', 'delivered', 'in-transit', 'partial', 'preparing', 'returned']);
    for (const o of a) {
      // Nothing has happened after `now`: taken, shipped or delivered.
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (o.shippedAt) expect(o.shippedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (o.deliveredAt) expect(o.deliveredAt.getTime()).toBeLessThanOrEqual(now.getTime());
      for (const line of o.lines) expect(line.quantitySent).toBeLessThanOrEqual(line.quantityOrdered);
      if (!o.shippedAt) expect(o.lines.every((l) => l.quantitySent === 0)).toBe(true);
      const article = catalogue.find((c) => c.reference === o.lines[0].reference)!;
      expect(article.depositorId).toBe(o.depositorId);
    }
    // Serial numbers: electronics (DEMO-C) and diagnostic devices (DEMO-B), never cosmetics (DEMO-A).
    const serialized = new Set(a.filter((o) => o.lines.some((l) => l.serials.length)).map((o) => o.depositorId));
    expect([...serialized].sort()).toEqual([2, 3]);
    expect(new Set(a.flatMap((o) => o.lines.flatMap((l) => l.serials))).size).toBe(
      a.flatMap((o) => o.lines.flatMap((l) => l.serials)).length,
    );
  });

  it('gives valid EAN-13 barcodes', () => {
    for (const article of demoCatalogue(20)) {
      const digits = [...article.barcode].map(Number);
      const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    }
  });
});
