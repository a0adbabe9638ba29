// Real carriers (issue 34): what the portal adds to a carrier's own answer time, and what a tracking
// round costs. Against the local fake of UPS (or of Chronopost, DPD France, GLS: --carrier; tests/support/carrier-fakes.ts, in this process):
// 1. Label requests at 16 concurrent shipments through the gateway (POST /dashtower/orders/{uuid}/labels):
//    for each, the portal's time minus the carrier's own (the fake's time from request to answer, for
//    the calls of that shipment) — target p95 <= 20 ms.
// 2. One tracking round over 10,000 followed UPS shipments (copied in SQL from a labelled one): the
//    requests the portal sends, its CPU seconds for them, and the round's time next to the floor its
//    rate limit sets (HUBY_CARRIER_TRACKING_RATE, 200/s here: 50 s).
// Prints figures next to the targets; never fails on them.
//
// Usage: npm run build:server && node tests/bench/carriers.mjs [--carrier=ups|chronopost|dpd|gls] [--rounds=10] [--followed=10000]
//   [--rate=200] [--concurrent=16] (the tracking round: UPS only)
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import fs from 'node:fs';
import os from 'node:os';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freshDatabasePrefix,
  jsonApi as api,
  postgresServer,
  queryOnce,
  startDemoPortal,
  withDatabase,
} from './support/platform.mjs';
import { startCarrierFake } from '../support/carrier-fakes.ts';

const argv = cliArgs();
const ROUNDS = numberArg(argv, 'rounds', 10);
const FOLLOWED = numberArg(argv, 'followed', 10_000);
const RATE = numberArg(argv, 'rate', 200);
const CONCURRENT = numberArg(argv, 'concurrent', 16);
const TARGET_MS = 20;
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();
const ACCOUNTS = {
  ups: { clientId: 'bench-client', clientSecret: 'bench-secret', shipperNumber: 'BENCH1' },
  dhlExpress: { apiKey: 'k', apiSecret: 's' },
  colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  chronopost: { accountNumber: '19869502', password: '255562' },
  dpd: { userid: 'bench-dpd', password: 'bench-dpd-password', customerCenterNumber: '077', customerNumber: '12345' },
  gls: { username: 'bench-gls', password: 'bench-gls-password', contactId: '2500000001' },
};
/** The carriers measured (--carrier): the tour's account number and codes, and its carrier account on the fake. */
const CARRIERS = {
  ups: {
    name: 'UPS',
    accountNumber: 'BENCH1',
    codes: { service: '11' },
    account: {
      connector: 'ups',
      settings: { client_id: 'bench-client', shipper_number: 'BENCH1' },
      secrets: { client_secret: 'bench-secret' },
    },
  },
  chronopost: {
    name: 'Chronopost',
    accountNumber: ACCOUNTS.chronopost.accountNumber,
    codes: { product: '01' },
    account: {
      connector: 'chronopost',
      settings: { account_number: ACCOUNTS.chronopost.accountNumber },
      secrets: { password: ACCOUNTS.chronopost.password },
    },
  },
  dpd: {
    name: 'DPD France',
    accountNumber: ACCOUNTS.dpd.customerNumber,
    codes: { product: 'CLASSIC' },
    account: {
      connector: 'dpd',
      settings: {
        userid: ACCOUNTS.dpd.userid,
        customer_center_number: ACCOUNTS.dpd.customerCenterNumber,
        customer_number: ACCOUNTS.dpd.customerNumber,
      },
      secrets: { password: ACCOUNTS.dpd.password },
    },
  },
  gls: {
    name: 'GLS',
    accountNumber: ACCOUNTS.gls.contactId,
    codes: { product: 'PARCEL' },
    account: {
      connector: 'gls',
      settings: { username: ACCOUNTS.gls.username, contact_id: ACCOUNTS.gls.contactId },
      secrets: { password: ACCOUNTS.gls.password },
    },
  },
};
const CARRIER = argv.carrier ?? 'ups';
if (!CARRIERS[CARRIER]) throw new Error(`--carrier: one of ${Object.keys(CARRIERS).join(', ')}`);
const measured = CARRIERS[CARRIER];

/** CPU seconds (user + system) a process used so far, from /proc. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks (100 a second on Linux: getconf CLK_TCK).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of every PostgreSQL process of the machine (the embedded server's or the machine's own). */
function postgresCpuSeconds() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

