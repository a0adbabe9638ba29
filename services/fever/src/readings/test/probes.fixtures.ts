import type { Db } from '@portal/db';

export interface TestZone {
  depositorId?: number;
  platformId?: number;
  code?: string;
  minTemperature?: number | null;
  maxTemperature?: number | null;
  maxHumidity?: number | null;
}

/** A zone and a probe in it, written as the probes screens would (tests of ingestion only). */
export async function addProbe(
  db: Db,
  mac: string,
  zone: TestZone = {},
  createdAt = new Date(),
): Promise<{ probeId: number; zoneId: number }> {
  const depositorId = zone.depositorId ?? 2;
  const platformId = zone.platformId ?? 12;
  const [z] = await db.system.query<{ id: number }>(
    `INSERT INTO zones (platform_id, depositor_id, code, label, min_temperature, max_temperature, max_humidity)
     VALUES ($1, $2, $3, $3, $4, $5, $6)
     ON CONFLICT (depositor_id, platform_id, code) DO UPDATE SET label = excluded.label RETURNING id`,
    [
      platformId,
      depositorId,
      zone.code ?? `Z-${mac.replace(/:/g, '')}`,
      zone.minTemperature === undefined ? 2 : zone.minTemperature,
      zone.maxTemperature === undefined ? 8 : zone.maxTemperature,
      zone.maxHumidity === undefined ? null : zone.maxHumidity,
    ],
  );
  const [p] = await db.system.query<{ id: number }>(
    `INSERT INTO probes (mac, label, zone_id, depositor_id, platform_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [mac, `Sonde ${mac}`, z.id, depositorId, platformId, createdAt],
  );
  return { probeId: p.id, zoneId: z.id };
}
