import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, StatisticsSubjects, systemContext, type StatisticsDto, type UsageEntry } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { ReportsServiceModule } from '../reports.module';
import { ALERT_MAIL_EVENTS, CLAIM_EVENTS, SHIPMENT_EVENTS } from '../reports/test/reports.fixtures';
import { figuresSql, periodsOf, usageRows } from './statistics.service';

const WEEK = { from: '2026-03-02', to: '2026-03-08' };
const entry = (day: string, userId: number, depositorIds: number[], more: Partial<UsageEntry> = {}): UsageEntry => ({
  day,
  userId,
  depositorIds,
  signIns: 0,
  searches: 0,
  exports: 0,
  ...more,
});
const expectAppError = (call: Promise<unknown>, key: string, more: object = {}) => expect(call).rejects.toMatchObject({ key, ...more });

/** What two gateways metered that week: user 10 of depositors 1 and 2, user 11 of depositor 1. */
const USAGE = [
  entry('2026-03-02', 10, [1, 2], { signIns: 2, searches: 3, exports: 1 }),
  entry('2026-03-02', 11, [1], { signIns: 1 }),
  entry('2026-03-04', 10, [1, 2], { searches: 1 }),
];

/**
 * The statistics over the reports' projection (fixtures of reports.fixtures.ts: Huby shipments, claims
 * and alert mails of the week of 2 March 2026) and the usage the gateways record; figures by hand.
 */
describe('statistics', () => {
  let h: ServiceHarness;
  let db: Db;
  const statistician = (depositorIds: number[] = []) => callerContext({ roles: [Role.ADMIN_STATISTICS], depositorIds });
  const read = (data: object, ctx = statistician()) => h.call<StatisticsDto>(StatisticsSubjects.read, ctx, data);
  const record = (entries: unknown, flushId = randomUUID(), ctx = systemContext()) =>
    h.call<{ recorded: number }>(StatisticsSubjects.record, ctx, { flushId, entries });
  const usageCount = async () => (await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_usage`))[0].n;

  beforeAll(async () => {
    h = await startServices([ReportsServiceModule]);
    db = h.app.get(Db);
    const events = [...CLAIM_EVENTS, ...SHIPMENT_EVENTS, ...ALERT_MAIL_EVENTS];
    for (const e of events) await h.transport.publish(e);
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox`);
      if (n >= events.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const flushId = randomUUID();
    expect(await record(USAGE, flushId)).toEqual({ recorded: 5 });
    // The same flush again (its answer lost on the way back) counts nothing twice.
    await record(USAGE, flushId);
  }, 60_000);
  afterAll(() => h.close());

  it('sums each metric per day, a user counting once over its depositors, in the caller’s time zone', async () => {
    const s = await read(WEEK);
    expect(s).toMatchObject({ from: WEEK.from, to: WEEK.to, grain: 'day', timeZone: 'Europe/Paris' });
    expect(s.series.map((p) => p.period)).toEqual(periodsOf(WEEK.from, WEEK.to, 'day'));
    expect(s.series[0]).toEqual({
      period: '2026-03-02',
      activeUsers: 2,
      signIns: 3,
      searches: 3,
      exports: 1,
      labels: 2,
      alertMails: 1,
      claims: 1,
    });
    // 23:30 UTC on the 2nd is the 3rd in Paris: that mail counts on the 3rd, once though it names two depositors.
    expect(s.series[1]).toEqual({
      period: '2026-03-03',
      activeUsers: 0,
      signIns: 0,
      searches: 0,
      exports: 0,
      labels: 1,
      alertMails: 2,
      claims: 2,
    });
    expect(s.series[2]).toMatchObject({ period: '2026-03-04', activeUsers: 1, searches: 1, claims: 1, labels: 0 });
    expect(s.totals).toEqual({ activeUsers: 2, signIns: 3, searches: 4, exports: 1, labels: 3, alertMails: 3, claims: 4 });
  });

  it('gives each depositor its own figures, most active first', async () => {
    expect((await read(WEEK)).depositors).toEqual([
      { depositorId: 1, activeUsers: 2, signIns: 3, searches: 4, exports: 1, labels: 3, alertMails: 3, claims: 3 },
      { depositorId: 2, activeUsers: 1, signIns: 2, searches: 4, exports: 1, labels: 0, alertMails: 1, claims: 1 },
    ]);
  });

  it('groups by ISO week and by month, every period listed', async () => {
    const weeks = await read({ from: '2026-02-25', to: '2026-03-10', grain: 'week' });
    expect(weeks.series.map((p) => [p.period, p.claims, p.activeUsers])).toEqual([
      ['2026-02-23', 0, 0],
      ['2026-03-02', 4, 2],
      ['2026-03-09', 0, 0],
    ]);
    const months = await read({ from: '2026-01-31', to: '2026-03-31', grain: 'month' });
    expect(months.series.map((p) => [p.period, p.labels])).toEqual([
      ['2026-01-01', 0],
      ['2026-02-01', 0],
      ['2026-03-01', 3],
    ]);
  });

  it('reads only the depositors the statistician administers', async () => {
    const ofTwo = await read(WEEK, statistician([2]));
    expect(ofTwo.depositors.map((d) => d.depositorId)).toEqual([2]);
    expect(ofTwo.totals).toEqual({ activeUsers: 1, signIns: 2, searches: 4, exports: 1, labels: 0, alertMails: 1, claims: 1 });
    await expectAppError(read({ ...WEEK, depositorIds: [1] }, statistician([2])), 'validationFailed', {
      fields: { depositorIds: 'unknownCode' },
    });
    await expectAppError(read(WEEK, callerContext({ roles: [Role.REPORT_USER], depositorIds: [1] })), 'permissionDenied');
  });

  it('refuses a grain, a period or a day chart it cannot draw', async () => {
    await expectAppError(read({ ...WEEK, grain: 'hour' }), 'validationFailed', { fields: { grain: 'invalidFormat' } });
    await expectAppError(read({ from: '2026-01-01', to: '2026-12-31' }), 'validationFailed', { fields: { grain: 'max' } });
    await expectAppError(read({ from: '2026-02-30', to: '2026-03-01' }), 'invalidDate', { fields: { from: 'invalidFormat' } });
  });

  it('records usage from system callers only, and a malformed flush not at all', async () => {
    const before = await usageCount();
    await expectAppError(record(USAGE, randomUUID(), statistician()), 'permissionDenied');
    for (const bad of [
      [entry('2026-03-02', 12, [1]), { ...entry('2026-03-02', 12, [1]), signIns: -1 }],
      [entry('2026-02-30', 12, [1])],
      [entry('2026-03-02', 0, [1])],
      [entry('2026-03-02', 12, ['1' as unknown as number])],
      [null],
      'entries',
    ])
      await expectAppError(record(bad), 'validationFailed', { fields: { entries: 'invalidFormat' } });
    await expectAppError(h.call(StatisticsSubjects.record, systemContext(), { flushId: 'x', entries: [] }), 'validationFailed');
    expect(await usageCount()).toBe(before);
  });

  it('sums a flush’s repeated keys before writing (one statement cannot change a row twice)', () => {
    expect(usageRows([entry('2026-03-02', 5, [1, 1], { searches: 1 }), entry('2026-03-02', 5, [1], { searches: 2 })])).toEqual([
      { day: '2026-03-02', depositorId: 1, userId: 5, signIns: 0, searches: 3, exports: 0 },
    ]);
    expect(figuresSql([])).not.toMatch(/GROUP BY period/);
  });
});
