import { systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import { ExcursionTracker } from '../excursions/excursion-tracker';
import { ReadingPartitions } from '../readings/partitions';
import { storeReadings } from '../readings/readings.service';
import type { StoredReading } from '../readings/readings.store';
import { DEMO_PROBES, DEMO_ZONES, type DemoZone } from './fixtures';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const STEP = 10 * MIN;
/** Readings written per transaction (every probe, a slice of time: each slice appends to the last). */
const CHUNK_DAYS = 15;
const CTX = systemContext('fever-demo');

/**
 * Something that happened to a probe `daysAgo` days before today, from `hour` (UTC) for `hours`: what it
 * did to a reading then. Anchored to an hour of the day, not to a fraction of days before now, so that
 * the demo shows the same incidents whenever it is seeded (a dawn fog seeded in the afternoon would
 * otherwise fall at noon, when the dock is dry, and stay under its threshold).
 */
interface Incident {
  mac: string;
  daysAgo: number;
  hour: number;
  hours: number;
  /** Progress through the incident 0..1 → change to the reading (null: the probe sent nothing). */
  effect: (progress: number) => { temperature?: number; humidity?: number } | null;
}

/** A rise that climbs to `peak` over the first part and falls back over the rest. */
const bump =
  (peak: number, climb = 0.6) =>
  (p: number) =>
    peak * (p < climb ? p / climb : (1 - p) / (1 - climb));

/**
 * What the demo's year shows: doors left open and a compressor failure on the cold rooms (high
 * excursions), a heat wave and a damp day in the tempered zone, fog and frost on the dock, a few
 * silences (gateway down, battery changed) and the dock probe silent for the last 20 hours.
 */
const INCIDENTS: Incident[] = [
  { mac: '00:1b:c5:0a:10:01', daysAgo: 2, hour: 9, hours: 0.9, effect: (p) => ({ temperature: bump(5.2)(p) }) },
  { mac: '00:1b:c5:0a:10:01', daysAgo: 95, hour: 14, hours: 0.7, effect: (p) => ({ temperature: bump(6)(p) }) },
  { mac: '00:1b:c5:0a:20:03', daysAgo: 41, hour: 11, hours: 4, effect: (p) => ({ temperature: bump(7.2, 0.75)(p) }) },
  { mac: '00:1b:c5:0a:20:02', daysAgo: 41, hour: 11, hours: 4, effect: (p) => ({ temperature: bump(3.1, 0.75)(p) }) },
  { mac: '00:1b:c5:0a:10:06', daysAgo: 148, hour: 2, hours: 5, effect: (p) => ({ temperature: bump(6.5, 0.5)(p) }) },
  { mac: '00:1b:c5:0a:10:06', daysAgo: 201, hour: 8, hours: 6, effect: (p) => ({ humidity: bump(15, 0.3)(p) }) },
  // Fog on the dock before dawn: past its 80 % in any season (63 % on a summer night before the fog, 75 % in winter).
  { mac: '00:1b:c5:0a:20:04', daysAgo: 3, hour: 3, hours: 2.5, effect: (p) => ({ humidity: bump(22, 0.4)(p) }) },
  { mac: '00:1b:c5:0a:20:04', daysAgo: 300, hour: 1, hours: 5, effect: (p) => ({ temperature: bump(-13, 0.5)(p) }) },
  { mac: '00:1b:c5:0a:10:03', daysAgo: 3, hour: 19, hours: 14, effect: () => null },
  { mac: '00:1b:c5:0a:10:05', daysAgo: 61, hour: 0, hours: 48, effect: () => null },
  { mac: '00:1b:c5:0a:20:01', daysAgo: 180, hour: 6, hours: 30, effect: () => null },
];
/** The dock probe's battery gave out: nothing for the last 20 hours (the 12 h silence alert fires). */
const SILENT_NOW = { mac: '00:1b:c5:0a:20:04', hours: 20 };

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hourOf = (at: number) => new Date(at).getUTCHours() + 1 + new Date(at).getUTCMinutes() / 60; // Paris, near enough
const weekday = (at: number) => ((new Date(at).getUTCDay() + 6) % 7) + 1;
/** -1 in mid-January, +1 in mid-July. */
const season = (at: number) => -Math.cos((2 * Math.PI * (at / DAY - 15)) / 365.25);
/** -1 at 4 a.m., +1 at 4 p.m. */
const daily = (at: number) => -Math.cos((2 * Math.PI * (hourOf(at) - 4)) / 24);

/** One probe's curve: its zone's set point, day and night, the seasons, defrosts and door openings in the cold rooms. */
function curve(zone: DemoZone, position: number, seed: number) {
  const rand = random(seed);
  const cold = zone.code.startsWith('FROID');
  const dock = zone.code.startsWith('QUAI');
  const nearDoor = position === 0;
  let door = 0;
  return (at: number): { temperature: number; humidity: number } => {
    const noise = (rand() - 0.5) * 0.3;
    if (cold) {
      const hour = hourOf(at);
      const working = weekday(at) <= 5 && hour >= 6 && hour < 20;
      const opened = working && rand() < 0.1 ? (0.4 + rand() * 0.8) * (nearDoor ? 1.3 : 0.4) : 0;
      door = Math.min(nearDoor ? 1.8 : 0.6, door * 0.4 + opened);
      const defrost = Math.floor(hour) % 6 === 2 && hour % 1 < 0.34 ? 1 + rand() * 0.4 : 0;
      const t =
        zone.setPoint + (nearDoor ? 0.3 : -0.2 * position) + 0.3 * daily(at) + 0.2 * season(at) + Math.min(2.3, door + defrost) + noise;
      return { temperature: t, humidity: 84 + 3 * season(at) + door * 2 + (rand() - 0.5) * 3 };
    }
    if (dock) {
      const t = zone.setPoint + 7 * season(at) + 4 * daily(at) + noise * 3;
      return { temperature: t, humidity: 64 - 6 * season(at) - 5 * daily(at) + (rand() - 0.5) * 6 };
    }
    const t = zone.setPoint + 2.5 * season(at) + 1.2 * daily(at) + noise;
    return { temperature: t, humidity: 50 + 5 * season(at) - 2 * daily(at) + (rand() - 0.5) * 4 };
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A year of readings every 10 minutes (scaled: `scale` × 365 days, at least two) for the demo's ten
 * probes (fixtures.ts; those seedFeverSetup created), stored through the ingestion's own writer: the
 * hourly roll-up, the live state and the excursions come out of the same code as a gateway's
 * batches (no excursion events for history). Skipped when the probes already have readings.
 */
export async function seedFeverReadings(db: Db, options: { scale: number; now: Date }): Promise<void> {
  const probes = await db.system.query<{ id: number; mac: string; depositor_id: number }>(
    `SELECT id, mac::text AS mac, depositor_id FROM probes WHERE mac = ANY($1::macaddr[])`,
    [DEMO_PROBES.map((p) => p.mac)],
  );
  if (!probes.length) return;
  const seeded = await db.system.query(`SELECT 1 FROM readings WHERE probe_id = ANY($1::int[]) LIMIT 1`, [probes.map((p) => p.id)]);
  if (seeded.length) return;
  const days = Math.min(366, Math.max(2, Math.round(365 * options.scale)));
  const end = Math.floor(options.now.getTime() / STEP) * STEP;
  const start = end - days * DAY;
  const writers = probes.map((row) => {
    const fixture = DEMO_PROBES.find((p) => p.mac === row.mac)!;
    const zone = DEMO_ZONES.find((z) => z.code === fixture.zone)!;
    const position = DEMO_PROBES.filter((p) => p.zone === fixture.zone).indexOf(fixture);
    const lastAt = row.mac === SILENT_NOW.mac ? end - SILENT_NOW.hours * HOUR : end;
    return {
      row,
      lastAt,
      curve: curve(zone, position, parseInt(row.mac.replace(/:/g, '').slice(-6), 16)),
      incidents: INCIDENTS.filter((i) => i.mac === row.mac),
    };
  });
  const partitions = new ReadingPartitions(db);
  const tracker = new ExcursionTracker();
  for (let from = start; from <= end; from += CHUNK_DAYS * DAY) {
    const readings: StoredReading[] = [];
    for (const w of writers) {
      for (let at = from; at < Math.min(from + CHUNK_DAYS * DAY, end + STEP) && at <= w.lastAt; at += STEP) {
        const value = w.curve(at);
        let temperature = value.temperature;
        let humidity = value.humidity;
        let silent = false;
        for (const incident of w.incidents) {
          const begin = Math.floor(end / DAY) * DAY - incident.daysAgo * DAY + incident.hour * HOUR;
          const progress = (at - begin) / (incident.hours * HOUR);
          if (progress < 0 || progress > 1) continue;
          const effect = incident.effect(progress);
          if (!effect) silent = true;
          else {
            temperature += effect.temperature ?? 0;
            humidity += effect.humidity ?? 0;
          }
        }
        if (silent) continue;
        const age = (end - at) / (366 * DAY);
        readings.push({
          probeId: w.row.id,
          depositorId: w.row.depositor_id,
          at: new Date(at),
          temperature: round(temperature, 2),
          humidity: round(Math.min(100, Math.max(0, humidity)), 1),
          voltage: round(w.row.mac === SILENT_NOW.mac ? 2.45 + 0.9 * age : 3.0 + 0.6 * age, 3),
        });
      }
    }
    if (readings.length) await storeReadings(db, partitions, tracker, CTX, readings, options.now, { events: false });
  }
}
