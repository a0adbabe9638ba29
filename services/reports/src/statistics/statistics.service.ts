import { Inject, Injectable } from '@nestjs/common';
import {
  adminReach,
  AppError,
  hasAnyRole,
  nextDay,
  Role,
  STATISTICS_GRAINS,
  STATISTICS_MAX_DAY_POINTS,
  STATISTICS_METRICS,
  type CallerContext,
  type StatisticsDto,
  type StatisticsFigures,
  type StatisticsGrain,
  type UsageEntry,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { depositorsOf, reportPeriod, type ReportPeriod } from '../reports/period';

/** A flush holds at most this many user-days (a gateway flushes every 10 s). */
export const USAGE_MAX_ENTRIES = 20_000;
const EXPORT_MAX_ROWS = 5000;

type Key = 'period' | 'depositor';

interface Prepared {
  period: ReportPeriod;
  grain: StatisticsGrain;
  depositorIds: number[] | null;
}

const COLUMNS: Record<(typeof STATISTICS_METRICS)[number], string> = {
  activeUsers: 'active_users',
  signIns: 'sign_ins',
  searches: 'searches',
  exports: 'exports',
  labels: 'labels',
  alertMails: 'alert_mails',
  claims: 'claims',
};

/**
 * The statement that sums every metric by `keys` (none: the totals). Parameters: $1 depositors (null:
 * the scope), $2 first day, $3 the day after the last, $4 the caller's time zone, $5 the grain.
 * Usage rows repeat a user's counts for each of its depositors: summed over depositors, a user and
 * day count once (the largest row, the same unless the user's depositors changed that day).
 */
export function figuresSql(keys: Key[]): string {
  const byDepositor = keys.includes('depositor');
  const select = (day: string) =>
    keys.map((k) => (k === 'period' ? `date_trunc($5::text, (${day})::timestamp)::date AS period` : 'depositor_id')).join(', ');
  const head = (day: string) => (keys.length ? `${select(day)}, ` : '');
  const group = keys.length ? `GROUP BY ${keys.map((_, i) => i + 1).join(', ')}` : '';
  const mine = `($1::int[] IS NULL OR depositor_id = ANY($1::int[]))`;
  const at = (column: string) => `${column} >= ($2::date::timestamp AT TIME ZONE $4) AND ${column} < ($3::date::timestamp AT TIME ZONE $4)`;
  const local = (column: string) => `(${column} AT TIME ZONE $4)::date`;
  const usage = byDepositor
    ? `SELECT * FROM report_usage WHERE day >= $2::date AND day < $3::date AND ${mine}`
    : `SELECT day, user_id, max(sign_ins) AS sign_ins, max(searches) AS searches, max(exports) AS exports
       FROM report_usage WHERE day >= $2::date AND day < $3::date AND ${mine} GROUP BY day, user_id`;
  const parts = [
    `SELECT ${head('u.day')}count(DISTINCT u.user_id) AS active_users, sum(u.sign_ins) AS sign_ins, sum(u.searches) AS searches,
       sum(u.exports) AS exports, 0 AS labels, 0 AS alert_mails, 0 AS claims
     FROM (${usage}) u ${group}`,
    `SELECT ${head(local('labels_at'))}0, 0, 0, 0, sum(greatest(parcels, 1)), 0, 0
     FROM report_shipments WHERE ${at('labels_at')} AND ${mine} ${group}`,
    `SELECT ${head(local('mailed_at'))}0, 0, 0, 0, 0, count(DISTINCT event_id), 0
     FROM report_alert_mails WHERE outcome = 'sent' AND ${at('mailed_at')} AND ${mine} ${group}`,
    `SELECT ${head(local('sent_at'))}0, 0, 0, 0, 0, 0, count(*)
     FROM report_claims WHERE ${at('sent_at')} AND ${mine} ${group}`,
  ];
  const sums = Object.values(COLUMNS)
    .map((c) => `sum(${c})::int AS ${c}`)
    .join(', ');
  const columns = keys.map((k) => (k === 'period' ? 'period' : 'depositor_id')).join(', ');
  const order = keys.length ? `GROUP BY ${columns} ORDER BY ${columns}` : '';
  // Every statement declares the five parameters' types, whether it reads them all or not (the totals have no grain).
  return `WITH _parameters AS (SELECT $1::int[] AS depositors, $2::date AS first_day, $3::date AS after_day, $4::text AS time_zone, $5::text AS grain)
    SELECT ${keys.length ? `${columns}, ` : ''}${sums} FROM (${parts.join('\nUNION ALL\n')}) f ${order}`;
}

/** The figures by period, by depositor and in total in one statement (one snapshot), told apart by `part`. */
export function everyFigureSql(): string {
  const columns = Object.values(COLUMNS).join(', ');
  return [
    `SELECT 'period' AS part, period, NULL::int AS depositor_id, ${columns} FROM (${figuresSql(['period'])}) by_period`,
    `SELECT 'depositor', NULL::date, depositor_id, ${columns} FROM (${figuresSql(['depositor'])}) by_depositor`,
    `SELECT 'totals', NULL::date, NULL::int, ${columns} FROM (${figuresSql([])}) totals`,
  ].join('\nUNION ALL\n');
}

const figuresOf = (row: Record<string, unknown>): StatisticsFigures =>
  Object.fromEntries(Object.entries(COLUMNS).map(([metric, column]) => [metric, Number(row[column] ?? 0)])) as StatisticsFigures;
const ZERO = figuresOf({});
const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** A back-office area: the depositors the caller administers (the provider's staff: all), not only those of its own scope. */
const backOffice = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: adminReach(ctx) });

