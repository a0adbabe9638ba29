// Geo-order (issue 13): GET /geo-order/address/all with 100,000 recipients in DEMO-A's book, through the
// gateway and the bus, signed in as alice (DEMO-A and DEMO-B): the list calls as spec §7 makes them
// (limit 50: no search, a search, a platform's recipients; p50/p95, target p95 <= 50 ms), and the
// screen's map load (limit 2000, the same three kinds). Prints figures next to the target; never fails on them.
//
// Usage: npm run build:server && node tests/bench/geo-order.mjs [--addresses=100000] [--samples=400] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// Fresh databases per run, dropped at the end, also on Ctrl-C and errors.
import os from 'node:os';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { fillAddressBook } from './support/address-book.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freshDatabasePrefix,
  jsonApi,
  postgresServer,
  startDemoPortal,
  withDatabase,
} from './support/platform.mjs';

const argv = cliArgs();
const ADDRESSES = numberArg(argv, 'addresses', 100_000);
const SAMPLES = numberArg(argv, 'samples', 400);
const TARGET_P95_MS = 50;
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();

/** p50/p95/max of `samples` sequential calls cycling over `paths` (20 warm-up calls first, not counted). */
async function measure(url, token, paths, samples) {
  const times = [];
  let located = 0;
  let answered = 0;
  for (let i = 0; i < samples + 20; i++) {
    const t0 = performance.now();
    const answer = await jsonApi(url, 'GET', paths[i % paths.length], token);
    const elapsed = performance.now() - t0;
    const list = answer.addressesRecipient ?? answer.addressesPlatform;
    if (answer.success !== true || !Array.isArray(list))
      throw new Error(`geo-order answered no list: ${JSON.stringify(answer).slice(0, 200)}`);
    if (i < 20) continue;
    times.push(elapsed);
    answered += list.length;
    located += list.filter((a) => a.lat !== null).length;
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    rows: answered / samples,
    located: located / Math.max(1, answered),
  };
}

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: databases ${prefix}_* are left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}; ${pg.source}, ${pg.version}`);

  const url = await startDemoPortal({ pg, prefix, processes, cleanups });
  await fillAddressBook(withDatabase(pg.url, `${prefix}_huby`), ADDRESSES, log);
  const { token } = await jsonApi(url, 'POST', '/api/auth/login', undefined, { login: 'alice', password: 'Portal2026' });
  const platform = (await jsonApi(url, 'GET', '/api/geo-order/address/all?type=shipper', token)).addressesPlatform.find(
    (p) => p.depositor_id === 1,
  );
  const searches = ['P', 'PHARMACIE', 'CLINIQUE SAINT', 'B00012', '69', '75011', 'LYON', 'REIMS', 'ZZZ'];
  const kinds = (limit) => ({
    'no search': [`/api/geo-order/address/all?type=recipient&limit=${limit}`],
    search: searches.map((s) => `/api/geo-order/address/all?type=recipient&limit=${limit}&search=${encodeURIComponent(s)}`),
    platform: [`/api/geo-order/address/all?type=recipient&limit=${limit}&uuid_address_shipper=${platform.uuid}`],
  });
  const rows = [];
  for (const limit of [50, 2000])
    for (const [kind, paths] of Object.entries(kinds(limit)))
      rows.push({ limit, kind, ...(await measure(url, token, paths, limit === 50 ? SAMPLES : Math.ceil(SAMPLES / 4))) });

  console.log(
    `\n=== Geo-order: GET /api/geo-order/address/all, ${ADDRESSES.toLocaleString('en')} recipients in DEMO-A's book (alice: DEMO-A and DEMO-B) ===`,
  );
  for (const r of rows) {
    const verdict = r.limit === 50 ? ` — target p95 <= ${TARGET_P95_MS} ms: ${r.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}` : '';
    console.log(
      `limit ${String(r.limit).padEnd(4)} ${r.kind.padEnd(9)}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ${r.rows.toFixed(0)} addresses a call, ${(r.located * 100).toFixed(0)} % on the map${verdict}`,
    );
  }
}

await runBench(main, cleanup);
