import { FEVER_SILENCE_HOURS } from '@portal/contracts';

export const PROBE_SCOPE = { depositor: 'p.depositor_id', platform: 'p.platform_id' };

const INSTANT = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const SILENT = `(p.last_reading_at IS NULL OR p.last_reading_at < now() - interval '${FEVER_SILENCE_HOURS} hours')`;
const IN_EXCURSION = `EXISTS (SELECT 1 FROM excursions e WHERE e.probe_id = p.id AND e.ended_at IS NULL)`;

/** The state conditions of the list's filter (a silent probe is shown silent whatever its excursions). */
export const PROBE_STATE_SQL = {
  silent: SILENT,
  excursion: `NOT ${SILENT} AND ${IN_EXCURSION}`,
  ok: `NOT ${SILENT} AND NOT ${IN_EXCURSION}`,
} as const;

/**
 * A probe with its live values: the last reading, min/max/average over the last 24 hours from the
 * hourly roll-up (the hours that started within them), silent past FEVER_SILENCE_HOURS without a
 * reading (or never heard from), in excursion while one is open.
 */
export const PROBE_COLUMNS = `p.id, p.mac::text AS mac, p.label, p.zone_id AS "zoneId", z.label AS zone, p.depositor_id AS "depositorId",
  p.platform_id AS "platformId", p.plan_id AS "planId", p.x, p.y, p.voltage::float8 AS voltage,
  ${INSTANT('p.last_reading_at')} AS "lastReadingAt", p.last_temperature::float8 AS temperature, p.last_humidity::float8 AS humidity,
  d.min AS "minTemperature", d.max AS "maxTemperature", d.avg AS "avgTemperature",
  ${SILENT} AS silent, ${IN_EXCURSION} AS "inExcursion"`;

export const PROBE_FROM = `probes p JOIN zones z ON z.id = p.zone_id
  LEFT JOIN LATERAL (
    SELECT min(h.min_temperature)::float8 AS min, max(h.max_temperature)::float8 AS max,
      round(sum(h.sum_temperature) / nullif(sum(h.count), 0), 2)::float8 AS avg
    FROM readings_hourly h WHERE h.probe_id = p.id AND h.hour >= date_trunc('hour', now() - interval '24 hours')
  ) d ON true`;

export const PROBE_SORTS: Record<string, string> = {
  label: 'p.label',
  mac: 'p.mac',
  zone: 'z.label',
  lastReadingAt: 'p.last_reading_at',
  id: 'p.id',
};
export const PROBE_NOT_NULL = new Set(['p.label', 'p.mac', 'z.label', 'p.id']);
