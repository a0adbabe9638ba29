// Sustained ingestion of probe readings (issue 16, target ≥ 5,000 readings/s on 2 cores), over HTTP
// (POST /api/fever/readings with a probe API key) and over MQTT (the machine's Mosquitto, or
// --mqtt=<url>): the all-in-one portal on fresh databases of the machine's PostgreSQL, 100 probes in a
// 2–8 °C cold room, each gateway feeding its own probes in time order (about 1 % of the readings
// outside the thresholds, so excursions open and close as they would). Readings/s, and per batch
// the p50 and p95 latency (HTTP answer, or MQTT reply). Prints figures; never fails on them.
//
// Usage: npm run build:server && node tests/bench/fever-ingest.mjs [--seconds=20] [--mqtt=mqtt://127.0.0.1:1883]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { cliArgs, numberArg, percentile, runBench } from './support/measure.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freshDatabasePrefix,
  postgresServer,
  queryOnce,
  requireFromRoot,
  startDemoPortal,
  withDatabase,
} from './support/platform.mjs';

const argv = cliArgs();
const SECONDS = numberArg(argv, 'seconds', 20);
const MQTT_URL = typeof argv.mqtt === 'string' ? argv.mqtt : 'mqtt://127.0.0.1:1883';
const PROBES = 100;
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();
const { createApiKey } = requireFromRoot('./dist/services/auth/src');
const mqtt = requireFromRoot('mqtt');
const run = randomBytes(3).toString('hex');
let sequence = 0;
const KEY = `pk_probe_bench_${run}_0123456789`;
const TOPICS = `bench-${run}/fever`;

const mac = (n) => `02:be:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:${n.toString(16).padStart(2, '0')}`;

/** A gateway's own probes, each with its clock: every batch takes the next readings of each, in time order. */
function gateway(index, gateways) {
  const probes = Array.from({ length: PROBES }, (_, n) => n).filter((n) => n % gateways === index);
  const start = Date.now() - 30 * 86_400_000;
  const clocks = new Map(probes.map((n) => [n, start]));
  let count = 0;
  return (size) => {
    const readings = [];
    for (let i = 0; i < size; i++) {
      const n = probes[i % probes.length];
      const at = clocks.get(n) + 60_000;
      clocks.set(n, at);
      count++;
      const temperature = count % 97 === 0 ? 9.5 : 5 + Math.sin(at / 3_600_000) * 1.5 + (Math.random() - 0.5) * 0.4;
      readings.push({
        mac: mac(n),
        at: new Date(at).toISOString(),
        temperature: Math.round(temperature * 100) / 100,
        humidity: 82,
        voltage: 3.3,
      });
    }
    return readings;
  };
}

/** The first failure of a case, said once (status and error key, or the first refusal). */
const firstFailure = new Map();
const noteFailure = (label, what) => {
  if (!firstFailure.has(label)) firstFailure.set(label, what);
};

function summary(label, accepted, seconds, times, failures) {
  const rate = accepted / seconds;
  log(
    `${label.padEnd(34)} ${rate.toFixed(0).padStart(7)} readings/s  batch p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms` +
      `  ${rate >= 5000 ? 'target ok' : 'target MISSED'}${failures ? `  ${failures} failed (first: ${firstFailure.get(label)})` : ''}`,
  );
  return rate;
}

