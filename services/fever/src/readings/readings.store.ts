import { FEVER_SILENCE_HOURS } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { Thresholds } from '../excursions/excursion-walk';

/** A reading ready to store: its probe found. */
export interface StoredReading {
  probeId: number;
  depositorId: number;
  at: Date;
  temperature: number;
  humidity: number | null;
  voltage: number | null;
}

/** A probe as ingestion locks it: identity, zone thresholds, latest reading before the batch. */
export interface LockedProbe {
  id: number;
  mac: string;
  label: string;
  depositorId: number;
  platformId: number;
  zoneId: number;
  thresholds: Thresholds;
  lastReadingAt: Date | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * Locks the probes of a batch in id order (one batch at a time per probe: excursions and live state
 * stay consistent, and two batches never wait on each other in opposite orders).
 */
export async function lockProbes(em: EntityManager, ids: number[]): Promise<Map<number, LockedProbe>> {
  const rows: {
    id: number;
    mac: string;
    label: string;
    depositor_id: number;
    platform_id: number;
    zone_id: number;
    last_reading_at: Date | null;
    min_temperature: string | null;
    max_temperature: string | null;
    max_humidity: string | null;
  }[] = await em.query(
    `SELECT p.id, p.mac::text AS mac, p.label, p.depositor_id, p.platform_id, p.zone_id, p.last_reading_at,
            z.min_temperature, z.max_temperature, z.max_humidity
       FROM probes p JOIN zones z ON z.id = p.zone_id
      WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR NO KEY UPDATE OF p`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        mac: r.mac,
        label: r.label,
        depositorId: r.depositor_id,
        platformId: r.platform_id,
        zoneId: r.zone_id,
        lastReadingAt: r.last_reading_at ? new Date(r.last_reading_at) : null,
        thresholds: { minTemperature: num(r.min_temperature), maxTemperature: num(r.max_temperature), maxHumidity: num(r.max_humidity) },
      },
    ]),
  );
}

export interface InsertedReading {
  probe_id: number;
  at: Date;
  temperature: string;
  humidity: string | null;
}

/**
 * Stores readings in one statement: the new ones (a probe and instant already stored is a duplicate
 * and changes nothing), their hourly roll-up from what was actually inserted, and each probe's live
 * state when a reading is its latest (a recent one also ends its silence). Answers the inserted readings.
 */
export async function insertReadings(em: EntityManager, readings: StoredReading[], now: Date): Promise<InsertedReading[]> {
  return em.query(
    `WITH input AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::numeric[], $5::numeric[], $6::numeric[])
         AS t(probe_id, depositor_id, at, temperature, humidity, voltage)
     ), inserted AS (
       INSERT INTO readings (probe_id, depositor_id, at, temperature, humidity, voltage)
       SELECT probe_id, depositor_id, at, temperature, humidity, voltage FROM input
       ON CONFLICT DO NOTHING
       RETURNING probe_id, depositor_id, at, temperature, humidity, voltage
     ), hourly AS (
       INSERT INTO readings_hourly AS h
         (probe_id, depositor_id, hour, count, min_temperature, max_temperature, sum_temperature, humidity_count, sum_humidity)
       SELECT probe_id, depositor_id, date_trunc('hour', at, 'UTC'), count(*), min(temperature), max(temperature), sum(temperature),
              count(humidity), coalesce(sum(humidity), 0)
         FROM inserted GROUP BY probe_id, depositor_id, date_trunc('hour', at, 'UTC') ORDER BY 1, 3
       ON CONFLICT (probe_id, hour) DO UPDATE SET
         count = h.count + excluded.count,
         min_temperature = least(h.min_temperature, excluded.min_temperature),
         max_temperature = greatest(h.max_temperature, excluded.max_temperature),
         sum_temperature = h.sum_temperature + excluded.sum_temperature,
         humidity_count = h.humidity_count + excluded.humidity_count,
         sum_humidity = h.sum_humidity + excluded.sum_humidity
     ), latest AS (
       SELECT DISTINCT ON (probe_id) probe_id, at, temperature, humidity, voltage FROM inserted ORDER BY probe_id, at DESC
     ), live AS (
       UPDATE probes p SET last_reading_at = l.at, last_temperature = l.temperature, last_humidity = l.humidity,
              voltage = coalesce(l.voltage, p.voltage),
              silent_since = CASE WHEN l.at > $7::timestamptz - make_interval(hours => ${FEVER_SILENCE_HOURS}) THEN NULL ELSE p.silent_since END
         FROM latest l WHERE p.id = l.probe_id AND (p.last_reading_at IS NULL OR l.at > p.last_reading_at)
     )
     SELECT probe_id, at, temperature, humidity FROM inserted ORDER BY probe_id, at`,
    [
      readings.map((r) => r.probeId),
      readings.map((r) => r.depositorId),
      readings.map((r) => r.at.toISOString()),
      readings.map((r) => r.temperature),
      readings.map((r) => r.humidity),
      readings.map((r) => r.voltage),
      now,
    ],
  );
}
