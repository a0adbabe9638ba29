import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  FEVER_EXPORT_MAX_DAYS,
  isValidInstant,
  type CallerContext,
  type FeverExportPage,
  type FeverExportRow,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { periodDays, periodOf } from '../graph/period';
import { idOf, notFound } from '../zones/scope-checks';

/** Rows per page: ~60 bytes each as JSON, well under the bus's message size (NATS: 1 MB). */
export const EXPORT_PAGE_ROWS = 5000;

const impossible = (reason: string, params: Record<string, unknown> = {}) =>
  new AppError('temperatureExportImpossible', `temperature export impossible: ${reason}`, { reason, ...params });

/**
 * One probe's readings over at most FEVER_EXPORT_MAX_DAYS (spec §9 one-year export), page by page
 * (keyset on the reading's instant) for the gateway's export kit. Spec §8 "temperature export
 * impossible" with its reason: `rangeTooLong` (params.maxDays), `noReadings` (none in the period).
 */
@Injectable()
export class ExportService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async rows(ctx: CallerContext, data: unknown): Promise<FeverExportPage> {
    const probeId = idOf(data);
    const period = periodOf(ctx, data);
    if (periodDays(period) > FEVER_EXPORT_MAX_DAYS) throw impossible('rangeTooLong', { maxDays: FEVER_EXPORT_MAX_DAYS });
    const after = (data as { after?: unknown } | null)?.after;
    if (after !== undefined && (typeof after !== 'string' || !isValidInstant(after)))
      throw new AppError('validationFailed', 'invalid continuation', undefined, { after: 'invalidFormat' });
    const [probe] = await this.db.scopedQuery<FeverExportPage['probe'] & { total: number | null }>(
      ctx,
      `SELECT p.id, p.mac::text AS mac, p.label, z.label AS zone,
         CASE WHEN $4::boolean THEN (SELECT count(*)::int FROM readings r WHERE r.probe_id = p.id AND r.at >= $2 AND r.at < $3) END AS total
       FROM probes p JOIN zones z ON z.id = p.zone_id WHERE p.id = $1`,
      [probeId, period.from, period.to, after === undefined],
    );
    if (!probe) throw notFound('probe');
    if (probe.total === 0) throw impossible('noReadings');
    const rows = await this.db.scopedQuery<FeverExportRow>(
      ctx,
      `SELECT to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, r.temperature::float8 AS temperature,
         r.humidity::float8 AS humidity, r.voltage::float8 AS voltage
       FROM readings r WHERE r.probe_id = $1 AND r.at >= $2 AND r.at < $3 AND ($4::timestamptz IS NULL OR r.at > $4) ORDER BY r.at LIMIT ${EXPORT_PAGE_ROWS + 1}`,
      [probeId, period.from, period.to, after ?? null],
    );
    const more = rows.length > EXPORT_PAGE_ROWS;
    const page = more ? rows.slice(0, EXPORT_PAGE_ROWS) : rows;
    const { total, ...identity } = probe;
    return { probe: identity, rows: page, ...(total === null ? {} : { total }), next: more ? page[page.length - 1].at : null };
  }
}
