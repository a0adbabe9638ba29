// Reports library (issue 17): every report of the catalogue over a projection of 1,000,000 orders and
// 5,000,000 stock movements of one depositor over 90 days (plus a tenth of that for a second
// depositor, 50,000 stock lines, claims, Huby shipments, excursions, failed alert mails), generated
// into the projection tables directly and aggregated as the triggers would. Each report runs through
// the service's own code (ReportsService.run: the caller's scope, row-level security, money columns)
// as a user of both depositors asking for depositor 1 over the last 90 days. Prints p50/p95/max per
// report next to the target (p95 <= 200 ms), for a depositor-wide scope and for a user narrowed to
// one platform (a quarter of the rows: the aggregates by scope); never fails on them. Then times the
// projection's writes as a catch-up makes them (pages of 1,000 orders and 2,000 movements, through
// writes.ts and the aggregates' triggers) over the filled projection, and prints the load average.
//
// Usage: npm run build:server && node tests/bench/reports.mjs [--orders=1000000] [--movements=5000000] [--samples=20]
//          [--scope=both|wide|narrowed] [--pages=10] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// A throwaway database, dropped at the end, also on Ctrl-C and errors.
import os from 'node:os';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { benchLifecycle, dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './support/platform.mjs';

const argv = cliArgs();
const ORDERS = numberArg(argv, 'orders', 1_000_000);
const MOVEMENTS = numberArg(argv, 'movements', 5_000_000);
const SAMPLES = numberArg(argv, 'samples', 20);
const SCOPES = argv.scope === 'wide' ? ['wide'] : argv.scope === 'narrowed' ? ['narrowed'] : ['wide', 'narrowed'];
const PAGES = numberArg(argv, 'pages', 10);
const TARGET_P95_MS = 200;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { REPORT_CATALOGUE } = requireFromRoot('./dist/libs/contracts/src/index.js');
const { REPORTS_MIGRATIONS } = requireFromRoot('./dist/services/reports/src/index.js');
const { ReportsService } = requireFromRoot('./dist/services/reports/src/reports/reports.service.js');
const aggregates = requireFromRoot('./dist/services/reports/src/migrations/1768000000000-ScopedReportAggregates.js');
const { insertMovements, upsertOrders } = requireFromRoot('./dist/services/reports/src/projection/writes.js');

const timedSql = async (db, label, sql, params = []) => {
  const t0 = Date.now();
  await (params.length ? db.system.query(sql, params) : db.system.query(sql));
  log(`${label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
};

async function fill(db) {
  const orders = (
    depositor,
    count,
  ) => `INSERT INTO report_orders (order_id, depositor_id, platform_id, activity_code, store_code, reference,
      carrier_code, tour_code, customer_code, country, parcel_count, weight_kg, status, tracer_status, created_at, promised_shipping_at,
      shipped_at, promised_delivery_at, delivered_at, preparation_ended_at, canceled_at, updated_at)
    SELECT ${depositor}::bigint * 100000000 + i, ${depositor}, 1 + i % 4, (ARRAY['ECOM','B2B','B2C'])[1 + i % 3], 'MAG' || (i % 6), 'BL' || i,
      (ARRAY['GLS','COLISSIMO','CHRONOPOST','DPD','UPS','DHL','GEODIS','SCHENKER'])[1 + i % 8], 'T' || (i % 8) || '-' || ((i / 8) % 4), 'C' || (i % 5000),
      (ARRAY['FR','FR','FR','FR','FR','BE','DE','ES'])[1 + (i / 32) % 8], 1 + i % 5, (i % 50) / 2.0, s.status,
      CASE s.status WHEN 97 THEN 'ANOMALY' WHEN 96 THEN 'SENDER_RETURN' WHEN 100 THEN 'DELIVERED' ELSE 'WAITING' END,
      c, c + interval '8 hours', CASE WHEN s.status >= 90 THEN c + ((4 + i % 6) || ' hours')::interval END,
      c + interval '48 hours', CASE WHEN s.status = 100 THEN c + ((20 + i % 60) || ' hours')::interval END,
      CASE WHEN s.status >= 60 THEN c + ((2 + i % 4) || ' hours')::interval END, CASE WHEN s.status = -1 THEN c + interval '1 hour' END, now()
    FROM (SELECT i, now() - random() * interval '90 days' AS c FROM generate_series(1, ${count}) i) g
    CROSS JOIN LATERAL (SELECT (ARRAY[100,100,100,100,100,100,95,90,97,96,60,10,-1])[1 + (i * 7) % 13] AS status) s`;
  const movements = (
    depositor,
    count,
  ) => `INSERT INTO report_movements (depositor_id, movement_id, platform_id, store_code, reference, type,
      quantity, lot, moved_at)
    SELECT ${depositor}, i, 1 + i % 4, 'MAG' || (i % 6), 'ART-' || (i % 5000), t.type,
      CASE WHEN t.type = 'inventory' THEN (i % 7) - 3 ELSE 1 + i % 20 END, 'LOT' || (i % 300), now() - random() * interval '90 days'
    FROM generate_series(1, ${count}) i
    CROSS JOIN LATERAL (SELECT (ARRAY['exit','exit','exit','exit','exit','exit','entry','entry','inventory','modification'])[1 + (i * 3) % 10] AS type) t`;
  // Bulk generation bypasses the per-row triggers (replica); the aggregates are then built in one pass each.
  await db.system.transaction(async (em) => {
    await em.query(`SET LOCAL session_replication_role = replica`);
    for (const [label, sql] of [
      [`orders of depositor 1 (${ORDERS.toLocaleString('en')})`, orders(1, ORDERS)],
      ['orders of depositor 2', orders(2, Math.round(ORDERS / 10))],
      [`movements of depositor 1 (${MOVEMENTS.toLocaleString('en')})`, movements(1, MOVEMENTS)],
      ['movements of depositor 2', movements(2, Math.round(MOVEMENTS / 10))],
    ]) {
      const t0 = Date.now();
      await em.query(sql);
      log(`${label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  });
  // Every aggregate, depositor-wide and by scope, in one grouped pass from its rows (the migration's statement).
  for (const a of aggregates.ORDER_AGGREGATES)
    await timedSql(db, a.table, aggregates.aggregateChanges(a, '(SELECT 1 AS direction, * FROM report_orders)', 'o'));
  for (const a of aggregates.MOVEMENT_AGGREGATES)
    await timedSql(db, a.table, aggregates.aggregateChanges(a, '(SELECT 1 AS direction, * FROM report_movements)', 'm'));
  await timedSql(
    db,
    'last movements',
    `INSERT INTO report_item_last_moves (depositor_id, reference, moved_at) SELECT depositor_id, reference, max(moved_at) FROM report_movements GROUP BY 1, 2`,
  );
  await timedSql(
    db,
    'stock lines, claims, shipments, excursions, mails',
    `INSERT INTO report_stock_snapshots (depositor_id, platform_id, taken_at) SELECT d, p, now() FROM generate_series(1, 2) d, generate_series(1, 4) p;
     INSERT INTO report_stock_lines (depositor_id, line_id, platform_id, store_code, reference, family, lot, best_before, entry_date, unit_price,
       stock_value, in_stock, reserved, blocked, available, blocking_code)
     SELECT 1 + (i % 10 = 0)::int, i, 1 + i % 4, 'MAG' || (i % 6), 'ART-' || (i % 6000), 'F' || (i % 12), 'LOT' || (i % 300),
       current_date + (i % 700 - 100), current_date - (i % 500), 1 + (i % 40), (1 + (i % 40)) * (10 + i % 90), 10 + i % 90, i % 5,
       CASE WHEN i % 9 = 0 THEN 3 ELSE 0 END, 7 + i % 85, CASE WHEN i % 9 = 0 THEN (ARRAY['BQ','BL','AC','CQ','NC'])[1 + i % 5] ELSE 'NO' END
     FROM generate_series(1, 55000) i;
     INSERT INTO report_claims (uuid, depositor_id, reference, kind, reason, status, sent_at, closed_at, updated_at)
     SELECT gen_random_uuid(), 1 + (i % 10 = 0)::int, 'REC' || i, 'delivery',
       (ARRAY['missing_product','extra_quantity','less_quantity','damaged_product','product_not_ordered','missing_document','other'])[1 + i % 7],
       'sent', now() - random() * interval '90 days', NULL, now() FROM generate_series(1, 5000) i;
     INSERT INTO report_shipments (depositor_id, reference, carrier_code, parcels, labels_at, canceled_at)
     SELECT 1 + (i % 10 = 0)::int, 'H' || i, (ARRAY['GLS','DPD','UPS'])[1 + i % 3], 1 + i % 4, now() - random() * interval '90 days',
       CASE WHEN i % 20 = 0 THEN now() END FROM generate_series(1, 50000) i;
     INSERT INTO report_excursions (excursion_id, depositor_id, platform_id, probe_id, probe_label, kind, started_at, ended_at, duration_minutes)
     SELECT i, 1 + (i % 10 = 0)::int, 1, i % 40, 'Sonde ' || (i % 40), 'high', now() - random() * interval '90 days', now(), 5 + i % 90
     FROM generate_series(1, 2000) i;
     INSERT INTO report_alert_mails (event_id, depositor_id, alert_id, outcome, mailed_at)
     SELECT gen_random_uuid(), 1 + (i % 10 = 0)::int, i % 30, CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'sent' END,
       now() - random() * interval '90 days' FROM generate_series(1, 20000) i`,
  );
  await timedSql(db, 'vacuum analyze', `VACUUM (ANALYZE)`);
}

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: database ${prefix}_reports is left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({
    service: 'reports',
    url: withDatabase(pg.url, `${prefix}_reports`),
    entities: [],
    migrations: REPORTS_MIGRATIONS,
  });
  cleanups.push(() => db.close());
  await fill(db);

  const bus = { request: async () => [1, 2, 3, 4].map((id) => ({ id, code: `PF${id}`, label: `PF${id}`, town: '' })) };
  const service = new ReportsService(db, bus);
  const roles = [...new Set(['READ_TURNOVER', ...REPORT_CATALOGUE.flatMap((r) => r.roles)])];
  const ctx = (platformIds = []) => ({
    requestId: 'bench',
    user: { id: 2, uuid: 'bench', login: 'alice', sessionId: 'bench' },
    roles,
    scope: { all: false, depositorIds: [1, 2], activityIds: [], storeIds: [], platformIds, activityKeys: [], storeKeys: [] },
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  });
  const measure = async (caller, id) => {
    const request = { reportId: id, range: 'rolling90', depositorIds: [1] };
    await service.run(caller, request);
    const times = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      rows = (await service.run(caller, request)).rows.length;
      times.push(performance.now() - t0);
    }
    return { times, rows };
  };

  const loadAverage = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  const caller = { wide: ctx(), narrowed: ctx([1]) };
  for (const scope of SCOPES) {
    console.log(
      `\nreports over ${ORDERS.toLocaleString('en')} orders and ${MOVEMENTS.toLocaleString('en')} movements of one depositor (rolling 90 days), ${SAMPLES} runs each, ${
        scope === 'wide' ? 'depositor-wide scope' : 'scope narrowed to platform 1 (a quarter of the rows)'
      }; load average ${loadAverage()} (1/5/15 min, ${os.cpus().length} CPUs)`,
    );
    console.log(
      `${'report'.padEnd(8)} ${'no.'.padEnd(5)} ${'source'.padEnd(11)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    const all = [];
    const missed = [];
    for (const r of REPORT_CATALOGUE) {
      const { times, rows } = await measure(caller[scope], r.id);
      all.push(...times);
      const p95 = percentile(times, 95);
      if (p95 > TARGET_P95_MS) missed.push(`${r.id} (${p95.toFixed(0)} ms)`);
      console.log(
        `${r.id.padEnd(8)} ${r.displayNumber.padEnd(5)} ${r.source.padEnd(11)} ${String(rows).padStart(5)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95
          .toFixed(1)
          .padStart(8)} ${Math.max(...times)
          .toFixed(1)
          .padStart(8)}`,
      );
    }
    console.log(
      `${scope}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms   target p95 <= ${TARGET_P95_MS} ms per report: ${missed.length ? `MISSED by ${missed.join(', ')}` : 'ok'}; load average ${loadAverage()}`,
    );
  }
  await catchUpPages(db, loadAverage);
}

/**
 * A catch-up's writes over the filled projection: pages of 1,000 new orders, the same pages again
 * with newer snapshots (every order moves), and pages of 2,000 new movements, each page in its own
 * transaction as ProjectionCatchUp writes it.
 */
async function catchUpPages(db, loadAverage) {
  const ctx = {
    requestId: 'bench-catch-up',
    user: null,
    roles: [],
    scope: { all: true, depositorIds: [], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] },
    locale: 'fr_FR',
    timezone: 'UTC',
  };
  const day = 86_400_000;
  const order = (i, version) => {
    const created = Date.now() - (i % 90) * day - (i % 1440) * 60_000;
    const status = version ? [100, 90, 97, 96][i % 4] : [10, 60][i % 2];
    return {
      orderId: 900_000_000 + i,
      depositorId: 1,
      platformId: 1 + (i % 4),
      activityCode: ['ECOM', 'B2B', 'B2C'][i % 3],
      storeCode: `MAG${i % 6}`,
      reference: `CU${i}`,
      carrierCode: ['GLS', 'DPD', 'UPS'][i % 3],
      tourCode: `T${i % 8}`,
      customerCode: `C${i % 5000}`,
      country: 'FR',
      parcelCount: 1 + (i % 5),
      weightKg: (i % 50) / 2,
      status,
      tracerStatus: 'WAITING',
      createdAt: new Date(created).toISOString(),
      promisedShippingAt: new Date(created + 8 * 3_600_000).toISOString(),
      shippedAt: status >= 90 ? new Date(created + 5 * 3_600_000).toISOString() : null,
      promisedDeliveryAt: new Date(created + 2 * day).toISOString(),
      deliveredAt: status === 100 ? new Date(created + day).toISOString() : null,
      preparationEndedAt: status >= 60 ? new Date(created + 2 * 3_600_000).toISOString() : null,
      canceledAt: null,
      updatedAt: new Date(Date.now() + version * 1000).toISOString(),
    };
  };
  const movement = (i) => ({
    id: 900_000_000 + i,
    depositorId: 1,
    platformId: 1 + (i % 4),
    storeCode: `MAG${i % 6}`,
    reference: `ART-${i % 5000}`,
    type: ['exit', 'entry', 'inventory'][i % 3],
    quantity: 1 + (i % 20),
    lot: null,
    movedAt: new Date(Date.now() - (i % 90) * day - (i % 1440) * 60_000).toISOString(),
  });
  const pages = async (label, size, write) => {
    const times = [];
    for (let p = 0; p < PAGES; p++) {
      const t0 = performance.now();
      await db.scoped(ctx, (em) =>
        write(
          em,
          Array.from({ length: size }, (_, k) => p * size + k),
        ),
      );
      times.push(performance.now() - t0);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${label.padEnd(38)} mean ${mean.toFixed(0).padStart(6)} ms, p50 ${percentile(times, 50).toFixed(0).padStart(6)} ms, max ${Math.max(
        ...times,
      )
        .toFixed(0)
        .padStart(6)} ms`,
    );
  };
  console.log(`\ncatch-up writes over the filled projection, ${PAGES} pages each; load average ${loadAverage()}`);
  await pages('new orders, 1,000 a page', 1000, (em, ids) =>
    upsertOrders(
      em,
      ids.map((i) => order(i, 0)),
    ),
  );
  await pages('the same orders changed, 1,000 a page', 1000, (em, ids) =>
    upsertOrders(
      em,
      ids.map((i) => order(i, 1)),
    ),
  );
  await pages('new movements, 2,000 a page', 2000, (em, ids) => insertMovements(em, ids.map(movement)));
  console.log(`load average ${loadAverage()}`);
}

void runBench(main, cleanup);
