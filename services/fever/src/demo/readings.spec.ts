import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { FeverServiceModule } from '../fever.module';
import { addProbe } from '../readings/test/probes.fixtures';
import { DEMO_PROBES, DEMO_ZONES } from './fixtures';
import { seedFeverReadings } from './readings';

// Seeded now, on a summer afternoon and on a winter night: the incidents fall at their hour of the day,
// so the same excursions show whenever the demo is seeded (a dawn fog once fell at noon and stayed dry).
describe.each([
  ['now', new Date()],
  ['on a summer afternoon', new Date('2026-07-15T14:07:00Z')],
  ['on a winter night', new Date('2026-01-15T02:00:00Z')],
])('fever demo readings seeded %s', (_, now) => {
  let h: ServiceHarness;
  let db: Db;

  beforeAll(async () => {
    process.env.FEVER_SILENCE_INTERVAL_MS = '0';
    h = await startServices([FeverServiceModule]);
    db = h.get(Db);
    // The probes of fixtures.ts, as seedFeverSetup makes them (zones with their thresholds).
    for (const p of DEMO_PROBES) {
      const zone = DEMO_ZONES.find((z) => z.code === p.zone)!;
      await addProbe(db, p.mac, { ...zone, depositorId: 2 });
    }
  });
  afterAll(() => h?.close());

  it('writes every 10 minutes for the scaled year, with the roll-up, excursions, silences and one probe silent now', async () => {
    const started = Date.now();
    await seedFeverReadings(db, { scale: 0.02, now });
    const elapsed = Date.now() - started;
    const [count] = await db.system.query<{ n: number; probes: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT probe_id)::int AS probes FROM readings`,
    );
    // 7 days × 144 readings × 10 probes, less the dock's last 20 hours and a 14-hour gateway outage.
    expect(count.probes).toBe(10);
    expect(count.n).toBeGreaterThan(9_500);
    expect(count.n).toBeLessThan(10_100);
    const [hourly] = await db.system.query<{ n: number }>(`SELECT sum(count)::int AS n FROM readings_hourly`);
    expect(hourly.n).toBe(count.n);
    const excursions = await db.system.query<{ mac: string; kind: string; ended_at: Date | null }>(
      `SELECT p.mac::text AS mac, e.kind, e.ended_at FROM excursions e JOIN probes p ON p.id = e.probe_id ORDER BY e.started_at`,
    );
    expect(excursions.map((e) => [e.mac, e.kind])).toEqual(
      expect.arrayContaining([
        ['00:1b:c5:0a:10:01', 'high'],
        ['00:1b:c5:0a:20:04', 'humidity'],
      ]),
    );
    const silent = await db.system.query<{ mac: string }>(`SELECT mac::text AS mac FROM probes WHERE last_reading_at < $1`, [
      new Date(now.getTime() - 12 * 3_600_000),
    ]);
    expect(silent.map((p) => p.mac)).toEqual(['00:1b:c5:0a:20:04']);
    expect(elapsed).toBeLessThan(15_000);
    await seedFeverReadings(db, { scale: 0.02, now });
    expect((await db.system.query<{ n: number }>(`SELECT count(*)::int AS n FROM readings`))[0].n).toBe(count.n);
  });
});
