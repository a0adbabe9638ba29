import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AppError,
  depositorScope,
  FEVER_MAX_BATCH,
  FeverEvents,
  FeverOwnEvents,
  FeverSubjects,
  type CallerContext,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { FeverServiceModule } from '../fever.module';
import { SilenceJob } from '../silence/silence.job';
import { ReadingsService } from './readings.service';
import { addProbe } from './test/probes.fixtures';

/** A probe gateway's key as the HTTP gateway resolves it: kind probe, bound to depositors. */
const gateway = (depositorIds: number[], platformIds: number[] = []): CallerContext => ({
  requestId: 'test',
  client: { id: 1, name: 'Passerelle test', kind: 'probe', platformIds },
  roles: [],
  scope: depositorScope(depositorIds),
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
});
const HOUR = 3_600_000;
const MIN = 60_000;

describe('fever readings on a real database', () => {
  let h: ServiceHarness;
  let db: Db;
  let readings: ReadingsService;
  const B = gateway([2]);
  const ingest = (data: unknown, ctx = B, now?: Date) => readings.ingest(ctx, data, now);

  beforeAll(async () => {
    process.env.FEVER_SILENCE_INTERVAL_MS = '0';
    h = await startServices([FeverServiceModule]);
    db = h.get(Db);
    readings = h.get(ReadingsService);
  });
  afterAll(() => h?.close());

  it('stores a batch once: duplicates, out-of-order readings, the roll-up from what was inserted, the live state', async () => {
    const { probeId } = await addProbe(db, '0a:00:00:00:00:01');
    const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 10, m)).toISOString();
    const first = await ingest({
      readings: [
        { mac: '0A-00-00-00-00-01', at: at(20), temperature: 5, humidity: 40, voltage: 3.1 },
        { mac: '0a0000000001', at: at(0), temperature: 4 },
        { mac: '0a:00:00:00:00:01', at: at(0), temperature: 9.99 },
      ],
    });
    expect(first).toEqual({ accepted: 2, duplicates: 1, refused: [] });
    const late = await ingest({ readings: [{ mac: '0a:00:00:00:00:01', at: at(10), temperature: 6.004, humidity: 50 }] });
    expect(late).toEqual({ accepted: 1, duplicates: 0, refused: [] });
    const again = await ingest({ readings: [{ mac: '0a:00:00:00:00:01', at: at(10), temperature: 7 }] });
    expect(again).toEqual({ accepted: 0, duplicates: 1, refused: [] });
    const [hour] = await db.system.query(`SELECT * FROM readings_hourly WHERE probe_id = $1`, [probeId]);
    expect(hour).toMatchObject({
      count: 3,
      min_temperature: '4.00',
      max_temperature: '6.00',
      sum_temperature: '15.00',
      humidity_count: 2,
      sum_humidity: '90.00',
    });
    const [probe] = await db.system.query(`SELECT last_reading_at, last_temperature, voltage FROM probes WHERE id = $1`, [probeId]);
    expect(probe).toMatchObject({ last_reading_at: new Date(at(20)), last_temperature: '5.00', voltage: '3.100' });
  });

  it('refuses readings one by one with their keys, the others stored', async () => {
    await addProbe(db, '0a:00:00:00:00:02');
    const now = new Date();
    const ok = { mac: '0a:00:00:00:00:02', at: new Date(now.getTime() - HOUR).toISOString(), temperature: 5 };
    const result = await ingest(
      {
        readings: [
          ok,
          { ...ok, mac: '0a:00:00:00:99:99' },
          { ...ok, temperature: 120 },
          { ...ok, humidity: -1 },
          { ...ok, voltage: 40 },
          { ...ok, at: 'yesterday' },
          { ...ok, at: new Date(now.getTime() + HOUR).toISOString() },
          { ...ok, at: new Date(now.getTime() - 401 * 24 * HOUR).toISOString() },
          { ...ok, temperature: '5' },
          { ...ok, mac: 'not a mac' },
          null,
          { ...ok, at: '2026-02-30T10:00:00Z' },
        ],
      },
      B,
      now,
    );
    expect(result.accepted).toBe(1);
    expect(result.refused).toEqual([
      { index: 1, key: 'probeUnknown', params: { mac: '0a:00:00:00:99:99' } },
      { index: 2, key: 'readingOutOfRange', params: { field: 'temperature', min: -60, max: 90 } },
      { index: 3, key: 'readingOutOfRange', params: { field: 'humidity', min: 0, max: 100 } },
      { index: 4, key: 'readingOutOfRange', params: { field: 'voltage', min: 0, max: 12 } },
      { index: 5, key: 'readingBadTimestamp', params: { reason: 'format' } },
      { index: 6, key: 'readingBadTimestamp', params: { reason: 'future' } },
      { index: 7, key: 'readingBadTimestamp', params: { reason: 'tooOld', days: 400 } },
      { index: 8, key: 'validationFailed', params: { fields: { temperature: 'numeric' } } },
      { index: 9, key: 'validationFailed', params: { fields: { mac: 'invalidFormat' } } },
      { index: 10, key: 'validationFailed', params: { fields: { reading: 'invalidFormat' } } },
      { index: 11, key: 'readingBadTimestamp', params: { reason: 'format' } },
    ]);
  });

  it('refuses a batch that is not one, or too long, whole', async () => {
    for (const bad of [null, [], { readings: 'x' }, { readings: Array.from({ length: FEVER_MAX_BATCH + 1 }, () => ({})) }]) {
      await expect(ingest(bad)).rejects.toMatchObject({ key: 'validationFailed' });
    }
    await expect(h.call(FeverSubjects.ingest, { ...B, client: undefined }, { readings: [] })).rejects.toBeInstanceOf(AppError);
  });

  it("another depositor's key (or a key bound to other platforms) finds none of our probes", async () => {
    const { probeId } = await addProbe(db, '0a:00:00:00:00:03');
    const reading = { mac: '0a:00:00:00:00:03', at: new Date(Date.now() - HOUR).toISOString(), temperature: 5 };
    for (const ctx of [gateway([1]), gateway([2], [10])]) {
      expect(await ingest({ readings: [reading] }, ctx)).toEqual({
        accepted: 0,
        duplicates: 0,
        refused: [{ index: 0, key: 'probeUnknown', params: { mac: '0a:00:00:00:00:03' } }],
      });
    }
    expect(await db.system.query(`SELECT 1 FROM readings WHERE probe_id = $1`, [probeId])).toHaveLength(0);
    expect(await ingest({ readings: [reading] }, gateway([2], [12]))).toMatchObject({ accepted: 1 });
  });

  it('puts readings on both sides of month and year boundaries in their partitions and hours', async () => {
    const { probeId } = await addProbe(db, '0a:00:00:00:00:04');
    const instants = [
      '2025-12-31T23:50:00Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:10:00+00:00',
      '2026-10-31T23:59:59.999Z',
      '2026-11-01T01:00:00+01:00',
    ];
    const result = await ingest({ readings: instants.map((at, i) => ({ mac: '0a:00:00:00:00:04', at, temperature: 3 + i })) });
    expect(result).toMatchObject({ accepted: 5 });
    const rows = await db.system.query<{ partition: string; at: Date }>(
      `SELECT tableoid::regclass::text AS partition, at FROM readings WHERE probe_id = $1 ORDER BY at`,
      [probeId],
    );
    expect(rows.map((r) => r.partition)).toEqual([
      'readings_202512',
      'readings_202601',
      'readings_202601',
      'readings_202610',
      'readings_202611',
    ]);
    const hours = await db.system.query<{ hour: Date; count: number; sum_temperature: string }>(
      `SELECT hour, count, sum_temperature FROM readings_hourly WHERE probe_id = $1 ORDER BY hour`,
      [probeId],
    );
    expect(hours.map((r) => [r.hour.toISOString(), r.count, Number(r.sum_temperature)])).toEqual([
      ['2025-12-31T23:00:00.000Z', 1, 3],
      ['2026-01-01T00:00:00.000Z', 2, 9],
      ['2026-10-31T23:00:00.000Z', 1, 6],
      ['2026-11-01T00:00:00.000Z', 1, 7],
    ]);
  });

  it('opens and closes excursions as readings arrive, in order or not, with start, end, duration and peak', async () => {
    const { probeId } = await addProbe(db, '0a:00:00:00:00:05', { minTemperature: 2, maxTemperature: 8, maxHumidity: 70, code: 'EXC' });
    const t0 = Date.UTC(2026, 10, 10, 8, 0);
    const at = (minutes: number) => new Date(t0 + minutes * MIN).toISOString();
    const r = (minutes: number, temperature: number, humidity?: number) => ({
      mac: '0a:00:00:00:00:05',
      at: at(minutes),
      temperature,
      humidity,
    });
    const list = () =>
      db.system.query<{ kind: string; started_at: Date; ended_at: Date | null; peak: string }>(
        `SELECT kind, started_at, ended_at, peak FROM excursions WHERE probe_id = $1 ORDER BY started_at, kind`,
        [probeId],
      );
    const shape = async () =>
      (await list()).map((e) => [
        e.kind,
        (e.started_at.getTime() - t0) / MIN,
        e.ended_at ? (e.ended_at.getTime() - t0) / MIN : null,
        Number(e.peak),
      ]);
    // In order: 5, 9 (out), 11.5, 7 (back) -> high from 10 to 30, peak 11.5.
    await ingest({ readings: [r(0, 5), r(10, 9)] });
    expect(await shape()).toEqual([['high', 10, null, 9]]);
    await ingest({ readings: [r(20, 11.5), r(30, 7), r(40, 1.5, 75)] });
    expect(await shape()).toEqual([
      ['high', 10, 30, 11.5],
      ['humidity', 40, null, 75],
      ['low', 40, null, 1.5],
    ]);
    // Late reading inside the high excursion, back in range: it ends at 15 and another starts at 20.
    await ingest({ readings: [r(15, 6, 50)] });
    expect(await shape()).toEqual([
      ['high', 10, 15, 9],
      ['high', 20, 30, 11.5],
      ['humidity', 40, null, 75],
      ['low', 40, null, 1.5],
    ]);
    // Late out reading just before: the first excursion starts earlier with a higher peak.
    await ingest({ readings: [r(5, 12)] });
    expect(await shape()).toEqual([
      ['high', 5, 15, 12],
      ['high', 20, 30, 11.5],
      ['humidity', 40, null, 75],
      ['low', 40, null, 1.5],
    ]);
    await ingest({ readings: [r(50, 4, 60)] });
    expect(await shape()).toEqual([
      ['high', 5, 15, 12],
      ['high', 20, 30, 11.5],
      ['humidity', 40, 50, 75],
      ['low', 40, 50, 1.5],
    ]);
    const events = await db.system.query<{ type: string; payload: { kind: string; startedAt: string; durationMinutes: number | null } }>(
      `SELECT type, payload FROM outbox WHERE type LIKE 'fever.excursion.%' AND payload->>'probeId' = $1 ORDER BY occurred_at`,
      [String(probeId)],
    );
    // Ended: 10-30 (20 min); 20-30 once split off (10); 5-15 once the late reading at 5 came (10); humidity and low (10).
    const ended = events
      .filter((e) => e.type === FeverOwnEvents.excursionEnded)
      .map((e) => `${e.payload.kind} ${e.payload.durationMinutes}`);
    expect(ended.sort()).toEqual(['high 10', 'high 10', 'high 20', 'humidity 10', 'low 10']);
    expect(events.filter((e) => e.type === FeverOwnEvents.excursionStarted)).toHaveLength(5);
    // The list, through the bus, for a FEVER_USER of the depositor (and nothing for another one's).
    const page = await h.call<{ rows: { kind: string; durationMinutes: number | null; peak: number }[]; total: number }>(
      FeverSubjects.excursionsList,
      { ...B, client: undefined, user: { id: 1, uuid: 'u', login: 'u', sessionId: 's' }, roles: ['FEVER_USER'] },
      { probeId, list: { sort: ['startedAt', 'ASC'] } },
    );
    expect(page.total).toBe(4);
    expect(page.rows.map((e) => [e.kind, e.durationMinutes, e.peak])).toEqual([
      ['high', 10, 12],
      ['high', 10, 11.5],
      ['humidity', 10, 75],
      ['low', 10, 1.5],
    ]);
    await expect(
      h.call(
        FeverSubjects.excursionsList,
        { ...gateway([1]), client: undefined, user: { id: 2, uuid: 'v', login: 'v', sessionId: 's' }, roles: ['FEVER_USER'] },
        { probeId },
      ),
    ).rejects.toMatchObject({ key: 'objectNotFound' });
  });

  it('announces a silent probe once after 12 hours, and again only after it spoke and fell silent again', async () => {
    const job = h.get(SilenceJob);
    const t0 = new Date(Date.now() - 30 * HOUR);
    const { probeId } = await addProbe(db, '0a:00:00:00:00:06', {}, t0);
    const reading = (at: Date) => ({ readings: [{ mac: '0a:00:00:00:00:06', at: at.toISOString(), temperature: 5 }] });
    const silentEvents = async () =>
      (
        await db.system.query<{ payload: { probeId: number; lastReadingAt: string | null; silentSince: string } }>(
          `SELECT payload FROM outbox WHERE type = $1 ORDER BY occurred_at`,
          [FeverEvents.probeSilent],
        )
      ).filter((e) => e.payload.probeId === probeId);
    const spoke = new Date(t0.getTime() + HOUR);
    await ingest(reading(spoke), B, spoke);
    await job.run(new Date(spoke.getTime() + 11 * HOUR + 59 * MIN));
    expect(await silentEvents()).toHaveLength(0);
    await job.run(new Date(spoke.getTime() + 12 * HOUR));
    await job.run(new Date(spoke.getTime() + 13 * HOUR));
    const [first, ...others] = await silentEvents();
    expect(others).toHaveLength(0);
    expect(first.payload).toMatchObject({ lastReadingAt: spoke.toISOString(), silentSince: spoke.toISOString(), silentHours: 12 });
    // A gateway replaying an old buffer does not end the silence; a fresh reading does.
    const replay = new Date(spoke.getTime() + 10 * MIN);
    await ingest(reading(replay), B, new Date(spoke.getTime() + 14 * HOUR));
    await job.run(new Date(spoke.getTime() + 15 * HOUR));
    expect(await silentEvents()).toHaveLength(1);
    const back = new Date(spoke.getTime() + 16 * HOUR);
    await ingest(reading(back), B, back);
    expect((await db.system.query(`SELECT silent_since FROM probes WHERE id = $1`, [probeId]))[0]).toEqual({ silent_since: null });
    await job.run(new Date(back.getTime() + 11 * HOUR));
    expect(await silentEvents()).toHaveLength(1);
    await job.run(new Date(back.getTime() + 12 * HOUR + MIN));
    expect((await silentEvents()).map((e) => e.payload.lastReadingAt)).toEqual([spoke.toISOString(), back.toISOString()]);
  });
});
