import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  FEVER_EXCURSIONS_LIST,
  parseListRequest,
  type CallerContext,
  type FeverExcursionDto,
  type FeverExcursionsRequest,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, orderBy, ScopedWhere } from '@portal/db';

const SCOPE = { depositor: 'e.depositor_id', platform: 'e.platform_id' };
const SORTS: Record<string, string> = { startedAt: 'e.started_at', peak: 'e.peak', id: 'e.id' };
const NOT_NULL = new Set(['e.started_at', 'e.peak']);
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `e.id, e.probe_id AS "probeId", e.zone_id AS "zoneId", e.kind, ${iso('e.started_at')} AS "startedAt", ${iso('e.ended_at')} AS "endedAt",
  CASE WHEN e.ended_at IS NULL THEN NULL ELSE round(extract(epoch FROM e.ended_at - e.started_at) / 60)::int END AS "durationMinutes",
  e.peak::float8 AS peak, e.threshold::float8 AS threshold`;

const instantOf = (value: string, end: boolean): string => (value.includes('T') ? value : `${value}T${end ? '23:59:59.999' : '00:00:00'}Z`);

/** The excursions of one probe (its page), for FEVER_USER and ADMIN_SONDE of its depositors. */
@Injectable()
export class ExcursionsService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<FeverExcursionDto>> {
    const input = (data && typeof data === 'object' ? data : {}) as Partial<FeverExcursionsRequest>;
    const probeId = Number(input.probeId);
    if (!Number.isSafeInteger(probeId) || probeId < 1 || probeId > 2_147_483_647) throw new AppError('objectNotFound', 'no such probe');
    const request = parseListRequest(FEVER_EXCURSIONS_LIST, input.list ?? {});
    const probe = ScopedWhere.of(ctx, { depositor: 'p.depositor_id', platform: 'p.platform_id' });
    const found = await this.db.scopedQuery(ctx, `SELECT 1 FROM probes p WHERE p.id = ${probe.param(probeId)} AND ${probe}`, probe.params);
    if (!found.length) throw new AppError('objectNotFound', 'no such probe');
    const f = request.filter;
    const w = ScopedWhere.of(ctx, SCOPE).equals('e.probe_id', probeId).anyOf('e.kind', f.kind, 'text');
    if (f.ongoing !== undefined) w.and(f.ongoing ? 'e.ended_at IS NULL' : 'e.ended_at IS NOT NULL');
    if (f.startedFrom) w.and(`e.started_at >= ${w.param(instantOf(f.startedFrom, false))}::timestamptz`);
    if (f.startedTo) w.and(`e.started_at <= ${w.param(instantOf(f.startedTo, true))}::timestamptz`);
    return countedPage<FeverExcursionDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM excursions e WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM excursions e WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 'e.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }
}
