import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, StockSubjects, type BlockingCode, type FiguresResponse } from '@portal/contracts';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { StockServiceModule } from '../stock.module';
import { line, warehouse } from '../../test/fixtures';

const A = 1;
const B = 2;
const stockUser = (depositorIds: number[], roles: string[] = [Role.STOCK_USER]) => callerContext({ roles, depositorIds });

describe('dashboard figures of the stock', () => {
  let h: ServiceHarness;
  const figures = (source: string, ctx = stockUser([A])) => h.call<FiguresResponse>(StockSubjects.figures, ctx, { source });

  beforeAll(async () => {
    h = await startServices([StockServiceModule, AdminServiceModule]);
    await seedAdminDemo(h.app.get(Db, { each: true }).find((d) => d.service === 'admin')!);
    const blocked = (reference: string, blockingCode: BlockingCode, quantityBlocked: number) =>
      line(reference, { blockingCode, quantityInStock: quantityBlocked + 5, quantityBlocked, quantityAvailable: 5 });
    await h.call(StockSubjects.feedSnapshot, warehouse('all'), {
      depositorId: A,
      platformId: 1,
      lines: [
        blocked('CREME-01', 'BQ', 4),
        blocked('CREME-02', 'BQ', 6),
        blocked('PARF-01', 'AC', 3),
        // Not counted: a line without block (its reserved-for-control quantity aside) and a blocked code with nothing blocked.
        blocked('SAVON-01', 'NO', 2),
        blocked('SAVON-02', 'CQ', 0),
      ],
    });
    await h.call(StockSubjects.feedSnapshot, warehouse('all'), { depositorId: B, platformId: 1, lines: [blocked('VACC-01', 'NC', 9)] });
  });
  afterAll(() => h.close());

  it('sums the blocked quantities per blocking code, in the order of the codes', async () => {
    expect(await figures('blocked-stock-by-code')).toEqual({
      source: 'blocked-stock-by-code',
      series: [
        { label: 'AC', value: 3 },
        { label: 'BQ', value: 10 },
      ],
    });
  });

  it('never counts another depositor’s stock', async () => {
    expect((await figures('blocked-stock-by-code', stockUser([B]))).series).toEqual([{ label: 'NC', value: 9 }]);
    expect((await figures('blocked-stock-by-code', stockUser([]))).series).toEqual([]);
  });

  it('answers permissionDenied without STOCK_USER, validationFailed for another service’s source', async () => {
    await expect(figures('blocked-stock-by-code', stockUser([A], [Role.PGT_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(figures('late-deliveries')).rejects.toMatchObject({ key: 'validationFailed', fields: { source: 'invalidFormat' } });
  });
});
