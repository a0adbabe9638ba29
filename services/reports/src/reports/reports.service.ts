import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  AppError,
  hasAnyRole,
  nextDay,
  REPORT_CATALOGUE,
  reportColumn,
  reportSpec,
  Role,
  systemContext,
  TrackingSubjects,
  type CallerContext,
  type PlatformDto,
  type ReportCell,
  type TrackingCarrierDto,
  type ReportColumn,
  type ReportDefinitionDto,
  type ReportResultDto,
  type ReportSpec,
} from '@portal/contracts';
import { Db, isNarrowed } from '@portal/db';
import { depositorsOf, reportPeriod, type ReportPeriod } from './period';
import { DETAIL_SCREEN_ROWS, REPORT_QUERIES } from './queries';

/** Depositors one request may name at most. */
/** Reports whose rows are details: capped on screen, no totals. */
const DETAIL_REPORTS = new Set(['1011']);
const ADDITIVE = new Set(['integer', 'decimal', 'money']);
const NUMERIC = new Set(['integer', 'decimal', 'money', 'percent', 'minutes', 'hours', 'days']);
const NAMES_CACHE_MS = 60_000;

/** A reference table read from another service and kept a minute: codes (or ids) to the words users know. */
interface Names {
  at: number;
  names: Promise<Map<string, string>>;
}

interface Prepared {
  spec: ReportSpec;
  period: ReportPeriod;
  depositorIds: number[] | null;
  columns: ReportColumn[];
}

/**
 * Runs the reports of the catalogue over the reporting projection, in the caller's scope (row-level
 * security, and the depositors asked checked against it): a report the caller's roles do not open
 * answers permissionDenied; money columns go only to READ_TURNOVER.
 */
@Injectable()
export class ReportsService {
  private readonly names = new Map<'platform' | 'carrier', Names>();

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  catalogue(ctx: CallerContext): ReportDefinitionDto[] {
    return REPORT_CATALOGUE.filter((r) => hasAnyRole(ctx.roles, r.roles)).map((r) => definition(r, visibleColumns(ctx, r)));
  }

  async run(ctx: CallerContext, data: unknown): Promise<ReportResultDto> {
    const p = this.prepare(ctx, data);
    const detail = DETAIL_REPORTS.has(p.spec.id);
    const rows = await this.rows(ctx, p, 0, detail ? DETAIL_SCREEN_ROWS + 1 : null);
    const truncated = detail && rows.length > DETAIL_SCREEN_ROWS;
    const shown = truncated ? rows.slice(0, DETAIL_SCREEN_ROWS) : rows;
    const keys = new Set(p.columns.map((c) => c.key));
    const y = p.spec.y.filter((k) => keys.has(k));
    return {
      reportId: p.spec.id,
      from: p.period.from,
      to: p.period.to,
      depositorIds: p.depositorIds ?? [],
      columns: p.columns,
      rows: shown,
      chart: {
        type: p.spec.chart,
        x: p.spec.x,
        y: y.length
          ? y
          : p.columns
              .filter((c) => NUMERIC.has(c.type))
              .map((c) => c.key)
              .slice(0, 1),
      },
      ...(detail ? {} : { totals: totalsOf(p.columns, shown) }),
      ...(truncated ? { truncated: true } : {}),
    };
  }

