import { Inject, Injectable } from '@nestjs/common';
import {
  FEVER_GRAPH_MAX_POINTS,
  FEVER_RAW_GRAPH_DAYS,
  type CallerContext,
  type FeverGraphDto,
  type FeverGraphPoint,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { idOf, notFound } from '../zones/scope-checks';
import { periodDays, periodOf, type Period } from './period';

interface GraphRow {
  points: FeverGraphPoint[] | null;
  min: number | null;
  max: number | null;
  avg: number | null;
}

const HOUR_MS = 3_600_000;
const ISO = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A probe's temperature over a period (spec §2 temperature graph): every reading up to
 * FEVER_RAW_GRAPH_DAYS, beyond that the hourly roll-up grouped into buckets of whole hours so that
 * a year stays under FEVER_GRAPH_MAX_POINTS points. Min, max and average over the period are exact
 * in both cases (the roll-up keeps sums and counts), with the zone's thresholds to draw.
 */
@Injectable()
export class GraphService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async graph(ctx: CallerContext, data: unknown): Promise<FeverGraphDto> {
    const probeId = idOf(data);
    const period = periodOf(ctx, data);
    const [probe] = await this.db.scopedQuery<{ minTemperature: number | null; maxTemperature: number | null }>(
      ctx,
      `SELECT z.min_temperature::float8 AS "minTemperature", z.max_temperature::float8 AS "maxTemperature"
         FROM probes p JOIN zones z ON z.id = p.zone_id WHERE p.id = $1`,
      [probeId],
    );
    if (!probe) throw notFound('probe');
    const raw = periodDays(period) <= FEVER_RAW_GRAPH_DAYS;
    const [row] = raw ? await this.raw(ctx, probeId, period) : await this.hourly(ctx, probeId, period);
    return {
      probeId,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      resolution: raw ? 'raw' : 'hour',
      points: row?.points ?? [],
      min: row?.min ?? null,
      max: row?.max ?? null,
      avg: row?.avg ?? null,
      ...probe,
    };
  }

  private raw(ctx: CallerContext, probeId: number, p: Period): Promise<GraphRow[]> {
    return this.db.scopedQuery<GraphRow>(
      ctx,
      `WITH r AS (SELECT at, temperature::float8 AS t, humidity::float8 AS h FROM readings
                   WHERE probe_id = $1 AND at >= $2 AND at < $3)
       SELECT (SELECT json_agg(json_build_object('at', ${ISO('at')}, 'min', t, 'max', t, 'avg', t, 'humidity', h) ORDER BY at) FROM r) AS points,
              min(t) AS min, max(t) AS max, round(avg(t)::numeric, 2)::float8 AS avg FROM r`,
      [probeId, p.from, p.to],
    );
  }

  /** Buckets of `hours` whole UTC hours (1 up to ~41 days, 9 for a leap year), each its min, max and exact average (date_bin: no per-row arithmetic). */
  private hourly(ctx: CallerContext, probeId: number, p: Period): Promise<GraphRow[]> {
    const hours = Math.max(1, Math.ceil((p.to.getTime() - p.from.getTime()) / HOUR_MS / FEVER_GRAPH_MAX_POINTS));
    return this.db.scopedQuery<GraphRow>(
      ctx,
      `WITH h AS (SELECT date_bin($4::interval, hour, timestamptz '2000-01-01 00:00:00+00') AS at, count, min_temperature::float8 AS lo,
                   max_temperature::float8 AS hi, sum_temperature::float8 AS total, humidity_count, sum_humidity::float8 AS humidity
                 FROM readings_hourly WHERE probe_id = $1 AND hour >= $2 AND hour < $3),
            b AS (SELECT at, min(lo) AS min, max(hi) AS max, sum(total) AS total, sum(count) AS count,
                    round((sum(humidity) / nullif(sum(humidity_count), 0))::numeric, 2)::float8 AS humidity
                  FROM h GROUP BY at)
       SELECT json_agg(json_build_object('at', ${ISO('at')}, 'min', min, 'max', max, 'avg', round((total / count)::numeric, 2)::float8,
                'humidity', humidity) ORDER BY at) AS points,
              min(min) AS min, max(max) AS max, round((sum(total) / nullif(sum(count), 0))::numeric, 2)::float8 AS avg
       FROM b`,
      [probeId, p.from, p.to, `${hours} hours`],
    );
  }
}
