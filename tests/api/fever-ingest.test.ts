import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { Client as PgClient } from 'pg';
import request from 'supertest';
import { FEVER_MAX_BATCH, Role, type FeverExcursionDto, type FeverIngestResult } from '@portal/contracts';
import { Db } from '@portal/db';
import { createApiKey, DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Fever ingestion (issue 16) through the gateway, all-in-one and distributed on NATS: a probe
 * gateway's batches over HTTP with its API key, every refusal key, idempotence, out-of-order
 * readings, month and year boundaries, the excursions on the probe's page, another depositor's key
 * and users; the same batches over MQTT on the machine's Mosquitto when it answers.
 */
const MQTT_URL = process.env.FEVER_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const run = randomBytes(3).toString('hex');
const HOUR = 3_600_000;
const MIN = 60_000;

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883), timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('fever ingestion API', () => {
  let target: ApiTarget;
  let fever: PgClient;
  let mqttOn = false;
  const keys = { b: `pk_probe_b_${run}_0123456789`, a: `pk_probe_a_${run}_0123456789`, lille: `pk_probe_l_${run}_0123456789` };
  /** A MAC address of this run: `02:<run>:<n>`. */
  const mac = (n: number) => `02:${run.match(/../g)!.join(':')}:00:${n.toString(16).padStart(2, '0')}`;
  const probes: Record<number, number> = {};
  const post = (key: string | undefined, body: unknown) => {
    const req = request(target.url).post('/api/fever/readings');
    return (key ? req.set('X-Api-Key', key) : req).send(body as object);
  };
  const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();

  beforeAll(async () => {
    mqttOn = await reachable(MQTT_URL);
    if (mqttOn) {
      process.env.FEVER_MQTT_URL = MQTT_URL;
      process.env.FEVER_MQTT_TOPIC_PREFIX = `test-${run}/fever`;
      process.env.FEVER_MQTT_GROUP = `fever-${run}`;
    }
    target = await startTarget();
    const auth = await Db.open({ service: 'auth', entities: [], migrations: [], url: target.databaseUrl('auth') });
    try {
      await createApiKey(auth, { name: 'Passerelle B', kind: 'probe', depositorIds: [2], key: keys.b });
      await createApiKey(auth, { name: 'Passerelle A', kind: 'probe', depositorIds: [1], key: keys.a });
      await createApiKey(auth, { name: 'Passerelle B Lille', kind: 'probe', depositorIds: [2], platformIds: [10], key: keys.lille });
    } finally {
      await auth.close();
    }
    fever = new PgClient({ connectionString: target.databaseUrl('fever') });
    await fever.connect();
    // Zones and probes as the probes screens would write them: DEMO-B's cold room at Saran (12).
    const zone = await fever.query(
      `INSERT INTO zones (platform_id, depositor_id, code, label, min_temperature, max_temperature, max_humidity)
       VALUES (12, 2, $1, 'Chambre froide test', 2, 8, 70) RETURNING id`,
      [`CF-${run}`],
    );
    for (let n = 1; n <= 6; n++) {
      const probe = await fever.query(
        `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id) VALUES ($1, $2, $3, 2, 12) RETURNING id`,
        [mac(n), `Sonde ${n}`, zone.rows[0].id],
      );
      probes[n] = probe.rows[0].id;
    }
    await addUser(target, { login: `fever-a-${run}`, roles: [Role.FEVER_USER], depositorIds: [1] });
  }, 120_000);
  afterAll(async () => {
    await fever?.end();
    await target?.close();
    for (const name of ['FEVER_MQTT_URL', 'FEVER_MQTT_TOPIC_PREFIX', 'FEVER_MQTT_GROUP']) delete process.env[name];
  }, 60_000);

  it('stores a batch with its API key, reading by reading, each refusal with its key', async () => {
    const ok = { mac: mac(1), at: hoursAgo(1), temperature: 5.2, humidity: 45, voltage: 3.05 };
    const res = await post(keys.b, {
      readings: [
        ok,
        { ...ok, mac: mac(99) },
        { ...ok, at: hoursAgo(2), temperature: -80 },
        { ...ok, at: hoursAgo(3), humidity: 101 },
        { ...ok, at: 'not a date' },
        { ...ok, at: new Date(Date.now() + HOUR).toISOString() },
        { ...ok, at: new Date(Date.now() - 500 * 24 * HOUR).toISOString() },
        { ...ok, at: hoursAgo(4), temperature: null },
        { ...ok, mac: 'zz:zz:zz:zz:zz:zz' },
        { ...ok, mac: `${mac(1)}-x` },
        'reading',
      ],
    }).expect(200);
    const body = res.body as FeverIngestResult;
    expect(body.accepted).toBe(1);
    expect(body.duplicates).toBe(0);
    expect(body.refused.map((r) => [r.index, r.key])).toEqual([
      [1, 'probeUnknown'],
      [2, 'readingOutOfRange'],
      [3, 'readingOutOfRange'],
      [4, 'readingBadTimestamp'],
      [5, 'readingBadTimestamp'],
      [6, 'readingBadTimestamp'],
      [7, 'validationFailed'],
      [8, 'validationFailed'],
      [9, 'validationFailed'],
      [10, 'validationFailed'],
    ]);
    expect(body.refused[1].params).toEqual({ field: 'temperature', min: -60, max: 90 });
    // Sent again: a duplicate, nothing stored twice.
    expect((await post(keys.b, { readings: [ok] }).expect(200)).body).toEqual({ accepted: 0, duplicates: 1, refused: [] });
    const stored = await fever.query(`SELECT count(*)::int AS n FROM readings WHERE probe_id = $1`, [probes[1]]);
    expect(stored.rows[0].n).toBe(1);
    const live = await fever.query(`SELECT last_temperature, last_humidity, voltage FROM probes WHERE id = $1`, [probes[1]]);
    expect(live.rows[0]).toEqual({ last_temperature: '5.20', last_humidity: '45.00', voltage: '3.050' });
  });

  it('answers the whole batch 400, 401 or 413, never 5xx, for what is not a batch of a probe key', async () => {
    expect((await post(undefined, { readings: [] }).expect(401)).body.error.key).toBe('invalidApiKey');
    expect((await post('not-a-key-of-anyone-0000', { readings: [] }).expect(401)).body.error.key).toBe('invalidApiKey');
    expect((await post(DEMO_API_KEYS.warehouse, { readings: [] }).expect(401)).body.error.key).toBe('invalidApiKey');
    for (const body of [{}, { readings: {} }, { readings: 'x' }, [1, 2]]) {
      const res = await post(keys.b, body).expect(400);
      expect(res.body.error).toMatchObject({ key: 'validationFailed', fields: { readings: 'required' } });
    }
    const many = Array.from({ length: FEVER_MAX_BATCH + 1 }, () => ({ mac: mac(1), at: hoursAgo(1), temperature: 5 }));
    expect((await post(keys.b, { readings: many }).expect(400)).body.error).toMatchObject({ fields: { readings: 'max' } });
    const padded = [{ mac: mac(1), at: hoursAgo(1), temperature: 5, note: 'x'.repeat(1_100_000) }];
    expect((await post(keys.b, { readings: padded }).expect(413)).body.error.key).toBe('sizeLimitExceeded');
    const nested = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const hostile = await request(target.url)
      .post('/api/fever/readings')
      .set({ 'X-Api-Key': keys.b, 'Content-Type': 'application/json' })
      .send(`{"readings":[${JSON.stringify({ mac: mac(1), at: hoursAgo(1), temperature: 1e308 })}, ${nested}]}`);
    expect(hostile.status).toBeLessThan(500);
    const nul = await post(keys.b, { readings: [{ mac: `${mac(1)}\u0000`, at: hoursAgo(1), temperature: 5 }] });
    expect([nul.status, nul.body.error?.key]).toEqual([400, 'validationFailed']);
    const broken = await request(target.url)
      .post('/api/fever/readings')
      .set({ 'X-Api-Key': keys.b, 'Content-Type': 'application/json' })
      .send('{"readings":[');
    expect(broken.status).toBe(400);
  });

  it("answers probeUnknown for our probes to another depositor's key, and to a key bound to another platform", async () => {
    const reading = { mac: mac(2), at: hoursAgo(1), temperature: 5 };
    for (const key of [keys.a, keys.lille]) {
      const res = await post(key, { readings: [reading] }).expect(200);
      expect(res.body).toEqual({ accepted: 0, duplicates: 0, refused: [{ index: 0, key: 'probeUnknown', params: { mac: mac(2) } }] });
    }
    expect((await fever.query(`SELECT count(*)::int AS n FROM readings WHERE probe_id = $1`, [probes[2]])).rows[0].n).toBe(0);
  });

  it('takes readings out of order and across month and year boundaries: each in its partition, each hour rolled up', async () => {
    // 400 days back reaches the previous year's end: 31 December 23:50 UTC and 1 January 00:00 and 00:10.
    const year = new Date().getUTCFullYear() - (new Date().getUTCMonth() === 0 ? 1 : 0);
    const y = (iso: string) => iso.replace('YYYY', String(year)).replace('PREV', String(year - 1));
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const around = (ms: number) => new Date(monthStart.getTime() + ms).toISOString();
    const instants = [
      around(10 * MIN),
      y('PREV-12-31T23:50:00Z'),
      around(-10 * MIN),
      y('YYYY-01-01T00:10:00+00:00'),
      y('YYYY-01-01T01:00:00+01:00'),
      around(0),
    ];
    const res = await post(keys.b, { readings: instants.map((at, i) => ({ mac: mac(3), at, temperature: 4 + i })) }).expect(200);
    expect(res.body).toEqual({ accepted: 6, duplicates: 0, refused: [] });
    const rows = await fever.query(`SELECT tableoid::regclass::text AS partition, at FROM readings WHERE probe_id = $1 ORDER BY at`, [
      probes[3],
    ]);
    const month = (d: Date) => `readings_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const previousMonth = new Date(monthStart.getTime() - MIN);
    expect(rows.rows.map((r) => r.partition)).toEqual([
      `readings_${year - 1}12`,
      `readings_${year}01`,
      `readings_${year}01`,
      month(previousMonth),
      month(monthStart),
      month(monthStart),
    ]);
    const hours = await fever.query(
      `SELECT hour, count, min_temperature::float8 AS min, max_temperature::float8 AS max, sum_temperature::float8 AS sum
         FROM readings_hourly WHERE probe_id = $1 ORDER BY hour`,
      [probes[3]],
    );
    const hour = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR).toISOString();
    expect(hours.rows.map((r) => [r.hour.toISOString(), r.count, r.min, r.max, r.sum])).toEqual([
      [y('PREV-12-31T23:00:00.000Z'), 1, 5, 5, 5],
      [y('YYYY-01-01T00:00:00.000Z'), 2, 7, 8, 15],
      [hour(monthStart.getTime() - 10 * MIN), 1, 6, 6, 6],
      [hour(monthStart.getTime()), 2, 4, 9, 13],
    ]);
    // The same readings again, in another order: duplicates, the roll-up unchanged.
    const again = await post(keys.b, { readings: [...instants].reverse().map((at, i) => ({ mac: mac(3), at, temperature: 30 + i })) });
    expect(again.body).toEqual({ accepted: 0, duplicates: 6, refused: [] });
    const after = await fever.query(
      `SELECT sum(count)::int AS n, sum(sum_temperature)::float8 AS s FROM readings_hourly WHERE probe_id = $1`,
      [probes[3]],
    );
    expect(after.rows[0]).toEqual({ n: 6, s: 39 });
  });

  it("lists a probe's excursions with start, end, duration and peak (hand-computed), to its depositor's users only", async () => {
    const t0 = Math.floor((Date.now() - 48 * HOUR) / HOUR) * HOUR;
    const r = (m: number, temperature: number, humidity?: number) => ({
      mac: mac(4),
      at: new Date(t0 + m * MIN).toISOString(),
      temperature,
      humidity,
    });
    // 2–8 °C, 70 % RH. In order then late: high from 10 (peak 12.5 at 30) to 40; a late 7.5 at 20 splits it: 10–20 (peak 9), 30–40 (12.5).
    // Low from 60 (1.2, then 0.4) to 80, humidity from 60 (75) to 70 (60).
    await post(keys.b, { readings: [r(0, 5, 50), r(10, 9), r(30, 12.5), r(40, 6)] }).expect(200);
    await post(keys.b, { readings: [r(60, 1.2, 75), r(70, 0.4, 60), r(80, 3, 55)] }).expect(200);
    await post(keys.b, { readings: [r(20, 7.5)] }).expect(200);
    const alice = await loginAs(target, 'alice');
    const page = await alice.get(`/api/fever/probes/${probes[4]}/excursions?sort=${encodeURIComponent('["startedAt","ASC"]')}`).expect(200);
    expect(page.headers['content-range']).toBe('fever-excursions 0-3/4');
    const rows = (page.body as FeverExcursionDto[]).map((e) => [e.kind, e.startedAt, e.endedAt, e.durationMinutes, e.peak, e.threshold]);
    const at = (m: number) => new Date(t0 + m * MIN).toISOString();
    expect(rows).toEqual([
      ['high', at(10), at(20), 10, 9, 8],
      ['high', at(30), at(40), 10, 12.5, 8],
      ['humidity', at(60), at(70), 10, 75, 70],
      ['low', at(60), at(80), 20, 0.4, 2],
    ]);
    const ongoing = await alice
      .get(`/api/fever/probes/${probes[4]}/excursions?filter=${encodeURIComponent('{"ongoing":true}')}`)
      .expect(200);
    expect(ongoing.body).toEqual([]);
    const other = await loginAs(target, `fever-a-${run}`);
    expect((await other.get(`/api/fever/probes/${probes[4]}/excursions`).expect(404)).body.error.key).toBe('objectNotFound');
    const bob = await loginAs(target, 'bob');
    expect((await bob.get(`/api/fever/probes/${probes[4]}/excursions`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await alice.get(`/api/fever/probes/not-a-probe/excursions`).expect(404)).body.error.key).toBe('objectNotFound');
  });

  describe('over MQTT', () => {
    let gateway: MqttClient;
    const prefix = () => process.env.FEVER_MQTT_TOPIC_PREFIX ?? `test-${run}/fever`;
    const replies: { topic: string; body: Record<string, unknown> }[] = [];
    const reply = async (id: string, timeoutMs = 15_000) => {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const found = replies.find((r) => r.body.id === id);
        if (found) return found;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`no reply to ${id}`);
    };
    const send = (gatewayId: string, message: unknown) =>
      gateway.publishAsync(`${prefix()}/${gatewayId}/readings`, typeof message === 'string' ? message : JSON.stringify(message), {
        qos: 1,
      });

    beforeAll(async () => {
      if (!mqttOn) return;
      gateway = await connectAsync(MQTT_URL, { protocolVersion: 5, clientId: `test-gateway-${run}` });
      gateway.on('message', (topic, payload) => replies.push({ topic, body: JSON.parse(payload.toString()) }));
      await gateway.subscribeAsync(`${prefix()}/+/replies`, { qos: 1 });
      await gateway.subscribeAsync(`${prefix()}/+/answers/#`, { qos: 1 });
      // The service subscribes once it is up: the first answer says it is there.
      const end = Date.now() + 20_000;
      for (let i = 0; Date.now() < end; i++) {
        await send('gw-1', { id: `hello-${i}`, apiKey: keys.b, readings: [] });
        if (await reply(`hello-${i}`, 500).catch(() => null)) return;
      }
      throw new Error('the fever service did not subscribe to MQTT');
    }, 30_000);
    afterAll(async () => {
      await gateway?.endAsync();
    });

    it('takes the same batches with the API key in the message, answered on the reply topic', async () => {
      if (!mqttOn) return console.warn(`no MQTT broker at ${MQTT_URL}: MQTT path not tested`);
      const ok = { mac: mac(5), at: hoursAgo(1), temperature: 4.5 };
      await send('gw-1', {
        id: 'b1',
        apiKey: keys.b,
        readings: [ok, { ...ok, mac: mac(98) }, { ...ok, at: hoursAgo(2), temperature: 200 }],
      });
      expect(await reply('b1')).toEqual({
        topic: `${prefix()}/gw-1/replies`,
        body: {
          id: 'b1',
          accepted: 1,
          duplicates: 0,
          refused: [
            { index: 1, key: 'probeUnknown', params: { mac: mac(98) } },
            { index: 2, key: 'readingOutOfRange', params: { field: 'temperature', min: -60, max: 90 } },
          ],
        },
      });
      await send('gw-1', { id: 'b2', apiKey: keys.b, readings: [ok] });
      expect((await reply('b2')).body).toMatchObject({ accepted: 0, duplicates: 1 });
      await send('gw-1', { id: 'b3', apiKey: keys.a, readings: [ok] });
      expect((await reply('b3')).body).toMatchObject({ accepted: 0, refused: [{ index: 0, key: 'probeUnknown' }] });
      await send('gw-1', { id: 'b4', apiKey: DEMO_API_KEYS.warehouse, readings: [ok] });
      expect((await reply('b4')).body).toMatchObject({ error: { key: 'invalidApiKey' } });
      await send('gw-1', { id: 'b5', readings: [ok] });
      expect((await reply('b5')).body).toMatchObject({ error: { key: 'invalidApiKey' } });
      await send('gw-1', { id: 'b6', apiKey: keys.b, readings: 'x' });
      expect((await reply('b6')).body).toMatchObject({ error: { key: 'validationFailed' } });
      await send('gw-1', '{not json');
      expect((await reply(null as unknown as string)).body).toMatchObject({ id: null, error: { key: 'validationFailed' } });
      const stored = await fever.query(`SELECT count(*)::int AS n FROM readings WHERE probe_id = $1`, [probes[5]]);
      expect(stored.rows[0].n).toBe(1);
    });

    it('answers on the MQTT 5 response topic with the correlation data, under the gateway’s own topics only', async () => {
      if (!mqttOn) return;
      const ok = { mac: mac(5), at: hoursAgo(3), temperature: 4 };
      const correlated = new Promise<{ topic: string; correlation?: string }>((resolve) =>
        gateway.on('message', (topic, _payload, packet) => {
          if (topic.startsWith(`${prefix()}/gw-2/answers/`))
            resolve({ topic, correlation: packet.properties?.correlationData?.toString() });
        }),
      );
      await gateway.publishAsync(`${prefix()}/gw-2/readings`, JSON.stringify({ id: 'c1', apiKey: keys.b, readings: [ok] }), {
        qos: 1,
        properties: { responseTopic: `${prefix()}/gw-2/answers/42`, correlationData: Buffer.from('batch-42') },
      });
      expect(await correlated).toEqual({ topic: `${prefix()}/gw-2/answers/42`, correlation: 'batch-42' });
      // A response topic outside the gateway's own goes to its replies topic instead.
      await gateway.publishAsync(`${prefix()}/gw-3/readings`, JSON.stringify({ id: 'c2', apiKey: keys.b, readings: [ok] }), {
        qos: 1,
        properties: { responseTopic: `${prefix()}/gw-1/answers/steal` },
      });
      expect((await reply('c2')).topic).toBe(`${prefix()}/gw-3/replies`);
    });

    it('shares the subscription: a message goes to one copy of the service only', async () => {
      if (!mqttOn) return;
      // A rival "copy" in the same share group takes some of the messages; the service answers all the others, once each.
      const rival = await connectAsync(MQTT_URL, { protocolVersion: 5, clientId: `test-rival-${run}` });
      const taken: string[] = [];
      rival.on('message', (_topic, payload) => taken.push(JSON.parse(payload.toString()).id));
      await rival.subscribeAsync(`$share/${process.env.FEVER_MQTT_GROUP}/${prefix()}/+/readings`, { qos: 1 });
      const ids = Array.from({ length: 20 }, (_, i) => `s${i}`);
      const answered = () => replies.filter((r) => ids.includes(r.body.id as string)).map((r) => r.body.id as string);
      try {
        for (const [i, id] of ids.entries())
          await send('gw-4', { id, apiKey: keys.b, readings: [{ mac: mac(6), at: hoursAgo(1 + i / 10), temperature: 5 }] });
        const end = Date.now() + 15_000;
        while (taken.length + answered().length < ids.length && Date.now() < end) await new Promise((res) => setTimeout(res, 50));
      } finally {
        await rival.endAsync();
      }
      expect(taken.length).toBeGreaterThan(0);
      expect(answered().length).toBeGreaterThan(0);
      expect([...taken, ...answered()].sort()).toEqual([...ids].sort());
      const stored = await fever.query(`SELECT count(*)::int AS n FROM readings WHERE probe_id = $1`, [probes[6]]);
      expect(stored.rows[0].n).toBe(answered().length);
    });
  });
});
