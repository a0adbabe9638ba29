import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TrackingSubjects, type CallerContext, type FeedResultDto, type OrderSearchPage, type SerialSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';
import { referenceSearch } from './orders.repository';

/**
 * Spec §6: "users see only the depositors, activities and stores allowed to them". A user limited
 * to one activity (and one store) of A sees only those orders of A, every order of B, in the
 * search, the detail, the serials and an export's pages, and row-level security holds the same line.
 */
describe('activity, store and platform scope of orders', () => {
  let h: ServiceHarness;
  const user = (scope: Partial<Parameters<typeof callerContext>[0]>): CallerContext =>
    callerContext({ userId: 21, roles: ['PGT_USER', 'SERIAL_USER'], depositorIds: [A, B], ...scope });
  const ecomOnly = user({ activityIds: [3], activityKeys: [`${A}:ECOM`] });
  const storeOnly = user({ storeIds: [2], storeKeys: [`${A}:MAG-MLV1`] });
  const platformOnly = user({ platformIds: [8] });
  const references = async (ctx: CallerContext, filter: Record<string, unknown> = {}) =>
    (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, { filter, range: [0, 99] })).items.map((o) => o.reference).sort();

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    const orders = [
      feedOrder(1, { activityCode: 'ECOM', storeCode: 'MAG-MLV1', platformId: 8 }),
      feedOrder(2, { activityCode: 'B2B', storeCode: 'MAG-LYS1', platformId: 1 }),
      feedOrder(3, { activityCode: null, storeCode: null }),
      feedOrder(4, { depositorId: B, activityCode: 'ECOM', storeCode: 'FROID-2-8', platformId: 12 }),
    ];
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders })).toMatchObject({ applied: 4 });
  });
  afterAll(() => h.close());

  it('shows a user limited to one activity only that activity of its depositor, all of the others', async () => {
    expect(await references(ecomOnly)).toEqual(['CMD1000001', 'CMD2000004']);
    expect(await references(ecomOnly, { q: 'CMD1000002' })).toEqual([]);
  });

  it('shows a user limited to one store only that store of its depositor', async () => {
    expect(await references(storeOnly)).toEqual(['CMD1000001', 'CMD2000004']);
  });

  it('shows a user who narrowed to a platform only the orders of that platform', async () => {
    expect(await references(platformOnly)).toEqual(['CMD1000001']);
  });

  it('answers deliveryNotFound for the detail of an order of another activity, and no serials of it', async () => {
    const all = (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, user({}), { filter: { q: 'CMD1000002' } })).items;
    expect(all).toHaveLength(1);
    await expect(h.call(TrackingSubjects.orderDetail, ecomOnly, { id: all[0].id })).rejects.toMatchObject({ key: 'deliveryNotFound' });
    expect((await h.call<SerialSearchPage>(TrackingSubjects.serials, ecomOnly, { serial: 'SN1-2-1' })).items).toEqual([]);
    expect((await h.call<SerialSearchPage>(TrackingSubjects.serials, ecomOnly, { serial: 'SN1-1-1' })).items.length).toBe(1);
  });

  it('pages a broad prefix of a narrowed scope newest first, the same among candidates, in the window and beyond it', async () => {
    // A third depositor's orders, every other one in ECOM: a user limited to ECOM (the narrowed role,
    // whose window is walked on the scope's date index) sees those six, newest first, two per page.
    const C = 3;
    const orders = Array.from({ length: 12 }, (_, i) =>
      feedOrder(i + 1, { depositorId: C, activityCode: i % 2 ? 'B2B' : 'ECOM', storeCode: 'MAG-MLV1', platformId: 1 }),
    );
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders })).toMatchObject({ applied: 12 });
    const ecomOfC = user({ depositorIds: [C], activityIds: [3], activityKeys: [`${C}:ECOM`] });
    const pages = async () => {
      const refs: string[] = [];
      let cursor: string | null | undefined;
      for (let from = 0; ; from += 2) {
        const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ecomOfC, {
          filter: { q: 'CMD3' },
          range: [from, from + 1],
          ...(cursor ? { cursor } : {}),
        });
        refs.push(...page.items.map((o) => o.reference));
        if (!(cursor = page.nextCursor)) return refs;
      }
    };
    const expected = ['CMD3000011', 'CMD3000009', 'CMD3000007', 'CMD3000005', 'CMD3000003', 'CMD3000001'];
    expect(await pages()).toEqual(expected);
    // Broad (more matches than candidates): the page found in a window of 40 newest orders, then beyond a window of 3.
    for (const window of [40, 3]) {
      Object.assign(referenceSearch, { narrowedCandidates: 2, window });
      try {
        expect(await pages()).toEqual(expected);
      } finally {
        Object.assign(referenceSearch, { narrowedCandidates: 100, window: 2000 });
      }
    }
  });

  it('pages a narrowed scope without a reference in date order both ways, also by Tracer Route status and from a date', async () => {
    // A fourth depositor's orders, one in three in ECOM and of the shown store: the narrowed page walks its indexes in order.
    const D = 4;
    const orders = Array.from({ length: 18 }, (_, i) =>
      feedOrder(i + 1, { depositorId: D, activityCode: i % 3 ? 'B2B' : 'ECOM', storeCode: i % 3 ? 'MAG-LYS1' : 'MAG-MLV1' }),
    );
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders })).toMatchObject({ applied: 18 });
    const narrowed = user({
      depositorIds: [D],
      activityIds: [3],
      activityKeys: [`${D}:ECOM`],
      storeIds: [2],
      storeKeys: [`${D}:MAG-MLV1`],
    });
    const pages = async (filter: Record<string, unknown>, order: 'ASC' | 'DESC') => {
      const refs: string[] = [];
      let cursor: string | null | undefined;
      for (let from = 0; ; from += 2) {
        const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, narrowed, {
          filter,
          sort: ['createdAt', order],
          range: [from, from + 1],
          ...(cursor ? { cursor } : {}),
        });
        refs.push(...page.items.map((o) => o.reference));
        if (!(cursor = page.nextCursor)) return refs;
      }
    };
    const ecom = orders.filter((_, i) => i % 3 === 0).map((o) => o.reference as string);
    expect(await pages({}, 'ASC')).toEqual(ecom);
    expect(await pages({}, 'DESC')).toEqual([...ecom].reverse());
    const [first] = (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, narrowed, { filter: {} })).items;
    expect(await pages({ tracerStatus: first.tracerStatus }, 'DESC')).toEqual([...ecom].reverse());
    expect(await pages({ tracerStatus: first.tracerStatus === 'ANOMALY' ? 'DELIVERED' : 'ANOMALY' }, 'DESC')).toEqual([]);
    // From the seventh order's day and hour: the orders fed after it (one an hour).
    const from = (orders[6].createdAt as string).slice(0, 19) + 'Z';
    expect(await pages({ dateFrom: from }, 'DESC')).toEqual(ecom.slice(2).reverse());
  });

  it('is held by row-level security even to a raw query without WHERE', async () => {
    const db = h.app.get(Db);
    const raw = (ctx: CallerContext) =>
      db
        .scoped(ctx, (em) => em.query<{ reference: string }[]>(`SELECT reference FROM orders ORDER BY reference`))
        .then((r) => r.map((o) => o.reference));
    expect(await raw(ecomOnly)).toEqual(['CMD1000001', 'CMD2000004']);
    expect(await raw(storeOnly)).toEqual(['CMD1000001', 'CMD2000004']);
    expect(await raw(platformOnly)).toEqual(['CMD1000001']);
    expect(await raw(user({}))).toEqual(['CMD1000001', 'CMD1000002', 'CMD1000003', 'CMD2000004']);
  });
});
