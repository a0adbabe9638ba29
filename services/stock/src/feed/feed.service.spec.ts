import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  systemContext,
  StockEvents,
  StockSubjects,
  type CallerContext,
  type FeedResult,
  type ListPage,
  type StockLineBlockChangedEvent,
  type StockLineDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { StockServiceModule } from '../stock.module';
import { line, warehouse } from '../../test/fixtures';

const admin = () => callerContext({ roles: ['ADMIN'], all: true });

describe('warehouse feed', () => {
  let h: ServiceHarness;
  let db: Db;
  const stockOf = async (ctx: CallerContext, filter: object = {}) =>
    (await h.call<ListPage<StockLineDto>>(StockSubjects.stockList, ctx, { filter, range: [0, 999] })).rows;

  beforeAll(async () => {
    h = await startServices([StockServiceModule, AdminServiceModule]);
    const dbs = h.app.get(Db, { each: true });
    await seedAdminDemo(dbs.find((d) => d.service === 'admin')!);
    db = dbs.find((d) => d.service === 'stock')!;
  });
  afterAll(() => h.close());

  describe('stock snapshots', () => {
    it('stores the lines with the depositor code and refuses faulty lines one by one with a key', async () => {
      const result = await h.call<FeedResult>(StockSubjects.feedSnapshot, warehouse([1]), {
        depositorId: 1,
        platformId: 1,
        lines: [
          line('A-1'),
          { ...line('A-2'), quantityInStock: 'x' },
          { quantityInStock: 3 },
          { ...line('A-3'), blockingCode: 'ZZ' },
          line('A-4'),
          { ...line('A-5'), label: 'Carton\u0000' },
          { ...line('A-6'), bestBefore: '99999-01-01' },
        ],
      });
      expect(result).toEqual({
        accepted: 2,
        refused: [
          { line: 1, key: 'integer', field: 'quantityInStock' },
          { line: 2, key: 'required', field: 'reference' },
          { line: 3, key: 'invalidFormat', field: 'blockingCode' },
          { line: 5, key: 'invalidFormat', field: 'label' },
          { line: 6, key: 'invalidFormat', field: 'bestBefore' },
        ],
      });
      const rows = await stockOf(admin(), { platform: 1 });
      expect(rows.map((r) => [r.reference, r.depositorCode])).toEqual([
        ['A-1', 'DEMO-A'],
        ['A-4', 'DEMO-A'],
      ]);
    });

    it('replaces only that depositor’s stock on that platform', async () => {
      await h.call(StockSubjects.feedSnapshot, warehouse([1]), { depositorId: 1, platformId: 8, lines: [line('A-8')] });
      await h.call(StockSubjects.feedSnapshot, warehouse([1]), { depositorId: 1, platformId: 1, lines: [line('A-5')] });
      expect((await stockOf(admin(), { depositor: 1 })).map((r) => r.reference)).toEqual(['A-5', 'A-8']);
    });

    it('refuses a snapshot older than the one applied (staleSnapshot)', async () => {
      await h.call(StockSubjects.feedSnapshot, warehouse([1]), {
        depositorId: 1,
        platformId: 16,
        takenAt: new Date(Date.now() - 60_000).toISOString(),
        lines: [line('N')],
      });
      await expect(
        h.call(StockSubjects.feedSnapshot, warehouse([1]), {
          depositorId: 1,
          platformId: 16,
          takenAt: new Date(Date.now() - 3_600_000).toISOString(),
          lines: [],
        }),
      ).rejects.toMatchObject({ key: 'staleSnapshot' });
      // A snapshot taken tomorrow is a clock error, not the latest stock.
      await expect(
        h.call(StockSubjects.feedSnapshot, warehouse([1]), {
          depositorId: 1,
          platformId: 16,
          takenAt: new Date(Date.now() + 86_400_000).toISOString(),
          lines: [],
        }),
      ).rejects.toMatchObject({ key: 'validationFailed', fields: { takenAt: 'inFuture' } });
      expect((await stockOf(admin(), { platform: 16 })).map((r) => r.reference)).toEqual(['N']);
    });

    it('tells a line blocked or unblocked against the previous snapshot, in the snapshot’s transaction (lineBlockChanged)', async () => {
      const events = async () =>
        (
          await db.system.query<{ payload: StockLineBlockChangedEvent }>(
            `SELECT payload FROM outbox WHERE type = $1 AND (payload->>'platformId')::int = 17 ORDER BY occurred_at, payload->>'reference'`,
            [StockEvents.lineBlockChanged],
          )
        ).map((r) => [r.payload.reference, r.payload.blocked, r.payload.quantityBlocked]);
      const snapshot = (lines: ReturnType<typeof line>[]) =>
        h.call(StockSubjects.feedSnapshot, warehouse([1]), { depositorId: 1, platformId: 17, lines });
      // A first snapshot has no "before": its blocked lines tell nothing.
      await snapshot([line('B-1', { quantityBlocked: 2, blockingCode: 'BL' }), line('B-2')]);
      expect(await events()).toEqual([]);
      await snapshot([line('B-1', { quantityBlocked: 3, blockingCode: 'BL' }), line('B-2', { quantityBlocked: 1, blockingCode: 'BL' })]);
      expect(await events()).toEqual([['B-2', true, 1]]);
      await snapshot([line('B-2', { quantityBlocked: 0 })]);
      expect(await events()).toEqual([
        ['B-2', true, 1],
        ['B-1', false, 0],
        ['B-2', false, 0],
      ]);
    });

    it('refuses a depositor or platform outside the key, and unknown ones', async () => {
      const call = (ctx: CallerContext, depositorId: number, platformId: number) =>
        h.call(StockSubjects.feedSnapshot, ctx, { depositorId, platformId, lines: [line('X')] });
      await expect(call(warehouse([1]), 2, 12)).rejects.toMatchObject({ key: 'depositorNotAllowed' });
      await expect(call(warehouse([2], [12]), 2, 10)).rejects.toMatchObject({ key: 'platformNotAllowed' });
      await expect(call(warehouse('all'), 99, 1)).rejects.toMatchObject({ key: 'unknownDepositor' });
      await expect(call(warehouse('all'), 1, 999)).rejects.toMatchObject({ key: 'unknownPlatform' });
      await expect(h.call(StockSubjects.feedSnapshot, warehouse([1]), { depositorId: 1, platformId: 1 })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { lines: 'required' },
      });
      await expect(h.call(StockSubjects.feedSnapshot, warehouse([1]), { platformId: 1, lines: [] })).rejects.toMatchObject({
        fields: { depositorId: 'required' },
      });
    });

    it('answers only API keys of kind warehouse', async () => {
      const user = callerContext({ roles: ['ADMIN'], all: true });
      await expect(h.call(StockSubjects.feedSnapshot, user, { depositorId: 1, platformId: 1, lines: [] })).rejects.toMatchObject({
        key: 'invalidApiKey',
      });
      const carrier = { ...warehouse([1]), client: { id: 9, name: 'carrier', kind: 'carrier' as const, platformIds: [] } };
      await expect(h.call(StockSubjects.feedSnapshot, carrier, { depositorId: 1, platformId: 1, lines: [] })).rejects.toMatchObject({
        key: 'invalidApiKey',
      });
    });

    it('swaps a snapshot atomically: a concurrent reader sees the old lines or the new ones, never a mix', async () => {
      const batch = (lot: string) => Array.from({ length: 3000 }, (_, i) => ({ ...line(`R-${String(i).padStart(5, '0')}`), lot }));
      await h.call(StockSubjects.feedSnapshot, warehouse([3]), { depositorId: 3, platformId: 4, lines: batch('OLD') });
      const seen = new Set<string>();
      let writing = true;
      const reader = (async () => {
        while (writing) {
          const page = await h.call<ListPage<StockLineDto>>(StockSubjects.stockList, admin(), {
            filter: { depositor: 3 },
            range: [0, 4999],
          });
          const lots = new Set(page.rows.map((r) => r.lot));
          expect(lots.size).toBe(1);
          expect(page.rows.length).toBe(3000);
          expect(page.total).toBe(3000);
          seen.add([...lots][0]!);
        }
      })();
      for (let n = 0; n < 4; n++) {
        await h.call(StockSubjects.feedSnapshot, warehouse([3]), { depositorId: 3, platformId: 4, lines: batch(n % 2 ? 'OLD' : 'NEW') });
      }
      writing = false;
      await reader;
      expect(seen.size).toBeGreaterThan(0);
      expect([...seen].every((lot) => lot === 'OLD' || lot === 'NEW')).toBe(true);
      const [{ count }] = await db.scoped(systemContext(), (em) =>
        em.query(`SELECT count(*)::int AS count FROM stock_lines WHERE depositor_id = 3`),
      );
      expect(count).toBe(3000);
    });
  });

  describe('movements', () => {
    const movement = (id: string, extra: object = {}) => ({
      id,
      depositorId: 1,
      platformId: 1,
      reference: 'A-1',
      movedAt: '2026-01-05T10:00:00Z',
      type: 'entry',
      quantity: 10,
      ...extra,
    });

    it('records new movements, refuses faulty lines with a key each and reports the rest', async () => {
      const result = await h.call<FeedResult>(StockSubjects.feedMovements, warehouse([1]), {
        movements: [
          movement('M1'),
          movement('M2', { depositorId: 2 }),
          movement('M3', { type: 'theft' }),
          movement('M1'),
          movement('M4', { movedAt: 'yesterday' }),
          movement('M5', { quantity: 1.5 }),
          movement('M6', { platformId: 999 }),
          movement('M7', { movedAt: new Date(Date.now() + 86_400_000).toISOString() }),
        ],
      });
      expect(result).toEqual({
        accepted: 1,
        duplicates: 0,
        refused: [
          { line: 1, key: 'depositorNotAllowed', field: 'depositorId' },
          { line: 2, key: 'invalidFormat', field: 'type' },
          { line: 3, key: 'duplicateLine' },
          { line: 4, key: 'invalidFormat', field: 'movedAt' },
          { line: 5, key: 'integer', field: 'quantity' },
          { line: 6, key: 'unknownPlatform', field: 'platformId' },
          { line: 7, key: 'inFuture', field: 'movedAt' },
        ],
      });
    });

    it('is idempotent by the WMS movement id, and refuses an id reused for another movement', async () => {
      const replay = await h.call<FeedResult>(StockSubjects.feedMovements, warehouse([1]), { movements: [movement('M1'), movement('M7')] });
      expect(replay).toEqual({ accepted: 2, duplicates: 1, refused: [] });
      const conflict = await h.call<FeedResult>(StockSubjects.feedMovements, warehouse([1]), {
        movements: [movement('M1', { quantity: 99 })],
      });
      expect(conflict).toEqual({ accepted: 0, duplicates: 0, refused: [{ line: 0, key: 'movementIdConflict', field: 'id' }] });
      const [{ count }] = await db.scoped(systemContext(), (em) =>
        em.query(`SELECT count(*)::int AS count FROM movements WHERE wms_id = 'M1'`),
      );
      expect(count).toBe(1);
    });

    it('refuses a platform the key is not bound to, and an unknown depositor', async () => {
      const result = await h.call<FeedResult>(StockSubjects.feedMovements, warehouse('all', [1]), {
        movements: [movement('P1', { platformId: 8 }), movement('P2', { depositorId: 99 })],
      });
      expect(result.refused).toEqual([
        { line: 0, key: 'platformNotAllowed', field: 'platformId' },
        { line: 1, key: 'unknownDepositor', field: 'depositorId' },
      ]);
    });
  });

  describe('items', () => {
    it('creates then updates item sheets with their packing levels, and links stock lines to them', async () => {
      const item = {
        depositorId: 1,
        reference: 'A-5',
        label: 'Crème',
        variants: { unit: { enabled: true, barcode: '3700000000017', quantity: 1, weightKg: 0.2 } },
      };
      const bad = [
        { ...item, reference: 'A-6', unCode: 'UN12' },
        { ...item, reference: 'A-7', variants: { box: { quantity: -1 } } },
        { ...item, label: '' },
      ];
      const first = await h.call<FeedResult>(StockSubjects.feedItems, warehouse([1]), {
        items: [item, ...bad, { ...item, depositorId: 2 }],
      });
      expect(first).toEqual({
        accepted: 1,
        refused: [
          { line: 1, key: 'invalidFormat', field: 'unCode' },
          { line: 2, key: 'min', field: 'variants.box.quantity' },
          { line: 3, key: 'required', field: 'label' },
          { line: 4, key: 'depositorNotAllowed', field: 'depositorId' },
        ],
      });
      await h.call(StockSubjects.feedItems, warehouse([1]), { items: [{ ...item, label: 'Crème riche', newProduct: true }] });
      const [stock] = await stockOf(admin(), { reference: 'A-5' });
      expect(stock.itemId).toEqual(expect.any(Number));
      const sheet = await h.call<{ label: string; newProduct: boolean; variants: { kind: string; enabled: boolean }[] }>(
        StockSubjects.itemsGet,
        admin(),
        { id: stock.itemId },
      );
      expect(sheet).toMatchObject({ label: 'Crème riche', newProduct: true });
      expect(sheet.variants.map((v) => [v.kind, v.enabled])).toEqual([
        ['unit', true],
        ['box', false],
        ['carton', false],
        ['pallet', false],
      ]);
    });
  });
});
