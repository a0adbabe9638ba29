// Load benchmark (issue 23): N virtual users, each signed in with its own session, run a customer's mixed
// read workload against the all-in-one portal and its demo data on this machine, closed loop (request,
// think, next); per endpoint and overall req/s, p50/p95/p99/max and errors by status and key; the CPU of
// the portal, of PostgreSQL and of the driver. Then the same work straight on PostgreSQL: the statements
// the mix causes, captured with their parameters (log_statement=all into the JSON log) and replayed
// through node-postgres with the portal's pool sizes and the same concurrency, as fast as the database
// goes: the portal's req/s beside the floor the database sets, and their ratio; and pg_stat_statements
// of the measured window (statements per request, top statements per database). Prints; never fails on time.
//
// Issue 19: the same mix, with writes (a user signing in again, the warehouse feed posting orders), against
// the all-in-one portal and against the distributed one (two gateways and two copies of every service on a
// nats-server of the bench's own, all on 127.0.0.1, on the same databases and files): req/s, p95 and errors
// per mode, side by side at the end. The distributed mode runs on the data the all-in-one seeded.
//
// Usage: npm run build:server && node tests/bench/load-mix.mjs --users=200 --think=1000 --duration=300
//   --mode=<m>         all-in-one, distributed or both (default both, in that order)
//   --copies=<n>       distributed: gateways and copies of each service (default 2)
//   --reads-only       the read mix alone (issue 23); capture and replay run only then (writes cannot be replayed)
//   --users=<n>        virtual users (default 200), spread over the demo users alice 50 %, bob 30 %, denis 20 %
//   --think=<ms>       think time between two requests of a user, drawn in ±50 % (default 1000; 0 = saturation)
//   --duration=<s>     measured seconds per mode (default 300: 5 minutes); --warmup=<s> before it, not counted (default 10)
//   --orders=<n>       tracker orders, generated before the portal starts (seedTrackingDemo, like
//                      tracking-search.mjs; e.g. 1000000); default: the demo's, DEMO_SCALE x 100,000
//   --demo-scale=<x>   DEMO_SCALE of the portal's demo data (default 1: 100k orders, stock and movements)
//   --only=<endpoint>  one endpoint alone (names below; comma-separated for several); --skip=<endpoints> all but these
//   --capture=<s>      seconds of the capture run, after the measured one, same mix (default 10)
//   --replay=<s>       seconds of the replay (default 15); --no-replay skips capture and replay
//   --profile          all-in-one: a CPU profile of the portal over the measured window (the inspector's sampler, some
//                      overhead): self time by area and function, the portal's code inclusive, the .cpuprofile kept
//   --keep             keep the embedded cluster folder (data, generated orders) and print it;
//   --reuse=<dir>      start on a kept one: no generation, no demo seeding (the 1M-order case in seconds)
//   --database-url=<postgres server URL>  an external server instead (fresh databases <prefix>_*, dropped
//                      unless --keep; --reuse=<prefix> runs on kept ones): pg_stat_statements only if it is
//                      preloaded there, capture and replay only with a JSON log readable here and a superuser
// Env: DB_POOL_SIZE (the services' pools, default 10; the replay uses the same).
//
// The mix (% of a user allowed everything; a user without a role spreads that share over the rest):
//   dashboard-tiles 6, dashboard-apps 3, dashboard-figures 6, announcements 3, user-me 2, depositors 2,
//   tracker-dates 14 (today, 7, 30, 90 days, a month half a year ago), tracker-ref-broad 8 (6-7 character
//   prefixes CMD<d>00, CMD<d>000, BL<d>000, PO-<year>: nearly every order), tracker-ref-precise 8 (a full
//   reference, its first 10 characters, a delivery note number), order-detail 14 (ids from the user's own
//   answers), tracerroute 6 (by status, half over 30 days), tracking-profiles 3, serials 2, stock 8,
//   stock-by-reference 2, movements 6 (last 30 days), items 5, item-detail 2; unless --reads-only, login 3 and
//   feed-order 5 (POST /api/feed/tracking/orders with the demo warehouse key). Details: support/customer-mix.mjs.
//
// Reading it: with a think time the offered load is about users / think; p95 says how the portal copes.
// With --think=0 (saturation) req/s is the portal's capacity and the ratio portal/replay says how much of
// the database's own floor the portal reaches; the CPU lines say which side is busy. Phase times at the end.
// The embedded cluster (pg_stat_statements, JSON log) is the bench's own: the machine's PostgreSQL is untouched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accountOf, ENDPOINTS, PASSWORD, virtualUser, WRITES } from './support/customer-mix.mjs';
import { attachProfiler, printProfile, profileFile } from './support/cpu-profile.mjs';
import { cpuLines, cpuWindow, externalServer, setStatementLogging, startCluster } from './support/load-cluster.mjs';
import { httpClient, roundRobinClient, runClosedLoop, runFor, SLICE_SECONDS } from './support/load-driver.mjs';
import { cliArgs, numberArg, runBench } from './support/measure.mjs';
import {
  dropDatabases,
  freePort,
  freshDatabasePrefix,
  natsInfo,
  Processes,
  queryOnce,
  requireFromRoot,
  ROOT,
  serverVersion,
  sleep,
  waitHealthy,
  withDatabase,
} from './support/platform.mjs';
import { captureSummary, dropLogs, logOffsets, pgssRead, pgssReset, readCapture, replay, transactionsOf } from './support/sql-replay.mjs';
import { machineLine } from './support/stock-bench.mjs';

