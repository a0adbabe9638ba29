// Signed webhooks (issue 35 item 2), through the alerts service's own queue and sender on a real PostgreSQL:
// --endpoints=1,000 active endpoints (one depositor each) on a local receiver (node:http, allowed in plain http
// as WEBHOOK_HTTP_HOSTS allows the provider's hosts), and order status changes at --rate=600 per second for
// --seconds=20, each for one depositor taken in turn, handed to the webhooks' durable consumer as the bus
// hands them (@OnEventBatch): each call takes the changes waiting (at most --batch=200), the next call the
// changes that arrived meanwhile. Measured: deliveries per second (target >= 500) and the time from the change queued to its
// signed request received (p50/p95, target p95 <= 1 s). The bus's own hop (outbox relay, JetStream) is not
// in it: tests/bench/alerts-delivery.mjs measures the same consumer path for the alert mails.
//
// --backlog measures the worker alone: RATE * SECONDS deliveries already queued, the time to empty the queue.
//
// Usage: npm run build:server && node tests/bench/webhooks.mjs [--endpoints=1000] [--rate=600] [--seconds=20] [--batch=200] [--backlog] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { alertsBenchDatabase } from './support/alerts-database.mjs';
import { benchLifecycle, requireFromRoot } from './support/platform.mjs';

const argv = cliArgs();
const ENDPOINTS = numberArg(argv, 'endpoints', 1000);
const RATE = numberArg(argv, 'rate', 600);
const SECONDS = numberArg(argv, 'seconds', 20);
const BATCH = numberArg(argv, 'batch', 200);
const TARGET_RATE = 500;
const TARGET_P95_MS = 1000;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { WebhookQueue } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-queue.js');
const { WebhookSender } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-sender.js');
const { WebhookAddressGuard } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-address.js');
const { WebhookSecrets } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-secrets.js');
const { WebhookEventsConsumer } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-events.consumer.js');
const { newWebhookSecret } = requireFromRoot('./dist/services/alerts/src/webhooks/webhook-signing.js');

/** The receiver: every request's delay since its change was queued (carried in the order's reference). */
async function startReceiver() {
  const delays = [];
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      delays.push({ at: Date.now(), ms: Date.now() - Number(body.data.reference.split('-')[1]) });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { delays, port: server.address().port };
}