const stats = (values) => ({ p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) });
const ms = (v) => `${v.toFixed(1)} ms`;

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}; ${pg.source}, ${pg.version}`);
  const fake = await startCarrierFake(ACCOUNTS);
  // The fake shares the machine: one label drawn once, so that its drawing does not slow the portal measured.
  fake.ups.cannedGif = true;
  cleanups.push(() => fake.close());
  const env = {
    HUBY_CARRIER_TRACKING_TICK_MS: '1000',
    HUBY_CARRIER_TRACKING_EVERY_MS: String(24 * 3_600_000),
    HUBY_CARRIER_TRACKING_BATCH: String(FOLLOWED + 100),
    HUBY_CARRIER_TRACKING_RATE: String(RATE),
    // To profile the portal: PORTAL_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof".
    ...(process.env.PORTAL_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PORTAL_NODE_OPTIONS } : {}),
  };
  const url = await startDemoPortal({ pg, prefix, processes, cleanups, env });
  const portal = processes.children.find((c) => c.name === 'all-in-one').child;
  const admin = (await api(url, 'POST', '/api/auth/login', undefined, { login: 'admin', password: 'Portal2026' })).token;
  const alice = (await api(url, 'POST', '/api/auth/login', undefined, { login: 'alice', password: 'Portal2026' })).token;
  const run = Date.now().toString(36).toUpperCase().slice(-6);
  const code = `${CARRIER.slice(0, 3).toUpperCase()}B${run}`;
  const carrier = await api(url, 'POST', '/api/admin/transport/carriers', admin, {
    ref: code,
    name: measured.name,
    kind: 'parcel',
    shipping_window_days: 10,
    insurance_threshold: 1500,
  });
  const tour = await api(url, 'POST', '/api/admin/transport/tours', admin, {
    depositorId: 1,
    code,
    carrierId: carrier.id,
    account_number: measured.accountNumber,
    tour_type: 'parcel',
    transport_mode: 'road',
    weight_max_kg: 70,
    codes: measured.codes,
  });
  await api(url, 'PUT', `/api/admin/transport/tours/${tour.id}/account`, admin, {
    ...measured.account,
    environment: 'custom',
    base_url: fake.url,
  });
  const shipper = (await api(url, 'GET', '/api/dashtower/address/all?type=shipper&depositor=1', alice)).addressesShipper[0];
  const recipients = (await api(url, 'GET', '/api/dashtower/address/all?type=recipient&depositor=1', alice)).addressesRecipient.filter(
    (r) => (r.phone || r.mobile) && r.email && r.country === 'FR',
  );
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const validated = async (reference, i) => {
    const { uuid } = await api(url, 'POST', '/api/dashtower/orders', alice, {
      depositor_id: 1,
      reference,
      uuid_address_shipper: shipper.uuid,
      uuid_address_recipient: recipients[i % recipients.length].uuid,
      tour_code: code,
      date_shipment_desired: tomorrow,
      content_description: 'Cosmétiques',
      packings: [{ packaging_type: 'CARTON-M', weight_kg: 2.5, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 }],
    });
    await api(url, 'POST', `/api/dashtower/orders/${uuid}/validate`, alice);
    return { uuid, reference };
  };
  const requestLabels = (s, format) => api(url, 'POST', `/api/dashtower/orders/${s.uuid}/labels`, alice, { format });

  // 1. The portal's own time around the carrier's, 16 label requests at a time.
  const warm = await validated(`CB-${run}-W`, 0);
  await requestLabels(warm, 'PDF');
  const added = [];
  const total = [];
  const carrierOwn = [];
  // The shipments first, so that only label requests run while they are measured.
  const batches = [];
  for (const format of ['PDF', 'ZPL'])
    for (let r = 0; r < ROUNDS / 2; r++) {
      const batch = [];
      for (let i = 0; i < CONCURRENT; i++) batch.push(await validated(`CB-${run}-${format}${r}-${i}`, i));
      batches.push({ format, batch });
    }
  const labelCpu = { portal: cpuSeconds(portal.pid), postgres: postgresCpuSeconds() };
  for (const format of ['PDF', 'ZPL']) {
    for (const { batch } of batches.filter((b) => b.format === format)) {
      fake.calls.length = 0;
      const times = await Promise.all(
        batch.map(async (s) => {
          const t = performance.now();
          await requestLabels(s, format);
          return { s, ms: performance.now() - t };
        }),
      );
      for (const { s, ms: portalMs } of times) {
        // The carrier's own time: its calls for this shipment (the label request names it in each package's
        // reference, in JSON or XML; a longer reference that starts the same is another shipment's).
        const named = new RegExp(`${s.reference}(?![A-Za-z0-9-])`);
        const own = fake.calls.filter((c) => named.test(c.body)).reduce((sum, c) => sum + c.ms, 0);
        added.push(portalMs - own);
        total.push(portalMs);
        carrierOwn.push(own);
      }
    }
    log(`${format}: ${(ROUNDS / 2) * CONCURRENT} label requests, ${CONCURRENT} at a time`);
  }
  labelCpu.portal = cpuSeconds(portal.pid) - labelCpu.portal;
  labelCpu.postgres = postgresCpuSeconds() - labelCpu.postgres;

  // 2. One tracking round over FOLLOWED shipments, copied from a labelled one (the fake knows each). UPS's fake only.
  const round =
    CARRIER !== 'ups'
      ? null
      : await (async () => {
          const hubyDb = withDatabase(pg.url, `${prefix}_huby`);
          const model = await validated(`CB-${run}-TRK`, 0);
          const labelled = await requestLabels(model, 'PDF');
          const columns = (
            await queryOnce(
              hubyDb,
              `SELECT column_name FROM information_schema.columns WHERE table_name = 'shipments' AND column_name NOT IN
               ('uuid', 'reference', 'voucher', 'tracking_numbers', 'carrier_polled_at', 'carrier_last_event_at')
               AND is_generated = 'NEVER' ORDER BY ordinal_position`,
            )
          ).map((r) => `"${r.column_name}"`);
          const made = fake.ups.shipments.get(labelled.voucher);
          // Not the fake's own numbers (service 11): these are the copies.
          const base = `1ZBENCH199`;
          for (let n = 1; n <= FOLLOWED; n++) {
            const id = `${base}${String(n).padStart(8, '0')}`;
            fake.ups.shipments.set(id, { ...made, id, reference: `CB-${run}-F${n}`, trackingNumbers: [id] });
          }
          // The round starts when the copies are in: the job's next tick takes them (every shipment due).
          const tracks = () => fake.calls.filter((c) => c.path.startsWith(`/api/track/v1/details/${base}`)).length;
          fake.calls.length = 0;
          const cpuBefore = cpuSeconds(portal.pid);
          const started = performance.now();
          await queryOnce(
            hubyDb,
            `INSERT INTO shipments (uuid, reference, voucher, tracking_numbers, ${columns.join(', ')})
           SELECT gen_random_uuid(), $2 || n, $3 || lpad(n::text, 8, '0'), ARRAY[$3 || lpad(n::text, 8, '0')], ${columns.map((c) => `s.${c}`).join(', ')}
           FROM shipments s, generate_series(1, $4) n WHERE s.uuid = $1`,
            [model.uuid, `CB-${run}-F`, base, FOLLOWED],
          );
          log(`${FOLLOWED} followed shipments in place; waiting for the tracking round`);
          let last = -1;
          let still = 0;
          for (;;) {
            await new Promise((r) => setTimeout(r, 500));
            const n = tracks();
            if (n >= FOLLOWED) break;
            still = n === last ? still + 1 : 0;
            last = n;
            if (still >= 60) throw new Error(`the tracking round stopped at ${n} requests`);
          }
          const seconds = (performance.now() - started) / 1000;
          const cpu = cpuSeconds(portal.pid) - cpuBefore;
          const requests = tracks();
          return { seconds, cpu, requests };
        })();

  const a = stats(added);
  const t = stats(total);
  const c = stats(carrierOwn);
  console.log(`\n=== Real carriers against the local ${measured.name} fake (${added.length} label requests, ${CONCURRENT} at a time) ===`);
  console.log(
    `label request through the portal: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}; the carrier's own answer: p50 ${ms(c.p50)}, p95 ${ms(c.p95)}`,
  );
  console.log(
    `what the portal adds: p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, max ${ms(a.max)} — target p95 <= ${TARGET_MS} ms: ${a.p95 <= TARGET_MS ? 'met' : 'MISSED'}`,
  );
  const per = (seconds) => `${((seconds / added.length) * 1000).toFixed(1)} ms`;
  console.log(
    `CPU a label request (with what follows it: tracking order, events, projections): portal ${per(labelCpu.portal)}, PostgreSQL ${per(labelCpu.postgres)} (${os.cpus().length} cores)`,
  );
  if (round)
    console.log(
      `tracking round over ${FOLLOWED} followed shipments: ${round.requests} requests in ${round.seconds.toFixed(1)} s (rate limit ${RATE}/s: floor ${(FOLLOWED / RATE).toFixed(1)} s), portal CPU ${round.cpu.toFixed(1)} s (${((round.cpu / round.requests) * 1000).toFixed(2)} ms a shipment)`,
    );
}

await runBench(main, cleanup);