async function http(url, clients, batch) {
  const until = Date.now() + SECONDS * 1000;
  const times = [];
  let accepted = 0;
  let failures = 0;
  const client = async (index) => {
    const next = gateway(index, clients);
    while (Date.now() < until) {
      const body = JSON.stringify({ readings: next(batch) });
      const started = performance.now();
      const res = await fetch(`${url}/api/fever/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body,
      });
      const answer = await res.json();
      times.push(performance.now() - started);
      if (res.status === 200 && answer.refused.length === 0) accepted += answer.accepted;
      else {
        failures++;
        noteFailure(`HTTP ${clients} gateways × ${batch}`, `${res.status} ${answer.error?.key ?? JSON.stringify(answer.refused?.[0])}`);
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return summary(`HTTP ${clients} gateways × ${batch}`, accepted, (Date.now() - t0) / 1000, times, failures);
}

async function overMqtt(gateways, batch, inFlight) {
  const client = await mqtt.connectAsync(MQTT_URL, {
    protocolVersion: 5,
    clientId: `bench-gateways-${run}-${randomBytes(3).toString('hex')}`,
  });
  const waiting = new Map();
  client.on('message', (_topic, payload) => {
    const reply = JSON.parse(payload.toString());
    waiting.get(reply.id)?.(reply);
  });
  await client.subscribeAsync(`${TOPICS}/+/replies`, { qos: 1 });

  const send = (gatewayId, readings) =>
    new Promise((resolve, reject) => {
      const id = `${run}-${sequence++}`;
      const timer = setTimeout(() => (waiting.delete(id), reject(new Error(`no reply to ${id}`))), 60_000);
      waiting.set(id, (reply) => (clearTimeout(timer), waiting.delete(id), resolve(reply)));
      client.publish(`${TOPICS}/${gatewayId}/readings`, JSON.stringify({ id, apiKey: KEY, readings }), { qos: 1 });
    });
  // The subscriber is up once it answers.
  for (let i = 0; ; i++) {
    const hello = await Promise.race([send('warm', []), new Promise((r) => setTimeout(() => r(null), 1000))]);
    if (hello) break;
    if (i > 30) throw new Error('the fever service does not answer on MQTT');
  }
  const until = Date.now() + SECONDS * 1000;
  const times = [];
  let accepted = 0;
  let failures = 0;
  const lane = async (index, next) => {
    while (Date.now() < until) {
      const started = performance.now();
      const reply = await send(`gw-${index}`, next(batch));
      times.push(performance.now() - started);
      if (reply.error || reply.refused.length) {
        failures++;
        noteFailure(`MQTT ${gateways} gateways × ${batch}, ${inFlight} in flight`, reply.error?.key ?? JSON.stringify(reply.refused[0]));
      } else accepted += reply.accepted;
    }
  };
  const t0 = Date.now();
  // Each gateway keeps `inFlight` batches published ahead of its replies (MQTT's usual pipelining), on its own probes.
  await Promise.all(
    Array.from({ length: gateways }, (_, g) => {
      const next = gateway(g, gateways);
      return Promise.all(Array.from({ length: inFlight }, () => lane(g, next)));
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  await client.endAsync(true);
  return summary(`MQTT ${gateways} gateways × ${batch}, ${inFlight} in flight`, accepted, seconds, times, failures);
}

await runBench(async () => {
  log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ${SECONDS} s per case; ${PROBES} probes`);
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  log(`database: ${pg.source}, ${pg.version}`);
  const prefix = freshDatabasePrefix();
  cleanups.push(async () => void (await dropDatabases(pg.url, [prefix])));
  const mqttUp = await mqtt
    .connectAsync(MQTT_URL, { connectTimeout: 2000, reconnectPeriod: 0 })
    .then((c) => c.endAsync().then(() => true))
    .catch(() => false);
  const url = await startDemoPortal({
    pg,
    prefix,
    processes,
    cleanups,
    env: {
      DEMO_DATA: '0',
      ...(mqttUp ? { FEVER_MQTT_URL: MQTT_URL, FEVER_MQTT_TOPIC_PREFIX: TOPICS, FEVER_MQTT_GROUP: `bench-${run}` } : {}),
    },
  });
  // The gateway's key (auth's own writer, on its database) and the cold room's probes (as the probes screens write them).
  const authUrl = withDatabase(pg.url, `${prefix}_auth`);
  await createApiKey(
    { system: { query: (sql, params) => queryOnce(authUrl, sql, params) } },
    { name: 'Bench', kind: 'probe', depositorIds: [2], key: KEY },
  );
  const feverUrl = withDatabase(pg.url, `${prefix}_fever`);
  const [zone] = await queryOnce(
    feverUrl,
    `INSERT INTO zones (platform_id, depositor_id, code, label, min_temperature, max_temperature) VALUES (12, 2, 'CF-BENCH', 'Chambre froide', 2, 8) RETURNING id`,
  );
  await queryOnce(
    feverUrl,
    `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id) SELECT m::macaddr, 'Sonde ' || i, $2, 2, 12 FROM unnest($1::text[]) WITH ORDINALITY AS t(m, i)`,
    [Array.from({ length: PROBES }, (_, n) => mac(n)), zone.id],
  );
  await http(url, 2, 200).catch(() => undefined); // warm-up: plans, pools, the month's partitions
  const rates = [];
  rates.push(await http(url, 4, 500));
  rates.push(await http(url, 8, 100));
  rates.push(await http(url, 2, 2000));
  if (mqttUp) {
    rates.push(await overMqtt(4, 500, 2));
    rates.push(await overMqtt(2, 2000, 2));
  } else log(`no MQTT broker at ${MQTT_URL}: MQTT not measured`);
  const [stored] = await queryOnce(
    feverUrl,
    `SELECT (SELECT count(*) FROM readings)::int AS readings, (SELECT sum(count) FROM readings_hourly)::int AS rolled, (SELECT count(*) FROM excursions)::int AS excursions`,
  );
  log(`stored: ${stored.readings} readings (roll-up counts ${stored.rolled}), ${stored.excursions} excursions`);
}, cleanup);
