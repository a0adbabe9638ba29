import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { systemContext, type OrderSnapshot, type StockMovementRecord } from '@portal/contracts';
import { Db, dropDatabase } from '@portal/db';
import { freshDatabaseBase } from '@portal/testing';
import { CreateReports1767000000000 } from '../migrations/1767000000000-CreateReports';
import { ReportingProjection1767100000000 } from '../migrations/1767100000000-ReportingProjection';
import { REPORTS_MIGRATIONS } from '../reports.module';
import { order } from '../reports/test/reports.fixtures';
import { NO_MISMATCH, recountMismatches } from './test/recount';
import { insertMovements, upsertOrders } from './writes';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-03-02T00:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

/** An order of depositor 1 or 2 whose scope, status and dates vary with `id` and `version`. */
function variedOrder(id: number, version: number): OrderSnapshot {
  const v = id + version * 7;
  const created = BASE + (id % 72) * HOUR + (id % 60) * 60_000;
  const status = [10, 60, 90, 100, 100, 97, 96, -1][v % 8];
  return order(id, {
    depositorId: 1 + (id % 5 === 0 ? 1 : 0),
    platformId: v % 4 === 3 ? null : 1 + (v % 3),
    activityCode: ['ECOM', 'B2B', null][v % 3],
    storeCode: ['MAG1', 'MAG2', null, 'MAG1'][v % 4],
    carrierCode: ['COLI', 'DPD', null][v % 3],
    tourCode: `T${v % 2}`,
    customerCode: `C${v % 9}`,
    country: ['FR', 'BE', null][v % 3],
    parcelCount: 1 + (v % 6),
    weightKg: (v % 11) / 2,
    status,
    tracerStatus: status === 97 ? 'ANOMALY' : 'WAITING',
    createdAt: at(created),
    promisedShippingAt: at(created + 8 * HOUR),
    preparationEndedAt: status >= 60 ? at(created + (2 + (v % 5)) * HOUR) : null,
    shippedAt: status >= 90 ? at(created + (4 + (v % 9)) * HOUR) : null,
    promisedDeliveryAt: v % 2 ? at(created + 48 * HOUR) : null,
    deliveredAt: status === 100 ? at(created + (20 + (v % 90)) * HOUR) : null,
    canceledAt: status === -1 ? at(created + HOUR) : null,
    updatedAt: at(BASE + 10 * 24 * HOUR + version * 60_000),
  });
}

