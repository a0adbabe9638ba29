import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addDays,
  AlertsEvents,
  ReportsSubjects,
  StockEvents,
  Role,
  TrackingEvents,
  todayIn,
  type CallerContext,
  type DomainEvent,
  type ReportDefinitionDto,
  type ReportResultDto,
  type StockLineRecord,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { recountMismatches, NO_MISMATCH } from '../projection/test/recount';
import { ReportsServiceModule } from '../reports.module';
import {
  ALERT_MAIL_EVENTS,
  CLAIM_EVENTS,
  event,
  EXCURSION_EVENTS,
  movementEvents,
  order,
  orderEvents,
  serveOwners,
  SHIPMENT_EVENTS,
  stockEvents,
  stockLines,
} from './test/reports.fixtures';

const ALL_REPORT_ROLES = [
  Role.REPORT_USER,
  Role.REPORT_USER_MESSAGERIE,
  Role.REPORT_USER_TRANSIT,
  Role.REPORT_USER_LAMAT,
  Role.REPORT_INTERNAL,
  Role.STOCK_MVT_DETAILS,
  Role.READ_TURNOVER,
  ...['1002', '1003', '1059', '1060', '1067', '1071', '1072', '1073', '100001'].map((id) => `REPORT_USER_${id}`),
];
const WEEK = { from: '2026-03-02', to: '2026-03-08' };
const depositor1 = (roles = ALL_REPORT_ROLES, more: Parameters<typeof callerContext>[0] = {}) =>
  callerContext({ roles, depositorIds: [1], ...more });

