import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, TrackingEvents, TrackingSubjects, type FeedResultDto, type OrderDetailDto, type OrderSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';
import { referenceSearch } from './orders.repository';

describe('tracker search and delivery detail', () => {
  let h: ServiceHarness;
  const ofA = userOf([A]);
  const ofAB = userOf([A, B]);
  const search = (ctx = ofA, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, { filter, ...extra });

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    const orders = [
      ...Array.from({ length: 30 }, (_, i) => feedOrder(i + 1)),
      ...Array.from({ length: 5 }, (_, i) =>
        feedOrder(i + 1, { depositorId: B, recipient: { zip: '75011', town: 'PARIS', country: 'FR', customerCode: 'CUST-B' } }),
      ),
      feedOrder(99, { recipient: { zip: '10115', town: 'Berlin', country: 'DE', customerCode: 'BERLIN-1' } }),
    ];
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders });
    expect(result).toEqual({ applied: 36, unchanged: 0, rejected: [] });
  });
  afterAll(() => h.close());

  it('lists the caller’s orders newest first with their depositor code', async () => {
    const page = await search();
    expect(page.items).toHaveLength(25);
    expect(page.items[0].reference).toBe('CMD1000099');
    expect(page.items.every((o) => o.depositorCode === 'DEMO-A')).toBe(true);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('walks to the next results with the cursor, without a total', async () => {
    const first = await search(ofA, {}, { range: [0, 9] });
    const second = await search(ofA, {}, { cursor: first.nextCursor, range: [10, 19] });
    const third = await search(ofA, {}, { cursor: second.nextCursor, range: [20, 29] });
    const refs = [...first.items, ...second.items, ...third.items].map((o) => o.reference);
    expect(new Set(refs).size).toBe(30);
    expect(second.from).toBe(10);
    const last = await search(ofA, {}, { cursor: third.nextCursor, range: [30, 39] });
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    // Past the offset limit only the keyset pages: the range then just numbers the rows.
    const far = await search(ofA, {}, { cursor: first.nextCursor, range: [5000, 5009] });
    expect(far).toMatchObject({ from: 5000, to: 5009 });
    expect(far.items.map((o) => o.reference)).toEqual(second.items.map((o) => o.reference));
    await expect(search(ofA, {}, { range: [5000, 5009] })).rejects.toMatchObject({ key: 'validationFailed', fields: { range: 'max' } });
  });

  it('sorts by reference both ways, with a cursor', async () => {
    const asc = await search(ofA, {}, { sort: ['reference', 'ASC'], range: [0, 1] });
    expect(asc.items.map((o) => o.reference)).toEqual(['CMD1000001', 'CMD1000002']);
    const next = await search(ofA, {}, { cursor: asc.nextCursor, sort: ['reference', 'ASC'], range: [2, 3] });
    expect(next.items.map((o) => o.reference)).toEqual(['CMD1000003', 'CMD1000004']);
    await expect(search(ofA, {}, { cursor: asc.nextCursor, sort: ['reference', 'DESC'] })).rejects.toMatchObject({ key: 'invalidCursor' });
    await expect(search(ofA, {}, { cursor: 'garbage' })).rejects.toMatchObject({ key: 'invalidCursor' });
  });

  it('finds by any reference prefix: order, delivery, customer reference', async () => {
    expect((await search(ofA, { q: 'cmd100001' })).items.map((o) => o.reference).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `CMD10000${10 + i}`),
    );
    expect((await search(ofA, { q: 'BL1000007' })).items.map((o) => o.reference)).toEqual(['CMD1000007']);
    expect((await search(ofA, { q: 'PO-12' })).items.map((o) => o.reference)).toEqual(['CMD1000012']);
  });

  it('answers a broad prefix (more matches than candidates) in date order, the same pages as a narrow one', async () => {
    const pages = async (ctx: typeof ofA, q: string, sort?: [string, string]) => {
      const refs: string[] = [];
      let cursor: string | null | undefined;
      for (let from = 0; ; from += 4) {
        const page = await search(ctx, { q }, { range: [from, from + 3], ...(cursor ? { cursor } : {}), ...(sort ? { sort } : {}) });
        refs.push(...page.items.map((o) => o.reference));
        if (!(cursor = page.nextCursor)) return refs;
      }
    };
    const withRight = userOf([A], [Role.PGT_USER, Role.USER_TRACKER_NUMBER_SEARCH]);
    const cases: [typeof ofA, string, [string, string]?][] = [
      [ofA, 'cmd100001'],
      [ofAB, 'cmd10000'],
      [ofAB, 'CMD'],
      [ofA, 'CMD', ['reference', 'ASC']],
      [withRight, '6A0000000000'],
      [ofA, 'PO-1'],
    ];
    const narrow = await Promise.all(cases.map(([ctx, q, sort]) => pages(ctx, q, sort)));
    // Broad: found among the newest orders (a window of 40 holds every page), then beyond a window of 2
    // (the newest matches of each prefix index, or row by row for another order).
    for (const window of [40, 2]) {
      Object.assign(referenceSearch, { candidates: 3, window });
      try {
        for (const [i, [ctx, q, sort]] of cases.entries()) expect(await pages(ctx, q, sort)).toEqual(narrow[i]);
      } finally {
        Object.assign(referenceSearch, { candidates: 1000, window: 2000 });
      }
    }
    expect(narrow[0]).toHaveLength(10);
    expect(narrow[2]).toHaveLength(36);
    expect(narrow[3]).toHaveLength(31);
    expect(narrow[3][0]).toBe('CMD1000001');
  });

  it('searches tracking numbers only with USER_TRACKER_NUMBER_SEARCH', async () => {
    expect((await search(ofA, { q: '6A00000000007' })).items).toEqual([]);
    const withRight = userOf([A], [Role.PGT_USER, Role.USER_TRACKER_NUMBER_SEARCH]);
    expect((await search(withRight, { q: '6A00000000007' })).items.map((o) => o.reference)).toEqual(['CMD1000007']);
  });

  it('filters by zip, town (exact or prefix*), country, depositor, slip, customer, status', async () => {
    expect((await search(ofAB, { zip: '75011' })).items.map((o) => o.depositorCode)).toEqual(Array(5).fill('DEMO-B'));
    expect((await search(ofAB, { zip: '75*' })).items).toHaveLength(5);
    expect((await search(ofA, { town: 'berlin' })).items.map((o) => o.reference)).toEqual(['CMD1000099']);
    expect((await search(ofA, { town: 'BER*' })).items).toHaveLength(1);
    expect((await search(ofA, { country: 'de' })).items).toHaveLength(1);
    expect((await search(ofAB, { depositor: B }, { range: [0, 99] })).items).toHaveLength(5);
    expect((await search(ofAB, { depositor: [A, B] }, { range: [0, 99] })).items).toHaveLength(36);
    expect((await search(ofA, { slip: 'SLIP3' }, { range: [0, 99] })).items).toHaveLength(4);
    expect((await search(ofAB, { customer: 'CUST-B' })).items).toHaveLength(5);
    expect((await search(ofA, { status: 90 }, { range: [0, 99] })).items).toHaveLength(31);
    expect((await search(ofA, { status: [100] })).items).toHaveLength(0);
  });

  it('filters by date before/after, and refuses a range over 93 days with a key for an export', async () => {
    const page = await search(ofA, { dateFrom: '2026-11-10T10:00:00Z', dateTo: '2026-11-10T13:00:00Z' });
    expect(page.items.map((o) => o.reference)).toEqual(['CMD1000004', 'CMD1000003', 'CMD1000002']);
    await expect(search(ofA, { dateFrom: '2026-01-01', dateTo: '2026-06-01' })).rejects.toMatchObject({
      key: 'dateRangeTooLarge',
      params: { maxDays: 93, exportInstead: true },
    });
    // The list kit's one rule for every list: a bad date is `invalidDate`, with the field marked.
    await expect(search(ofA, { dateFrom: 'yesterday' })).rejects.toMatchObject({
      key: 'invalidDate',
      fields: { dateFrom: 'invalidFormat' },
    });
  });

  it('filters by serial, lot and article', async () => {
    expect((await search(ofA, { serial: 'SN1-7-2' })).items.map((o) => o.reference)).toEqual(['CMD1000007']);
    expect((await search(ofA, { lot: 'LOT8' })).items.map((o) => o.reference)).toEqual(['CMD1000008']);
    expect((await search(ofA, { article: 'ART-SER' }, { range: [0, 99] })).items).toHaveLength(31);
  });

  it('refuses a bad range and sort', async () => {
    await expect(search(ofA, {}, { range: [0, 500] })).rejects.toMatchObject({ key: 'validationFailed', fields: { range: 'max' } });
    await expect(search(ofA, {}, { sort: ['recipient_email', 'ASC'] })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { sort: 'invalidFormat' },
    });
  });

  it('shows the delivery detail with lines, serials, parcels, documents and the timeline', async () => {
    const [row] = (await search(ofA, { q: 'CMD1000007' })).items;
    const detail = await h.call<OrderDetailDto>(TrackingSubjects.orderDetail, ofA, { id: row.id });
    expect(detail).toMatchObject({
      reference: 'CMD1000007',
      depositorCode: 'DEMO-A',
      tourCode: 'T-LYON',
      carrierName: 'Colissimo',
      weightKg: 12.5,
      insuranceAmount: 150,
      customsStatus: 'NOT_NEEDED',
      status: 90,
      tracerStatus: 'LATE',
      recipient: { zip: '69003', town: 'LYON', country: 'FR', customerCode: 'CUST-42' },
      trackingNumbers: ['6A00000000007'],
      packaging: [{ type: 'CARTON', count: 1 }],
    });
    expect(detail.lines[1]).toMatchObject({ articleReference: 'ART-SER', serials: ['SN1-7-1', 'SN1-7-2'], quantitySent: 2 });
    expect(detail.parcels).toEqual([{ number: 1, trackingNumber: '6A00000000007', status: 90, weightKg: 12.5, packaging: 'CARTON' }]);
    expect(detail.documents[0]).toMatchObject({
      type: 'DELIVERY_NOTE',
      name: 'BL-7.pdf',
      url: `/api/orders/${row.id}/documents/${detail.documents[0].id}/file`,
    });
    expect(detail.history.map((s) => s.status)).toEqual([0, 90]);
  });

  describe('another depositor', () => {
    it('sees nothing of A: not in the list, not by reference, serial, lot or tracking number, not in detail', async () => {
      const ofB = userOf([B], [Role.PGT_USER, Role.USER_TRACKER_NUMBER_SEARCH]);
      const page = await search(ofB, {}, { range: [0, 99] });
      expect(page.items.every((o) => o.depositorCode === 'DEMO-B')).toBe(true);
      expect((await search(ofB, { q: 'CMD1' })).items).toEqual([]);
      expect((await search(ofB, { serial: 'SN1-7' })).items).toEqual([]);
      expect((await search(ofB, { lot: 'LOT7' })).items).toEqual([]);
      expect((await search(ofB, { q: '6A00000000007' })).items).toEqual([]);
      expect((await search(ofB, { depositor: A })).items).toEqual([]);
      const [a] = (await search(ofA, { q: 'CMD1000007' })).items;
      await expect(h.call(TrackingSubjects.orderDetail, ofB, { id: a.id })).rejects.toMatchObject({ key: 'deliveryNotFound' });
      await expect(h.call(TrackingSubjects.orderDetail, ofB, { id: 'x' })).rejects.toMatchObject({ key: 'deliveryNotFound' });
    });

    it('is hidden by row-level security even to a raw query without WHERE', async () => {
      const db = h.get<Db>(Db);
      for (const table of ['orders', 'order_lines', 'order_serials', 'parcels', 'status_history', 'documents']) {
        const rows: { depositor_id: number }[] = await db.scoped(userOf([B]), (em) =>
          em.query(`SELECT DISTINCT depositor_id FROM ${table}`),
        );
        expect(rows).toEqual([{ depositor_id: B }]);
      }
    });
  });

  it('removes a tracking line with USER_DELETE_TRACKING_LINE, only of the caller’s depositors', async () => {
    const [row] = (await search(ofA, { q: 'CMD1000029' })).items;
    await expect(h.call(TrackingSubjects.deleteOrder, userOf([A]), { id: row.id })).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(TrackingSubjects.deleteOrder, userOf([B], [Role.USER_DELETE_TRACKING_LINE]), { id: row.id })).rejects.toMatchObject(
      {
        key: 'deliveryNotFound',
      },
    );
    await h.call(TrackingSubjects.deleteOrder, userOf([A], [Role.USER_DELETE_TRACKING_LINE]), { id: row.id });
    expect((await search(ofA, { q: 'CMD1000029' })).items).toEqual([]);
    await expect(h.call(TrackingSubjects.orderDetail, ofA, { id: row.id })).rejects.toMatchObject({ key: 'deliveryNotFound' });
    await expect(h.call(TrackingSubjects.deleteOrder, userOf([A], [Role.USER_DELETE_TRACKING_LINE]), { id: row.id })).rejects.toMatchObject(
      {
        key: 'deliveryNotFound',
      },
    );
  });

  it('needs PGT_USER', async () => {
    await expect(search(userOf([A], [Role.STOCK_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
  });

  it('recorded one status-changed event per new order in the outbox', async () => {
    const [{ count }] = await h
      .get<Db>(Db)
      .system.query<{ count: string }>(`SELECT count(*) FROM outbox WHERE type = $1`, [TrackingEvents.orderStatusChanged]);
    expect(Number(count)).toBe(36);
  });
});
