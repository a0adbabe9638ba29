// The cost of durability in the all-in-one mode (issue 22): the warehouse feed's orders per second when
// a 2xx means the order is on disk (the portal's setting: synchronous_commit on, concurrent commits
// sharing one WAL flush) against the former setting (synchronous_commit off: acknowledged before the
// disk has it), same machine, same run, each on its own embedded PostgreSQL in a fresh data folder.
// Single orders (POST /api/feed/tracking/orders) at 1, 8 and 32 clients, and bulk feeds of 100 orders
// (POST /api/feed/tracking/orders/bulk) at 4 clients. Prints figures; never fails on them.
//
// Usage: npm run build:server && node tests/bench/durable-feed.mjs [--seconds=10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { benchLifecycle, freePort, requireFromRoot, ROOT, waitHealthy } from './support/platform.mjs';

const argv = cliArgs();
const SECONDS = numberArg(argv, 'seconds', 10);
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();
const { DEMO_API_KEYS } = requireFromRoot('./dist/services/auth/src');
const { Client } = requireFromRoot('pg');

/** Commits and WAL flushes of the whole cluster so far (each commit of a durable write waits for one flush). */
async function commitsOf(pgPort) {
  const client = new Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const [row] = (
      await client.query(
        `SELECT (SELECT sum(xact_commit) FROM pg_stat_database)::bigint AS commits, (SELECT wal_sync FROM pg_stat_wal)::bigint AS syncs`,
      )
    ).rows;
    return { commits: Number(row.commits), syncs: Number(row.syncs) };
  } finally {
    await client.end();
  }
}

async function startPortal(name, env) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durable-'));
  fs.chmodSync(dataDir, 0o755); // run as root, the embedded server runs as its own user
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const entry = processes.start(name, [path.join(ROOT, 'dist/services/all-in-one/main.js')], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    DEMO_DATA: '1',
    DEMO_SCALE: '0.005',
    RATE_LIMIT_MULTIPLIER: '1000',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, [entry], 180_000);
  const pgPort = Number(fs.readFileSync(path.join(dataDir, 'data', 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  return { url, entry, pgPort };
}

let sequence = 0;
function order() {
  const reference = `DUR${process.pid}${String(sequence++).padStart(8, '0')}`;
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  return {
    reference,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
    createdAt,
    lines: [{ reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 1, quantitySent: 1 }],
    parcels: [{ trackingNumber: `T${reference}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
    statuses: [{ status: 0, at: createdAt }],
  };
}

/** `clients` loops posting for SECONDS; answers the orders acknowledged per second and the latencies. */
async function load(url, clients, batch) {
  const until = Date.now() + SECONDS * 1000;
  const times = [];
  let orders = 0;
  let failures = 0;
  const client = async () => {
    while (Date.now() < until) {
      const body = batch === 1 ? order() : { orders: Array.from({ length: batch }, order) };
      const started = performance.now();
      const res = await fetch(`${url}/api/feed/tracking/orders${batch === 1 ? '' : '/bulk'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': DEMO_API_KEYS.warehouse },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status < 300) orders += batch;
      else failures++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (Date.now() - t0) / 1000;
  return { rate: orders / seconds, p50: percentile(times, 50), p95: percentile(times, 95), failures };
}

const CASES = [
  { label: 'single orders, 1 client', clients: 1, batch: 1 },
  { label: 'single orders, 8 clients', clients: 8, batch: 1 },
  { label: 'single orders, 32 clients', clients: 32, batch: 1 },
  { label: 'bulk of 100, 4 clients', clients: 4, batch: 100 },
];

await runBench(async () => {
  log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ${SECONDS} s per case`);
  const setups = [
    { name: 'durable (synchronous_commit on)', env: {} },
    // The former setting, for the comparison only: every session of that portal confirms before the disk.
    { name: 'former (synchronous_commit off)', env: { PGOPTIONS: '-c synchronous_commit=off' } },
  ];
  const results = new Map();
  for (const setup of setups) {
    const portal = await startPortal(setup.name, setup.env);
    await load(portal.url, 8, 1); // warm-up: plans, pools, JIT
    for (const c of CASES) {
      const before = await commitsOf(portal.pgPort);
      const r = await load(portal.url, c.clients, c.batch);
      const after = await commitsOf(portal.pgPort);
      const orders = r.rate * SECONDS;
      r.perOrder = `${((after.commits - before.commits) / orders).toFixed(1)} commits, ${((after.syncs - before.syncs) / orders).toFixed(2)} WAL syncs per order`;
      results.set(`${setup.name}|${c.label}`, r);
      log(
        `${setup.name.padEnd(32)} ${c.label.padEnd(26)} ${r.rate.toFixed(0).padStart(6)} orders/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  (${r.perOrder})${r.failures ? `  ${r.failures} failed` : ''}`,
      );
    }
    await processes.stop(portal.entry);
  }
  log('cost of durability (orders/s durable vs former):');
  for (const c of CASES) {
    const durable = results.get(`${setups[0].name}|${c.label}`);
    const former = results.get(`${setups[1].name}|${c.label}`);
    log(
      `  ${c.label.padEnd(26)} ${durable.rate.toFixed(0)} vs ${former.rate.toFixed(0)} (${((durable.rate / former.rate - 1) * 100).toFixed(0)} %)`,
    );
  }
}, cleanup);
