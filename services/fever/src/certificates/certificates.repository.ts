import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import type { CertificateExcursion, CertificateProbe, CertificateReading, CertificateZone } from './figures';

export interface StayQuery {
  depositorId: number;
  platformId: number;
  /** The order's store code: that zone only; null → every zone of the depositor on the platform. */
  store: string | null;
  from: Date;
  to: Date;
}

export interface ZoneStay {
  zone: CertificateZone;
  probes: CertificateProbe[];
  readings: CertificateReading[];
  excursions: CertificateExcursion[];
}

/** What a certificate reads, in one transaction under the caller's scope (row-level security). */
@Injectable()
export class CertificatesRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** The zones with probes the goods stayed in, each with its probes' readings and excursions over the stay. */
  stays(ctx: CallerContext, q: StayQuery): Promise<ZoneStay[]> {
    return this.db.scoped(ctx, async (em) => {
      const zones: Record<string, unknown>[] = await em.query(
        `SELECT z.id, z.code, z.label, z.min_temperature::float8 AS min_t, z.max_temperature::float8 AS max_t, z.max_humidity::float8 AS max_h
         FROM zones z
         WHERE z.depositor_id = $1 AND z.platform_id = $2 AND ($3::text IS NULL OR z.code = $3)
           AND EXISTS (SELECT 1 FROM probes p WHERE p.zone_id = z.id)
         ORDER BY z.code`,
        [q.depositorId, q.platformId, q.store],
      );
      if (!zones.length) return [];
      const probes: Record<string, unknown>[] = await em.query(
        `SELECT p.id, p.zone_id, p.label, p.mac::text AS mac FROM probes p WHERE p.zone_id = ANY($1::int[]) ORDER BY p.label, p.id`,
        [zones.map((z) => z.id)],
      );
      const probeIds = probes.map((p) => Number(p.id));
      const readings: Record<string, unknown>[] = await em.query(
        `SELECT r.probe_id, (extract(epoch FROM r.at) * 1000)::float8 AS at, r.temperature::float8 AS t
         FROM readings r WHERE r.probe_id = ANY($1::int[]) AND r.at >= $2 AND r.at <= $3`,
        [probeIds, q.from, q.to],
      );
      const excursions: Record<string, unknown>[] = await em.query(
        `SELECT e.probe_id, e.kind, e.started_at, e.ended_at, e.peak::float8 AS peak, e.threshold::float8 AS threshold
         FROM excursions e WHERE e.probe_id = ANY($1::int[]) AND e.started_at < $3 AND (e.ended_at IS NULL OR e.ended_at > $2)`,
        [probeIds, q.from, q.to],
      );
      return zones.map((z) => {
        const own = probes.filter((p) => p.zone_id === z.id);
        const ids = new Set(own.map((p) => Number(p.id)));
        return {
          zone: {
            id: Number(z.id),
            code: String(z.code),
            label: String(z.label),
            minTemperature: z.min_t as number | null,
            maxTemperature: z.max_t as number | null,
            maxHumidity: z.max_h as number | null,
          },
          probes: own.map((p) => ({ id: Number(p.id), label: String(p.label), mac: String(p.mac) })),
          readings: readings
            .filter((r) => ids.has(Number(r.probe_id)))
            .map((r) => ({ probeId: Number(r.probe_id), at: Number(r.at), temperature: Number(r.t) })),
          excursions: excursions
            .filter((e) => ids.has(Number(e.probe_id)))
            .map((e) => ({
              probeId: Number(e.probe_id),
              kind: e.kind as CertificateExcursion['kind'],
              startedAt: new Date(e.started_at as string).getTime(),
              endedAt: e.ended_at === null ? null : new Date(e.ended_at as string).getTime(),
              peak: Number(e.peak),
              threshold: Number(e.threshold),
            })),
        };
      });
    });
  }
}
