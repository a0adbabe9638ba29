import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, StockSubjects, systemContext, type ListPage, type MovementDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { demoCatalogue, demoLoopOrders, demoOrders } from '@portal/demo';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { StockServiceModule } from '../stock.module';
import { seedStockDemo } from './seed';

const now = new Date('2026-06-15T12:00:00Z');

describe('stock demo seed', () => {
  let h: ServiceHarness;
  let db: Db;
  beforeAll(async () => {
    h = await startServices([StockServiceModule]);
    db = h.get<Db>(Db);
    await seedStockDemo(db, { scale: 0.02, now });
  });
  afterAll(() => h.close());

  const count = async (sql: string) => (await db.scoped(systemContext(), (em) => em.query<{ n: number }[]>(sql)))[0].n;

  it('loads items with four packing levels, stock lines and movements, once', async () => {
    expect(await count(`SELECT count(*)::int AS n FROM items`)).toBe(demoCatalogue().length);
    expect(await count(`SELECT count(*)::int AS n FROM item_variants`)).toBe(demoCatalogue().length * 4);
    expect(await count(`SELECT count(*)::int AS n FROM stock_lines WHERE item_id IS NULL`)).toBe(0);
    const movements = await count(`SELECT count(*)::int AS n FROM movements`);
    await seedStockDemo(db, { scale: 0.02, now });
    expect(await count(`SELECT count(*)::int AS n FROM movements`)).toBe(movements);
    expect(await count(`SELECT count(DISTINCT type)::int AS n FROM movements`)).toBe(6);
  });

  it('records the sent lines of the tracking demo orders of the last 12 months as exits', async () => {
    const since = now.getTime() - 365 * 86_400_000;
    const order = [...demoOrders(demoCatalogue(), { count: 2000, now })]
      .reverse()
      .find((o) => o.shippedAt && o.shippedAt.getTime() > since && o.lines.some((l) => l.quantitySent > 0))!;
    const ctx = callerContext({ roles: [Role.STOCK_USER, Role.STOCK_MVT_DETAILS], depositorIds: [order.depositorId] });
    const page = await h.call<ListPage<MovementDto>>(StockSubjects.movementsList, ctx, {
      filter: { type: 'exit', dateFrom: order.shippedAt!.toISOString(), dateTo: new Date(order.shippedAt!.getTime() + 1).toISOString() },
    });
    const exits = page.rows.filter((m) => m.details?.movementReference === order.reference);
    expect(exits.map((m) => [m.reference, -m.quantity])).toEqual(
      expect.arrayContaining(order.lines.filter((l) => l.quantitySent > 0).map((l) => [l.reference, l.quantitySent])),
    );
  });

  it('reserves the integrated demo Loop orders, so My Stocks shows them reserved', async () => {
    const integrated = demoLoopOrders().filter((o) => o.status === 'integrated');
    const outcomes = await db.scoped(systemContext(), (em) =>
      em.query<{ order_uuid: string; outcome: string }[]>(`SELECT order_uuid, outcome FROM loop_reservations`),
    );
    expect(
      outcomes
        .filter((o) => o.outcome === 'integrated')
        .map((o) => o.order_uuid)
        .sort(),
    ).toEqual(integrated.map((o) => o.uuid).sort());
    const [first] = integrated;
    const reserved = await count(
      `SELECT sum(quantity_reserved)::int AS n FROM stock_lines WHERE depositor_id = ${first.depositorId} AND platform_id = ${first.platformId}
         AND reference = '${first.lines[0].reference}'`,
    );
    // Above the warehouse's own reservations (a tenth of each lot) by at least the order's quantity.
    expect(reserved).toBeGreaterThanOrEqual(first.lines[0].quantity);
  });
});
