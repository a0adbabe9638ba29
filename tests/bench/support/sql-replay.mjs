// The SQL side of tests/bench/load-mix.mjs: the statements a load run causes, captured from PostgreSQL's
// JSON log (log_statement=all: one record per executed statement, its parameters in the DETAIL), grouped
// into the transactions and round trips the portal sent them in, then replayed straight on PostgreSQL
// through node-postgres with the portal's pool sizes and concurrency; and pg_stat_statements figures.
import fs from 'node:fs';
import path from 'node:path';
import { queryOnce } from './platform.mjs';
import { requireFromRoot, ROOT, withDatabase } from './platform.mjs';

const pg = requireFromRoot('pg');
// The portal's own pipelining of BEGIN and the scope's settings with the first statement (libs/db).
const { preludedQuery } = requireFromRoot(path.join(ROOT, 'dist/libs/db/src/preluded-query.js'));

/** Current sizes of the JSON log files: what the capture adds is read from there on. */
export function logOffsets(logDir) {
  const sizes = new Map();
  for (const f of fs.readdirSync(logDir).filter((n) => n.endsWith('.json'))) sizes.set(f, fs.statSync(path.join(logDir, f)).size);
  return sizes;
}

/** Starts a new log file and deletes the others (the capture has been read). */
export async function dropLogs(url, logDir) {
  await queryOnce(url, 'SELECT pg_rotate_logfile()');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [{ current }] = await queryOnce(url, `SELECT pg_current_logfile('jsonlog') AS current`);
  for (const f of fs.readdirSync(logDir))
    if (f.endsWith('.json') && f !== path.basename(current ?? '')) fs.rmSync(path.join(logDir, f), { force: true });
}

/** `Parameters: $1 = 'a', $2 = NULL` → ['a', null] (quotes doubled inside values, as PostgreSQL writes them). */
export function parseParameters(detail) {
  const values = [];
  const start = detail.indexOf('$');
  if (start < 0) return values;
  const re = /\$(\d+) = (?:NULL|'((?:[^']|'')*)')(?:, |$)/y;
  re.lastIndex = start;
  for (let m = re.exec(detail); m; m = re.exec(detail)) values[Number(m[1]) - 1] = m[2] === undefined ? null : m[2].replace(/''/g, "'");
  return values;
}

/**
 * The statements the portal's pools sent while logging was on: records of databases starting with
 * `prefix` and applications named portal-<service>, in each backend's order.
 */
export function readCapture(logDir, offsets, prefix) {
  const statements = [];
  for (const f of fs.readdirSync(logDir).filter((n) => n.endsWith('.json'))) {
    const file = path.join(logDir, f);
    const from = offsets.get(f) ?? 0;
    const size = fs.statSync(file).size;
    if (size <= from) continue;
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(size - from);
    fs.readSync(fd, buffer, 0, buffer.length, from);
    fs.closeSync(fd);
    for (const line of buffer.toString('utf8').split('\n')) {
      if (!line) continue;
      let r;
      try {
        r = JSON.parse(line);
      } catch {
        continue;
      }
      if (!r.dbname?.startsWith(prefix) || !r.application_name?.startsWith('portal-') || r.error_severity !== 'LOG') continue;
      const simple = /^statement: ([\s\S]*)$/.exec(r.message);
      const extended = simple ? null : /^execute [^\s:]+: ([\s\S]*)$/.exec(r.message);
      if (!simple && !extended) continue;
      statements.push({
        db: r.dbname,
        pid: r.pid,
        line: r.line_num,
        vxid: r.vxid ?? null,
        at: r.timestamp,
        sql: (simple ?? extended)[1],
        values: extended ? (r.detail?.startsWith('Parameters:') ? parseParameters(r.detail) : []) : null,
      });
    }
  }
  return statements.sort((a, b) => a.pid - b.pid || a.line - b.line);
}

