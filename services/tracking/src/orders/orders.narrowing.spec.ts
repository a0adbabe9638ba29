import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TrackingSubjects, type CallerContext, type FeedResultDto, type OrderSearchPage, type SerialSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

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
