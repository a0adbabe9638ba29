import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSubjects } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';
import type { FiguresResponse } from './figures.dto';

describe('dashboard figures', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    await seedAdminDemo(h.app.get<Db>(Db));
  });
  afterAll(() => h.close());

  const figures = (source: string, ctx = callerContext({ depositorIds: [1, 2] })) =>
    h.call<FiguresResponse>(AdminSubjects.figures, ctx, { source });

  it('counts activities per depositor of the scope', async () => {
    expect(await figures('depositor-activities')).toEqual({
      source: 'depositor-activities',
      series: [
        { label: 'DEMO-A', value: 3 },
        { label: 'DEMO-B', value: 3 },
      ],
    });
  });

  it('counts stores per depositor, zero included, narrowed to the allowed stores', async () => {
    expect((await figures('depositor-stores')).series).toEqual([
      { label: 'DEMO-A', value: 3 },
      { label: 'DEMO-B', value: 3 },
    ]);
    const narrowed = await figures('depositor-stores', callerContext({ depositorIds: [1, 2], storeIds: [1, 2] }));
    expect(narrowed.series).toEqual([
      { label: 'DEMO-A', value: 2 },
      { label: 'DEMO-B', value: 0 },
    ]);
  });

  it('counts the caller’s stores per platform', async () => {
    expect((await figures('platform-stores', callerContext({ depositorIds: [2] }))).series).toEqual([
      { label: 'LIL1', value: 1 },
      { label: 'ORL1', value: 2 },
    ]);
  });

  it('never counts another depositor’s rows', async () => {
    const ofA = callerContext({ depositorIds: [1] });
    expect((await figures('depositor-activities', ofA)).series).toEqual([{ label: 'DEMO-A', value: 3 }]);
    expect((await figures('depositor-stores', ofA)).series).toEqual([{ label: 'DEMO-A', value: 3 }]);
    const platforms = (await figures('platform-stores', ofA)).series;
    expect(platforms.map((p) => p.label)).toEqual(['FOS1', 'LYS1', 'MLV1']);
    expect(platforms.reduce((n, p) => n + p.value, 0)).toBe(3);
    expect((await figures('platform-stores', callerContext({ depositorIds: [] }))).series).toEqual([]);
  });

  it('counts the live announcements per type', async () => {
    expect((await figures('announcements-by-type')).series).toEqual([
      { label: 'info', value: 1 },
      { label: 'other', value: 1 },
    ]);
  });

  it('answers validationFailed for an unknown or missing source', async () => {
    await expect(figures('orders-per-day')).rejects.toMatchObject({ key: 'validationFailed', fields: { source: 'invalidFormat' } });
    await expect(h.call(AdminSubjects.figures, callerContext({}), {})).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { source: 'required' },
    });
  });
});
