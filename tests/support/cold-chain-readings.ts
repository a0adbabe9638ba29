/**
 * A cold room of DEMO-B with one probe, its readings and one excursion, written straight into the
 * fever database the way the migration describes it (fever_ensure_month, readings, readings_hourly,
 * excursions): the certificate tests' fixed data set, with its figures computed by hand below.
 *
 * The stay 2026-11-20 10:00–13:00 UTC (11:00–14:00 in Paris), readings every 10 minutes:
 *   10:00 5 | 10:10 5 | 10:20 9 | 10:30 10 | 10:40 6 | 10:50 4 | (silent) | 12:30 4 | 12:40 4 | 12:50 4
 * With the 60-minute silence limit: covered 10:00–10:50 (50 min) + 12:30–13:00 (30 min) = 80 min, of
 * which 10:20–10:40 (20 min) outside 2–8 °C: 75 % within; the silence 10:50–12:30 (1 h 40 min); min 4,
 * max 10, average 51 / 9 = 5.67; the excursion 10:20–10:40 (20 min, peak 10 °C): not conforming.
 */
export const COLD_ROOM = { depositorId: 2, platformId: 12, code: 'FROID-2-8', label: 'Chambre froide 2–8 °C', min: 2, max: 8 };
export const COLD_STAY = { receivedAt: '2026-11-20T10:00:00Z', shippedAt: '2026-11-20T13:00:00Z' };
export const COLD_READINGS: [string, number][] = [
  ['10:00', 5],
  ['10:10', 5],
  ['10:20', 9],
  ['10:30', 10],
  ['10:40', 6],
  ['10:50', 4],
  ['12:30', 4],
  ['12:40', 4],
  ['12:50', 4],
];
/** What the French certificate prints for this data set (times in Europe/Paris). */
export const COLD_FIGURES_FR = [
  'Temps dans les seuils : 75 %',
  'Température minimale : 4 °C',
  'Température maximale : 10 °C',
  'Température moyenne : 5,67 °C',
  'Relevés hors seuils : 2 / 9',
  'Début 20/11/2026 11:20, Fin 20/11/2026 11:40, Durée 20 min, Pic 10 °C',
  '20/11/2026 11:50 — 20/11/2026 13:30 (1 h 40 min)',
  'NON CONFORME',
];

type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;
const at = (hhmm: string) => `2026-11-20T${hhmm}:00Z`;

/**
 * Writes the cold room, its probe, readings, hourly roll-up and excursion; answers the probe's id.
 * A test beside the demo's probes names a zone code (and a MAC address) of its own.
 */
export async function insertColdRoom(query: Query, { code = COLD_ROOM.code, mac = '00:1b:c5:0a:99:01' } = {}): Promise<number> {
  await query(`SELECT fever_ensure_month($1::timestamptz)`, [at('10:00')]);
  const [zone] = (await query(
    `INSERT INTO zones (platform_id, depositor_id, code, label, min_temperature, max_temperature) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (depositor_id, platform_id, code) DO UPDATE SET label = EXCLUDED.label RETURNING id`,
    [COLD_ROOM.platformId, COLD_ROOM.depositorId, code, COLD_ROOM.label, COLD_ROOM.min, COLD_ROOM.max],
  )) as { id: number }[];
  const [probe] = (await query(
    `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id) VALUES ($1, 'CF Saran – porte', $2, $3, $4) RETURNING id`,
    [mac, zone.id, COLD_ROOM.depositorId, COLD_ROOM.platformId],
  )) as { id: number }[];
  for (const [hhmm, t] of COLD_READINGS)
    await query(`INSERT INTO readings (probe_id, depositor_id, at, temperature) VALUES ($1, $2, $3, $4)`, [
      probe.id,
      COLD_ROOM.depositorId,
      at(hhmm),
      t,
    ]);
  await query(
    `INSERT INTO readings_hourly (probe_id, depositor_id, hour, count, min_temperature, max_temperature, sum_temperature)
     SELECT probe_id, depositor_id, date_trunc('hour', at), count(*), min(temperature), max(temperature), sum(temperature)
     FROM readings WHERE probe_id = $1 GROUP BY 1, 2, 3`,
    [probe.id],
  );
  await query(
    `INSERT INTO excursions (probe_id, zone_id, depositor_id, platform_id, kind, threshold, started_at, ended_at, peak)
     VALUES ($1, $2, $3, $4, 'high', 8, $5, $6, 10)`,
    [probe.id, zone.id, COLD_ROOM.depositorId, COLD_ROOM.platformId, at('10:20'), at('10:40')],
  );
  return probe.id;
}