const isBegin = (s) => s.values !== null && /^\s*(BEGIN|START TRANSACTION)\b/i.test(s.sql);
const isSettings = (s) => s.values !== null && /^\s*SELECT set_config\(/i.test(s.sql);

/**
 * Transactions (one backend, one virtual transaction id) in the order they began, each as round
 * trips: consecutive extended-protocol statements of one implicit transaction were pipelined before one
 * Sync (Db.scopedQuery: settings + query); an explicit one sends BEGIN and the settings with its first
 * statement when that statement has parameters (Db.scoped), then each statement alone. Transactions
 * touching the outbox are the relays' background work, not the requests'.
 */
export function transactionsOf(statements) {
  const groups = [];
  let current = null;
  for (const s of statements) {
    if (!current || current.pid !== s.pid || !s.vxid || current.vxid !== s.vxid) {
      current = { db: s.db, pid: s.pid, vxid: s.vxid, at: s.at, statements: [] };
      groups.push(current);
    }
    current.statements.push(s);
  }
  for (const g of groups) {
    g.background = g.statements.some((s) => /\boutbox\b/i.test(s.sql));
    g.trips = roundTrips(g.statements);
  }
  return groups.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function roundTrips(list) {
  if (list.length > 1 && !isBegin(list[0]) && list.every((s) => s.values !== null)) return [list];
  if (!isBegin(list[0])) return list.map((s) => [s]);
  let n = 1;
  while (n < list.length && isSettings(list[n])) n++;
  const first = list[n];
  const trips = [];
  if (first && first.values?.length) trips.push(list.slice(0, n + 1));
  else {
    trips.push(list.slice(0, n));
    if (first) trips.push([first]);
  }
  for (const s of list.slice(n + 1)) trips.push([s]);
  return trips;
}

/** Counts of a capture: statements, of which transaction control and scope settings, transactions, round trips. */
export function captureSummary(groups) {
  const request = groups.filter((g) => !g.background);
  const all = request.flatMap((g) => g.statements);
  const control = all.filter((s) => /^\s*(BEGIN|START TRANSACTION|COMMIT|ROLLBACK)\b/i.test(s.sql)).length;
  const settings = all.filter(isSettings).length;
  const byDb = new Map();
  for (const g of request) byDb.set(g.db, (byDb.get(g.db) ?? 0) + g.statements.length);
  return {
    statements: all.length,
    control,
    settings,
    queries: all.length - control - settings,
    transactions: request.length,
    trips: request.reduce((n, g) => n + g.trips.length, 0),
    background: groups.filter((g) => g.background).reduce((n, g) => n + g.statements.length, 0),
    byDb,
  };
}

async function runTrip(client, trip) {
  if (trip.length > 1) {
    const last = trip[trip.length - 1];
    return preludedQuery(
      client,
      trip.slice(0, -1).map((s) => ({ text: s.sql, values: s.values })),
      last.sql,
      last.values,
    );
  }
  const [s] = trip;
  return s.values === null ? client.query(s.sql) : client.query({ text: s.sql, values: s.values, queryMode: 'extended' });
}

/**
 * Replays the request transactions for `seconds` (round after round over the capture) with `concurrency`
 * workers on one pg.Pool of `poolSize` per database: a worker takes the next transaction, borrows a
 * connection of its database, sends its round trips in order and gives the connection back.
 */
export async function replay(groups, { serverUrl, poolSize, concurrency, seconds }) {
  const work = groups.filter((g) => !g.background);
  if (!work.length) throw new Error('nothing captured to replay');
  const pools = new Map();
  for (const db of new Set(work.map((g) => g.db))) {
    const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, db), max: poolSize, application_name: 'bench-replay' });
    pool.on('error', () => undefined);
    pools.set(db, pool);
    // The portal's pools are warm: open every connection before the clock starts.
    const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    for (const c of clients) c.release();
  }
  const errors = new Map();
  let next = 0;
  let statements = 0;
  let transactions = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const g = work[next++ % work.length];
      const client = await pools.get(g.db).connect();
      let broken;
      try {
        for (const trip of g.trips) {
          await runTrip(client, trip);
          statements += trip.length;
        }
        transactions += 1;
      } catch (e) {
        const key = `${e.code ?? 'error'} ${String(e.message).slice(0, 80)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        if (client.getTransactionStatus?.() !== 'I') await client.query('ROLLBACK').catch((r) => (broken = r));
      } finally {
        client.release(broken);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all([...pools.values()].map((p) => p.end()));
  return { statements, transactions, seconds: elapsed, rounds: next / work.length, errors: [...errors.entries()] };
}

// --- pg_stat_statements ---

export const pgssReset = (url) => queryOnce(url, 'SELECT pg_stat_statements_reset()');

/** The statements of the databases starting with `prefix` since the last reset, busiest first (planning: 0 unless track_planning). */
export async function pgssRead(url, prefix) {
  return queryOnce(
    url,
    `SELECT d.datname AS db, s.query, s.calls::bigint::float8 AS calls, s.total_exec_time AS total, s.mean_exec_time AS mean, s.total_plan_time AS plan, s.rows::bigint::float8 AS rows
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname LIKE $1 ORDER BY s.total_exec_time DESC`,
    [`${prefix.replace(/[%_\\]/g, '\\$&')}%`],
  );
}