const argv = cliArgs();
const num = (key, fallback) => numberArg(argv, key, fallback);
const USERS = num('users', 200);
const THINK = num('think', 1000);
const DURATION = num('duration', 300);
const WARMUP = num('warmup', 10);
const ORDERS = num('orders', 0);
const DEMO_SCALE = String(argv['demo-scale'] ?? '1');
const CAPTURE = num('capture', 10);
const READS_ONLY = Boolean(argv['reads-only']);
const MODE = String(argv.mode ?? 'both');
const COPIES = num('copies', 2);
const PROFILE = Boolean(argv.profile);
const REPLAY = argv['no-replay'] || !READS_ONLY ? 0 : num('replay', 15);
const POOL_SIZE = Number(process.env.DB_POOL_SIZE ?? 10);
const EXTERNAL = typeof argv['database-url'] === 'string' ? argv['database-url'] : null;
const ONLY = typeof argv.only === 'string' ? argv.only.split(',') : null;
const SKIP = typeof argv.skip === 'string' ? argv.skip.split(',') : [];
const MAIN = path.join(ROOT, 'dist/services/all-in-one/main.js');
const SERVICE_MAIN = (service) => path.join(ROOT, 'dist/services', service, 'main.js');
/** The services of the distributed mode (tests/api/support/distributed.ts), the gateway apart. */
const SERVICES = ['auth', 'admin', 'tracking', 'stock', 'huby', 'alerts', 'claims', 'fever', 'reports'];
const JWT_SECRET = 'bench';

const log = (m) => console.log(`[bench] ${m}`);
const processes = new Processes();
const phases = [];
let phaseStart = Date.now();
const phase = (name) => {
  phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
  phaseStart = Date.now();
};
const int = (n) => Math.round(n).toLocaleString('en');
const fix = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

