// Alerts delivery (issue 14), through the service's own code on a real PostgreSQL:
// 1. status changes at --rate=500 per second for --seconds=20, handed to the immediate consumer one
//    after the other as the bus does (the relay publishes in order, a durable consumer takes them in
//    turn): time from the change on the bus to its mails committed in the outbox (p50/p95, target
//    p95 <= 1 s), with --immediate=200 immediate alerts among 1,000, each following one VIP customer
//    of 1,000 (so about one change in five mails someone);
// 2. a daily slot over --orders=100,000 orders and --alerts=1,000 digest alerts: time for the
//    scheduler to write all their mails.
// Templates come from the shipped files (admin is not asked: its answer is cached for minutes anyway),
// no SMTP: "queued" is the mail committed in mail_outbox, which the relay sends next.
//
// Usage: npm run build:server && node tests/bench/alerts-delivery.mjs [--rate=500] [--seconds=20] [--orders=100000] [--alerts=1000] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import { randomUUID } from 'node:crypto';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import { alertsBenchDatabase } from './support/alerts-database.mjs';
import { benchLifecycle, requireFromRoot } from './support/platform.mjs';

const argv = cliArgs();
const RATE = numberArg(argv, 'rate', 500);
const SECONDS = numberArg(argv, 'seconds', 20);
const ORDERS = numberArg(argv, 'orders', 100_000);
const ALERTS = numberArg(argv, 'alerts', 1000);
const IMMEDIATE = numberArg(argv, 'immediate', 200);
const DEPOSITORS = 20;
const TARGET_P95_MS = 1000;
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { InProcessTransport } = requireFromRoot('./dist/libs/bus/src/index.js');
const { Mailer, MailRelay } = requireFromRoot('./dist/libs/mail/src/index.js');
const { AlertsServiceModule } = requireFromRoot('./dist/services/alerts/src/index.js');
const { AlertTemplates } = requireFromRoot('./dist/services/alerts/src/delivery/templates.js');
const { DepositorLabels } = requireFromRoot('./dist/services/alerts/src/delivery/depositor-labels.js');
const { AlertComposer } = requireFromRoot('./dist/services/alerts/src/delivery/compose.js');
const { ImmediateConsumer, IMMEDIATE_CONSUMERS } = requireFromRoot('./dist/services/alerts/src/delivery/immediate.consumer.js');
const { AlertScheduler } = requireFromRoot('./dist/services/alerts/src/delivery/scheduler.job.js');
void AlertsServiceModule;

/** 1,000 customers C0000-C0999; an immediate alert follows one VIP customer, a digest one, a family (C00*) or all. */
const customer = (i) => `C${String(i % 1000).padStart(4, '0')}`;
/** Admin and tracking are not there: the bus answers nothing (templates from the shipped files). */
const silentBus = { request: async () => Promise.reject(new Error('not in this bench')) };

/** 1,000 alerts over 20 depositors: IMMEDIATE of them immediate, the rest daily at 12:00 (Paris). */
async function insertAlerts(db, slot) {
  await db.system.query(
    `INSERT INTO alerts (owner_id, owner_login, owner_email, kind, title, depositor_ids, customer_codes, statuses, recipients, copy_to_self,
       frequency, time, next_slot_at, last_slot_at, send_only_if_data)
     SELECT 1 + i % 50, 'user' || (i % 50), 'user' || (i % 50) || '@bench.example', 'VIP', 'Alerte ' || i,
       ARRAY[1 + (CASE WHEN i <= $1 THEN i * 7 % 1000 ELSE i END) % ${DEPOSITORS}],
       CASE WHEN i <= $1 THEN ARRAY['C' || lpad((i * 7 % 1000)::text, 4, '0')]
            WHEN i % 3 = 0 THEN ARRAY['C' || lpad((i % 1000)::text, 4, '0')] WHEN i % 3 = 1 THEN ARRAY['C00*'] ELSE '{}'::text[] END,
       CASE WHEN i % 2 = 0 THEN ARRAY[90]::smallint[] ELSE ARRAY[90, 100]::smallint[] END,
       jsonb_build_array(jsonb_build_object('name', 'Client ' || i, 'email', 'alert' || i || '@bench.example')), i % 4 = 0,
       CASE WHEN i <= $1 THEN 'IMMEDIATE' ELSE 'DAY' END, CASE WHEN i <= $1 THEN NULL ELSE '12:00' END,
       CASE WHEN i <= $1 THEN NULL ELSE $2::timestamptz END, CASE WHEN i <= $1 THEN NULL ELSE $3::timestamptz END, true
     FROM generate_series(1, $4::int) i`,
    [IMMEDIATE, slot, new Date(slot.getTime() - 86_400_000), ALERTS],
  );
}

