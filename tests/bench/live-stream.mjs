// Live screens' fan-out (issue 35 item 4): 1,000 open GET /api/live streams on the all-in-one portal,
// then status changes fed one after the other by the warehouse system; for each change, the time from
// the feed call to the event's arrival on every stream. Prints p50/p95/max over all streams and
// changes (target p95 ≤ 500 ms), and the part after the feed's answer. Never fails on the figures.
//
// Usage: npm run build:server && node tests/bench/live-stream.mjs [--streams=1000] [--changes=20]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { benchLifecycle, freePort, jsonApi, requireFromRoot, ROOT, waitHealthy } from './support/platform.mjs';

const argv = cliArgs();
const STREAMS = numberArg(argv, 'streams', 1000);
const CHANGES = numberArg(argv, 'changes', 20);
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();
const { DEMO_API_KEYS } = requireFromRoot('./dist/services/auth/src');
const RUN = Date.now().toString(36).toUpperCase();

async function startPortal() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-live-'));
  fs.chmodSync(dataDir, 0o755); // run as root, the embedded server runs as its own user
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const entry = processes.start('portal', [path.join(ROOT, 'dist/services/all-in-one/main.js')], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    DEMO_DATA: '1',
    DEMO_SCALE: '0.005',
    RATE_LIMIT_MULTIPLIER: '1000',
    // One user's thousand tabs: the per-user bound is the portal's, not the subject here.
    LIVE_MAX_STREAMS_PER_USER: String(STREAMS + 10),
    LIVE_MAX_STREAMS: String(STREAMS + 10),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, [entry], 180_000);
  return url;
}

/** Opens one stream; `onEvent(reference, at)` for each order event. Resolves once it said `ready`. */
function openStream(url, token, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/live`, { headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = performance.now();
        pending += chunk;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (block.includes('event: ready')) resolve(req);
          const data = /^event: order\ndata: (.*)$/m.exec(block);
          if (data) onEvent(JSON.parse(data[1]).reference, at);
        }
      });
    });
    req.on('error', reject);
  });
}

async function feedOrder(url, reference) {
  const res = await fetch(`${url}/api/feed/tracking/orders/bulk`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': DEMO_API_KEYS.warehouse },
    body: JSON.stringify({
      orders: [
        {
          reference,
          depositorId: 2,
          depositorCode: 'DEMO-B',
          platformId: 1,
          carrier: { code: 'GLS', name: 'GLS' },
          recipient: { company: 'Pharmacie du Centre', zip: '69003', town: 'Lyon', country: 'FR' },
          createdAt: new Date().toISOString(),
          lines: [{ reference: 'ART-1', label: 'Article', quantityOrdered: 1, quantitySent: 1 }],
          statuses: [{ status: 0, at: new Date().toISOString() }],
        },
      ],
    }),
  });
  if (res.status !== 200) throw new Error(`feed: ${res.status} ${await res.text()}`);
}

await runBench(async () => {
  const url = await startPortal();
  const { token } = await jsonApi(url, 'POST', '/api/auth/login', null, { login: 'bob', password: 'Portal2026' });
  /** Per change reference: when it was fed, when the feed answered, and each stream's arrival. */
  const changes = new Map();
  const onEvent = (reference, at) => changes.get(reference)?.arrivals.push(at);
  const opened = [];
  const openStart = performance.now();
  for (let i = 0; i < STREAMS; i += 50)
    opened.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(url, token, onEvent)))));
  log(`${opened.length} streams open in ${((performance.now() - openStart) / 1000).toFixed(1)} s`);
  const total = [];
  const afterAnswer = [];
  let missing = 0;
  // The demo data's own events (thousands after a start) go through the bus first: the changes measured
  // start once a change comes through in less than a second (not measured, the count printed).
  let warmup = 0;
  for (; warmup < 60; warmup++) {
    const reference = `LIVEWARM${RUN}${warmup}`;
    const change = { fedAt: performance.now(), answeredAt: 0, arrivals: [] };
    changes.set(reference, change);
    await feedOrder(url, reference);
    while (change.arrivals.length < STREAMS && performance.now() - change.fedAt < 10_000) await new Promise((r) => setTimeout(r, 20));
    if (change.arrivals.length === STREAMS && Math.max(...change.arrivals) - change.fedAt < 1000) break;
  }
  log(`${warmup + 1} warm-up change(s) before the bus was quiet`);
  for (let n = 0; n < CHANGES; n++) {
    const reference = `LIVEBENCH${RUN}${n}`;
    const change = { fedAt: performance.now(), answeredAt: 0, arrivals: [] };
    changes.set(reference, change);
    await feedOrder(url, reference);
    change.answeredAt = performance.now();
    const deadline = Date.now() + 10_000;
    while (change.arrivals.length < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    missing += STREAMS - change.arrivals.length;
    if (argv.verbose && change.arrivals.length)
      log(
        `  change ${n}: answered ${(change.answeredAt - change.fedAt).toFixed(0)} ms, first ${(Math.min(...change.arrivals) - change.fedAt).toFixed(0)} ms, last ${(Math.max(...change.arrivals) - change.fedAt).toFixed(0)} ms`,
      );
    for (const at of change.arrivals) {
      total.push(at - change.fedAt);
      afterAnswer.push(at - change.answeredAt);
    }
  }
  const fmt = (values) =>
    `p50 ${percentile(values, 50).toFixed(0)} ms  p95 ${percentile(values, 95).toFixed(0)} ms  max ${Math.max(...values).toFixed(0)} ms`;
  log(`${CHANGES} status changes × ${STREAMS} streams (${total.length} events, ${missing} not arrived within 10 s)`);
  log(`feed call → event on the stream: ${fmt(total)}  (target p95 ≤ 500 ms)`);
  log(`feed answered → event on the stream: ${fmt(afterAnswer)}`);
  for (const req of opened) req.destroy();
}, cleanup);
