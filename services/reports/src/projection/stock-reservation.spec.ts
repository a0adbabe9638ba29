import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FULL_SCOPE,
  LoopEvents,
  ReportsSubjects,
  Role,
  StockSubjects,
  type CallerContext,
  type DomainEvent,
  type LoopOrderSubmittedEvent,
  type ReportResultDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { StockServiceModule } from '@portal/service-stock';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import { ReportsServiceModule } from '../reports.module';

const warehouse: CallerContext = {
  requestId: 'wms',
  client: { id: 1, name: 'WMS (test)', kind: 'warehouse', platformIds: [] },
  roles: [],
  scope: FULL_SCOPE,
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
};

/** The real stock service beside the reports: a Loop reservation's stock figures in the reports are the stock's own. */
describe('stock reports after a Loop reservation (stock and reports services)', () => {
  let h: ServiceHarness;
  let stock: Db;
  const reader = callerContext({ roles: [Role.REPORT_USER], depositorIds: [1] });
  const item = async () => {
    const r = await h.call<ReportResultDto>(ReportsSubjects.run, reader, { reportId: '197' });
    return r.rows.find((row) => row.reference === 'LOOP-R');
  };
  const until = async (ready: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 50));
  };

  beforeAll(async () => {
    h = await startServices([StockServiceModule, ReportsServiceModule, AdminServiceModule]);
    const dbs = h.app.get(Db, { each: true });
    await seedAdminDemo(dbs.find((d) => d.service === 'admin')!);
    stock = dbs.find((d) => d.service === 'stock')!;
    await h.call(StockSubjects.feedItems, warehouse, { items: [{ depositorId: 1, reference: 'LOOP-R', label: 'Sérum' }] });
    await h.call(StockSubjects.feedSnapshot, warehouse, {
      depositorId: 1,
      platformId: 1,
      lines: [
        { reference: 'LOOP-R', lot: 'L1', bestBefore: '2030-01-01', quantityInStock: 10, quantityAvailable: 10, unitPrice: 2 },
        {
          reference: 'LOOP-R',
          lot: 'L2',
          bestBefore: '2031-01-01',
          quantityInStock: 8,
          quantityBlocked: 2,
          quantityAvailable: 6,
          unitPrice: 2,
        },
      ],
    });
    await until(async () => (await item())?.available === 16);
  }, 90_000);
  afterAll(() => h?.close());

  it('moves the reserved and available figures as the stock service moved them, once', async () => {
    expect(await item()).toMatchObject({ lines: 2, inStock: 18, reserved: 0, blocked: 2, available: 16 });
    const submitted: DomainEvent<LoopOrderSubmittedEvent> = {
      id: randomUUID(),
      type: LoopEvents.orderSubmitted,
      source: 'huby',
      occurredAt: new Date().toISOString(),
      payload: {
        uuid: randomUUID(),
        reference: 'LP00000042',
        depositorId: 1,
        depositorCode: 'DEMO-A',
        platformId: 1,
        lines: [{ reference: 'LOOP-R', quantity: 12 }],
      },
    };
    await h.transport.publish(submitted);
    await h.transport.publish(submitted);
    const [own] = await stock.system.query<{ in_stock: number; reserved: number; blocked: number; available: number }>(
      `SELECT sum(quantity_in_stock)::int AS in_stock, sum(quantity_reserved)::int AS reserved, sum(quantity_blocked)::int AS blocked,
         sum(quantity_available)::int AS available FROM stock_lines WHERE reference = 'LOOP-R'`,
    );
    expect(own).toEqual({ in_stock: 18, reserved: 12, blocked: 2, available: 4 });
    await until(async () => (await item())?.reserved === 12);
    expect(await item()).toMatchObject({
      lines: 2,
      inStock: own.in_stock,
      reserved: own.reserved,
      blocked: own.blocked,
      available: own.available,
    });
  });
});