/** ORDERS orders over 20 depositors; a third shipped (90) or delivered (100) during the day before the slot. */
async function insertOrders(db, slot) {
  await db.system.query(
    `INSERT INTO alert_orders (order_id, depositor_id, depositor_code, platform_id, activity_code, store_code, reference, order_reference,
       customer_reference, carrier_code, tour_code, customer_code, recipient_email, article_codes, status, tracer_status, created_at, updated_at)
     SELECT i, 1 + i % ${DEPOSITORS}, 'DEP' || (1 + i % ${DEPOSITORS}), 1, 'ECOM', 'MAG1', 'BL' || lpad(i::text, 8, '0'), 'CMD' || i, 'CLI' || i,
       'GLS', 'T-' || (i % 20), 'C' || lpad((i % 1000)::text, 4, '0'), NULL, ARRAY['ART-' || (i % 500)], 70, 'WAITING', $2::timestamptz - interval '3 days', now()
     FROM generate_series(1, $1::int) i`,
    [ORDERS, slot],
  );
  await db.system.query(
    `INSERT INTO alert_order_events (event_id, order_id, depositor_id, kind, code, at)
     SELECT gen_random_uuid(), o.order_id, o.depositor_id, 'STATUS', (ARRAY['90', '100'])[1 + o.order_id % 2],
            $1::timestamptz - ((o.order_id % 1380) || ' minutes')::interval
       FROM alert_orders o WHERE o.order_id % 3 = 0`,
    [slot],
  );
  await db.system.query(`VACUUM (ANALYZE) alert_orders`);
  await db.system.query(`VACUUM (ANALYZE) alert_order_events`);
  await db.system.query(`VACUUM (ANALYZE) alerts`);
}

const snapshot = (i) => ({
  orderId: i,
  depositorId: 1 + (i % DEPOSITORS),
  depositorCode: `DEP${1 + (i % DEPOSITORS)}`,
  platformId: 1,
  activityCode: 'ECOM',
  storeCode: 'MAG1',
  reference: `BL${String(i).padStart(8, '0')}`,
  orderReference: `CMD${i}`,
  customerReference: `CLI${i}`,
  slipNumber: null,
  carrierCode: 'GLS',
  tourCode: `T-${i % 20}`,
  customerCode: customer(i),
  recipientName: null,
  recipientEmail: null,
  articleCodes: [`ART-${i % 500}`],
  status: 90,
  tracerStatus: 'SHIPPED',
  createdAt: new Date().toISOString(),
  promisedShippingAt: null,
  shippedAt: null,
  updatedAt: new Date().toISOString(),
});

/** Status changes at RATE/s, delivered in turn to the immediate consumer; answers the latencies (ms). */
async function immediate(db, consumer) {
  const transport = new InProcessTransport();
  await transport.consume(IMMEDIATE_CONSUMERS.statusChanged, ['tracking.order.status-changed'], (e) => consumer.statusChanged(e));
  const total = RATE * SECONDS;
  const latencies = [];
  const queue = [];
  let draining;
  const drain = async () => {
    while (queue.length) {
      const { event, at } = queue.shift();
      await transport.publish(event);
      latencies.push(performance.now() - at);
    }
    draining = undefined;
  };
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const order = snapshot(1 + (i % ORDERS));
    queue.push({
      at: performance.now(),
      event: {
        id: randomUUID(),
        type: 'tracking.order.status-changed',
        source: 'tracking',
        occurredAt: new Date().toISOString(),
        payload: { ...order, previousStatus: 70, status: 90, source: 'feed', at: new Date().toISOString(), order },
      },
    });
    draining ??= drain();
  }
  await draining;
  const elapsed = (performance.now() - started) / 1000;
  const [{ mails }] = await db.system.query(`SELECT count(*)::int AS mails FROM mail_outbox`);
  return { latencies, elapsed, mails };
}

async function main() {
  const db = await alertsBenchDatabase({ keep: argv.keep, cleanups, log });
  const slot = new Date('2026-11-20T11:00:00.000Z'); // 12:00 in Paris
  await insertAlerts(db, slot);
  const t0 = Date.now();
  await insertOrders(db, slot);
  log(
    `projection: ${ORDERS.toLocaleString('en')} orders, ${Math.round(ORDERS / 3).toLocaleString('en')} changes on the day, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const relay = new MailRelay(db, new Mailer(db, undefined), { attempts: 6, backoffMs: 30_000 });
  const composer = new AlertComposer(new AlertTemplates(silentBus), new DepositorLabels(silentBus), silentBus, { get: async () => ({}) });
  const consumer = new ImmediateConsumer(db, composer, relay);

  const { latencies, elapsed, mails } = await immediate(db, consumer);
  const p95 = percentile(latencies, 95);
  console.log(
    `\n1. ${latencies.length.toLocaleString('en')} status changes at ${RATE}/s (${elapsed.toFixed(1)} s), ${IMMEDIATE} immediate alerts: ${mails.toLocaleString('en')} mails queued`,
  );
  console.log(
    `   change on the bus -> mails committed: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms` +
      `   target p95 <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'MISSED'}`,
  );

  await db.system.query(`TRUNCATE mail_outbox`);
  // The daily slot: every alert a daily digest now.
  await db.system.query(`UPDATE alerts SET frequency = 'DAY', time = '12:00', next_slot_at = $1, last_slot_at = $2`, [
    slot,
    new Date(slot.getTime() - 86_400_000),
  ]);
  const scheduler = new AlertScheduler(db, composer, relay);
  const s0 = performance.now();
  const fired = await scheduler.run(new Date(slot.getTime() + 5000));
  const seconds = (performance.now() - s0) / 1000;
  const [{ written, orders }] = await db.system.query(
    `SELECT count(*)::int AS written, coalesce(sum(order_count), 0)::int AS orders FROM mail_outbox`,
  );
  console.log(
    `\n2. daily slot, ${ALERTS} digest alerts over ${ORDERS.toLocaleString('en')} orders: ${fired} alerts fired, ${written.toLocaleString('en')} mails ` +
      `(${orders.toLocaleString('en')} order lines) written in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(written, 1)).toFixed(1)} ms a mail)`,
  );
}

void runBench(main, cleanup);
