// Huby labels (issue 12): 10 PDF labels and 10 ZPL labels ready through the gateway (one call for 10
// shipments of one package each), p50/p95 over sequential calls (targets p95 <= 300 ms PDF, <= 50 ms
// ZPL, far under the spec's 15,000 ms ready timeout), and labels per second over a batch of 1,000
// (100 shipments of 10 packages, 10 calls of 10 shipments, sequential and at 4 connections).
// Prints figures next to the targets; never fails on them.
//
// Usage: npm run build:server && node tests/bench/huby-labels.mjs [--samples=100]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
// Fresh databases per run, dropped at the end, also on Ctrl-C and errors.
import os from 'node:os';
import { cliArgs, numberArg, runBench, timed } from './support/measure.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freshDatabasePrefix,
  jsonApi as api,
  postgresServer,
  startDemoPortal,
} from './support/platform.mjs';

const argv = cliArgs();
const SAMPLES = numberArg(argv, 'samples', 100);
const TARGETS = { PDF: 300, ZPL: 50 };
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}; ${pg.source}, ${pg.version}`);
  const url = await startDemoPortal({ pg, prefix, processes, cleanups });
  const { token } = await api(url, 'POST', '/api/auth/login', undefined, { login: 'alice', password: 'Portal2026' });
  const shipper = (await api(url, 'GET', '/api/dashtower/address/all?type=shipper&depositor=1', token)).addressesShipper[0];
  // DEMO-A requires a phone of its recipients.
  const recipients = (await api(url, 'GET', '/api/dashtower/address/all?type=recipient&depositor=1', token)).addressesRecipient.filter(
    (r) => r.phone || r.mobile,
  );
  const run = Date.now().toString(36).toUpperCase();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  /** `count` shipments of `packages` packages each, validated and with their labels from the demo carrier. */
  async function labelled(tag, count, packages) {
    const uuids = [];
    for (let i = 0; i < count; i++) {
      const { uuid } = await api(url, 'POST', '/api/dashtower/orders', token, {
        depositor_id: 1,
        reference: `BL-${run}-${tag}${i}`,
        uuid_address_shipper: shipper.uuid,
        uuid_address_recipient: recipients[i % recipients.length].uuid,
        tour_code: 'COLIS-J1',
        date_shipment_desired: tomorrow,
        packings: [{ packaging_type: 'CARTON-M', weight_kg: 2.5, length_cm: 40, width_cm: 30, height_cm: 30, packages }],
      });
      await api(url, 'POST', `/api/dashtower/orders/${uuid}/validate`, token);
      await api(url, 'POST', `/api/dashtower/orders/${uuid}/labels`, token);
      uuids.push(uuid);
    }
    return uuids;
  }
  const query = (uuids, format) => `/api/dashtower/orders/etiquettes?${uuids.map((u) => `uuid_orders[]=${u}`).join('&')}&format=${format}`;
  const labelsIn = (answer, format) => answer.etiquettes[format].details.reduce((n, d) => n + d.packages.length, 0);

  const ten = await labelled('T', 10, 1);
  log('10 shipments of one package labelled');
  const single = {};
  for (const format of ['PDF', 'ZPL']) {
    single[format] = await timed(async () => {
      const answer = await api(url, 'GET', query(ten, format), token);
      if (labelsIn(answer, format) !== 10) throw new Error(`${format}: ${labelsIn(answer, format)} labels, not 10`);
    }, SAMPLES);
  }

  const hundred = await labelled('K', 100, 10);
  log('100 shipments of 10 packages labelled');
  const batches = Array.from({ length: 10 }, (_, i) => hundred.slice(i * 10, i * 10 + 10));
  const batch = {};
  for (const format of ['PDF', 'ZPL']) {
    await api(url, 'GET', query(batches[0], format), token); // warm
    let t = performance.now();
    let labels = 0;
    for (const b of batches) {
      const answer = await api(url, 'GET', query(b, format), token);
      labels += labelsIn(answer, format);
    }
    const sequential = labels / ((performance.now() - t) / 1000);
    t = performance.now();
    labels = 0;
    const queue = [...batches];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let b = queue.shift(); b; b = queue.shift()) {
          const answer = await api(url, 'GET', query(b, format), token);
          labels += labelsIn(answer, format);
        }
      }),
    );
    batch[format] = { labels, sequential, parallel: labels / ((performance.now() - t) / 1000) };
  }

  console.log(`\n=== Huby labels (${SAMPLES} sequential calls of 10 labels; a batch of 1,000 labels) ===`);
  for (const format of ['PDF', 'ZPL']) {
    const s = single[format];
    console.log(
      `10 ${format} labels ready: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms — target p95 <= ${TARGETS[format]} ms: ${s.p95 <= TARGETS[format] ? 'met' : 'MISSED'}`,
    );
  }
  for (const format of ['PDF', 'ZPL'])
    console.log(
      `${batch[format].labels} ${format} labels: ${batch[format].sequential.toFixed(0)} labels/s sequential, ${batch[format].parallel.toFixed(0)} labels/s at 4 connections`,
    );
}

await runBench(main, cleanup);
