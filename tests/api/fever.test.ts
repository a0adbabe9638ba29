import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { Role } from '@portal/contracts';
import { Db } from '@portal/db';
import { asBytes, loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Client = Awaited<ReturnType<typeof loginAs>>;
interface Reading {
  at: Date;
  t: number;
  h?: number | null;
}

const DAY = 86_400_000;
/** The UTC calendar day `n` days ago. */
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

/**
 * Fever through the gateway (all-in-one, and distributed on NATS): zones, plans and probes managed by
 * ADMIN_SONDE and read by FEVER_USER, MAC uniqueness, plan images checked and resized, drag and drop,
 * live values, the graph (raw and hourly) and the export against hand-computed figures, the §8
 * temperatureExportImpossible key, and another depositor's user who sees and changes nothing.
 */
describe('fever API', () => {
  let target: ApiTarget;
  let fever: Db;
  let admin: Client; // ADMIN_SONDE + FEVER_USER, DEMO-A and DEMO-B
  let adminA: Client; // ADMIN_SONDE, DEMO-A only
  let reader: Client; // FEVER_USER, DEMO-B
  let readerA: Client; // FEVER_USER, DEMO-A only
  let outsider: Client; // no fever role
  const run = randomBytes(3).toString('hex');
  const RUN = run.toUpperCase();
  const mac = (n: number) => `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:${String(n).padStart(2, '0')}`;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const ids: Record<string, number> = {};
  const old = dayAgo(20);

  /** Readings written as the ingestion writes them: the month's partition, the row, the hour's roll-up, the probe's live state. */
  async function insertReadings(probeId: number, depositorId: number, readings: Reading[]): Promise<void> {
    for (const month of new Set(readings.map((r) => r.at.toISOString().slice(0, 7))))
      await fever.system.query(`SELECT fever_ensure_month($1)`, [`${month}-01T00:00:00Z`]);
    await fever.system.query(
      `WITH r AS (
         INSERT INTO readings (probe_id, depositor_id, at, temperature, humidity)
         SELECT $1, $2, a, t, h FROM unnest($3::timestamptz[], $4::numeric[], $5::numeric[]) AS x(a, t, h) RETURNING at, temperature, humidity)
       INSERT INTO readings_hourly (probe_id, depositor_id, hour, count, min_temperature, max_temperature, sum_temperature, humidity_count, sum_humidity)
       SELECT $1, $2, date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), min(temperature), max(temperature), sum(temperature),
              count(humidity), coalesce(sum(humidity), 0)
       FROM r GROUP BY 3
       ON CONFLICT (probe_id, hour) DO UPDATE SET count = readings_hourly.count + excluded.count,
         min_temperature = least(readings_hourly.min_temperature, excluded.min_temperature),
         max_temperature = greatest(readings_hourly.max_temperature, excluded.max_temperature),
         sum_temperature = readings_hourly.sum_temperature + excluded.sum_temperature,
         humidity_count = readings_hourly.humidity_count + excluded.humidity_count,
         sum_humidity = readings_hourly.sum_humidity + excluded.sum_humidity`,
      [probeId, depositorId, readings.map((r) => r.at), readings.map((r) => r.t), readings.map((r) => r.h ?? null)],
    );
    await fever.system.query(
      `UPDATE probes p SET last_reading_at = r.at, last_temperature = r.temperature, last_humidity = r.humidity
       FROM (SELECT at, temperature, humidity FROM readings WHERE probe_id = $1 ORDER BY at DESC LIMIT 1) r
       WHERE p.id = $1 AND (p.last_reading_at IS NULL OR p.last_reading_at < r.at)`,
      [probeId],
    );
  }

  const upload = (client: Client, planId: number, bytes: Buffer) =>
    request(target.url)
      .post(`/api/fever/plans/${planId}/image`)
      .set({ Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/octet-stream' })
      .send(bytes);

  const uploads = (): string[] => {
    const root = path.join(process.env.DATA_DIR ?? '', 'files', 'fever', 'uploads');
    if (process.env.API_MODE === 'distributed' || !fs.existsSync(root)) return [];
    return fs.readdirSync(root, { recursive: true }).map(String);
  };

  beforeAll(async () => {
    target = await startTarget();
    fever = await Db.open({ service: 'fever', entities: [], migrations: [], url: target.databaseUrl('fever') });
    await addUser(target, { login: 'fever-admin', roles: [Role.ADMIN_SONDE, Role.FEVER_USER], depositorIds: [1, 2] });
    await addUser(target, { login: 'fever-admin-a', roles: [Role.ADMIN_SONDE], depositorIds: [1] });
    await addUser(target, { login: 'fever-reader', roles: [Role.FEVER_USER], depositorIds: [2] });
    await addUser(target, { login: 'fever-a', roles: [Role.FEVER_USER], depositorIds: [1] });
    await addUser(target, { login: 'fever-none', roles: [Role.PGT_USER], depositorIds: [1, 2] });
    // One after the other: logins hash passwords, and the auth service takes a few at a time.
    admin = await loginAs(target, 'fever-admin');
    adminA = await loginAs(target, 'fever-admin-a');
    reader = await loginAs(target, 'fever-reader');
    readerA = await loginAs(target, 'fever-a');
    outsider = await loginAs(target, 'fever-none');
  }, 120000);
  afterAll(async () => {
    await fever?.close();
    await target?.close();
  }, 90_000);

  it('lets ADMIN_SONDE manage zones with their thresholds, FEVER_USER read them, others nothing', async () => {
    const zone = {
      depositorId: 2,
      platformId: 12,
      code: `cf-${run}`,
      label: `Chambre froide ${RUN}`,
      minTemperature: 2,
      maxTemperature: 8,
    };
    const created = (await admin.post('/api/fever/zones', zone).expect(201)).body;
    expect(created).toMatchObject({
      code: `CF-${RUN}`,
      depositorId: 2,
      platformId: 12,
      minTemperature: 2,
      maxTemperature: 8,
      maxHumidity: null,
    });
    ids.zone = created.id;
    const zoneA = await adminA
      .post('/api/fever/zones', { depositorId: 1, platformId: 8, code: `A-${run}`, label: `Zone A ${RUN}`, maxTemperature: 25 })
      .expect(201);
    ids.zoneA = zoneA.body.id;
    ids.zoneOther = (
      await admin.post('/api/fever/zones', { depositorId: 2, platformId: 10, code: `Q-${run}`, label: `Quai ${RUN}` }).expect(201)
    ).body.id;

    const listed = await reader.get(`/api/fever/zones?filter=${q({ q: RUN })}`).expect(200);
    expect(listed.body.map((z: { id: number }) => z.id).sort()).toEqual([ids.zone, ids.zoneOther].sort());
    expect(listed.headers['content-range']).toMatch(/^fever\/zones 0-1\/2$/);

    const edited = await admin
      .put(`/api/fever/zones/${ids.zone}`, { ...zone, label: `CF ${RUN}`, maxHumidity: 70, depositorId: 1 })
      .expect(200);
    expect(edited.body).toMatchObject({ label: `CF ${RUN}`, maxHumidity: 70, depositorId: 2 });

    expect((await reader.post('/api/fever/zones', zone).expect(403)).body.error.key).toBeDefined();
    await outsider.get('/api/fever/zones').expect(403);
    await outsider.get('/api/fever/probes').expect(403);
    await reader.delete(`/api/fever/zones/${ids.zone}`).expect(403);
  });

  it('refuses a bad zone with its field: taken code, thresholds the wrong way round, a depositor or platform the user may not choose', async () => {
    const base = { depositorId: 2, platformId: 12, code: `cf-${run}`, label: 'x' };
    expect((await admin.post('/api/fever/zones', base).expect(409)).body.error.key).toBe('feverZoneCodeExists');
    const reversed = await admin.post('/api/fever/zones', { ...base, code: `R-${run}`, minTemperature: 8, maxTemperature: 2 }).expect(400);
    expect(reversed.body.error.fields).toEqual({ maxTemperature: 'belowMinimum' });
    const foreign = await adminA.post('/api/fever/zones', { ...base, code: `F-${run}` }).expect(400);
    expect(foreign.body.error.fields).toEqual({ depositorId: 'unknownCode' });
    const platform = await admin.post('/api/fever/zones', { ...base, code: `P-${run}`, platformId: 999 }).expect(400);
    expect(platform.body.error.fields).toEqual({ platformId: 'unknownCode' });
    const absurd = await admin.post('/api/fever/zones', { ...base, code: 'x y', label: 'y'.repeat(500), maxTemperature: 1e9 }).expect(400);
    expect(absurd.body.error.fields).toMatchObject({ code: 'invalidFormat', label: 'maxLength', maxTemperature: 'max' });
    await admin.post('/api/fever/zones', { ...base, code: 'x\u0000' }).expect(400);
    await admin.put('/api/fever/zones/99999999999', base).expect(404);
    expect((await admin.put(`/api/fever/zones/${ids.zone}`, {}).expect(400)).body.error.fields).toEqual({
      code: 'required',
      label: 'required',
    });
    expect((await admin.post('/api/fever/zones', {}).expect(400)).body.error.fields).toMatchObject({
      depositorId: 'required',
      code: 'required',
    });
  });

  it('creates probes with a normalised MAC, unique across depositors without saying whose it is', async () => {
    const upper = mac(1).toUpperCase().replace(/:/g, '-');
    const probe = (await admin.post('/api/fever/probes', { mac: upper, label: `Sonde porte ${RUN}`, zoneId: ids.zone }).expect(201)).body;
    expect(probe).toMatchObject({
      mac: mac(1),
      zoneId: ids.zone,
      depositorId: 2,
      platformId: 12,
      planId: null,
      silent: true,
      inExcursion: false,
    });
    ids.probe = probe.id;
    ids.probe2 = (await admin.post('/api/fever/probes', { mac: mac(2), label: `Sonde fond ${RUN}`, zoneId: ids.zone }).expect(201)).body.id;
    ids.probeA = (await adminA.post('/api/fever/probes', { mac: mac(3), label: `Sonde A ${RUN}`, zoneId: ids.zoneA }).expect(201)).body.id;

    const again = await adminA.post('/api/fever/probes', { mac: mac(1).replace(/:/g, ''), label: 'copie', zoneId: ids.zoneA }).expect(409);
    expect(again.body.error).toMatchObject({ key: 'probeMacExists', params: { mac: mac(1) } });
    expect(JSON.stringify(again.body)).not.toMatch(/DEMO-B|porte/);
    expect(
      (await admin.put(`/api/fever/probes/${ids.probe2}`, { label: 'x', zoneId: ids.zone, mac: mac(1) }).expect(409)).body.error.key,
    ).toBe('probeMacExists');
    const bad = await admin.post('/api/fever/probes', { mac: 'zz:zz', label: 'x', zoneId: ids.zone }).expect(400);
    expect(bad.body.error.fields).toEqual({ mac: 'invalidFormat' });
    const noZone = await adminA.post('/api/fever/probes', { mac: mac(9), label: 'x', zoneId: ids.zone }).expect(400);
    expect(noZone.body.error.fields).toEqual({ zoneId: 'unknownCode' });
    // Renamed, its MAC kept when not sent.
    expect(
      (await admin.put(`/api/fever/probes/${ids.probe}`, { label: `Sonde porte ${RUN}`, zoneId: ids.zone }).expect(200)).body.mac,
    ).toBe(mac(1));
    // A zone with probes stays.
    expect((await admin.delete(`/api/fever/zones/${ids.zone}`).expect(409)).body.error).toMatchObject({
      key: 'feverZoneInUse',
      params: { probes: 2 },
    });
  });

  it('checks a plan image from its bytes, refuses it too big, stores it resized and serves it back', async () => {
    const plan = (await admin.post('/api/fever/plans', { depositorId: 2, platformId: 12, name: `Saran ${RUN}` }).expect(201)).body;
    expect(plan).toMatchObject({ hasImage: false, width: null, height: null });
    expect((await admin.put(`/api/fever/plans/${plan.id}`, {}).expect(400)).body.error.fields).toEqual({ name: 'required' });
    expect((await admin.post('/api/fever/probes', { zoneId: ids.zone }).expect(400)).body.error.fields).toEqual({ label: 'required' });
    ids.plan = plan.id;
    ids.planOther = (await admin.post('/api/fever/plans', { depositorId: 2, platformId: 10, name: `Lesquin ${RUN}` }).expect(201)).body.id;

    expect((await upload(admin, ids.plan, Buffer.from('not an image at all')).expect(415)).body.error.key).toBe('unexpectedFileContent');
    expect((await upload(admin, ids.plan, Buffer.from('%PDF-1.4\n%%EOF\n')).expect(415)).body.error.key).toBe('unexpectedFileContent');
    // PNG magic number, then garbage: sharp cannot decode it.
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);
    expect((await upload(admin, ids.plan, disguised).expect(415)).body.error.key).toBe('unexpectedFileContent');
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(8 * 1024 * 1024)]);
    expect((await upload(admin, ids.plan, huge).expect(413)).body.error).toMatchObject({ key: 'sizeLimitExceeded' });
    await upload(reader, ids.plan, disguised).expect(403);

    const drawing = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#e3f2fd' } })
      .png()
      .toBuffer();
    const stored = (await upload(admin, ids.plan, drawing).expect(200)).body;
    expect(stored).toMatchObject({ id: ids.plan, hasImage: true, width: 2000, height: 1000 });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(admin, ids.planOther, photo).expect(200)).body).toMatchObject({ width: 800, height: 600 });

    const image = await reader.get(`/api/fever/plans/${ids.plan}/image`).buffer(true).parse(asBytes).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 2000, height: 1000 });
    expect((await reader.get(`/api/fever/plans/${ids.planOther}/image`).expect(200)).headers['content-type']).toBe('image/jpeg');
    expect(uploads()).toEqual([]);
  });

  it('places a probe on a plan of its platform by drag and drop, and takes it off', async () => {
    const placed = await admin.put(`/api/fever/probes/${ids.probe}/place`, { planId: ids.plan, x: 0.25, y: 0.5 }).expect(200);
    expect(placed.body).toMatchObject({ planId: ids.plan, x: 0.25, y: 0.5 });
    await admin.put(`/api/fever/probes/${ids.probe2}/place`, { planId: ids.plan, x: 0.75, y: 0.1 }).expect(200);
    const outside = await admin.put(`/api/fever/probes/${ids.probe}/place`, { planId: ids.plan, x: 1.5, y: 0.5 }).expect(400);
    expect(outside.body.error.fields).toEqual({ x: 'max' });
    expect((await admin.put(`/api/fever/probes/${ids.probe}/place`, { planId: ids.plan }).expect(400)).body.error.fields).toEqual({
      x: 'required',
      y: 'required',
    });
    const elsewhere = await admin.put(`/api/fever/probes/${ids.probe}/place`, { planId: ids.planOther, x: 0.1, y: 0.1 }).expect(400);
    expect(elsewhere.body.error.fields).toEqual({ planId: 'unknownCode' });
    await reader.put(`/api/fever/probes/${ids.probe}/place`, { planId: ids.plan, x: 0.1, y: 0.1 }).expect(403);
    expect((await admin.put(`/api/fever/probes/${ids.probe2}/place`, { planId: null }).expect(200)).body).toMatchObject({
      planId: null,
      x: null,
    });
    const onPlan = await reader.get(`/api/fever/probes?filter=${q({ plan: ids.plan })}`).expect(200);
    expect(onPlan.body.map((p: { id: number }) => p.id)).toEqual([ids.probe]);
    await admin.put(`/api/fever/probes/${ids.probe2}/place`, { planId: ids.plan, x: 0.75, y: 0.1 }).expect(200);
  });

  it('shows live values: last reading, 24 h min/max/average from the roll-up, silent and in excursion', async () => {
    const now = Date.now();
    await insertReadings(ids.probe, 2, [
      { at: new Date(now - 3 * 3_600_000), t: 7 },
      { at: new Date(now - 2 * 3_600_000), t: 4 },
      { at: new Date(now - 30 * 60_000), t: 5.5, h: 61 },
      // Two days ago: outside the 24 hours.
      { at: new Date(now - 48 * 3_600_000), t: 12 },
    ]);
    await fever.system.query(
      `INSERT INTO excursions (probe_id, zone_id, depositor_id, platform_id, kind, threshold, started_at, peak) VALUES ($1, $2, 2, 12, 'high', 8, now() - interval '1 hour', 9.5)`,
      [ids.probe2, ids.zone],
    );
    await insertReadings(ids.probe2, 2, [{ at: new Date(now - 60 * 60_000), t: 9.5 }]);
    const probe = (await reader.get(`/api/fever/probes/${ids.probe}`).expect(200)).body;
    expect(probe).toMatchObject({
      temperature: 5.5,
      humidity: 61,
      minTemperature: 4,
      maxTemperature: 7,
      avgTemperature: 5.5,
      silent: false,
      inExcursion: false,
    });
    expect(Date.parse(probe.lastReadingAt)).toBeGreaterThan(now - 31 * 60_000);
    expect((await reader.get(`/api/fever/probes/${ids.probe2}`).expect(200)).body).toMatchObject({ inExcursion: true, silent: false });
    const states = async (state: string) =>
      (await reader.get(`/api/fever/probes?filter=${q({ q: RUN, state })}`).expect(200)).body.map((p: { id: number }) => p.id);
    expect(await states('ok')).toEqual([ids.probe]);
    expect(await states('excursion')).toEqual([ids.probe2]);
    expect(await states('silent')).toEqual([]);
    await fever.system.query(`UPDATE probes SET last_reading_at = now() - interval '13 hours' WHERE id = $1`, [ids.probe2]);
    expect(await states('silent')).toEqual([ids.probe2]);
  });

  describe('graph and export over hand-computed readings', () => {
    beforeAll(async () => {
      // Day -20, UTC: hour 10 → 4, 5, 6 (avg 5); hour 11 → 3, 7 (avg 5); hour 12 → 5.5. All six: min 3, max 7, avg 30.5 / 6 = 5.08.
      await insertReadings(ids.probe, 2, [
        { at: at(old, '10:00:00'), t: 4, h: 50 },
        { at: at(old, '10:20:00'), t: 5, h: 52 },
        { at: at(old, '10:40:00'), t: 6 },
        { at: at(old, '11:10:00'), t: 3, h: 60 },
        { at: at(old, '11:50:00'), t: 7 },
        { at: at(old, '12:30:00'), t: 5.5 },
      ]);
    });

    it('reads every reading up to seven days', async () => {
      const graph = (await reader.get(`/api/fever/probes/${ids.probe}/graph?from=${old}T10:00:00Z&to=${old}T12:00:00Z`).expect(200)).body;
      expect(graph).toMatchObject({ resolution: 'raw', min: 3, max: 7, avg: 5, minTemperature: 2, maxTemperature: 8 });
      expect(graph.points.map((p: { avg: number }) => p.avg)).toEqual([4, 5, 6, 3, 7]);
      expect(graph.points[0]).toEqual({ at: `${old}T10:00:00Z`, min: 4, max: 4, avg: 4, humidity: 50 });
    });

    it('reads the hourly roll-up beyond, in buckets that keep a long range under a thousand points', async () => {
      const month = (await reader.get(`/api/fever/probes/${ids.probe}/graph?from=${dayAgo(35)}&to=${dayAgo(6)}`).expect(200)).body;
      expect(month).toMatchObject({ resolution: 'hour', min: 3, max: 7, avg: 5.08 });
      expect(month.points).toEqual([
        { at: `${old}T10:00:00Z`, min: 4, max: 6, avg: 5, humidity: 51 },
        { at: `${old}T11:00:00Z`, min: 3, max: 7, avg: 5, humidity: 60 },
        { at: `${old}T12:00:00Z`, min: 5.5, max: 5.5, avg: 5.5, humidity: null },
      ]);
      // 90 days: 3-hour buckets (09:00–12:00 holds hours 10 and 11: (15 + 10) / 5 = 5).
      const quarter = (await reader.get(`/api/fever/probes/${ids.probe}/graph?range=rolling90`).expect(200)).body;
      expect(quarter.resolution).toBe('hour');
      const buckets = quarter.points.filter((p: { at: string }) => p.at.startsWith(old));
      expect(buckets).toEqual([
        { at: `${old}T09:00:00Z`, min: 3, max: 7, avg: 5, humidity: 54 },
        { at: `${old}T12:00:00Z`, min: 5.5, max: 5.5, avg: 5.5, humidity: null },
      ]);
      expect(quarter.points.length).toBeLessThanOrEqual(1000);
      expect((Date.parse(quarter.to) - Date.parse(quarter.from)) / DAY).toBeCloseTo(90, 0);
    });

    it('refuses a period that ends before it starts or is not a date', async () => {
      const reversed = await reader.get(`/api/fever/probes/${ids.probe}/graph?from=${dayAgo(1)}&to=${dayAgo(5)}`).expect(400);
      expect(reversed.body.error).toMatchObject({ key: 'invalidDate', fields: { to: 'min' } });
      expect((await reader.get(`/api/fever/probes/${ids.probe}/graph?from=2026-02-30&to=2026-03-02`).expect(400)).body.error.key).toBe(
        'invalidDate',
      );
      expect((await reader.get(`/api/fever/probes/${ids.probe}/graph?range=forever`).expect(400)).body.error.key).toBe('invalidDate');
      expect((await reader.get(`/api/fever/probes/${ids.probe}/graph?from=${old}`).expect(400)).body.error.fields).toEqual({
        to: 'required',
      });
      await reader.get(`/api/fever/probes/abc/graph`).expect(404);
    });

    it('exports one probe’s readings as CSV and XLSX', async () => {
      const csv = await reader.get(`/api/fever/probes/${ids.probe}/export?format=csv&from=${old}&to=${old}`).expect(200);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Date du relevé;Température (°C);Humidité (% HR);Tension (V);Sonde;Adresse MAC;Zone');
      // Numbers as a French spreadsheet reads them: a decimal comma.
      expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual(['4', '5', '6', '3', '7', '5,5']);
      expect(lines[1].split(';').slice(4)).toEqual([`Sonde porte ${RUN}`, mac(1), `CF ${RUN}`]);
      const xlsx = await reader
        .get(`/api/fever/probes/${ids.probe}/export?format=xlsx&from=${old}&to=${old}`)
        .buffer(true)
        .parse(asBytes)
        .expect(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((xlsx.body as Buffer).buffer as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet.rowCount).toBe(7);
      expect(sheet.getRow(7).getCell(2).value).toBe(5.5);
      expect(sheet.getRow(2).getCell(3).value).toBe(50);
    });

    it('answers temperatureExportImpossible with its reason: over a year, or no readings in the period', async () => {
      const long = await reader.get(`/api/fever/probes/${ids.probe}/export?from=${dayAgo(400)}&to=${dayAgo(1)}`).expect(422);
      expect(long.body.error).toMatchObject({ key: 'temperatureExportImpossible', params: { reason: 'rangeTooLong', maxDays: 366 } });
      const none = await reader.get(`/api/fever/probes/${ids.probe}/export?from=${dayAgo(60)}&to=${dayAgo(50)}`).expect(422);
      expect(none.body.error).toMatchObject({ key: 'temperatureExportImpossible', params: { reason: 'noReadings' } });
      const lastYear = await reader.get(`/api/fever/probes/${ids.probe2}/export?range=lastYear`).expect(422);
      expect(lastYear.body.error.params.reason).toBe('noReadings');
    });
  });

  describe('another depositor', () => {
    it('shows a DEMO-A user none of DEMO-B’s zones, plans, probes, graphs, images or exports', async () => {
      const lists = await Promise.all(
        ['zones', 'plans', 'probes'].map((r) => readerA.get(`/api/fever/${r}?range=${q([0, 499])}`).expect(200)),
      );
      for (const list of lists) expect(list.body.filter((row: { depositorId: number }) => row.depositorId !== 1)).toEqual([]);
      expect(lists[2].body.map((p: { id: number }) => p.id)).toContain(ids.probeA);
      for (const path of [
        `/api/fever/probes/${ids.probe}`,
        `/api/fever/probes/${ids.probe}/graph?range=rolling30`,
        `/api/fever/probes/${ids.probe}/export?from=${old}&to=${old}`,
        `/api/fever/plans/${ids.plan}`,
        `/api/fever/plans/${ids.plan}/image`,
      ])
        expect([path, (await readerA.get(path)).status]).toEqual([path, 404]);
      const filtered = await readerA.get(`/api/fever/probes?filter=${q({ depositor: 2 })}`).expect(200);
      expect(filtered.body).toEqual([]);
    });

    it('lets a DEMO-A ADMIN_SONDE change none of DEMO-B’s objects', async () => {
      const before = (await admin.get(`/api/fever/probes/${ids.probe}`).expect(200)).body;
      const attempts = [
        adminA.put(`/api/fever/probes/${ids.probe}`, { label: 'pris', zoneId: ids.zoneA }),
        adminA.put(`/api/fever/probes/${ids.probe}/place`, { planId: null }),
        adminA.delete(`/api/fever/probes/${ids.probe}`),
        adminA.put(`/api/fever/zones/${ids.zone}`, { code: 'X', label: 'pris' }),
        adminA.delete(`/api/fever/zones/${ids.zoneOther}`),
        adminA.put(`/api/fever/plans/${ids.plan}`, { name: 'pris' }),
        adminA.delete(`/api/fever/plans/${ids.plan}`),
        upload(
          adminA,
          ids.plan,
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        ),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(404);
      // Its own probe cannot go onto DEMO-B's plan either.
      const onForeign = await adminA.put(`/api/fever/probes/${ids.probeA}/place`, { planId: ids.plan, x: 0.5, y: 0.5 }).expect(400);
      expect(onForeign.body.error.fields).toEqual({ planId: 'unknownCode' });
      expect((await admin.get(`/api/fever/probes/${ids.probe}`).expect(200)).body).toEqual(before);
      expect((await admin.get(`/api/fever/plans/${ids.plan}`).expect(200)).body).toMatchObject({ name: `Saran ${RUN}`, width: 2000 });
    });

    it('keeps DEMO-B’s rows out of a DEMO-A scope even when a query forgets its WHERE (row-level security)', async () => {
      const scope = { all: false, depositorIds: [1], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] };
      for (const table of ['zones', 'plans', 'probes', 'readings', 'readings_hourly', 'excursions']) {
        const rows = await fever.scopedQuery<{ depositor_id: number }>(scope, `SELECT depositor_id FROM ${table}`);
        expect([table, rows.filter((r) => r.depositor_id !== 1)]).toEqual([table, []]);
      }
    });
  });

  it('deletes a plan (its probes stay, off the plan), a probe with its readings, then an empty zone', async () => {
    await admin.delete(`/api/fever/plans/${ids.planOther}`).expect(200);
    await admin.get(`/api/fever/plans/${ids.planOther}`).expect(404);
    await admin.delete(`/api/fever/probes/${ids.probe2}`).expect(200);
    await admin.get(`/api/fever/probes/${ids.probe2}`).expect(404);
    const [left] = await fever.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings WHERE probe_id = $1`, [ids.probe2]);
    expect(left.n).toBe(0);
    await admin.delete(`/api/fever/zones/${ids.zoneOther}`).expect(200);
  });
});