let server = null;
let prefix = null;
let capturing = false;
let tempDataDir = null;
let cleaning = null;
let natsCleanup = null;
let natsPid = null;
function cleanup() {
  cleaning ??= (async () => {
    await processes.stopAll().catch((e) => log(`stopping the portal: ${e.message}`));
    await natsCleanup?.().catch((e) => log(`stopping nats-server: ${e.message}`));
    const [portal] = processes.children;
    if (portal?.log) {
      const file = path.join(os.tmpdir(), `load-mix-portal-${Date.now()}.log`);
      fs.writeFileSync(file, portal.log);
      log(`the portal's output (last 20 kB): ${file}`);
    }
    if (server && capturing) await setStatementLogging(server.url, false).catch(() => undefined);
    if (server && EXTERNAL && prefix) {
      if (argv.keep || argv.reuse) log(`databases kept: --database-url=${EXTERNAL} --reuse=${prefix}`);
      else await dropDatabases(server.url, [prefix]).catch((e) => log(`dropping ${prefix}*: ${e.message}`));
    }
    await server?.stop();
    if (tempDataDir) fs.rmSync(tempDataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
process.on('exit', () => processes.killAllNow());

async function main() {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} missing: run npm run build:server first`);
  if (!['all-in-one', 'distributed', 'both'].includes(MODE)) throw new Error(`--mode=${MODE}: all-in-one, distributed or both`);
  const mix = [...ENDPOINTS, ...(READS_ONLY ? [] : WRITES)];
  const endpoints = mix.filter((e) => (!ONLY || ONLY.includes(e.name)) && !SKIP.includes(e.name));
  if (!endpoints.length) throw new Error(`--only: none of ${mix.map((e) => e.name).join(', ')}`);
  if (EXTERNAL) {
    server = await externalServer(EXTERNAL);
    prefix = typeof argv.reuse === 'string' ? argv.reuse : freshDatabasePrefix();
  } else {
    server = await startCluster({ reuse: typeof argv.reuse === 'string' ? argv.reuse : null, keep: argv.keep, log });
    server.pgss = true;
    prefix = 'portal';
  }
  log(machineLine());
  log(codeLine());
  log(`PostgreSQL: ${server.source}, ${await serverVersion(server.url)}; databases ${prefix}_*`);
  if (!server.pgss) log('pg_stat_statements is not preloaded on that server: no statement figures');
  if (server.noCapture && REPLAY) log(`no capture and replay: ${server.noCapture}`);
  if (!READS_ONLY) log('the mix has writes (login, feed-order): no capture and replay (--reads-only for them)');
  phase('cluster');
  const dbUrl = (service) => withDatabase(server.url, `${prefix}_${service}`);
  const dataDir = server.dir ?? (tempDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-mix-data-')));

  if (ORDERS && !argv.reuse) {
    const { generateOrders } = requireFromRoot(path.join(ROOT, 'dist/services/tracking/src/demo/generate.js'));
    log(`generating ${int(ORDERS)} orders (seedTrackingDemo)`);
    await generateOrders({ url: dbUrl('tracking'), orders: ORDERS, filesDir: path.join(dataDir, 'files') }, (m) => log(`generate: ${m}`));
    phase('orders');
  }

  // The all-in-one seeds the demo data, in every mode: the distributed mode then runs on the same databases.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inspectPort = PROFILE ? await freePort() : null;
  const portal = processes.start('all-in-one', inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`, MAIN] : [MAIN], {
    ...process.env,
    DATABASE_URL: withDatabase(server.url, prefix),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    DEMO_DATA: '1',
    DEMO_SCALE,
    NODE_ENV: 'development',
    // Every virtual user signs in from 127.0.0.1: 30 logins a minute per address would not do.
    RATE_LIMIT_MULTIPLIER: String(Math.max(100, USERS)),
  });
  await waitHealthy(url, [portal], 180_000);
  phase('portal start');
  const t0 = Date.now();
  // Every background set (the reports' and alerts' catch-ups included): the measured window is the users' load alone.
  while (!/every demo data set loaded/.test(portal.log)) {
    if (Date.now() - t0 > 1_800_000) throw new Error(`demo data not loaded after 30 min:\n${portal.log.slice(-2000)}`);
    if (portal.child.exitCode !== null) throw new Error(`all-in-one exited:\n${portal.log.slice(-3000)}`);
    await sleep(500);
  }
  if (/demo data failed/.test(portal.log)) throw new Error(`demo data failed:\n${portal.log.slice(-3000)}`);
  phase('demo data');
  const [t] = await queryOnce(dbUrl('tracking'), `SELECT count(*)::int AS orders FROM orders`);
  const [s] = await queryOnce(
    dbUrl('stock'),
    `SELECT (SELECT count(*) FROM stock_lines)::int AS lines, (SELECT count(*) FROM movements)::int AS movements, (SELECT count(*) FROM items)::int AS items`,
  );
  log(
    `portal on ${url} (pid ${portal.child.pid}); data: ${int(t.orders)} orders, ${int(s.lines)} stock lines, ${int(s.movements)} movements, ${int(s.items)} items`,
  );

  const results = [];
  if (MODE !== 'distributed') {
    const client = httpClient(url, USERS + 16);
    const users = await signIn(client, endpoints, dbUrl('tracking'));
    phase(`sign-in of ${USERS} users (all-in-one)`);
    const { report, run } = await measureMode(
      'all-in-one',
      client,
      users,
      endpoints,
      [portal.child.pid],
      'portal process',
      undefined,
      inspectPort,
    );
    results.push({ mode: 'all-in-one', report, run });
    if (REPLAY && server.logDir)
      await captureAndReplay({ client, users, report, run, portalPid: portal.child.pid, postmasterPid: server.postmasterPid?.() ?? null });
    client.close();
  }
  if (MODE !== 'all-in-one') {
    await processes.stop(portal);
    phase('all-in-one stopped');
    const dist = await startDistributed(dataDir);
    phase(`distributed start (${dist.entries.length} processes)`);
    const client = roundRobinClient(dist.urls, USERS + 16);
    const users = await signIn(client, endpoints, dbUrl('tracking'));
    phase(`sign-in of ${USERS} users (distributed)`);
    const label = `distributed (${COPIES} gateways, ${COPIES} copies of ${dist.services.length} services)`;
    const pids = dist.entries.map((e) => e.child.pid);
    // Per service (its copies together), and the bench's nats-server apart (counted in "everything else").
    const parts = {};
    for (const e of dist.entries) (parts[e.name.replace(/ \d+$/, '')] ??= []).push(e.child.pid);
    if (natsPid) parts['nats-server (not in the portal)'] = [natsPid];
    const { report, run } = await measureMode(label, client, users, endpoints, pids, `portal (${pids.length} processes)`, parts);
    results.push({ mode: label, report, run });
    client.close();
  }
  printModes(results);
  console.log(`\nphases: ${phases.join(', ')}`);
}

/** One measured run of the mix against a mode: warm-up, window, the per-endpoint table and the statements. */
async function measureMode(mode, client, users, endpoints, portalPids, portalName, parts, inspectPort = null) {
  // The driver's timing should be the portal's latency, not the driver waiting for a core: a little ahead of it.
  const reniced = renice(-5);
  const postmasterPid = server.postmasterPid?.() ?? null;
  let closeCpu;
  let loadAtStart = os.loadavg();
  log(
    `${mode}: ${USERS} users, think ${THINK} ms ±50 %${THINK ? '' : ' (saturation)'}, warm-up ${WARMUP} s, measured ${DURATION} s${ONLY ? `, only ${ONLY.join(', ')}` : ''}${SKIP.length ? `, without ${SKIP.join(', ')}` : ''}; driver at nice ${reniced ? -5 : 0}`,
  );
  const profiler = inspectPort ? await attachProfiler(inspectPort) : null;
  let profile;
  const run = await runClosedLoop({
    client,
    users,
    thinkMs: THINK,
    warmup: WARMUP,
    seconds: DURATION,
    onMeasure: async () => {
      if (server.pgss) await pgssReset(server.url);
      loadAtStart = os.loadavg();
      closeCpu = cpuWindow({ portalPids, postmasterPid, parts });
      await profiler?.start();
    },
    onMeasured: async () => {
      profile = await profiler?.stop();
      return closeCpu();
    },
  });
  run.load = { start: loadAtStart, end: os.loadavg() };
  phase(`warm-up and measured run (${mode})`);
  if (reniced) renice(0);
  const report = run.stats.rows(
    endpoints.map((e) => e.name),
    run.seconds,
  );
  printRun(mode, report, run, portalName);
  if (profile) printProfile(`${portalName}, ${mode}`, profile, profileFile('load-mix', mode), report.overall.requests, { top: 30 });
  if (server.pgss) printStatements(await pgssRead(server.url, `${prefix}_`), report.overall.requests);
  return { report, run };
}

/**
 * The distributed portal on the all-in-one's databases and files: a nats-server of the bench's own (JetStream,
 * a temporary store) on a free port, `COPIES` copies of every service (the first copies up before the others
 * start, as in tests/api/support/distributed.ts) and `COPIES` gateways, all on 127.0.0.1.
 */
async function startDistributed(dataDir) {
  const natsUrl = await ownNats();
  const services = SERVICES.filter((service) => fs.existsSync(SERVICE_MAIN(service)));
  const missing = SERVICES.filter((service) => !services.includes(service));
  if (missing.length) log(`not built, left out: ${missing.join(', ')}`);
  const env = {
    ...process.env,
    NATS_URL: natsUrl,
    NATS_NAMESPACE: `lm${randomBytes(3).toString('hex')}`,
    DATABASE_URL: withDatabase(server.url, prefix),
    DATA_DIR: dataDir,
    JWT_SECRET,
    DEMO_DATA: '0',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    RATE_LIMIT_MULTIPLIER: String(Math.max(100, USERS)),
  };
  const entries = [];
  const urls = [];
  for (let copy = 1; copy <= COPIES; copy++) {
    for (const service of services) entries.push(processes.start(`${service} ${copy}`, [SERVICE_MAIN(service)], env));
    const port = await freePort();
    urls.push(`http://127.0.0.1:${port}`);
    entries.push(processes.start(`gateway ${copy}`, [SERVICE_MAIN('gateway')], { ...env, PORT: String(port) }));
    // /api/health answers 200 once every service answers on the bus: the copies of this round are up.
    await waitHealthy(urls.at(-1), entries, 180_000);
  }
  log(`distributed: ${COPIES} gateways (${urls.join(', ')}) and ${COPIES} copies of ${services.join(', ')} on ${natsUrl}`);
  return { urls, entries, services };
}

/** A nats-server with JetStream of the bench's own on a free port (Debian's nats-server), else NATS_URL. */
async function ownNats() {
  const binary = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  if (!binary) {
    const shared = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
    log(`nats-server not installed: using ${shared}`);
    return shared;
  }
  const port = await freePort();
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-mix-nats-'));
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
  natsPid = child.pid;
  natsCleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(store, { recursive: true, force: true });
  };
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await natsInfo(url, 500))?.jetstream) return url;
    await sleep(100);
  }
  throw new Error(`nats-server did not start on ${url}`);
}

