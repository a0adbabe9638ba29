// The reference back office (issue 18 item 2): the logs list and its acknowledgement over a large
// logs table, and the logo resize. Fills `logs` with --logs rows (default 300,000: a year of
// occurrences of a busy provider, 5 % still open) through PostgreSQL itself, then times through the
// service's own code (LogsAdminService, as an ADMIN_LOGS user): the default screen (open logs, last
// occurrence first), filters (severity, module, message part, a week), a deep page of acknowledged
// ones, and acknowledging 50 logs at once. Then fitLogo (sharp) on a 2400x1200 JPEG and a 4000x3000
// PNG. Prints p50/p95/max next to the target (list p95 <= 150 ms); never fails on them.
//
// Usage: npm run build:server && node tests/bench/admin-reference.mjs [--logs=300000] [--samples=60] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import { cliArgs, numberArg, runBench, timed } from './support/measure.mjs';
import { benchLifecycle, dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './support/platform.mjs';

const argv = cliArgs();
const LOGS = numberArg(argv, 'logs', 300_000);
const SAMPLES = numberArg(argv, 'samples', 60);
const TARGET_P95_MS = 150;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { LogsAdminService } = requireFromRoot('./dist/services/admin/src/logs/logs-admin.service.js');
const { fitLogo } = requireFromRoot('./dist/services/admin/src/logos/logos.service.js');
const sharp = requireFromRoot('sharp');
const MIGRATIONS = [
  ['1763790000000-CreateAdmin', 'CreateAdmin1763790000000'],
  ['1764200000000-RefreshDepositorPolicies', 'RefreshDepositorPolicies1764200000000'],
  ['1765500000000-AnnouncementAudience', 'AnnouncementAudience1765500000000'],
  ['1766100000000-AlertEmailTemplates', 'AlertEmailTemplates1766100000000'],
  ['1766900000000-AdminReference', 'AdminReference1766900000000'],
].map(([file, name]) => requireFromRoot(`./dist/services/admin/src/migrations/${file}.js`)[name]);

async function database() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: database ${prefix}_admin is left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({ service: 'admin', url: withDatabase(pg.url, `${prefix}_admin`), entities: [], migrations: MIGRATIONS });
  cleanups.push(() => db.close());
  return db;
}

/** A year of logs: 8 modules, 4 severities, 2,000 objects; 95 % acknowledged (by 12 administrators); the open ones each on an object of its own (one open row per occurrence kind). */
async function fill(db) {
  const started = Date.now();
  await db.system.query(
    `INSERT INTO logs (severity, module, first_at, last_at, message, object_name, object_id, counter, ack_user, ack_at, ack_comment)
     SELECT (ARRAY['info','warning','error','critical'])[1 + (i * 7) % 4],
            (ARRAY['auth','huby','tracking','stock','alerts','claims','fever','reports'])[1 + i % 8],
            t - interval '3 days', t,
            (ARRAY['Carrier web service call failed','Probe silent for more than 12 h','Warehouse feed rejected','Mail delivered after retries',
                   'Label printing failed','Account temporarily blocked'])[1 + (i * 11) % 6] || ' #' || (i % 5000),
            'object', CASE WHEN i % 20 = 0 THEN 'OPEN-' || i ELSE 'OBJ-' || (i % 2000) END, 1 + i % 40,
            CASE WHEN i % 20 = 0 THEN NULL ELSE 'admin' || (i % 12) END,
            CASE WHEN i % 20 = 0 THEN NULL ELSE t + interval '2 hours' END,
            CASE WHEN i % 20 = 0 THEN NULL ELSE 'traité' END
       FROM (SELECT i, now() - (i::float / $1) * interval '365 days' AS t FROM generate_series(1, $1::int) i) s`,
    [LOGS],
  );
  await db.system.query(`VACUUM (ANALYZE) logs`);
  const [{ total, open }] = await db.system.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ack_at IS NULL)::int AS open FROM logs`,
  );
  log(`logs: ${total.toLocaleString('en')} (${open.toLocaleString('en')} open) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const row = (name, r) =>
  console.log(`${name.padEnd(44)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}`);

async function main() {
  const db = await database();
  await fill(db);
  const service = new LogsAdminService(db, { kick: () => undefined });
  const ctx = {
    requestId: 'bench',
    user: { id: 1, uuid: 'bench', login: 'bench-admin', sessionId: 'bench' },
    roles: ['ADMIN_LOGS'],
    scope: { all: false, depositorIds: [], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] },
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
  const week = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekEnd = new Date(Date.now() - 24 * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    ['open logs, last occurrence first (the screen)', { filter: { acknowledged: false }, range: [0, 24], sort: ['lastAt', 'DESC'] }],
    ['open errors and criticals', { filter: { acknowledged: false, severity: ['error', 'critical'] }, range: [0, 24] }],
    ['one module, every state', { filter: { module: 'huby' }, range: [0, 24] }],
    ['message part', { filter: { q: 'feed rejected #42' }, range: [0, 24] }],
    ['a week of last occurrences', { filter: { lastFrom: week, lastTo: weekEnd }, range: [0, 24] }],
    ['acknowledged, page 200 (offset 4,975)', { filter: { acknowledged: true }, range: [4975, 4999] }],
    ['most repeated first', { filter: { acknowledged: false }, range: [0, 24], sort: ['counter', 'DESC'] }],
  ];
  console.log(`\nlogs list over ${LOGS.toLocaleString('en')} logs, ${SAMPLES} calls each`);
  console.log(`${'case'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  let worst = 0;
  for (const [name, request] of cases) {
    const r = await timed(() => service.list(ctx, request), SAMPLES, 5);
    worst = Math.max(worst, r.p95);
    row(name, r);
  }
  const open = await db.system.query(`SELECT id::text AS id FROM logs WHERE ack_at IS NULL ORDER BY id LIMIT $1`, [50 * (SAMPLES + 5)]);
  const ack = await timed(
    (i) => service.acknowledge(ctx, { ids: open.slice(i * 50, i * 50 + 50).map((l) => l.id), comment: 'bench' }),
    SAMPLES,
    5,
  );
  row('acknowledge 50 logs (with 50 outbox events)', ack);
  console.log(
    `list p95 (worst case) ${worst.toFixed(1)} ms   target p95 <= ${TARGET_P95_MS} ms: ${worst <= TARGET_P95_MS ? 'ok' : 'MISSED'}`,
  );

  const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const png = await sharp({ create: { width: 4000, height: 3000, channels: 4, background: { r: 20, g: 120, b: 240, alpha: 0.5 } } })
    .png()
    .toBuffer();
  console.log(`\nlogo fitted into 300x150 as PNG (sharp), ${Math.min(SAMPLES, 30)} runs each`);
  row(`JPEG 2400x1200 (${(jpeg.length / 1024).toFixed(0)} KB)`, await timed(() => fitLogo(jpeg), Math.min(SAMPLES, 30), 3));
  row(`PNG 4000x3000 with alpha (${(png.length / 1024).toFixed(0)} KB)`, await timed(() => fitLogo(png), Math.min(SAMPLES, 30), 3));
}

void runBench(main, cleanup);