/** The first day of each period of the range, in order (a week starts on Monday, a month on its 1st). */
export function periodsOf(from: string, to: string, grain: StatisticsGrain): string[] {
  const periods: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const d = new Date(`${day}T00:00:00Z`);
    if (grain === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    if (grain === 'month') d.setUTCDate(1);
    const start = d.toISOString().slice(0, 10);
    if (periods[periods.length - 1] !== start) periods.push(start);
  }
  return periods;
}

/**
 * The back office's statistics (ADMIN_STATISTICS, issue 36 item 6), over the depositors the caller
 * administers (row-level security on every table read), and the usage the gateways meter.
 */
@Injectable()
export class StatisticsService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async read(caller: CallerContext, data: unknown): Promise<StatisticsDto> {
    const ctx = backOffice(caller);
    const p = this.prepare(ctx, data);
    const params = this.params(p);
    // One statement, one snapshot: the periods, the depositors and the totals add up to each other even
    // while labels and claims are being projected beside the read.
    const rows = await this.db.scopedQuery<Record<string, unknown>>(ctx, everyFigureSql(), params);
    const series = rows.filter((row) => row.part === 'period');
    const depositors = rows.filter((row) => row.part === 'depositor');
    const totals = rows.find((row) => row.part === 'totals');
    const byPeriod = new Map(series.map((row) => [dayOf(row.period), figuresOf(row)]));
    return {
      from: p.period.from,
      to: p.period.to,
      grain: p.grain,
      timeZone: p.period.timeZone,
      series: periodsOf(p.period.from, p.period.to, p.grain).map((period) => ({ period, ...(byPeriod.get(period) ?? ZERO) })),
      depositors: depositors
        .map((row) => ({ depositorId: Number(row.depositor_id), ...figuresOf(row) }))
        .sort((a, b) => b.activeUsers - a.activeUsers || b.signIns - a.signIns || a.depositorId - b.depositorId),
      totals: totals ? figuresOf(totals) : ZERO,
    };
  }

  /** One row per period and depositor with any use, for the export kit ({ request, range: [first, last] }). */
  async exportRows(
    caller: CallerContext,
    data: unknown,
  ): Promise<{ rows: ({ period: string; depositorId: number } & StatisticsFigures)[]; more: boolean }> {
    const ctx = backOffice(caller);
    const q = (data ?? {}) as { request?: unknown; range?: unknown };
    const p = this.prepare(ctx, q.request);
    const [first, last] = Array.isArray(q.range) ? q.range.map(Number) : [0, 999];
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 0 || last < first || last - first >= EXPORT_MAX_ROWS)
      throw new AppError('validationFailed', 'invalid range', undefined, { range: 'invalidFormat' });
    const rows = await this.db.scopedQuery<Record<string, unknown>>(
      ctx,
      `${figuresSql(['period', 'depositor'])} OFFSET ${first} LIMIT ${last - first + 2}`,
      this.params(p),
    );
    return {
      rows: rows
        .slice(0, last - first + 1)
        .map((row) => ({ period: dayOf(row.period), depositorId: Number(row.depositor_id), ...figuresOf(row) })),
      more: rows.length > last - first + 1,
    };
  }

  /**
   * Adds a gateway's counts ({ flushId, entries }), once per flush: a flush sent again after a lost
   * answer changes nothing. Only system callers (the gateways) record.
   */
  async record(ctx: CallerContext, data: unknown): Promise<{ recorded: number }> {
    if (ctx.user || ctx.client || !ctx.scope.all) throw new AppError('permissionDenied', 'usage is recorded by the gateways');
    const input = (data ?? {}) as { flushId?: unknown; entries?: unknown };
    const flushId = typeof input.flushId === 'string' && /^[0-9a-f-]{36}$/i.test(input.flushId) ? input.flushId : null;
    if (!flushId) throw new AppError('validationFailed', 'flushId is a uuid', undefined, { flushId: 'invalidFormat' });
    if (!Array.isArray(input.entries) || input.entries.length > USAGE_MAX_ENTRIES)
      throw new AppError('validationFailed', 'entries is a list', { max: USAGE_MAX_ENTRIES }, { entries: 'invalidFormat' });
    const rows = usageRows(input.entries as unknown[]);
    await this.db.scoped(ctx, async (em) => {
      const [fresh] = (await em.query(`INSERT INTO report_usage_flushes (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, [
        flushId,
      ])) as unknown[];
      if (!fresh || !rows.length) return;
      await em.query(
        `INSERT INTO report_usage (day, depositor_id, user_id, sign_ins, searches, exports)
         SELECT * FROM unnest($1::date[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
         ON CONFLICT (depositor_id, day, user_id) DO UPDATE SET sign_ins = report_usage.sign_ins + EXCLUDED.sign_ins,
           searches = report_usage.searches + EXCLUDED.searches, exports = report_usage.exports + EXCLUDED.exports`,
        [
          rows.map((r) => r.day),
          rows.map((r) => r.depositorId),
          rows.map((r) => r.userId),
          rows.map((r) => r.signIns),
          rows.map((r) => r.searches),
          rows.map((r) => r.exports),
        ],
      );
      // The flushes are remembered a day: a gateway retries within seconds.
      await em.query(`DELETE FROM report_usage_flushes WHERE at < now() - interval '1 day'`);
    });
    return { recorded: rows.length };
  }

  private prepare(ctx: CallerContext, data: unknown): Prepared {
    if (!hasAnyRole(ctx.roles, [Role.ADMIN_STATISTICS])) throw new AppError('permissionDenied', 'no right to read the statistics');
    const input = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const grain = input.grain ?? 'day';
    if (!STATISTICS_GRAINS.includes(grain as StatisticsGrain))
      throw new AppError('validationFailed', 'grain is day, week or month', undefined, { grain: 'invalidFormat' });
    const period = reportPeriod(ctx, input);
    if (grain === 'day' && periodsOf(period.from, period.to, 'day').length > STATISTICS_MAX_DAY_POINTS)
      throw new AppError('validationFailed', 'too many days for a daily chart', { max: STATISTICS_MAX_DAY_POINTS }, { grain: 'max' });
    return { period, grain: grain as StatisticsGrain, depositorIds: depositorsOf(ctx, input.depositorIds) };
  }

  private params(p: Prepared): unknown[] {
    return [p.depositorIds, p.period.from, nextDay(p.period.to), p.period.timeZone, p.grain];
  }
}

interface UsageRow {
  day: string;
  depositorId: number;
  userId: number;
  signIns: number;
  searches: number;
  exports: number;
}

/** A calendar day (2026-02-30 is none) of this century. */
const realDay = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^20\d{2}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const count = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000 ? (v as number) : null);
const id = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647 ? (v as number) : null);

/** The entries as rows per depositor, summed per key (one statement cannot change a row twice); anything malformed is refused whole. */
export function usageRows(entries: unknown[]): UsageRow[] {
  const rows = new Map<string, UsageRow>();
  for (const raw of entries) {
    const e = (raw ?? {}) as Partial<Record<keyof UsageEntry, unknown>>;
    const day = realDay(e.day) ? e.day : null;
    const userId = id(e.userId);
    const figures = [count(e.signIns), count(e.searches), count(e.exports)];
    const depositorIds = Array.isArray(e.depositorIds) && e.depositorIds.length <= 500 ? e.depositorIds.map(id) : null;
    if (!day || !userId || figures.includes(null) || !depositorIds || depositorIds.includes(null))
      throw new AppError('validationFailed', 'a usage entry is malformed', undefined, { entries: 'invalidFormat' });
    for (const depositorId of new Set(depositorIds as number[])) {
      const key = `${day}|${depositorId}|${userId}`;
      const row = rows.get(key) ?? { day, depositorId, userId, signIns: 0, searches: 0, exports: 0 };
      row.signIns += figures[0]!;
      row.searches += figures[1]!;
      row.exports += figures[2]!;
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}