/** Each mode's overall figures side by side, with the targets of issue 19 and how loaded the machine was. */
function printModes(results) {
  if (!results.length) return;
  console.log(
    `\n=== load mix per mode: ${USERS} users, think ${THINK} ms, ${DURATION} s measured each; target 0 errors, p95 <= 200 ms ===`,
  );
  const header = `${'mode'.padEnd(52)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}  ${'load avg (1 min) start/end'.padEnd(27)} verdict`;
  console.log(header);
  for (const { mode, report, run } of results) {
    const o = report.overall;
    const errors = o.errors.reduce((n, [, v]) => n + v, 0);
    const verdict = errors === 0 && o.p95 <= 200 ? 'met' : `MISSED${errors ? ' errors' : ''}${o.p95 > 200 ? ' p95' : ''}`;
    console.log(
      `${mode.padEnd(52)} ${fix(o.rps).padStart(8)} ${fix(o.p50).padStart(8)} ${fix(o.p95).padStart(8)} ${fix(o.p99).padStart(8)} ${String(errors).padStart(7)}  ${`${fix(run.load.start[0], 2)} / ${fix(run.load.end[0], 2)}`.padEnd(27)} ${verdict}`,
    );
    if (errors) console.log(`  errors: ${o.errors.map(([k, v]) => `${k} x${v}`).join(', ')}`);
  }
}