describe('reports over the projection (figures computed by hand from reports.fixtures.ts)', () => {
  let h: ServiceHarness;
  let db: Db;
  const now = new Date();
  const day = (shift: number) => addDays(todayIn('Europe/Paris', now), shift);
  const run = (ctx: CallerContext, reportId: string, more: object = WEEK) =>
    h.call<ReportResultDto>(ReportsSubjects.run, ctx, { reportId, ...more });
  /** The rows as arrays of the columns' values, in column order. */
  const table = async (reportId: string, ctx = depositor1(), more: object = WEEK) => {
    const r = await run(ctx, reportId, more);
    return r.rows.map((row) => r.columns.map((c) => row[c.key]));
  };

  let stock: StockLineRecord[];
  const publishAll = async (events: DomainEvent[]) => {
    for (const e of events) await h.transport.publish(e);
  };

  beforeAll(async () => {
    h = await startServices([ReportsServiceModule]);
    db = h.app.get(Db);
    stock = stockLines(day);
    await serveOwners(h.transport, stock);
    const events = [
      ...orderEvents(),
      ...movementEvents(now),
      ...stockEvents(),
      ...CLAIM_EVENTS,
      ...SHIPMENT_EVENTS,
      ...EXCURSION_EVENTS,
      ...ALERT_MAIL_EVENTS,
    ];
    await publishAll(events);
    // Each event handled once: the inbox holds one row per event.
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox`);
      if (n >= events.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);
  afterAll(() => h.close());

  describe('orders and delivery performance', () => {
    it('01 orders received per day, in the caller’s time zone', async () => {
      const r = await run(depositor1(), '1002');
      expect(r).toMatchObject({
        reportId: '1002',
        from: '2026-03-02',
        to: '2026-03-08',
        depositorIds: [1],
        chart: { type: 'line', x: 'day', y: ['orders'] },
      });
      expect(await table('1002')).toEqual([
        ['2026-03-02', 1, 1, 2.5],
        ['2026-03-03', 2, 5, 14],
        ['2026-03-04', 2, 6, 21],
      ]);
      expect(r.totals).toEqual({ day: null, orders: 5, parcels: 12, weightKg: 37.5 });
    });

    it('02 shipments per carrier, 03 delivery performance and its presets per carrier, country and week', async () => {
      // Carriers by the name tracking gives them (« DPD France »); a code it does not know stays as it is.
      expect(await table('1003')).toEqual([
        ['COLI', 3, 8, 75],
        ['DPD France', 1, 3, 25],
      ]);
      expect(await table('1005')).toEqual([
        ['2026-03-02', 1, 1, 1, 100, 0, 0, 0],
        ['2026-03-03', 2, 2, 1, 0, 1, 1, 0],
        ['2026-03-04', 2, 1, 0, null, 0, 0, 1],
      ]);
      expect(await table('10')).toEqual([
        ['COLI', 3, 3, 2, 50, 1, 0, 1],
        ['DPD France', 2, 1, 0, null, 0, 1, 0],
      ]);
      expect(await table('59')).toEqual([
        ['FR', 3, 3, 2, 50, 1, 0, 1],
        ['BE', 2, 1, 0, null, 0, 1, 0],
      ]);
      expect(await table('159')).toEqual([['2026-03-02', 5, 4, 2, 50, 1, 1, 1]]);
    });

    it('04 late deliveries, 05 preparation lead times, 06 parcels per order, 07 weight, 08 countries', async () => {
      expect(await table('1008')).toEqual([
        ['COLI', 2, 1, 50],
        ['DPD France', 0, 0, null],
      ]);
      expect(await table('1042')).toEqual([
        ['2026-03-02', 1, 1, 4, 100],
        ['2026-03-03', 2, 2, 17.3, 50],
        ['2026-03-04', 2, 1, 3, null],
      ]);
      expect(await table('1068')).toEqual([
        ['1', 2, 40],
        ['2', 1, 20],
        ['3', 1, 20],
        ['4', 0, 0],
        ['5+', 1, 20],
      ]);
      expect(await table('1069')).toEqual([
        ['2026-03-02', 1, 1, 2.5],
        ['2026-03-03', 2, 5, 14],
        ['2026-03-04', 1, 5, 20],
      ]);
      expect(await table('1070')).toEqual([
        ['FR', 3, 8, 60],
        ['BE', 2, 4, 40],
      ]);
    });

    it('09 canceled, 10 undelivered, L1 customers (UTC days), 00 statuses', async () => {
      expect(await table('1073')).toEqual([
        ['2026-03-02', 1, 0, 0],
        ['2026-03-03', 2, 0, 0],
        ['2026-03-04', 2, 1, 50],
      ]);
      expect(await table('1071')).toEqual([
        ['2026-03-02', 1, 0, 0, 0],
        ['2026-03-03', 2, 1, 0, 50],
        ['2026-03-04', 1, 0, 1, 100],
      ]);
      expect(await table('1059')).toEqual([
        ['C1', 2, 3, 2, 50],
        ['C2', 2, 4, 0, null],
        ['C3', 1, 5, 0, null],
      ]);
      expect(await table('100001')).toEqual([
        ['-1', 1, 20],
        ['96', 1, 20],
        ['97', 1, 20],
        ['100', 2, 40],
      ]);
    });

    it('M1–M5 parcel courier and T1–T4 transit times', async () => {
      expect(await table('1027')).toEqual([
        ['2026-03-02', 1, 1],
        ['2026-03-03', 2, 5],
        ['2026-03-04', 1, 5],
      ]);
      expect(await table('1028')).toEqual([
        ['COLI', 3, 2, 8],
        ['DPD France', 1, 0, 3],
      ]);
      expect(await table('1029')).toEqual([
        ['24h', 1, 50],
        ['48h', 1, 50],
        ['72h', 0, 0],
        ['96h', 0, 0],
        ['96h+', 0, 0],
      ]);
      expect(await table('1030')).toEqual([
        ['DPD France', 1, 1, 100],
        ['COLI', 3, 0, 0],
      ]);
      expect(await table('1031')).toEqual([
        ['COLI', 3, 1, 33.3],
        ['DPD France', 1, 0, 0],
      ]);
      expect(await table('1032')).toEqual([
        ['T1', 2, 36, 50],
        ['T2', 0, null, null],
      ]);
      expect(await table('1033')).toEqual([
        ['COLI', 2, 36, 50],
        ['DPD France', 0, null, null],
      ]);
      expect(await table('1034')).toEqual([
        ['2026-03-02', 1, 24, 100],
        ['2026-03-03', 1, 48, 0],
        ['2026-03-04', 0, null, null],
      ]);
      expect(await table('1035')).toEqual([
        ['FR', 2, 36, 50],
        ['BE', 0, null, null],
      ]);
    });

    it('takes an order’s change once, the newest snapshot winning, and moves its figures', async () => {
      const changed = event(TrackingEvents.orderChanged, {
        order: order(4, { status: 10, createdAt: '2026-03-04T10:00:00.000Z', updatedAt: '2026-03-08T00:00:00.000Z' }),
      });
      const older = event(TrackingEvents.orderChanged, {
        order: order(4, { status: -1, createdAt: '2026-03-04T10:00:00.000Z', updatedAt: '2026-03-05T00:00:00.000Z' }),
      });
      await h.transport.publish(changed);
      await h.transport.publish(changed);
      await h.transport.publish(older);
      for (let i = 0; i < 100; i++) {
        const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])`, [
          [changed.id, older.id],
        ]);
        if (n === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await table('1073'))[2]).toEqual(['2026-03-04', 2, 0, 0]);
      expect((await table('1002'))[2]).toEqual(['2026-03-04', 2, 6, 21]);
      await h.transport.publish(
        event(TrackingEvents.orderChanged, {
          order: order(4, {
            status: -1,
            carrierCode: 'DPD',
            tourCode: 'T2',
            country: 'BE',
            customerCode: 'C2',
            createdAt: '2026-03-04T10:00:00.000Z',
            updatedAt: '2026-03-09T00:00:00.000Z',
          }),
        }),
      );
      for (let i = 0; i < 100 && (await table('1073'))[2][2] !== 1; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await table('1073'))[2]).toEqual(['2026-03-04', 2, 1, 50]);
    });
  });

  describe('stock as last reported', () => {
    it('S1 stock status per platform and its presets per family, store, item and lot', async () => {
      const r = await run(depositor1(), '1010');
      expect(r.columns.map((c) => c.key)).toEqual(['platform', 'lines', 'inStock', 'reserved', 'blocked', 'available', 'value']);
      expect(await table('1010')).toEqual([
        ['LYS1', 2, 20, 2, 4, 14, 70],
        ['ROI1', 1, 100, 0, 0, 100, 100],
      ]);
      expect(await table('161')).toEqual([
        ['F1', 2, 110, 2, 0, 108, 120],
        ['F2', 1, 10, 0, 4, 6, 50],
      ]);
      expect(await table('189')).toEqual([
        ['MAG1', 2, 110, 2, 0, 108, 120],
        ['MAG2', 1, 10, 0, 4, 6, 50],
      ]);
      expect((await table('197')).map((row) => row[0])).toEqual(['C', 'A', 'B']);
      expect(await table('240')).toEqual([
        ['B', 'L-B1', day(-5), 1, 10, 0, 4, 6, 50],
        ['A', 'L-A1', day(10), 1, 10, 2, 0, 8, 20],
        ['C', '—', null, 1, 100, 0, 0, 100, 100],
      ]);
    });

    it('S2 blocked, S3 value, S4 ageing, S5 stores, S6 best-before, S7 items without movement for 90 days', async () => {
      expect(await table('1018')).toEqual([['BQ', 1, 4, 20]]);
      expect(await table('1060')).toEqual([
        ['ROI1', 100, 100, 58.8],
        ['LYS1', 20, 70, 41.2],
      ]);
      expect(await table('1061')).toEqual([
        ['0-29', 1, 10, 20],
        ['90-179', 1, 10, 50],
        ['365+', 1, 100, 100],
      ]);
      expect(await table('1062')).toEqual(await table('189'));
      expect(await table('1052')).toEqual([
        ['expired', 1, 10, 50],
        ['0-29', 1, 10, 20],
      ]);
      // A moved yesterday; B and C last on 4 March.
      const idle = (Date.parse(`${day(0)}T00:00:00Z`) - Date.parse('2026-03-04T00:00:00Z')) / 86_400_000;
      expect(await table('1063')).toEqual([
        ['B', 10, 50, '2026-03-04', idle],
        ['C', 100, 100, '2026-03-04', idle],
      ]);
    });

    it('follows a Loop reservation with stock’s own quantities, read when the event is handled, once', async () => {
      const handled = async (e: DomainEvent) => {
        for (let i = 0; i < 100; i++) {
          const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [e.id]);
          if (n) return;
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const reserve = async (reserved: number, available: number, ids = [1]) => {
        Object.assign(stock[0], { quantityReserved: reserved, quantityAvailable: available });
        const e = event(StockEvents.linesReserved, {
          depositorId: 1,
          platformId: 1,
          loopOrderUuid: '00000000-0000-4000-8000-0000000000aa',
          lines: ids.map((id) => ({ id, quantity: 3 })),
        });
        await publishAll([e, e]);
        await handled(e);
      };
      await reserve(5, 5);
      expect((await table('1010'))[0]).toEqual(['LYS1', 2, 20, 5, 4, 11, 70]);
      expect((await table('240'))[1]).toEqual(['A', 'L-A1', day(10), 1, 10, 5, 0, 5, 20]);
      // A line the projection does not hold (replaced since) is left to the snapshot that brings it.
      await reserve(2, 8, [999]);
      expect((await table('1010'))[0]).toEqual(['LYS1', 2, 20, 5, 4, 11, 70]);
      await reserve(2, 8);
      expect((await table('1010'))[0]).toEqual(['LYS1', 2, 20, 2, 4, 14, 70]);
      expect(await table('1010', callerContext({ roles: ALL_REPORT_ROLES, depositorIds: [2] }))).toEqual([
        ['LYS1', 1, 999, 0, 0, 999, 999],
      ]);
    });
  });

  describe('movements, claims, temperatures, Huby, alert mails', () => {
    it('MVT1 details newest first, MVT2 by type, MVT3 in and out, MVT4 inventory, MVT5 exits per item, 14 turnover', async () => {
      expect(await table('1011')).toEqual([
        ['2026-03-04T12:00:00.000Z', 'LYS1', 'MAG1', 'A', null, 'exit', 6],
        ['2026-03-04T11:00:00.000Z', 'ROI1', 'MAG1', 'C', null, 'inventory', 3],
        ['2026-03-04T10:00:00.000Z', 'LYS1', 'MAG1', 'B', null, 'inventory', -2],
        ['2026-03-03T10:00:00.000Z', 'LYS1', 'MAG2', 'B', null, 'exit', 4],
        ['2026-03-02T23:30:00.000Z', 'LYS1', 'MAG1', 'A', null, 'exit', 10],
        ['2026-03-02T09:00:00.000Z', 'LYS1', 'MAG1', 'A', null, 'entry', 50],
      ]);
      expect(await table('1064')).toEqual([
        ['exit', 3, 20, 50],
        ['inventory', 2, 1, 33.3],
        ['entry', 1, 50, 16.7],
      ]);
      expect(await table('1065')).toEqual([
        ['2026-03-02', 50, 0],
        ['2026-03-03', 0, 14],
        ['2026-03-04', 0, 6],
      ]);
      expect(await table('1066')).toEqual([['2026-03-04', 2, 3, 2]]);
      expect(await table('1047')).toEqual([
        ['A', 2, 16],
        ['B', 1, 4],
      ]);
      expect(await table('1067')).toEqual([['2026-03', 20, 52]]);
    });

    it('15 claims by reason, LA1 claims rate; TS1 excursions; U1 and U2 Huby; I1 alert mails sent and failed', async () => {
      expect(await table('1072')).toEqual([
        ['damaged_product', 2, 66.7],
        ['missing_product', 1, 33.3],
      ]);
      expect(await table('101053')).toEqual([['2026-03', 3, 2, 1500, 3]]);
      expect(await table('10075')).toEqual([
        ['Sonde A', 2, 60],
        ['Sonde B', 1, 30],
      ]);
      expect(await table('10110')).toEqual([
        ['COLI', 1, 2, 0],
        ['DPD France', 1, 1, 1],
      ]);
      expect(await table('1057')).toEqual([
        ['2026-03-02', 1, 2],
        ['2026-03-03', 1, 1],
      ]);
      const mails = await run(depositor1(), '1050');
      expect(mails.chart).toMatchObject({ type: 'bars', x: 'day', y: ['mailsSent', 'mailsFailed'] });
      expect(await table('1050')).toEqual([
        ['2026-03-02', 1, 0, 0],
        ['2026-03-03', 2, 2, 50],
      ]);
      expect(mails.totals).toEqual({ day: null, mailsSent: 3, mailsFailed: 2, mailFailureRate: null });
    });

    it('counts an alert mail event once, however often it comes', async () => {
      const again = ALERT_MAIL_EVENTS.slice(2, 4);
      await publishAll([...again, ...again]);
      const late = event(
        AlertsEvents.mailSent,
        { alertId: 8, depositorIds: [1], to: 'b@x', subject: 's', attempts: 2 },
        '2026-03-04T10:00:00.000Z',
      );
      await publishAll([late, late]);
      for (let i = 0; i < 100 && (await table('1050')).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await table('1050')).toEqual([
        ['2026-03-02', 1, 0, 0],
        ['2026-03-03', 2, 2, 50],
        ['2026-03-04', 1, 0, 0],
      ]);
      const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])`, [
        [...again, late].map((e) => e.id),
      ]);
      expect(n).toBe(3);
    });
  });

  describe('rights (spec §6)', () => {
    it('lists and opens only the reports the roles open: REPORT_USER, numbered rights, named roles', async () => {
      const ids = async (roles: string[]) =>
        (await h.call<ReportDefinitionDto[]>(ReportsSubjects.catalogue, depositor1(roles), {})).map((r) => r.id);
      const user = await ids([Role.REPORT_USER]);
      expect(user).toEqual(expect.arrayContaining(['1005', '10', '1010', '240', '1064', '10075']));
      for (const id of ['1002', '1027', '1033', '1050', '1011', '101053', '100001']) expect(user).not.toContain(id);
      expect(await ids([Role.REPORT_USER_1002])).toEqual(['1002']);
      expect(await ids([Role.REPORT_USER_MESSAGERIE])).toEqual(['1027', '1028', '1029', '1030', '1031']);
      expect(await ids([Role.REPORT_USER_TRANSIT])).toEqual(['1032', '1033', '1034', '1035']);
      expect(await ids([Role.STOCK_MVT_DETAILS])).toEqual(['1011']);
      expect(await ids([Role.REPORT_INTERNAL])).toEqual(['1050']);
      expect(await ids([Role.REPORT_USER_LAMAT])).toEqual(['101053']);
      expect(await ids([Role.PGT_USER])).toEqual([]);

      await expect(run(depositor1([Role.REPORT_USER]), '1002')).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(run(depositor1([Role.REPORT_USER]), '1027')).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(run(depositor1([Role.REPORT_USER_MESSAGERIE]), '1005')).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(run(depositor1([Role.REPORT_USER]), '1011')).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(run(depositor1([Role.REPORT_USER_1002]), '1002')).resolves.toMatchObject({ reportId: '1002' });
      await expect(run(depositor1([Role.REPORT_USER_TRANSIT]), '1033')).resolves.toMatchObject({ reportId: '1033' });
      await expect(run(callerContext({ roles: [Role.ADMIN], all: true }), '1050')).resolves.toMatchObject({ reportId: '1050' });
    });

    it('shows money columns only with read turnover', async () => {
      const plain = await run(depositor1([Role.REPORT_USER]), '1010');
      expect(plain.columns.map((c) => c.key)).not.toContain('value');
      expect(plain.rows[0]).not.toHaveProperty('value');
      expect(plain.totals).not.toHaveProperty('value');
      const [definition] = (await h.call<ReportDefinitionDto[]>(ReportsSubjects.catalogue, depositor1([Role.REPORT_USER]), {})).filter(
        (r) => r.id === '1010',
      );
      expect(definition.columns!.map((c) => c.key)).not.toContain('value');
      const money = await run(depositor1([Role.REPORT_USER, Role.READ_TURNOVER]), '1010');
      expect(money.rows[0]).toMatchObject({ platform: 'LYS1', value: 70 });
      const turnover = await run(depositor1([Role.REPORT_USER_1067]), '1067');
      expect(turnover.columns.map((c) => c.key)).toEqual(['month', 'exits']);
      expect(turnover.chart.y).toEqual(['exits']);
    });
  });

  describe('scope and isolation', () => {
    it('shows another depositor’s figures to no one but its users, and refuses a depositor outside the scope', async () => {
      const other = callerContext({ roles: ALL_REPORT_ROLES, depositorIds: [2] });
      expect(await table('1002', other)).toEqual([['2026-03-02', 1, 1, 1]]);
      expect(await table('1010', other)).toEqual([['LYS1', 1, 999, 0, 0, 999, 999]]);
      expect(await table('1072', other)).toEqual([['other', 1, 100]]);
      expect(await table('1050', other)).toEqual([['2026-03-03', 1, 1, 50]]);
      await expect(run(depositor1(), '1002', { ...WEEK, depositorIds: [2] })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { depositorIds: 'unknownCode' },
      });
      const admin = callerContext({ roles: [Role.ADMIN], all: true });
      expect((await table('1002', admin, { ...WEEK, depositorIds: [2] }))[0]).toEqual(['2026-03-02', 1, 1, 1]);
      expect((await table('1002', admin))[0]).toEqual(['2026-03-02', 2, 2, 3.5]);
    });

    it('holds with row-level security even when a query forgets its depositor filter', async () => {
      for (const t of [
        'report_orders',
        'report_order_hours',
        'report_order_country_hours',
        'report_order_carrier_hours',
        'report_order_customer_days',
        'report_order_scope_hours',
        'report_order_scope_carrier_hours',
        'report_order_scope_country_hours',
        'report_order_scope_customer_days',
        'report_movements',
        'report_movement_hours',
        'report_movement_article_days',
        'report_movement_scope_hours',
        'report_movement_scope_article_days',
        'report_item_last_moves',
        'report_stock_lines',
        'report_claims',
        'report_shipments',
        'report_excursions',
        'report_alert_mails',
      ]) {
        const rows = await db.scopedQuery<{ depositor_id: number }>(depositor1(), `SELECT DISTINCT depositor_id FROM ${t}`);
        expect([t, rows.map((r) => r.depositor_id)]).toEqual([t, [1]]);
      }
    });

    it('sums only the platforms, activities and stores of a narrowed scope: the same figures as its own rows', async () => {
      const narrowed = (more: Parameters<typeof callerContext>[0]) => depositor1(ALL_REPORT_ROLES, more);
      // Platform 2: order 3 and movement 5.
      const platform2 = narrowed({ platformIds: [2] });
      expect(await table('1002', platform2)).toEqual([['2026-03-03', 1, 3, 10]]);
      expect(await table('1010', platform2)).toEqual([['ROI1', 1, 100, 0, 0, 100, 100]]);
      expect(await table('1064', platform2)).toEqual([['inventory', 1, 3, 100]]);
      expect(await table('1033', platform2)).toEqual([['DPD France', 0, null, null]]);
      expect(await table('1047', platform2)).toEqual([]);

      // Activity ECOM: orders 1, 3 and 5.
      const ecom = narrowed({ activityKeys: ['1:ECOM'] });
      expect(await table('1002', ecom)).toEqual([
        ['2026-03-02', 1, 1, 2.5],
        ['2026-03-03', 1, 3, 10],
        ['2026-03-04', 1, 5, 20],
      ]);
      expect(await table('1005', ecom)).toEqual([
        ['2026-03-02', 1, 1, 1, 100, 0, 0, 0],
        ['2026-03-03', 1, 1, 0, null, 0, 1, 0],
        ['2026-03-04', 1, 1, 0, null, 0, 0, 1],
      ]);
      expect(await table('10', ecom)).toEqual([
        ['COLI', 2, 2, 1, 100, 0, 0, 1],
        ['DPD France', 1, 1, 0, null, 0, 1, 0],
      ]);
      expect(await table('59', ecom)).toEqual([
        ['FR', 2, 2, 1, 100, 0, 0, 1],
        ['BE', 1, 1, 0, null, 0, 1, 0],
      ]);
      expect(await table('1059', ecom)).toEqual([
        ['C1', 1, 1, 1, 100],
        ['C2', 1, 3, 0, null],
        ['C3', 1, 5, 0, null],
      ]);
      expect(await table('100001', ecom)).toEqual([
        ['96', 1, 33.3],
        ['97', 1, 33.3],
        ['100', 1, 33.3],
      ]);
      // Platform 1 and activity ECOM: orders 1 and 5.
      expect(await table('1002', narrowed({ platformIds: [1], activityKeys: ['1:ECOM'] }))).toEqual([
        ['2026-03-02', 1, 1, 2.5],
        ['2026-03-04', 1, 5, 20],
      ]);

      // Store MAG1: orders 1 and 2 (2 late, 48 h in transit), every movement but 3.
      const mag1 = narrowed({ storeKeys: ['1:MAG1'] });
      expect(await table('1002', mag1)).toEqual([
        ['2026-03-02', 1, 1, 2.5],
        ['2026-03-03', 1, 2, 4],
      ]);
      expect(await table('1059', mag1)).toEqual([['C1', 2, 3, 2, 50]]);
      expect(await table('1033', mag1)).toEqual([['COLI', 2, 36, 50]]);
      expect(await table('1064', mag1)).toEqual([
        ['exit', 2, 16, 40],
        ['inventory', 2, 1, 40],
        ['entry', 1, 50, 20],
      ]);
      expect(await table('1065', mag1)).toEqual([
        ['2026-03-02', 50, 0],
        ['2026-03-03', 0, 10],
        ['2026-03-04', 0, 6],
      ]);
      expect(await table('1047', mag1)).toEqual([['A', 2, 16]]);
      expect(await table('1011', mag1)).toHaveLength(5);

      // A restriction on depositor 1's activities leaves depositor 2 whole; depositor 2's never shows to depositor 1's user.
      const both = callerContext({ roles: ALL_REPORT_ROLES, depositorIds: [1, 2], activityKeys: ['1:B2B'] });
      expect(await table('1002', both)).toEqual([
        ['2026-03-02', 1, 1, 1],
        ['2026-03-03', 1, 2, 4],
      ]);
      expect(await table('1002', narrowed({ activityKeys: ['2:ECOM'] }))).toEqual(await table('1002'));
    });

    it('shows a narrowed caller only its platforms, activities and stores in the aggregates by scope, whatever the query', async () => {
      const seen = async (ctx: CallerContext, table: string, column: string) =>
        (await db.scopedQuery<{ v: unknown }>(ctx, `SELECT DISTINCT ${column} AS v FROM ${table} ORDER BY 1`)).map((r) => r.v);
      const platform2 = depositor1(ALL_REPORT_ROLES, { platformIds: [2] });
      const ecom = depositor1(ALL_REPORT_ROLES, { activityKeys: ['1:ECOM'] });
      const mag1 = depositor1(ALL_REPORT_ROLES, { storeKeys: ['1:MAG1'] });
      for (const table of [
        'report_order_scope_hours',
        'report_order_scope_carrier_hours',
        'report_order_scope_country_hours',
        'report_order_scope_customer_days',
      ]) {
        expect([table, await seen(platform2, table, 'platform_id')]).toEqual([table, [2]]);
        expect([table, await seen(ecom, table, 'activity_code')]).toEqual([table, ['ECOM']]);
        expect([table, await seen(mag1, table, 'store_code')]).toEqual([table, ['MAG1']]);
        expect([table, await seen(mag1, table, 'depositor_id')]).toEqual([table, [1]]);
      }
      for (const table of ['report_movement_scope_hours', 'report_movement_scope_article_days']) {
        expect([table, await seen(platform2, table, 'platform_id')]).toEqual([table, [2]]);
        expect([table, await seen(mag1, table, 'store_code')]).toEqual([table, ['MAG1']]);
      }
    });

    it('keeps every aggregate, depositor-wide and by scope, equal to a recount of its rows', async () => {
      expect(await recountMismatches(db)).toEqual(NO_MISMATCH);
    });
  });

  describe('the period and the request', () => {
    it('reads a §9 range in the caller’s time zone, or the last 30 days by default', async () => {
      const today = todayIn('Europe/Paris');
      expect(await run(depositor1(), '1002', { range: 'yesterday' })).toMatchObject({ from: addDays(today, -1), to: addDays(today, -1) });
      expect(await run(depositor1(), '1002', {})).toMatchObject({ from: addDays(today, -29), to: today });
    });

    it('refuses an unknown report, range, day, an inverted or too long period, and forged depositors', async () => {
      const ctx = depositor1();
      await expect(run(ctx, '9999')).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(h.call(ReportsSubjects.run, ctx, { reportId: { $ne: 1 } })).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(run(ctx, '1002', { range: 'forever' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { range: 'invalidFormat' },
      });
      await expect(run(ctx, '1002', { from: '2026-02-30', to: '2026-03-01' })).rejects.toMatchObject({
        key: 'invalidDate',
        fields: { from: 'invalidFormat' },
      });
      await expect(run(ctx, '1002', { from: '2026-03-01\u0000', to: '2026-03-02' })).rejects.toMatchObject({ key: 'invalidDate' });
      await expect(run(ctx, '1002', { from: '99999-01-01', to: '2026-03-02' })).rejects.toMatchObject({ key: 'invalidDate' });
      await expect(run(ctx, '1002', { from: '2026-03-01' })).rejects.toMatchObject({ key: 'validationFailed', fields: { to: 'required' } });
      await expect(run(ctx, '1002', { from: '2026-03-05', to: '2026-03-01' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { to: 'min' },
      });
      await expect(run(ctx, '1002', { from: '2020-01-01', to: '2026-03-01' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { to: 'max' },
      });
      await expect(run(ctx, '1002', { ...WEEK, depositorIds: ['1; DROP TABLE x'] })).rejects.toMatchObject({
        fields: { depositorIds: 'invalidFormat' },
      });
      await expect(run(ctx, '1002', { ...WEEK, depositorIds: [2 ** 60] })).rejects.toMatchObject({
        fields: { depositorIds: 'invalidFormat' },
      });
    });

    it('pages the rows for the export, details included', async () => {
      const page = await h.call<{ rows: object[]; more: boolean }>(ReportsSubjects.exportRows, depositor1(), {
        request: { reportId: '1011', ...WEEK },
        range: [0, 3],
      });
      expect(page.rows).toHaveLength(4);
      expect(page.more).toBe(true);
      const rest = await h.call<{ rows: object[]; more: boolean }>(ReportsSubjects.exportRows, depositor1(), {
        request: { reportId: '1011', ...WEEK },
        range: [4, 7],
      });
      expect(rest).toMatchObject({
        rows: [expect.objectContaining({ quantity: 10 }), expect.objectContaining({ quantity: 50 })],
        more: false,
      });
      await expect(
        h.call(ReportsSubjects.exportRows, depositor1([Role.REPORT_USER]), { request: { reportId: '1011', ...WEEK }, range: [0, 9] }),
      ).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(
        h.call(ReportsSubjects.exportRows, depositor1(), { request: { reportId: '1011', ...WEEK }, range: [0, 1e9] }),
      ).rejects.toMatchObject({ key: 'validationFailed' });
    });
  });
});