async function main() {
  const db = await alertsBenchDatabase({ keep: argv.keep, cleanups, log });
  const receiver = await startReceiver();
  process.env.WEBHOOK_HTTP_HOSTS = `127.0.0.1:${receiver.port}`;
  const secrets = new WebhookSecrets(randomBytes(32));
  const ids = Array.from({ length: ENDPOINTS }, () => randomUUID());
  await db.system.query(
    `INSERT INTO webhook_endpoints (id, url, depositor_ids, event_types, secret_sealed, created_by_login, created_by_email)
     SELECT x.id, x.url, ARRAY[x.n], ARRAY['order.status_changed'], x.sealed, 'bench', 'bench@bench.example'
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, url text, n int, sealed text)`,
    [
      JSON.stringify(
        ids.map((id, i) => ({
          id,
          url: `http://127.0.0.1:${receiver.port}/e${i}`,
          n: i + 1,
          sealed: secrets.seal(id, newWebhookSecret()),
        })),
      ),
    ],
  );
  log(`${ENDPOINTS} endpoints on the receiver at 127.0.0.1:${receiver.port}`);
  const guard = new WebhookAddressGuard();
  const sender = new WebhookSender(guard);
  const noMail = { kick: () => undefined };
  // The ack floor of the bench's consumer: the last position of the batches handled (acknowledged), as JetStream's.
  let ackFloor = 0;
  const noBus = { request: async () => Promise.reject(new Error('not in this bench')), ackFloor: async () => ackFloor };
  const queue = new WebhookQueue(db, sender, secrets, noMail, noBus, { get: async () => ({}) });
  cleanups.push(() => queue.beforeApplicationShutdown());
  if (argv.backlog) return drainBacklog(db, queue, receiver, ids);
  queue.onApplicationBootstrap();

  const total = RATE * SECONDS;
  log(`${total} status changes at ${RATE}/s for ${SECONDS} s, one endpoint each, handed over in batches of what waits (<= ${BATCH})`);
  const consumer = new WebhookEventsConsumer(db, queue);
  const waiting = [];
  let wake;
  let producing = true;
  let queued = 0;
  let batches = 0;
  let position = 0;
  // The durable consumer: one call with the changes waiting, then the next with those that arrived meanwhile.
  const consuming = (async () => {
    while (producing || waiting.length) {
      if (!waiting.length) {
        await new Promise((resolve) => (wake = resolve));
        continue;
      }
      // Each change with its stream position (a count), its deliveries held until the batch is acknowledged.
      const events = waiting.splice(0, BATCH);
      const positions = events.map(() => ++position);
      const ctx = { getArgByIndex: (i) => (i === 1 ? { consumer: 'bench.webhooks', positions } : 'bench') };
      queued += await consumer.statusChanged(events, ctx);
      ackFloor = positions[positions.length - 1];
      batches++;
    }
  })();
  const started = Date.now();
  for (let n = 0; n < total; n++) {
    // Paced: change n is due at started + n / RATE.
    const due = started + (n * 1000) / RATE;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const depositorId = 1 + (n % ENDPOINTS);
    const payload = {
      orderId: n + 1,
      depositorId,
      depositorCode: `D${depositorId}`,
      reference: `BL${n}-${Date.now()}`,
      previousStatus: 70,
      status: 90,
      tracerStatus: 'SHIPPED',
      source: 'feed',
      at: new Date().toISOString(),
    };
    waiting.push({
      id: randomUUID(),
      type: 'tracking.order.status-changed',
      occurredAt: new Date().toISOString(),
      source: 'bench',
      payload,
    });
    wake?.();
    wake = undefined;
  }
  producing = false;
  wake?.();
  await consuming;
  const fedFor = (Date.now() - started) / 1000;
  log(
    `queued ${queued} deliveries in ${fedFor.toFixed(1)} s (${Math.round(queued / fedFor)}/s offered), ${batches} batches of ${(total / batches).toFixed(1)} changes on average`,
  );
  const until = Date.now() + 120_000;
  while (receiver.delays.length < queued && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const received = receiver.delays.length;
  const lastAt = Math.max(...receiver.delays.map((d) => d.at));
  const rate = received / ((lastAt - started) / 1000);
  const ms = receiver.delays.map((d) => d.ms);
  const p50 = percentile(ms, 50);
  const p95 = percentile(ms, 95);
  log(
    `delivered ${received}/${queued}: ${Math.round(rate)} deliveries/s (target >= ${TARGET_RATE}) ${rate >= TARGET_RATE ? 'OK' : 'BELOW'}`,
  );
  log(
    `queued -> received: p50 ${p50} ms, p95 ${p95} ms, max ${Math.max(...ms)} ms (target p95 <= ${TARGET_P95_MS}) ${p95 <= TARGET_P95_MS ? 'OK' : 'ABOVE'}`,
  );
  const [left] = await db.system.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'`);
  log(`deliveries not delivered at the end: ${left.n}`);
}

/**
 * --backlog: the worker alone. RATE * SECONDS deliveries are written at once (as after an outage of the
 * endpoints), then the worker starts: how fast it empties the queue.
 */
async function drainBacklog(db, queue, receiver, ids) {
  const total = RATE * SECONDS;
  await db.system.query(
    `INSERT INTO webhook_deliveries (endpoint_id, depositor_id, cause, event_type, subject, ordering_key, payload)
     SELECT ($1::uuid[])[1 + n % $3], 1 + n % $3, 'backlog:' || n, 'order.status_changed', 'BL' || n, 'order:' || n,
            jsonb_build_object('type', 'order.status_changed', 'timestamp', now(), 'data', jsonb_build_object('reference', 'BL' || n || '-0'))
       FROM generate_series(1, $2::int) n`,
    [ids, total, ids.length],
  );
  // As autovacuum does within its minute of so many rows written: without statistics PostgreSQL takes the
  // 12,000 rows for a few and sorts them all at each claim rather than walking the due index to the limit.
  await db.system.query(`ANALYZE webhook_deliveries`);
  log(`${total} deliveries waiting; worker started`);
  const started = Date.now();
  queue.onApplicationBootstrap();
  const until = Date.now() + 300_000;
  while (receiver.delays.length < total && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const seconds = (Math.max(...receiver.delays.map((d) => d.at)) - started) / 1000;
  const rate = receiver.delays.length / seconds;
  log(
    `drained ${receiver.delays.length}/${total} in ${seconds.toFixed(1)} s: ${Math.round(rate)} deliveries/s (target >= ${TARGET_RATE}) ${rate >= TARGET_RATE ? 'OK' : 'BELOW'}`,
  );
}

await runBench(main, cleanup);
