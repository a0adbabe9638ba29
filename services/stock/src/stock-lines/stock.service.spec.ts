import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Role,
  StockSubjects,
  type CallerContext,
  type ItemDto,
  type ListPage,
  type MovementDto,
  type StockByReferenceDto,
  type StockLineDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { addDays, todayIn } from '@portal/contracts';
import { StockServiceModule } from '../stock.module';
import { line, warehouse } from '../../test/fixtures';

const A = 1;
const B = 2;
const user = (roles: string[], depositorIds = [A]) => callerContext({ roles, depositorIds });
const stockUser = (depositorIds = [A]) => user([Role.STOCK_USER], depositorIds);
const today = todayIn('Europe/Paris');

/** My Stocks and My Items queries, on stock fed through the warehouse feed. */
describe('stock, movements and items queries', () => {
  let h: ServiceHarness;
  const stock = (ctx: CallerContext, filter: object = {}, extra: object = {}) =>
    h.call<ListPage<StockLineDto>>(StockSubjects.stockList, ctx, { filter, range: [0, 99], ...extra });
  const refs = async (ctx: CallerContext, filter: object = {}, extra: object = {}) =>
    (await stock(ctx, filter, extra)).rows.map((r) => r.reference);
  const movements = (ctx: CallerContext, filter: object = {}, extra: object = {}) =>
    h.call<ListPage<MovementDto>>(StockSubjects.movementsList, ctx, {
      filter: { dateFrom: '2026-01-01', dateTo: '2026-03-31', ...filter },
      ...extra,
    });
  const items = (ctx: CallerContext, filter: object = {}) => h.call<ListPage<ItemDto>>(StockSubjects.itemsList, ctx, { filter });

  beforeAll(async () => {
    h = await startServices([StockServiceModule, AdminServiceModule]);
    await seedAdminDemo(h.app.get(Db, { each: true }).find((d) => d.service === 'admin')!);
    const wms = warehouse('all');
    await h.call(StockSubjects.feedItems, wms, {
      items: [
        {
          depositorId: A,
          reference: 'CREME-01',
          label: 'Crème',
          barcode: '3700000000017',
          family1: 'SOIN',
          family2: 'VISAGE',
          variants: { box: { enabled: true, barcode: '13700000000014', quantity: 6 } },
        },
        { depositorId: A, reference: 'PARF-01', label: 'Parfum', family1: 'PARFUM', newProduct: true, unCode: '1266', hazardClass: '3' },
        { depositorId: B, reference: 'VACC-01', label: 'Vaccin', family1: 'FROID' },
      ],
    });
    await h.call(StockSubjects.feedSnapshot, wms, {
      depositorId: A,
      platformId: 1,
      lines: [
        line('CREME-01', {
          lot: 'L1',
          bestBefore: addDays(today, -1),
          barcode: '3700000000017',
          family: 'SOIN',
          unitPrice: 2.5,
          stockValue: 25,
          quantityInStock: 10,
          quantityReserved: 2,
          quantityBlocked: 1,
          quantityAvailable: 7,
          quantityCrossDock: 3,
          entryDate: '2026-01-10',
        }),
        line('CREME-01', {
          lot: 'L2',
          bestBefore: addDays(today, 10),
          blockingCode: 'BQ',
          quantityInStock: 5,
          quantityBlocked: 5,
          quantityAvailable: 0,
          entryDate: '2026-02-10',
        }),
        line('PARF-01', {
          lot: 'P1',
          bestBefore: addDays(today, 400),
          family: 'PARFUM',
          quantityInStock: 100,
          quantityAvailable: 100,
          unitPrice: 30,
        }),
      ],
    });
    await h.call(StockSubjects.feedSnapshot, wms, {
      depositorId: A,
      platformId: 8,
      lines: [line('CREME-01', { lot: 'L3', quantityInStock: 20, quantityAvailable: 20, storeCode: 'MAG-MLV1' })],
    });
    await h.call(StockSubjects.feedSnapshot, wms, { depositorId: B, platformId: 12, lines: [line('VACC-01', { lot: 'V1' })] });
    const mv = (id: string, movedAt: string, extra: object = {}) => ({
      id,
      depositorId: A,
      platformId: 1,
      reference: 'CREME-01',
      movedAt,
      type: 'entry',
      quantity: 10,
      lot: 'L1',
      movementReference: 'REC-1',
      storeCode: 'MAG-A1',
      pallet: 'PAL-9',
      ...extra,
    });
    await h.call(StockSubjects.feedMovements, wms, {
      movements: [
        mv('1', '2026-01-05T10:00:00Z'),
        mv('2', '2026-02-05T10:00:00Z', { type: 'exit', quantity: -3, movementReference: 'CMD1' }),
        mv('3', '2026-03-31T22:30:00Z', { type: 'lock', quantity: 5, lot: 'L2', blockingCode: 'BQ' }), // 1 April in Paris
        mv('4', '2026-03-10T10:00:00Z', {
          reference: 'PARF-01',
          lot: 'P1',
          platformId: 8,
          type: 'inventory',
          quantity: 1,
          storeCode: 'MAG-MLV1',
        }),
        mv('5', '2026-02-06T10:00:00Z', { depositorId: B, reference: 'VACC-01', platformId: 12 }),
      ],
    });
  });
  afterAll(() => h.close());

  describe('tab Stock (lines)', () => {
    it('answers each line with the five quantities, its depositor code and the expiry flag', async () => {
      const page = await stock(stockUser(), { lot: 'L1' });
      expect(page.total).toBe(1);
      expect(page.rows[0]).toMatchObject({
        reference: 'CREME-01',
        depositorCode: 'DEMO-A',
        platformId: 1,
        lot: 'L1',
        blockingCode: 'NO',
        entryDate: '2026-01-10',
        quantityInStock: 10,
        quantityReserved: 2,
        quantityBlocked: 1,
        quantityAvailable: 7,
        quantityCrossDock: 3,
        expiry: 'expired',
      });
      expect((await stock(stockUser(), { lot: 'L2' })).rows[0].expiry).toBe('soon');
      expect((await stock(stockUser(), { lot: 'P1' })).rows[0].expiry).toBeNull();
    });

    it('filters by reference, barcode, platform, depositor, lot, family, blocking code, item, expiry and entry dates', async () => {
      const alice = stockUser([A, B]);
      expect(await refs(alice, { reference: 'CRE' })).toEqual(['CREME-01', 'CREME-01', 'CREME-01']);
      expect(await refs(alice, { barcode: '3700000000017' })).toEqual(['CREME-01']);
      expect(await refs(alice, { platform: 8 })).toEqual(['CREME-01']);
      expect(await refs(alice, { depositor: B })).toEqual(['VACC-01']);
      expect(await refs(alice, { family: 'PARFUM' })).toEqual(['PARF-01']);
      expect(await refs(alice, { blockingCode: 'BQ' })).toEqual(['CREME-01']);
      expect(await refs(alice, { blockingCode: ['BQ', 'NO'], depositor: A })).toHaveLength(4);
      expect(await refs(alice, { expiry: 'expired' })).toEqual(['CREME-01']);
      expect((await stock(alice, { expiry: ['expired', 'soon'] })).total).toBe(2);
      expect((await stock(alice, { dateFrom: '2026-02-01', dateTo: '2026-02-28' })).rows.map((r) => r.lot)).toEqual(['L2']);
      const [parfum] = (await items(user([Role.ITEM_USER]), { reference: 'PARF' })).rows;
      expect(await refs(alice, { itemId: parfum.id })).toEqual(['PARF-01']);
    });

    it('sorts and pages with a total', async () => {
      const page = await stock(stockUser(), {}, { sort: ['quantityInStock', 'DESC'], range: [1, 2] });
      expect(page.rows.map((r) => r.quantityInStock)).toEqual([20, 10]);
      expect(page).toMatchObject({ total: 4, more: true });
      await expect(stock(stockUser(), {}, { sort: ['password', 'ASC'] })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { sort: 'invalidFormat' },
      });
      await expect(stock(stockUser(), {}, { range: [0, 9999] })).rejects.toMatchObject({ fields: { range: 'max' } });
      await expect(stock(stockUser(), { blockingCode: 'XX' })).rejects.toMatchObject({ fields: { blockingCode: 'invalidFormat' } });
      await expect(stock(stockUser(), { dateFrom: '2026-13-45' })).rejects.toMatchObject({ key: 'invalidDate' });
    });

    it('answers one line by id, objectNotFound outside the caller’s depositors', async () => {
      const [vaccine] = (await stock(stockUser([B]))).rows;
      expect(await h.call(StockSubjects.stockGet, stockUser([B]), { id: vaccine.id })).toMatchObject({
        reference: 'VACC-01',
        depositorCode: 'DEMO-B',
      });
      await expect(h.call(StockSubjects.stockGet, stockUser([A]), { id: vaccine.id })).rejects.toMatchObject({ key: 'objectNotFound' });
    });
  });

  describe('tab Id (totals by reference)', () => {
    it('sums the five quantities over platforms and lots', async () => {
      const page = (await stock(stockUser(), { view: 'reference' })) as unknown as ListPage<StockByReferenceDto>;
      expect(page.total).toBe(2);
      expect(page.rows[0]).toMatchObject({
        id: '1:CREME-01',
        reference: 'CREME-01',
        depositorCode: 'DEMO-A',
        platformCount: 2,
        lineCount: 3,
        bestBefore: addDays(today, -1),
        expiry: 'expired',
        quantityInStock: 35,
        quantityReserved: 2,
        quantityBlocked: 6,
        quantityAvailable: 27,
        quantityCrossDock: 3,
      });
      expect(page.rows[0].itemId).toEqual(expect.any(Number));
      const onOnePlatform = (await stock(stockUser(), { view: 'reference', platform: 8 })).rows as unknown as StockByReferenceDto[];
      expect(onOnePlatform.map((r) => [r.reference, r.quantityInStock])).toEqual([['CREME-01', 20]]);
    });
  });

  describe('rights', () => {
    it('shows unit price and stock value only with USER_VIEW_REVENUE_DATA or ADMIN', async () => {
      const [plain] = (await stock(stockUser(), { lot: 'L1' })).rows;
      expect(plain).not.toHaveProperty('unitPrice');
      expect(plain).not.toHaveProperty('stockValue');
      const [revenue] = (await stock(user([Role.STOCK_USER, Role.USER_VIEW_REVENUE_DATA]), { lot: 'L1' })).rows;
      expect(revenue).toMatchObject({ unitPrice: 2.5, stockValue: 25 });
      const [admin] = (await stock(callerContext({ roles: [Role.ADMIN], all: true }), { lot: 'P1' })).rows;
      expect(admin).toMatchObject({ unitPrice: 30, stockValue: 3000 });
      const byRef = (await stock(stockUser(), { view: 'reference' })).rows[0];
      expect(byRef).not.toHaveProperty('stockValue');
      await expect(stock(stockUser(), {}, { sort: ['stockValue', 'ASC'] })).rejects.toMatchObject({ key: 'validationFailed' });
      expect(await h.call(StockSubjects.stockGet, stockUser(), { id: plain.id })).not.toHaveProperty('unitPrice');
    });

    it('needs STOCK_USER for stock and movements, ITEM_USER for items', async () => {
      for (const subject of [StockSubjects.stockList, StockSubjects.movementsList]) {
        await expect(h.call(subject, user([Role.ITEM_USER]), {})).rejects.toMatchObject({ key: 'permissionDenied' });
      }
      await expect(h.call(StockSubjects.itemsList, stockUser(), {})).rejects.toMatchObject({ key: 'permissionDenied' });
    });

    it('the deprecated STOCK_MANAGER grants nothing beyond STOCK_USER', async () => {
      await expect(stock(user([Role.STOCK_MANAGER]))).rejects.toMatchObject({ key: 'permissionDenied' });
      const manager = user([Role.STOCK_USER, Role.STOCK_MANAGER]);
      expect((await stock(manager, { lot: 'L1' })).rows[0]).not.toHaveProperty('unitPrice');
      expect((await movements(manager)).rows[0]).not.toHaveProperty('details');
    });
  });

  describe('tab Movements', () => {
    it('filters by date range in the caller’s time zone, type, lot, reference, platform and depositor', async () => {
      const ids = async (filter: object) => (await movements(stockUser([A, B]), filter)).rows.map((m) => m.quantity + ':' + m.type);
      expect(await ids({})).toEqual(['1:inventory', '10:entry', '-3:exit', '10:entry']);
      expect(await ids({ dateTo: '2026-04-01' })).toHaveLength(5);
      expect(await ids({ type: 'exit' })).toEqual(['-3:exit']);
      expect(await ids({ type: ['exit', 'inventory'] })).toEqual(['1:inventory', '-3:exit']);
      expect(await ids({ lot: 'P1' })).toEqual(['1:inventory']);
      expect(await ids({ reference: 'PARF-01' })).toEqual(['1:inventory']);
      expect(await ids({ platform: 12 })).toEqual(['10:entry']);
      expect(await ids({ depositor: A, dateFrom: '2026-02-01', dateTo: '2026-02-28' })).toEqual(['-3:exit']);
    });

    it('shows the movement details only with STOCK_MVT_DETAILS', async () => {
      const [plain] = (await movements(stockUser(), { type: 'exit' })).rows;
      expect(plain).not.toHaveProperty('details');
      expect(plain).toMatchObject({ reference: 'CREME-01', movedAt: '2026-02-05T10:00:00.000Z', depositorCode: 'DEMO-A', lot: 'L1' });
      const [detailed] = (await movements(user([Role.STOCK_USER, Role.STOCK_MVT_DETAILS]), { type: 'exit' })).rows;
      expect(detailed.details).toEqual({ movementReference: 'CMD1', storeCode: 'MAG-A1', pallet: 'PAL-9', wmsId: '2' });
      expect(await h.call(StockSubjects.movementsGet, stockUser(), { id: plain.id })).not.toHaveProperty('details');
    });

    it('refuses an inverted or too long date range (invalidDateRange)', async () => {
      await expect(movements(stockUser(), { dateFrom: '2026-03-01', dateTo: '2026-02-01' })).rejects.toMatchObject({
        key: 'invalidDateRange',
      });
      await expect(movements(stockUser(), { dateFrom: '2024-01-01', dateTo: '2026-02-01' })).rejects.toMatchObject({
        key: 'invalidDateRange',
      });
    });
  });

  describe('My Items', () => {
    const itemUser = (depositorIds = [A]) => user([Role.ITEM_USER], depositorIds);
    it('searches by reference, barcode (also of a packing level), family, new product and hazardous', async () => {
      const search = async (filter: object) => (await items(itemUser([A, B]), filter)).rows.map((i) => i.reference);
      expect(await search({})).toEqual(['CREME-01', 'PARF-01', 'VACC-01']);
      expect(await search({ reference: 'PA' })).toEqual(['PARF-01']);
      expect(await search({ barcode: '3700000000017' })).toEqual(['CREME-01']);
      expect(await search({ barcode: '13700000000014' })).toEqual(['CREME-01']);
      expect(await search({ family: 'VISAGE' })).toEqual(['CREME-01']);
      expect(await search({ newProduct: true })).toEqual(['PARF-01']);
      expect(await search({ hazardous: true })).toEqual(['PARF-01']);
      expect(await search({ hazardous: false, depositor: B })).toEqual(['VACC-01']);
    });

    it('answers the item sheet with its four packing levels', async () => {
      const [creme] = (await items(itemUser(), { reference: 'CREME' })).rows;
      const sheet = await h.call<ItemDto>(StockSubjects.itemsGet, itemUser(), { id: creme.id });
      expect(sheet).toMatchObject({ reference: 'CREME-01', depositorCode: 'DEMO-A', family1: 'SOIN', family2: 'VISAGE', hazardous: false });
      expect(sheet.variants?.map((v) => v.kind)).toEqual(['unit', 'box', 'carton', 'pallet']);
      expect(sheet.variants?.[1]).toMatchObject({ enabled: true, quantity: 6, barcode: '13700000000014' });
    });
  });

  describe('another depositor', () => {
    it('cannot see stock, movements or items of another depositor, nor reach them by id or item link', async () => {
      const bob = user([Role.STOCK_USER, Role.ITEM_USER], [B]);
      expect(await refs(bob)).toEqual(['VACC-01']);
      expect(await refs(bob, { depositor: A })).toEqual([]);
      expect((await stock(bob, { view: 'reference' })).rows.map((r) => r.reference)).toEqual(['VACC-01']);
      expect((await movements(bob)).rows.map((m) => m.reference)).toEqual(['VACC-01']);
      expect((await items(bob)).rows.map((i) => i.reference)).toEqual(['VACC-01']);
      const [creme] = (await items(user([Role.ITEM_USER]), { reference: 'CREME' })).rows;
      await expect(h.call(StockSubjects.itemsGet, bob, { id: creme.id })).rejects.toMatchObject({ key: 'objectNotFound' });
      expect(await refs(bob, { itemId: creme.id })).toEqual([]);
      const [exit] = (await movements(stockUser(), { type: 'exit' })).rows;
      await expect(h.call(StockSubjects.movementsGet, bob, { id: exit.id })).rejects.toMatchObject({ key: 'objectNotFound' });
      expect(await refs(user([Role.STOCK_USER], []))).toEqual([]);
    });
  });

  describe('store and platform scope (spec §6)', () => {
    const narrowed = (scope: Parameters<typeof callerContext>[0]) =>
      callerContext({ roles: [Role.STOCK_USER], depositorIds: [A, B], ...scope });
    const storeOnly = narrowed({ storeIds: [2], storeKeys: [`${A}:MAG-MLV1`] });
    const platformOnly = narrowed({ platformIds: [8] });
    const lots = async (ctx: CallerContext) => (await stock(ctx)).rows.map((r) => r.lot).sort();
    const moved = async (ctx: CallerContext) =>
      (await movements(ctx, { dateFrom: '2026-01-01', dateTo: '2026-12-31' })).rows.map((m) => m.id).sort();

    it('shows a user limited to a store only that store of its depositor, every line of the others', async () => {
      expect(await lots(storeOnly)).toEqual(['L3', 'V1']);
      expect(await moved(storeOnly)).toHaveLength(2);
    });

    it('shows a user who narrowed to a platform only that platform', async () => {
      expect(await lots(platformOnly)).toEqual(['L3']);
      expect((await movements(platformOnly, { dateFrom: '2026-01-01', dateTo: '2026-12-31' })).rows.map((m) => m.reference)).toEqual([
        'PARF-01',
      ]);
    });

    it('is held by row-level security even to a raw query without WHERE', async () => {
      const db = h.app.get(Db, { each: true }).find((d) => d.service === 'stock')!;
      const raw = (ctx: CallerContext, table: string) =>
        db.scoped(ctx, (em) => em.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`)).then(([r]) => r.n);
      expect(await raw(storeOnly, 'stock_lines')).toBe(2);
      expect(await raw(platformOnly, 'stock_lines')).toBe(1);
      expect(await raw(storeOnly, 'movements')).toBe(2);
      expect(await raw(platformOnly, 'movements')).toBe(1);
    });

    // Last: it adds movements the cases above would count.
    it('pages the movements of a store-limited user newest first, with an exact total, in either direction (one store, or several)', async () => {
      const wms = warehouse('all');
      const at = (day: number, hour: number) => `2026-06-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
      const own = Array.from({ length: 12 }, (_, i) => ({ id: `S${i}`, store: 'MAG-MLV1', movedAt: at(1 + (i % 6), 8 + i) }));
      // Movements of another store of the same depositor on the same days: in the dates' way, never shown.
      const other = Array.from({ length: 12 }, (_, i) => ({ id: `O${i}`, store: 'MAG-A1', movedAt: at(1 + (i % 6), 9 + i) }));
      // Two movements at the same instant: the id decides between them.
      own.push({ id: 'S12', store: 'MAG-MLV1', movedAt: at(3, 12) }, { id: 'S13', store: 'MAG-MLV1', movedAt: at(3, 12) });
      await h.call(StockSubjects.feedMovements, wms, {
        movements: [...own, ...other].map((m) => ({
          id: m.id,
          depositorId: A,
          platformId: 8,
          reference: 'CREME-01',
          movedAt: m.movedAt,
          type: 'entry',
          quantity: 1,
          storeCode: m.store,
        })),
      });
      const june = { dateFrom: '2026-06-01', dateTo: '2026-06-30' };
      const detailed = (ctx: CallerContext) => ({ ...ctx, roles: [...ctx.roles, Role.STOCK_MVT_DETAILS] });
      const pages = async (ctx: CallerContext, order: 'ASC' | 'DESC') => {
        const seen: { at: string; id: number; wms: string }[] = [];
        let total: number | null = null;
        for (let from = 0; from < 40; from += 5) {
          const page = await movements(detailed(ctx), june, { range: [from, from + 4], sort: ['movedAt', order] });
          total = page.total;
          seen.push(...page.rows.map((m) => ({ at: m.movedAt, id: Number(m.id), wms: m.details!.wmsId })));
          if (page.rows.length < 5) break;
        }
        return { total, seen };
      };
      const inOrder = (rows: { at: string; id: number }[], order: 'ASC' | 'DESC') =>
        [...rows].sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1) * (order === 'ASC' ? 1 : -1));

      for (const order of ['DESC', 'ASC'] as const) {
        const one = await pages(storeOnly, order);
        expect(one.total).toBe(14);
        expect(one.seen.map((m) => m.wms).sort()).toEqual(own.map((m) => m.id).sort());
        expect(one.seen).toEqual(inOrder(one.seen, order));
        const both = await pages(narrowed({ storeIds: [2, 3], storeKeys: [`${A}:MAG-MLV1`, `${A}:MAG-A1`] }), order);
        expect(both.total).toBe(26);
        expect(both.seen.map((m) => m.wms).sort()).toEqual([...own, ...other].map((m) => m.id).sort());
        expect(both.seen).toEqual(inOrder(both.seen, order));
      }
    });
  });
});
