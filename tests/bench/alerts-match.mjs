// Alerts matching count (issue 14): how many orders of the last 3 months match an alert's criteria,
// over a projection of 1,000,000 orders of one depositor (12 months, ~250,000 in the period) plus
// 100,000 of another, with carrier events. Runs ~200 varied counts (customer codes exact and with
// `*`, articles, statuses, events, carriers, tours, delivery-number prefix, their mixes) through the
// service's own code (MatchCountService.count: the owner's handle with the caller's scope written
// out, stopped past MATCH_COUNT_CAP orders), as a user of that depositor. Prints p50/p95/max next to
// the target (p95 <= 200 ms), and how many counts of each case were capped; never fails on them.
//
// Usage: npm run build:server && node tests/bench/alerts-match.mjs [--orders=1000000] [--samples=200] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// A throwaway database, dropped at the end, also on Ctrl-C and errors.
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { alertsBenchDatabase } from './support/alerts-database.mjs';
import { benchLifecycle, requireFromRoot } from './support/platform.mjs';

const argv = cliArgs();
const ORDERS = numberArg(argv, 'orders', 1_000_000);
const SAMPLES = numberArg(argv, 'samples', 200);
const TARGET_P95_MS = 200;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { AlertsServiceModule } = requireFromRoot('./dist/services/alerts/src/index.js');
const { MatchCountService } = requireFromRoot('./dist/services/alerts/src/alerts/match-count.js');
void AlertsServiceModule;

const CARRIERS = ['GLS', 'DHL', 'UPS', 'TNT', 'CHRONO'];
const EVENTS = ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'ANOMALY', 'RETURNED'];

/** The projection filled by PostgreSQL itself (generate_series): depositor 1 has ORDERS orders, depositor 2 a tenth. */
async function fill(db) {
  const started = Date.now();
  for (const [depositor, count] of [
    [1, ORDERS],
    [2, Math.round(ORDERS / 10)],
  ]) {
    await db.system.query(
      `INSERT INTO alert_orders (order_id, depositor_id, depositor_code, platform_id, activity_code, store_code, reference, carrier_code,
         tour_code, customer_code, article_codes, status, tracer_status, created_at, updated_at)
       SELECT $1::bigint * 10000000 + i, $1, 'DEMO-' || $1, 1 + i % 4, (ARRAY['ECOM','B2B','B2C'])[1 + i % 3],
         (ARRAY['MAG-MLV1','MAG-LYS1','ADR-FOS1'])[1 + i % 3], 'CMD' || lpad(i::text, 8, '0'), ($3::text[])[1 + i % 5],
         'T-' || (i % 20), 'C' || (ARRAY['DUPONT','DUPUIS','MARTIN','BERNARD','DURAND','LEROY','MOREAU','SIMON'])[1 + i % 8] || (i % 600),
         ARRAY['ART-' || (i % 2000), 'ART-' || ((i * 7) % 2000)], (ARRAY[0,10,30,50,60,70,90,95,97,100])[1 + (i * 13) % 10], 'WAITING',
         now() - random() * interval '365 days', now()
       FROM generate_series(1, $2::int) i`,
      [depositor, count, CARRIERS],
    );
    // Carrier events of the period: about 40 % of the orders, one or two each.
    await db.system.query(
      `INSERT INTO alert_order_events (event_id, order_id, depositor_id, kind, code, at)
       SELECT gen_random_uuid(), o.order_id, o.depositor_id, 'EVENT', ($2::text[])[1 + (o.order_id + g) % 5], o.created_at + (g || ' days')::interval
         FROM alert_orders o CROSS JOIN generate_series(1, 2) g
        WHERE o.depositor_id = $1 AND o.created_at > now() - interval '100 days' AND (o.order_id + g) % 5 < 2`,
      [depositor, EVENTS],
    );
  }
  await db.system.query(`VACUUM (ANALYZE) alert_orders`);
  await db.system.query(`VACUUM (ANALYZE) alert_order_events`);
  const [{ orders, events }] = await db.system.query(
    `SELECT (SELECT count(*) FROM alert_orders)::int AS orders, (SELECT count(*) FROM alert_order_events)::int AS events`,
  );
  log(
    `projection: ${orders.toLocaleString('en')} orders, ${events.toLocaleString('en')} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** ~200 criteria as the form sends them while typing: one criterion, then mixes. */
function criteriaCases() {
  const base = { kind: 'VIP', depositorIds: [1] };
  const cases = [];
  for (let i = 0; i < 20; i++) {
    cases.push(['customer exact', { ...base, customerCodes: [`CDUPONT${i * 8}`] }]);
    cases.push(['customer wildcard', { ...base, customerCodes: [i % 2 ? `CDUP*` : `CMAR*${i % 6}`] }]);
    cases.push(['customer *x*', { ...base, customerCodes: [`*TIN${i}*`] }]);
    cases.push(['articles', { ...base, articleCodes: [`ART-${i * 37}`, `ART-${i * 41 + 1}`] }]);
    cases.push(['statuses', { ...base, statuses: i % 2 ? [100] : [97, 100] }]);
    cases.push(['events', { ...base, events: [EVENTS[i % 5]] }]);
    cases.push(['carrier + tour', { ...base, carrierCodes: [CARRIERS[i % 5]], tourCodes: [`T-${i}`] }]);
    cases.push(['reference prefix', { ...base, referencePrefix: `CMD00${String(i * 3).padStart(2, '0')}` }]);
    cases.push(['statuses or events + customer', { ...base, statuses: [100], events: ['DELIVERED'], customerCodes: ['CDU*'] }]);
    cases.push(['nothing but the depositor', { ...base }]);
  }
  return cases;
}

async function main() {
  const db = await alertsBenchDatabase({ keep: argv.keep, cleanups, log });
  await fill(db);
  const service = new MatchCountService(db);
  const ctx = {
    requestId: 'bench',
    user: { id: 2, uuid: 'bench', login: 'alice', sessionId: 'bench' },
    roles: ['ALERT_USER'],
    scope: { all: false, depositorIds: [1, 2], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] },
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
  const cases = criteriaCases().slice(0, SAMPLES);
  for (const [, criteria] of cases.slice(0, 20)) await service.count(ctx, criteria); // warm-up
  const byCase = new Map();
  const all = [];
  for (const [name, criteria] of cases) {
    const t0 = performance.now();
    const { count, capped } = await service.count(ctx, criteria);
    const ms = performance.now() - t0;
    all.push(ms);
    const entry = byCase.get(name) ?? { times: [], counts: [], capped: 0 };
    entry.times.push(ms);
    entry.counts.push(count);
    if (capped) entry.capped++;
    byCase.set(name, entry);
  }
  console.log(`\nmatching count over ${ORDERS.toLocaleString('en')} orders of one depositor (last 3 months), ${all.length} counts`);
  console.log(
    `${'case'.padEnd(32)} ${'n'.padStart(3)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  counts (capped)`,
  );
  for (const [name, { times, counts, capped }] of byCase)
    console.log(
      `${name.padEnd(32)} ${String(times.length).padStart(3)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${Math.max(
        ...times,
      )
        .toFixed(1)
        .padStart(8)}  ${Math.min(...counts)}-${Math.max(...counts)} (${capped})`,
    );
  const p95 = percentile(all, 95);
  console.log(
    `all: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms   target p95 <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'MISSED'}`,
  );
}

void runBench(main, cleanup);
