// Cold-chain certificate (issue 16 item 5): time to build one order's certificate (read the readings
// of its zone's probes under the caller's scope, compute the figures, draw the PDF) for stays of
// 1 day to 1 year, over a cold room of 4 probes reading every 10 minutes for a year (~210,000
// readings) with an excursion a week. Runs CertificatesService.build as a user of the depositor.
// Prints p50/max per stay length and the PDF size; never fails on them.
//
// Usage: npm run build:server && node tests/bench/fever-certificate.mjs [--samples=10] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// A throwaway database, dropped at the end, also on Ctrl-C and errors.
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { benchLifecycle, dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './support/platform.mjs';

const argv = cliArgs();
const SAMPLES = numberArg(argv, 'samples', 10);
const PROBES = 4;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { CreateFever1767000000000 } = requireFromRoot('./dist/services/fever/src/migrations/1767000000000-CreateFever.js');
const { CertificatesRepository } = requireFromRoot('./dist/services/fever/src/certificates/certificates.repository.js');
const { CertificatesService } = requireFromRoot('./dist/services/fever/src/certificates/certificates.service.js');

const DAY = 86_400_000;

/** A year of readings every 10 minutes on PROBES probes of one 2–8 °C room, an excursion each week. */
async function fill(db, end) {
  const started = Date.now();
  const from = new Date(end.getTime() - 366 * DAY);
  for (
    let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    m <= end;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    await db.system.query(`SELECT fever_ensure_month($1::timestamptz)`, [m]);
  const [zone] = await db.system.query(
    `INSERT INTO zones (platform_id, depositor_id, code, label, min_temperature, max_temperature) VALUES (12, 2, 'FROID-2-8', 'Chambre froide', 2, 8) RETURNING id`,
  );
  for (let p = 1; p <= PROBES; p++) {
    const [probe] = await db.system.query(
      `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id) VALUES ($1, $2, $3, 2, 12) RETURNING id`,
      [`00:1b:c5:0b:00:0${p}`, `Sonde ${p}`, zone.id],
    );
    await db.system.query(
      `INSERT INTO readings (probe_id, depositor_id, at, temperature)
       SELECT $1, 2, at, round((5 + 1.5 * sin(extract(epoch FROM at) / 20000) + CASE WHEN extract(dow FROM at) = 3 AND extract(hour FROM at) = 14 THEN 4.5 ELSE 0 END)::numeric, 2)
       FROM generate_series($2::timestamptz, $3::timestamptz, interval '10 minutes') at`,
      [probe.id, from, end],
    );
    await db.system.query(
      `INSERT INTO excursions (probe_id, zone_id, depositor_id, platform_id, kind, threshold, started_at, ended_at, peak)
       SELECT $1, $2, 2, 12, 'high', 8, d + interval '14 hours', d + interval '15 hours', 11
       FROM generate_series(date_trunc('day', $3::timestamptz), $4::timestamptz, interval '1 day') d WHERE extract(dow FROM d) = 3`,
      [probe.id, zone.id, from, end],
    );
  }
  await db.system.query(`ANALYZE readings`);
  const [{ n }] = await db.system.query(`SELECT count(*)::int AS n FROM readings`);
  log(`${n.toLocaleString('en')} readings of ${PROBES} probes over a year in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: database ${prefix}_fever is left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({
    service: 'fever',
    url: withDatabase(pg.url, `${prefix}_fever`),
    entities: [],
    migrations: [CreateFever1767000000000],
  });
  cleanups.push(() => db.close());
  const end = new Date();
  await fill(db, end);
  const service = new CertificatesService(new CertificatesRepository(db));
  const ctx = {
    requestId: 'bench',
    user: { id: 3, uuid: 'bench', login: 'bob', sessionId: 'bench' },
    roles: ['PGT_USER'],
    scope: { all: false, depositorIds: [2], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] },
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
  const request = (days) => ({
    orderId: 1,
    reference: 'CMD000001',
    depositorId: 2,
    depositorCode: 'DEMO-B',
    platformId: 12,
    store: 'FROID-2-8',
    from: new Date(end.getTime() - days * DAY).toISOString(),
    to: end.toISOString(),
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  });
  await service.build(ctx, request(7)); // warm-up
  log(`stay (days)  readings   p50 ms   max ms   PDF KB   verdict`);
  for (const days of [1, 7, 30, 90, 365]) {
    const times = [];
    let answer;
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      answer = await service.build(ctx, request(days));
      times.push(performance.now() - t0);
    }
    const readings = Math.round((days * DAY) / 600_000) * PROBES;
    log(
      `${String(days).padStart(11)}  ${readings.toLocaleString('en').padStart(8)}  ${percentile(times, 50).toFixed(0).padStart(7)}  ${Math.max(
        ...times,
      )
        .toFixed(0)
        .padStart(7)}  ${(Buffer.from(answer.pdfBase64, 'base64').length / 1024).toFixed(0).padStart(7)}   ${answer.verdict}`,
    );
  }
}

void runBench(main, cleanup);