/** Signs every virtual user in (its own session) and gathers, once per demo user, what it sees to start from. */
async function signIn(client, endpoints, trackingUrl) {
  const accounts = new Map();
  const vus = new Array(USERS);
  let next = 0;
  const started = Date.now();
  const one = async () => {
    for (let i = next++; i < USERS; i = next++) {
      const { login } = accountOf(i);
      const res = await client.send('POST', '/api/auth/login', { body: { login, password: PASSWORD } });
      if (res.status !== 200) throw new Error(`login ${login} answered ${res.status}: ${res.body.slice(0, 300)}`);
      const { token, user } = JSON.parse(res.body);
      if (!accounts.has(login)) accounts.set(login, accountFacts(client, token, user, trackingUrl));
      vus[i] = virtualUser(i, { ...(await accounts.get(login)), login, token }, endpoints);
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
  const per = [...accounts.keys()].map((l) => `${l} ${vus.filter((v) => v.login === l).length}`).join(', ');
  log(`signed in ${USERS} sessions in ${((Date.now() - started) / 1000).toFixed(1)} s (${per})`);
  for (const [login, facts] of accounts) {
    const f = await facts;
    log(
      `  ${login}: depositors ${f.depositorIds.join(', ')}; ${f.orders.length} orders, ${f.items.length} items, ${f.serials.length} serial prefixes to start from`,
    );
  }
  return vus;
}

async function accountFacts(client, token, user, trackingUrl) {
  const get = async (p) => {
    const res = await client.send('GET', p, { token });
    return res.status === 200 ? JSON.parse(res.body) : [];
  };
  const roles = user.roles;
  const depositorIds = (await get('/api/depositors')).map((d) => d.id);
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const pgt = roles.some((r) => ['PGT_USER', 'TRACERROUTE_USER'].includes(r));
  const orders = pgt
    ? (
        await get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ dateFrom: from }))}&range=${encodeURIComponent('[0,199]')}`)
      ).map((o) => ({ id: o.id, reference: o.reference }))
    : [];
  const items = roles.includes('ITEM_USER')
    ? (await get(`/api/items?range=${encodeURIComponent('[0,99]')}`)).map((i) => ({ id: i.id, reference: i.reference }))
    : [];
  const serials = (
    await queryOnce(trackingUrl, `SELECT serial FROM order_serials WHERE depositor_id = ANY($1) ORDER BY order_id DESC LIMIT 200`, [
      depositorIds,
    ])
  ).map((r) => r.serial.slice(0, -2));
  return { roles, depositorIds, orders, items, serials };
}

function printRun(mode, report, run, portalName) {
  const header = `${'endpoint'.padEnd(20)} ${'share'.padStart(6)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  errors (status key x count)`;
  const line = (r) =>
    `${r.name.padEnd(20)} ${`${fix((100 * r.requests) / Math.max(1, report.overall.requests))}%`.padStart(6)} ${int(r.requests).padStart(9)} ${fix(r.rps).padStart(8)} ${fix(r.p50).padStart(8)} ${fix(r.p95).padStart(8)} ${fix(r.p99).padStart(8)} ${fix(r.max, 0).padStart(8)}  ${r.errors.map(([k, v]) => `${k} x${v}`).join(', ') || '-'}`;
  console.log(`\n=== ${mode}: ${USERS} users, think ${THINK} ms, ${fix(run.seconds)} s measured ===`);
  console.log(header);
  for (const r of report.rows) console.log(line(r));
  console.log('-'.repeat(header.length));
  console.log(line(report.overall));
  console.log(
    `slowest answers: ${run.stats.slowest.map((x) => `${x.endpoint} ${fix(x.ms, 0)} ms (${x.status}, ended ${fix(x.endedAt)} s into the window)`).join('; ')}`,
  );
  console.log(
    `requests still waiting for their answer when the window closed: ${run.pending}${run.pending ? `, the oldest for ${fix(run.oldestPendingMs / 1000)} s` : ''}`,
  );
  console.log(
    `p95 per ${SLICE_SECONDS} s of the window: ${run.stats
      .sliceRows()
      .map((r) => `${r.from}s ${fix(r.p95)}`)
      .join(', ')} ms`,
  );
  console.log(`\nCPU over the measured window (${fix(run.seconds)} s):`);
  for (const l of cpuLines(run.after, undefined, portalName)) console.log(`  ${l}`);
  console.log(
    `  driver event-loop delay p99 ${fix(run.lagP99)} ms, max ${fix(run.lagMax)} ms (added to the measured latencies; with the driver's own CPU low, it is waiting for a core)`,
  );
}