  /** A slice [first, last] of the report's rows, for the export kit (every row, details included). */
  async exportRows(
    ctx: CallerContext,
    data: unknown,
  ): Promise<{ rows: Record<string, ReportCell>[]; more: boolean; columns: ReportColumn[] }> {
    const q = (data ?? {}) as { request?: unknown; range?: unknown };
    const p = this.prepare(ctx, q.request);
    const range = Array.isArray(q.range) ? q.range.map(Number) : [0, 999];
    const [first, last] = range;
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 0 || last < first || last - first >= 5000)
      throw new AppError('validationFailed', 'invalid range', undefined, { range: 'invalidFormat' });
    const rows = await this.rows(ctx, p, first, last - first + 2);
    return { rows: rows.slice(0, last - first + 1), more: rows.length > last - first + 1, columns: p.columns };
  }

  private prepare(ctx: CallerContext, data: unknown): Prepared {
    const input = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const spec = typeof input.reportId === 'string' ? reportSpec(input.reportId) : undefined;
    if (!spec) throw new AppError('objectNotFound', 'no such report');
    if (!hasAnyRole(ctx.roles, spec.roles))
      throw new AppError('permissionDenied', `no right to open report ${spec.id}`, { reportId: spec.id });
    return {
      spec,
      period: reportPeriod(ctx, input),
      depositorIds: depositorsOf(ctx, input.depositorIds),
      columns: visibleColumns(ctx, spec),
    };
  }

  private async rows(ctx: CallerContext, p: Prepared, offset: number, limit: number | null): Promise<Record<string, ReportCell>[]> {
    const narrowed = isNarrowed(ctx.scope);
    const narrowedTo = narrowed && ctx.scope.platformIds.length > 0 ? ctx.scope.platformIds : null;
    const sql = withParameters(
      REPORT_QUERIES[p.spec.id]({ narrowed, platforms: narrowedTo !== null, oneDepositor: p.depositorIds?.length === 1 }),
    );
    const paged = limit === null ? sql : `SELECT * FROM (${sql}) r OFFSET ${offset} LIMIT ${limit}`;
    const raw = await this.db.scopedQuery<Record<string, unknown>>(ctx, paged, [
      p.depositorIds,
      p.period.from,
      nextDay(p.period.to),
      p.period.timeZone,
      narrowedTo,
    ]);
    // Platforms by their code (MLV1), carriers by their name (« DPD France », as the dashboard says), not the stored id or code.
    const named = new Map<string, Map<string, string>>();
    for (const key of ['platform', 'carrier'] as const) if (p.columns.some((c) => c.key === key)) named.set(key, await this.namesOf(key));
    return raw.map((row) =>
      Object.fromEntries(
        p.columns.map((c) => {
          const value = row[c.key];
          const names = named.get(c.key);
          if (names && value !== null && value !== undefined) return [c.key, names.get(String(value)) ?? String(value)];
          return [c.key, cell(c, value)];
        }),
      ),
    );
  }

  /**
   * Platform codes (MLV1) by id, from the admin service; carrier names by code, from the tracking
   * service's carriers: kept a minute. Unreadable: the stored values are shown as they are.
   */
  private namesOf(of: 'platform' | 'carrier'): Promise<Map<string, string>> {
    const kept = this.names.get(of);
    if (kept && Date.now() - kept.at <= NAMES_CACHE_MS) return kept.names;
    const names = (
      of === 'platform'
        ? this.bus
            .request<PlatformDto[]>(AdminSubjects.platforms, systemContext('reports-platforms'), {})
            .then((list) => new Map(list.map((pl) => [String(pl.id), pl.code])))
        : this.bus
            .request<TrackingCarrierDto[]>(TrackingSubjects.carriersList, systemContext('reports-carriers'), {})
            .then((list) => new Map(list.map((c) => [c.code, c.name])))
    ).catch(() => {
      this.names.delete(of); // asked again next time
      return new Map<string, string>();
    });
    this.names.set(of, { at: Date.now(), names });
    return names;
  }
}

/** Every statement takes the five parameters, whether it reads them all or not (a stock report has no period). */
function withParameters(sql: string): string {
  const declared = `_parameters AS (SELECT $1::int[] AS depositors, $2::date AS first_day, $3::date AS after_day, $4::text AS time_zone,
    $5::int[] AS platforms)`;
  const trimmed = sql.trimStart();
  return /^WITH\s/i.test(trimmed) ? `WITH ${declared}, ${trimmed.slice(5)}` : `WITH ${declared} ${trimmed}`;
}

function visibleColumns(ctx: CallerContext, spec: ReportSpec): ReportColumn[] {
  const money = hasAnyRole(ctx.roles, [Role.READ_TURNOVER]);
  return spec.columns.map(reportColumn).filter((c) => money || c.type !== 'money');
}

function definition(r: ReportSpec, columns: ReportColumn[]): ReportDefinitionDto {
  return {
    id: r.id,
    displayNumber: r.displayNumber,
    title: r.title,
    description: r.description,
    chart: r.chart,
    roles: r.roles,
    money: r.money,
    columns,
    ...(r.asOfNow ? { asOfNow: true } : {}),
    ...(r.presetOf ? { presetOf: r.presetOf, profileId: r.profileId } : {}),
  };
}

function cell(column: ReportColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(column.type)) return Number(value);
  if (column.type === 'datetime') return new Date(value as string).toISOString();
  return String(value);
}

function totalsOf(columns: ReportColumn[], rows: Record<string, ReportCell>[]): Record<string, ReportCell> {
  return Object.fromEntries(
    columns.map((c) => [
      c.key,
      ADDITIVE.has(c.type) ? Math.round(rows.reduce((sum, r) => sum + Number(r[c.key] ?? 0), 0) * 1000) / 1000 : null,
    ]),
  );
}
