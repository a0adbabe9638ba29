import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  StockEvents,
  StockSubjects,
  systemContext,
  type StockLinePage,
  type StockLinesReplacedEvent,
  type StockMovementPage,
  type StockMovementsRecordedEvent,
  type DomainEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { StockServiceModule } from '../stock.module';
import { line, warehouse } from '../../test/fixtures';

const movement = (id: string, extra: object = {}) => ({
  id,
  depositorId: 1,
  platformId: 1,
  reference: 'R-1',
  movedAt: '2026-01-05T10:00:00Z',
  type: 'exit',
  quantity: 4,
  ...extra,
});

describe('what the stock service tells the reports projection', () => {
  let h: ServiceHarness;
  const heard: DomainEvent[] = [];
  /** The events of this type relayed so far, once at least `count` are. */
  const events = async <T>(type: string, count: number): Promise<T[]> => {
    for (let i = 0; i < 100; i++) {
      const found = heard.filter((e) => e.type === type).map((e) => e.payload as T);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${count} ${type} events`);
  };

  beforeAll(async () => {
    h = await startServices([StockServiceModule, AdminServiceModule]);
    const dbs = h.app.get(Db, { each: true });
    await seedAdminDemo(dbs.find((d) => d.service === 'admin')!);
    await h.transport.listen([StockEvents.movementsRecorded, StockEvents.linesReplaced], async (e) => void heard.push(e));
  });
  afterAll(() => h.close());

  it('records one event with the movements a feed call recorded, replays excluded', async () => {
    await h.call(StockSubjects.feedMovements, warehouse([1, 2]), {
      movements: [movement('E1'), movement('E2', { depositorId: 2, storeCode: 'S1' })],
    });
    await h.call(StockSubjects.feedMovements, warehouse([1, 2]), {
      movements: [movement('E1'), movement('E3', { type: 'entry', quantity: 9 })],
    });
    const recorded = (await events<StockMovementsRecordedEvent>(StockEvents.movementsRecorded, 2)).flatMap((e) => e.movements);
    recorded.sort((a, b) => a.id - b.id);
    expect(recorded.map((m) => [m.depositorId, m.reference, m.type, m.quantity, m.storeCode, m.movedAt])).toEqual([
      [1, 'R-1', 'exit', 4, null, '2026-01-05T10:00:00.000Z'],
      [2, 'R-1', 'exit', 4, 'S1', '2026-01-05T10:00:00.000Z'],
      [1, 'R-1', 'entry', 9, null, '2026-01-05T10:00:00.000Z'],
    ]);
    expect(new Set(recorded.map((m) => m.id)).size).toBe(3);
  });

  it('records that a snapshot replaced a depositor’s stock on a platform, and pages its lines', async () => {
    const takenAt = new Date(Date.now() - 60_000).toISOString();
    await h.call(StockSubjects.feedSnapshot, warehouse([1]), {
      depositorId: 1,
      platformId: 2,
      takenAt,
      lines: [line('L-1', { unitPrice: 2.5, storeCode: 'MAG1' }), line('L-2', { quantityBlocked: 3, blockingCode: 'BQ' })],
    });
    expect(await events<StockLinesReplacedEvent>(StockEvents.linesReplaced, 1)).toEqual([
      { depositorId: 1, platformId: 2, takenAt, lineCount: 2 },
    ]);
    const page = await h.call<StockLinePage>(StockSubjects.linePages, systemContext(), { depositorId: 1, platformId: 2, limit: 1 });
    expect(page.lines).toEqual([
      expect.objectContaining({ reference: 'L-1', storeCode: 'MAG1', unitPrice: 2.5, stockValue: 25, quantityInStock: 10 }),
    ]);
    expect(page.takenAt).toEqual({ '1/2': takenAt });
    const rest = await h.call<StockLinePage>(StockSubjects.linePages, systemContext(), { depositorId: 1, platformId: 2, after: page.next });
    expect(rest.lines.map((l) => [l.reference, l.quantityBlocked, l.blockingCode])).toEqual([['L-2', 3, 'BQ']]);
    expect(rest.next).toBeNull();
    const some = await h.call<StockLinePage>(StockSubjects.linePages, systemContext(), { ids: [rest.lines[0].id, 999_999_999] });
    expect(some.lines.map((l) => l.reference)).toEqual(['L-2']);
    for (const ids of [[0], ['1'], 'x', [1.5]])
      await expect(h.call(StockSubjects.linePages, systemContext(), { ids })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { ids: 'invalidFormat' },
      });
  });

  it('pages the movements for the system only', async () => {
    const page = await h.call<StockMovementPage>(StockSubjects.movementPages, systemContext(), { after: 0, limit: 2 });
    expect(page.movements).toHaveLength(2);
    const rest = await h.call<StockMovementPage>(StockSubjects.movementPages, systemContext(), { after: page.next });
    expect(rest).toMatchObject({ movements: [expect.objectContaining({ type: 'entry', quantity: 9 })], next: null });
    const user = callerContext({ roles: ['ADMIN'], all: true });
    await expect(h.call(StockSubjects.movementPages, user, {})).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(StockSubjects.linePages, warehouse('all'), {})).rejects.toMatchObject({ key: 'permissionDenied' });
  });
});