function printStatements(rows, requests) {
  const byDb = new Map();
  for (const r of rows) {
    const d = byDb.get(r.db) ?? { calls: 0, total: 0, plan: 0, rows: [] };
    d.calls += r.calls;
    d.total += r.total;
    d.plan += r.plan ?? 0;
    d.rows.push(r);
    byDb.set(r.db, d);
  }
  const calls = rows.reduce((n, r) => n + r.calls, 0);
  console.log(
    `\npg_stat_statements over the measured window: ${int(calls)} statements = ${fix(calls / Math.max(1, requests), 2)} per portal request (BEGIN/COMMIT and scope settings included; the outbox relays' polling too); execution ${fix(rows.reduce((n, r) => n + r.total, 0) / 1000, 1)} s, planning ${fix(rows.reduce((n, r) => n + (r.plan ?? 0), 0) / 1000, 1)} s in all`,
  );
  for (const [db, d] of [...byDb.entries()].sort((a, b) => b[1].total - a[1].total)) {
    console.log(
      `${db}: ${int(d.calls)} statements (${fix(d.calls / Math.max(1, requests), 2)} per request), execution ${fix(d.total / 1000, 2)} s, planning ${fix(d.plan / 1000, 2)} s`,
    );
    console.log(
      `  ${'calls'.padStart(8)} ${'mean ms'.padStart(8)} ${'plan ms'.padStart(8)} ${'rows/call'.padStart(9)} ${'total s'.padStart(8)}  statement`,
    );
    for (const r of d.rows.slice(0, 6))
      console.log(
        `  ${int(r.calls).padStart(8)} ${fix(r.mean, 3).padStart(8)} ${fix((r.plan ?? 0) / Math.max(1, r.calls), 3).padStart(8)} ${fix(r.rows / Math.max(1, r.calls)).padStart(9)} ${fix(r.total / 1000, 2).padStart(8)}  ${shortSql(r.query)}`,
      );
  }
}