function movement(id: number): StockMovementRecord {
  return {
    id,
    depositorId: 1 + (id % 7 === 0 ? 1 : 0),
    platformId: 1 + (id % 3),
    storeCode: ['MAG1', 'MAG2', null][id % 3 === 0 ? 2 : id % 2],
    reference: `ART-${id % 40}`,
    type: ['entry', 'exit', 'exit', 'inventory'][id % 4],
    quantity: id % 4 === 3 ? (id % 7) - 3 : 1 + (id % 20),
    lot: null,
    movedAt: at(BASE + (id % 200) * HOUR + (id % 3600) * 1000),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('the projection’s aggregates, kept one statement at a time', () => {
  const url = `${freshDatabaseBase()}_reports`;
  let db: Db;
  const write = (fn: Parameters<Db['scoped']>[1]) => db.scoped(systemContext('test-projection'), fn);

  beforeAll(async () => {
    // A database of the previous version, with rows its per-row triggers aggregated.
    const previous = await Db.open({
      service: 'reports',
      entities: [],
      migrations: [CreateReports1767000000000, ReportingProjection1767100000000],
      url,
    });
    await previous.system.transaction(async (em) => {
      await upsertOrders(
        em,
        range(1, 301).map((id) => variedOrder(id, 0)),
      );
      await upsertOrders(
        em,
        range(1, 101).map((id) => variedOrder(id, 1)),
      );
      await insertMovements(em, range(1, 501).map(movement));
    });
    await previous.close();
    db = await Db.open({ service: 'reports', entities: [], migrations: REPORTS_MIGRATIONS, url });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await dropDatabase(url);
  });

  it('fills the aggregates by scope from the rows of an existing database', async () => {
    const [{ n }] = await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_order_scope_hours`);
    expect(n).toBeGreaterThan(0);
    expect(await recountMismatches(db)).toEqual(NO_MISMATCH);
  });

  it('stays equal to a recount after catch-up pages and single events written at the same time', async () => {
    // Pages of 1,000 orders (new ones and the 300 already there, older and newer versions) and of
    // 2,000 movements, while the consumers write the same orders one at a time.
    const pages = [
      range(1, 1001).map((id) => variedOrder(id, 2)),
      range(1001, 2001).map((id) => variedOrder(id, 0)),
      range(1, 1001).map((id) => variedOrder(id, id % 2 ? 3 : 1)),
    ];
    const singles = range(1, 400).map((i) => variedOrder(1 + ((i * 37) % 1500), 2 + (i % 4)));
    const movementPages = [range(400, 2400).map(movement), range(2000, 4000).map(movement)];
    const singleMovements = range(0, 200).map((i) => movement(300 + i * 17));
    // The consumers: three lanes, each one event after the other, beside the five pages (within the pool).
    const lane = async (events: (() => Promise<unknown>)[]) => {
      for (const e of events) await e();
    };
    const events = [
      ...singles.map((o) => () => write((em) => upsertOrders(em, [o]))),
      ...singleMovements.map((m) => () => write((em) => insertMovements(em, [m]))),
    ];
    await Promise.all([
      ...pages.map((page) => write((em) => upsertOrders(em, page))),
      ...movementPages.map((page) => write((em) => insertMovements(em, page))),
      ...[0, 1, 2].map((n) => lane(events.filter((_, i) => i % 3 === n))),
    ]);
    expect(await recountMismatches(db)).toEqual(NO_MISMATCH);
    const [{ orders, movements }] = await db.system.query<{ orders: number; movements: number }>(
      `SELECT (SELECT count(*) FROM report_orders)::int AS orders, (SELECT count(*) FROM report_movements)::int AS movements`,
    );
    expect({ orders, movements }).toEqual({ orders: 2000, movements: 3999 });
  }, 60_000);

  it('keeps them with statement-level triggers only (one call a statement, not one a row)', async () => {
    const triggers = await db.system.query<{ table: string; name: string; row: boolean }>(
      `SELECT c.relname AS table, t.tgname AS name, (t.tgtype & 1) = 1 AS row FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relname IN ('report_orders', 'report_movements') AND NOT t.tgisinternal ORDER BY 1, 2`,
    );
    expect(triggers).toEqual([
      { table: 'report_movements', name: 'report_movements_inserted', row: false },
      { table: 'report_orders', name: 'report_orders_deleted', row: false },
      { table: 'report_orders', name: 'report_orders_inserted', row: false },
      { table: 'report_orders', name: 'report_orders_updated', row: false },
    ]);
    await write((em) => em.query(`DELETE FROM report_orders WHERE order_id % 3 = 0`));
    expect(await recountMismatches(db)).toEqual(NO_MISMATCH);
  });

  it('reverts to the per-row triggers, and migrates again', async () => {
    // Back to before the statement-level aggregates: the migrations that came after them are undone first.
    for (;;) {
      const [last] = await db.system.query<{ name: string }>(`SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1`);
      await db.system.dataSource.undoLastMigration({ transaction: 'all' });
      if (last.name === 'ScopedReportAggregates1768000000000') break;
    }
    const rowTriggers = await db.system.query<{ name: string }>(
      `SELECT tgname AS name FROM pg_trigger WHERE tgrelid IN ('report_orders'::regclass, 'report_movements'::regclass)
         AND NOT tgisinternal AND (tgtype & 1) = 1 ORDER BY 1`,
    );
    expect(rowTriggers.map((t) => t.name)).toEqual(['report_movements_aggregate', 'report_orders_aggregate']);
    await write((em) =>
      upsertOrders(
        em,
        range(1, 50).map((id) => variedOrder(id, 11)),
      ),
    );
    await db.system.dataSource.runMigrations({ transaction: 'all' });
    expect(await recountMismatches(db)).toEqual(NO_MISMATCH);
  });
});
