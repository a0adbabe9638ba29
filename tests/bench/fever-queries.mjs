// Fever queries (issue 16 benchmark): a year of readings every 10 minutes for one probe, generated
// with SQL into the month partitions and the hourly roll-up as the ingestion writes them, then the
// 90-day graph (target p95 ≤ 50 ms) and the one-year export of that probe (target ≤ 1 s), both
// through the service code under the caller's scope (row-level security on), the export also written
// as CSV and XLSX by the gateway's sheet writer.
//   npm run build:server && node tests/bench/fever-queries.mjs [--samples=100] [--probes=10] [--keep]
import { Writable } from 'node:stream';
import { cliArgs, numberArg, runBench, timed } from './support/measure.mjs';
import { benchLifecycle, dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './support/platform.mjs';

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { CreateFever1767000000000 } = requireFromRoot('./dist/services/fever/src/migrations/1767000000000-CreateFever.js');
const { GraphService } = requireFromRoot('./dist/services/fever/src/graph/graph.service.js');
const { ExportService } = requireFromRoot('./dist/services/fever/src/export/export.service.js');
const { sheetWriter } = requireFromRoot('./dist/services/gateway/src/exports/sheet.js');
const { callerContext } = requireFromRoot('./dist/libs/testing/src/context.js');

const argv = cliArgs();
const SAMPLES = numberArg(argv, 'samples', 100);
/** Other probes of the same depositor with a year each, so that the probe's rows are not alone in their partitions. */
const PROBES = numberArg(argv, 'probes', 10);
const log = (m) => console.log(`[bench] ${m}`);
const { cleanups, cleanup } = benchLifecycle();

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (!argv.keep) cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({
    service: 'fever',
    url: withDatabase(pg.url, `${prefix}_fever`),
    entities: [],
    migrations: [CreateFever1767000000000],
  });
  cleanups.push(() => db.close());

  const [zone] = await db.system.query(
    `INSERT INTO zones (depositor_id, platform_id, code, label, min_temperature, max_temperature) VALUES (2, 12, 'FROID-2-8', 'Chambre froide', 2, 8) RETURNING id`,
  );
  const probes = await db.system.query(
    `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id)
     SELECT ('00:1b:c5:0b:00:' || lpad(to_hex(n), 2, '0'))::macaddr, 'Sonde ' || n, $1, 2, 12 FROM generate_series(1, $2) n RETURNING id`,
    [zone.id, PROBES],
  );
  const probeId = probes[0].id;
  const started = Date.now();
  const to = new Date();
  const from = new Date(to.getTime() - 366 * 86_400_000);
  for (
    let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    m <= to;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    await db.system.query(`SELECT fever_ensure_month($1)`, [m]);
  for (const { id } of probes) {
    await db.system.query(
      `INSERT INTO readings (probe_id, depositor_id, at, temperature, humidity, voltage)
       SELECT $1, 2, at, round((5 + 1.5 * sin(extract(epoch FROM at) / 43200 * pi()) + (random() - 0.5))::numeric, 2),
              round((55 + 10 * random())::numeric, 2), 3.6
       FROM generate_series(date_trunc('hour', $2::timestamptz), $3::timestamptz, interval '10 minutes') at`,
      [id, from, to],
    );
    await db.system.query(
      `INSERT INTO readings_hourly (probe_id, depositor_id, hour, count, min_temperature, max_temperature, sum_temperature, humidity_count, sum_humidity)
       SELECT probe_id, depositor_id, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), min(temperature), max(temperature),
              sum(temperature), count(humidity), coalesce(sum(humidity), 0)
       FROM readings WHERE probe_id = $1 GROUP BY 1, 2, 3`,
      [id],
    );
  }
  await db.system.query(`ANALYZE`);
  const [{ n }] = await db.system.query(`SELECT count(*)::int AS n FROM readings`);
  log(
    `${n.toLocaleString('en')} readings (${PROBES} probes × one year every 10 min) generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const ctx = callerContext({ depositorIds: [2], roles: ['FEVER_USER'] });
  const graphs = new GraphService(db);
  const exports = new ExportService(db);

  const sample = await graphs.graph(ctx, { id: probeId, range: 'rolling90' });
  const graph = await timed(() => graphs.graph(ctx, { id: probeId, range: 'rolling90' }), SAMPLES);
  log(
    `90-day graph (${sample.resolution}, ${sample.points.length} points): p50 ${graph.p50.toFixed(1)} ms, p95 ${graph.p95.toFixed(1)} ms, max ${graph.max.toFixed(1)} ms — target p95 ≤ 50 ms: ${graph.p95 <= 50 ? 'ok' : 'MISSED'}`,
  );
  const week = await timed(() => graphs.graph(ctx, { id: probeId, range: 'week' }), SAMPLES);
  log(`7-day graph (raw): p50 ${week.p50.toFixed(1)} ms, p95 ${week.p95.toFixed(1)} ms`);
  const year = await timed(() => graphs.graph(ctx, { id: probeId, range: 'lastYear' }), Math.ceil(SAMPLES / 4), 3);
  log(`last-year graph (hourly, 9-hour buckets): p50 ${year.p50.toFixed(1)} ms, p95 ${year.p95.toFixed(1)} ms`);

  const period = { from: from.toISOString(), to: to.toISOString() };
  for (const format of ['rows', 'csv', 'xlsx']) {
    const times = [];
    let rows = 0;
    for (let i = 0; i < 3; i++) {
      const t = Date.now();
      const sink = new Writable({ write: (_c, _e, done) => done() });
      const writer =
        format === 'rows'
          ? null
          : sheetWriter(format, 'Releves', ['Date', 'Température', 'Humidité', 'Tension', 'Sonde', 'MAC', 'Zone'], sink);
      rows = 0;
      for (let after; ;) {
        const page = await exports.rows(ctx, { id: probeId, ...period, ...(after ? { after } : {}) });
        rows += page.rows.length;
        if (writer)
          await writer.add(
            page.rows.map((r) => [r.at, r.temperature, r.humidity, r.voltage, page.probe.label, page.probe.mac, page.probe.zone]),
          );
        if (!page.next) break;
        after = page.next;
      }
      if (writer) await writer.finish();
      times.push(Date.now() - t);
    }
    const best = Math.min(...times);
    log(
      `one-year export of one probe, ${format === 'rows' ? 'rows read' : format.toUpperCase() + ' written'} (${rows.toLocaleString('en')} readings): best ${best} ms of ${times.join(' / ')} ms — target ≤ 1 s: ${best <= 1000 ? 'ok' : 'MISSED'}`,
    );
  }
}

await runBench(main, cleanup);