/** A statement on one line, a long select list elided so that what tells statements apart (FROM, WHERE) shows. */
const shortSql = (sql) =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/^SELECT (.{60,}?) FROM /, 'SELECT … FROM ')
    .slice(0, 220);

async function captureAndReplay({ client, users, report, run, portalPid, postmasterPid }) {
  const offsets = logOffsets(server.logDir);
  capturing = true;
  await setStatementLogging(server.url, true);
  await sleep(300); // every backend reads the new setting at its next command
  const { completed: requests, answered } = await runFor({ client, users, thinkMs: THINK, seconds: CAPTURE });
  await setStatementLogging(server.url, false);
  capturing = false;
  await sleep(500); // the logging collector writes what it still holds
  phase('capture run');
  const statements = readCapture(server.logDir, offsets, `${prefix}_`);
  if (server.dir) await dropLogs(server.url, server.logDir); // a kept cluster would pile up captures
  const groups = transactionsOf(statements);
  const c = captureSummary(groups);
  phase('capture parsing');
  // Per request answered without error: a request shed or refused costs the database little or nothing.
  const perRequest = c.statements / Math.max(1, answered);
  console.log(
    `\ncapture: ${CAPTURE} s of the same mix with log_statement=all: ${int(requests)} requests (${int(answered)} without error), ${int(c.statements)} statements = ${fix(perRequest, 2)} per request answered (${fix(c.queries / Math.max(1, answered), 2)} queries, ${fix(c.settings / Math.max(1, answered), 2)} scope settings, ${fix(c.control / Math.max(1, answered), 2)} BEGIN/COMMIT), ${fix(c.transactions / Math.max(1, answered), 2)} transactions and ${fix(c.trips / Math.max(1, answered), 2)} round trips per request; outbox relays' ${int(c.background)} statements left out`,
  );
  console.log(`  per database: ${[...c.byDb.entries()].map(([db, n]) => `${db} ${fix(n / Math.max(1, answered), 2)}/request`).join(', ')}`);
  const closeCpu = cpuWindow({ portalPid, postmasterPid });
  const r = await replay(groups, { serverUrl: server.url, poolSize: POOL_SIZE, concurrency: USERS, seconds: REPLAY });
  const cpu = closeCpu();
  phase('replay');
  const stmtRate = r.statements / r.seconds;
  const floor = stmtRate / perRequest;
  const failed = report.overall.errors.reduce((n, [, v]) => n + v, 0);
  const portalRate = (report.overall.requests - failed) / run.seconds;
  console.log(
    `replay: ${fix(r.seconds)} s, ${USERS} workers, pool of ${POOL_SIZE} per database (${c.byDb.size} databases), ${fix(r.rounds, 2)} rounds over the capture: ${int(stmtRate)} statements/s, ${int(r.transactions / r.seconds)} transactions/s = ${int(floor)} requests/s equivalent; errors ${r.errors.map(([k, v]) => `${k} x${v}`).join('; ') || 'none'}`,
  );
  for (const l of cpuLines(cpu, 'replay (this process)')) console.log(`  ${l}`);
  console.log(
    `\nportal ${fix(portalRate)} req/s answered without error${failed ? ` (of ${fix(report.overall.rps)} req/s)` : ''}, p95 ${fix(report.overall.p95)} ms, beside the database's floor ${int(floor)} req/s: ratio portal/replay ${fix(portalRate / floor, 3)}${THINK ? ` (think time ${THINK} ms: the offered load, ~${int(USERS / (THINK / 1000))} req/s, bounds the portal's figure; --think=0 compares capacities)` : ''}`,
  );
  if (failed > 0.01 * report.overall.requests)
    console.log(
      `note: ${fix((100 * failed) / report.overall.requests)} % of the portal's requests failed (shed or timed out); their statements may still have run (a timed-out search goes on in PostgreSQL), so the ratio compares unlike work: read it as "overloaded"`,
    );
}

/** Which code runs: the commit, uncommitted changes and when dist/ was last built (the figures belong to that build). */
function codeLine() {
  const git = (args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  };
  let newest = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  walk(path.join(ROOT, 'dist'));
  const changes = git(['status', '--porcelain', '--untracked-files=no', '--', 'services', 'libs']).split('\n').filter(Boolean).length;
  return `code: commit ${git(['rev-parse', '--short', 'HEAD'])}${changes ? ` + ${changes} uncommitted changes in services/ and libs/` : ''}; dist/ built ${new Date(newest).toISOString()}`;
}

/** Sets this process's nice value; false when not allowed. */
function renice(value) {
  try {
    os.setPriority(value);
    return true;
  } catch {
    return false;
  }
}

await runBench(main, cleanup);
