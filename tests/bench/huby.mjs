// Huby (issue 11): shipment creation through the gateway at 16 connections (shipments/s, p50/p95)
// beside the platform benchmark's bare baseline (a NestJS + Fastify app doing one single-row read,
// the same pool size), and the address picker's search among 100,000 recipient addresses (p50/p95,
// target p95 <= 20 ms). Prints figures next to the targets; never fails on them.
//
// Usage: npm run build:server && node tests/bench/huby.mjs [--duration=10] [--warmup=3] [--connections=16]
//   [--addresses=100000] [--samples=400] [--keep]  (--keep leaves the databases, to EXPLAIN on them)
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// Fresh databases per run, dropped at the end, also on Ctrl-C and errors.
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { fillAddressBook } from './support/address-book.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freePort,
  freshDatabasePrefix,
  jsonApi,
  postgresServer,
  ROOT,
  startDemoPortal,
  userIdOf,
  waitHealthy,
  withDatabase,
} from './support/platform.mjs';

const argv = cliArgs();
const DURATION = numberArg(argv, 'duration', 10);
const WARMUP = numberArg(argv, 'warmup', 3);
const CONNECTIONS = numberArg(argv, 'connections', 16);
const ADDRESSES = numberArg(argv, 'addresses', 100_000);
const SAMPLES = numberArg(argv, 'samples', 400);
const TARGET_SEARCH_P95_MS = 20;
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();

const api = jsonApi;

function load(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: databases ${prefix}_* are left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}; ${pg.source}, ${pg.version}`);

  const url = await startDemoPortal({ pg, prefix, processes, cleanups });
  const { token } = await api(url, 'POST', '/api/auth/login', undefined, { login: 'alice', password: 'Portal2026' });
  const shippers = (await api(url, 'GET', '/api/dashtower/address/all?type=shipper&depositor=1', token)).addressesShipper;
  const recipients = (await api(url, 'GET', '/api/dashtower/address/all?type=recipient&depositor=1', token)).addressesRecipient;

  // 1. Shipment creation: a draft with two packing lines, each request its own reference.
  let n = 0;
  const run = Date.now().toString(36).toUpperCase();
  const body = () =>
    JSON.stringify({
      depositor_id: 1,
      reference: `BENCH-${run}-${n++}`,
      uuid_address_shipper: shippers[0].uuid,
      uuid_address_recipient: recipients[n % recipients.length].uuid,
      tour_code: 'COLIS-J1',
      packings: [
        { packaging_type: 'CARTON-M', weight_kg: 4.2, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 },
        { packaging_type: 'CARTON-S', weight_kg: 1.1, packages: 1 },
      ],
    });
  const create = (duration) =>
    load({
      url: `${url}/api/dashtower/orders`,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          setupRequest: (r) => ({ ...r, body: body() }),
        },
      ],
    });
  if (WARMUP) await create(WARMUP);
  const created = await create(DURATION);
  const createdRow = {
    rps: created.requests.average,
    p50: created.latency.p50,
    p95: created.latency.p97_5 ?? created.latency.p99,
    p99: created.latency.p99,
    non2xx: created.non2xx,
    errors: created.errors + created.timeouts,
  };

  // 2. The platform benchmark's baseline: bare NestJS + Fastify, one single-row read, same pool size.
  const authDb = withDatabase(pg.url, `${prefix}_auth`);
  const basePort = await freePort();
  const base = processes.start('baseline', [path.join(ROOT, 'tests/bench/support/baseline-server.mjs')], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: authDb,
    USER_ID: String(await userIdOf(pg.url, `${prefix}_auth`, 'alice')),
    PORT: String(basePort),
  });
  await waitHealthy(`http://127.0.0.1:${basePort}`, [base], 30_000);
  if (WARMUP) await load({ url: `http://127.0.0.1:${basePort}/api/user`, duration: WARMUP });
  const bare = await load({ url: `http://127.0.0.1:${basePort}/api/user`, duration: DURATION });
  await processes.stop(base);

  // 3. The address picker among 100,000 addresses: prefixes of names, codes, postcodes and towns.
  const hubyUrl = withDatabase(pg.url, `${prefix}_huby`);
  await fillAddressBook(hubyUrl, ADDRESSES, log);
  const prefixes = [
    'P',
    'PH',
    'PHARMACIE',
    'PHARMACIE DU C',
    'CLINIQUE SAINT',
    'B00012',
    'B0999',
    '69',
    '75011',
    '3',
    'LYON',
    'REIMS',
    'GARAGE DU PORT 77',
    'ZZZ',
  ];
  const times = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const search = prefixes[i % prefixes.length];
    const t0 = performance.now();
    const answer = await api(
      url,
      'GET',
      `/api/dashtower/address/all?type=recipient&active=1&limit=50&depositor=1&search=${encodeURIComponent(search)}`,
      token,
    );
    if (i >= 20) times.push(performance.now() - t0);
    if (!Array.isArray(answer.addressesRecipient)) throw new Error('address search answered no list');
  }
  const searchP95 = percentile(times, 95);

  console.log(`\n=== Huby (${CONNECTIONS} connections, ${DURATION} s measured, ${WARMUP} s warm-up) ===`);
  console.log(
    `shipment creation (POST /api/dashtower/orders): ${createdRow.rps.toFixed(0)} shipments/s, p50 ${createdRow.p50} ms, p97.5 ${createdRow.p95} ms, p99 ${createdRow.p99} ms, non-2xx ${createdRow.non2xx}, errors ${createdRow.errors}`,
  );
  console.log(
    `bare baseline (one single-row read): ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms; creation = ${((createdRow.rps / bare.requests.average) * 100).toFixed(0)} % of it`,
  );
  console.log(
    `address search among ${ADDRESSES.toLocaleString('en')} (${SAMPLES} sequential calls, ${prefixes.length} prefixes): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${searchP95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms — target p95 <= ${TARGET_SEARCH_P95_MS} ms: ${searchP95 <= TARGET_SEARCH_P95_MS ? 'met' : 'MISSED'}`,
  );
}

await runBench(main, cleanup);
