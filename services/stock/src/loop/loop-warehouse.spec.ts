import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LoopEvents,
  LoopSubjects,
  Role,
  StockEvents,
  StockSubjects,
  systemContext,
  type DomainEvent,
  type LoopOrderSubmittedEvent,
  type StockLinePage,
  type StockLinesReservedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import { StockServiceModule } from '../stock.module';
import { line, warehouse } from '../../test/fixtures';
import { LoopWarehouseConsumer } from './loop-warehouse.consumer';

const A = 1;
const B = 2;

/** The demo warehouse integrating Loop orders: reservations soonest best-before first, reasons, once per event and per order. */
describe('Loop orders at the demo warehouse', () => {
  let h: ServiceHarness;
  let consumer: LoopWarehouseConsumer;
  let db: Db;
  const event = (payload: Partial<LoopOrderSubmittedEvent>, id = randomUUID()): DomainEvent<LoopOrderSubmittedEvent> => ({
    id,
    type: LoopEvents.orderSubmitted,
    source: 'huby',
    occurredAt: new Date().toISOString(),
    payload: { uuid: randomUUID(), reference: 'LP00000001', depositorId: A, depositorCode: 'DEMO-A', platformId: 1, lines: [], ...payload },
  });
  const lots = () =>
    db.scopedQuery<{ lot: string; quantity_reserved: number; quantity_available: number }>(
      callerContext({ roles: [Role.STOCK_USER], depositorIds: [A] }),
      `SELECT lot, quantity_reserved, quantity_available FROM stock_lines WHERE reference = 'LOOP-1' ORDER BY lot`,
    );
  const answers = (uuid: string) =>
    db.system.query<{ payload: { outcome: string; reason?: { key: string; params: object } } }>(
      `SELECT payload FROM outbox WHERE type = $1 AND payload->>'uuid' = $2`,
      [LoopEvents.orderSettled, uuid],
    );

  const reservations = async (uuid: string) =>
    (
      await db.system.query<{ payload: StockLinesReservedEvent }>(
        `SELECT payload FROM outbox WHERE type = $1 AND payload->>'loopOrderUuid' = $2`,
        [StockEvents.linesReserved, uuid],
      )
    ).map((r) => r.payload);

  beforeAll(async () => {
    h = await startServices([StockServiceModule, AdminServiceModule]);
    const dbs = h.app.get(Db, { each: true });
    await seedAdminDemo(dbs.find((d) => d.service === 'admin')!);
    db = dbs.find((d) => d.service === 'stock')!;
    consumer = h.app.get(LoopWarehouseConsumer);
    await h.call(StockSubjects.feedItems, warehouse('all'), {
      items: [
        { depositorId: A, reference: 'LOOP-1', label: 'Sérum' },
        { depositorId: B, reference: 'LOOP-B', label: 'Vaccin' },
      ],
    });
    await h.call(StockSubjects.feedSnapshot, warehouse('all'), {
      depositorId: A,
      platformId: 1,
      lines: [
        line('LOOP-1', { lot: 'L1', bestBefore: '2031-01-01', quantityInStock: 10, quantityAvailable: 10 }),
        line('LOOP-1', { lot: 'L2', bestBefore: '2030-01-01', quantityInStock: 4, quantityAvailable: 4 }),
      ],
    });
  }, 90000);
  afterAll(() => h?.close());

  it('reserves the soonest best-before first and answers integrated, once even when delivered twice', async () => {
    const submitted = event({ lines: [{ reference: 'LOOP-1', quantity: 6 }] });
    expect(await consumer.apply(submitted)).toBe('integrated');
    expect(await consumer.apply(submitted)).toBeNull();
    // The same order in another event (a resubmitted copy) reserves nothing more either.
    expect(await consumer.apply({ ...submitted, id: randomUUID() })).toBeNull();
    expect(await lots()).toEqual([
      { lot: 'L1', quantity_reserved: 2, quantity_available: 8 },
      { lot: 'L2', quantity_reserved: 4, quantity_available: 0 },
    ]);
    expect((await answers(submitted.payload.uuid)).map((a) => a.payload.outcome)).toEqual(['integrated']);
    // Told once, with the lines it took from: the reports read their quantities now from the stock.
    const reserved = await reservations(submitted.payload.uuid);
    expect(reserved).toHaveLength(1);
    const [l1, l2] = await db.system.query<{ id: string }>(`SELECT id FROM stock_lines WHERE reference = 'LOOP-1' ORDER BY lot`);
    expect(reserved[0]).toEqual({
      depositorId: A,
      platformId: 1,
      loopOrderUuid: submitted.payload.uuid,
      lines: [
        { id: Number(l2.id), quantity: 4 },
        { id: Number(l1.id), quantity: 2 },
      ],
    });
    const page = await h.call<StockLinePage>(StockSubjects.linePages, systemContext(), { ids: reserved[0].lines.map((l) => l.id) });
    expect(page.lines.map((l) => [l.lot, l.quantityReserved, l.quantityAvailable])).toEqual([
      ['L1', 2, 8],
      ['L2', 4, 0],
    ]);
  });

  it('rejects what is no longer available, reserving none of the order', async () => {
    const submitted = event({
      lines: [
        { reference: 'LOOP-1', quantity: 1 },
        { reference: 'LOOP-1', quantity: 8 },
      ],
    });
    expect(await consumer.apply(submitted)).toBe('rejected');
    expect((await answers(submitted.payload.uuid))[0].payload.reason).toEqual({
      key: 'loopAvailableQuantityExceeded',
      params: { reference: 'LOOP-1', available: 8 },
    });
    expect((await lots()).map((l) => l.quantity_available)).toEqual([8, 0]);
    expect(await reservations(submitted.payload.uuid)).toEqual([]);
  });

  it('rejects a depositor that has no stock on the platform', async () => {
    const submitted = event({ depositorId: B, depositorCode: 'DEMO-B', lines: [{ reference: 'LOOP-B', quantity: 1 }] });
    expect(await consumer.apply(submitted)).toBe('rejected');
    expect((await answers(submitted.payload.uuid))[0].payload.reason?.key).toBe('loopDepositorNotOnPlatform');
  });

  it('answers entry questions within the caller’s scope only', async () => {
    const alice = callerContext({ roles: [Role.USER_CREATE_LOOP_ORDER], depositorIds: [A] });
    const other = callerContext({ roles: [Role.USER_CREATE_LOOP_ORDER], depositorIds: [B] });
    const mine = await h.call<{ reference: string; available: number }[]>(LoopSubjects.stockArticles, alice, {
      depositor_id: A,
      platform_id: 1,
      search: 'loop',
    });
    expect(mine).toEqual([expect.objectContaining({ reference: 'LOOP-1', available: 8 })]);
    expect(await h.call(LoopSubjects.stockArticles, other, { depositor_id: A, platform_id: 1 })).toEqual([]);
    expect(await h.call(LoopSubjects.stockAvailability, other, { depositor_id: A, platform_id: 1, references: ['LOOP-1'] })).toEqual({
      referenced: false,
      available: {},
      labels: {},
    });
  });
});
