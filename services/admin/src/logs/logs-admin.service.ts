import { Inject, Injectable } from '@nestjs/common';
import { OutboxRelay } from '@portal/bus';
import {
  ADMIN_LOGS_LIST,
  adminReach,
  dayEnd,
  dayStart,
  isDay,
  logAcknowledgeInput,
  notFound,
  parseBody,
  parseListRequest,
  type AdminLogDto,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { providerScope, recordChange } from '../common/changes';

const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `l.id::text AS id, l.severity, l.module, l.message, l.message_key AS "messageKey", l.message_params AS "messageParams", l.object_name AS "objectName", l.object_id AS "objectId",
  ${stamp('l.first_at')} AS "firstAt", ${stamp('l.last_at')} AS "lastAt", l.counter, l.ack_user AS "ackUser",
  ${stamp('l.ack_at')} AS "ackAt", l.ack_comment AS "ackComment"`;
const SORTS: Record<string, string> = {
  lastAt: 'l.last_at',
  firstAt: 'l.first_at',
  counter: 'l.counter',
  severity: 'l.severity',
  module: 'l.module',
  id: 'l.id',
};
const NOT_NULL = new Set(['l.last_at', 'l.first_at', 'l.counter', 'l.severity', 'l.module']);

/**
 * The back office's logs (spec §3 Log, §6 "acknowledge logs"): ADMIN_LOGS reads them with filters
 * and acknowledges one or several, with its name, the date and a comment. A repeat of an
 * acknowledged occurrence opens a new row (logs_open_occurrence), so nothing acknowledged hides a
 * new problem. Logs name no depositor (technical and security events of the whole portal): only an
 * administrator who reaches every depositor reads them; to a depositor's administrator the list is
 * empty and a log answers 404.
 */
@Injectable()
export class LogsAdminService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<AdminLogDto>> {
    const request = parseListRequest(ADMIN_LOGS_LIST, data);
    const f = request.filter;
    const scope = providerScope(ctx);
    const w = ScopedWhere.of(scope, { depositor: 'l.id' });
    if (!adminReach(ctx).all) w.and('false');
    w.anyOf('l.severity', f.severity, 'text').equals('l.module', f.module);
    if (f.acknowledged !== undefined) w.and(f.acknowledged ? 'l.ack_at IS NOT NULL' : 'l.ack_at IS NULL');
    // The English text and the parameters' values (a login, a carrier, a probe): the words of the other languages are the screens'.
    if (f.q) {
      const like = w.param(`%${likeLiteral(f.q)}%`);
      w.and(`(l.message ILIKE ${like} OR l.message_params::text ILIKE ${like})`);
    }
    if (f.lastFrom) w.and(`l.last_at >= ${w.param(bound(f.lastFrom, ctx.timezone, 'start'))}::timestamptz`);
    if (f.lastTo) w.and(`l.last_at < ${w.param(bound(f.lastTo, ctx.timezone, 'end'))}::timestamptz`);
    return countedPage<AdminLogDto>(
      (sql, params) => this.db.scopedQuery(scope, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM logs l WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM logs l WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort] ?? 'l.id', request.order, 'l.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<AdminLogDto> {
    const id = logId(data);
    if (!adminReach(ctx).all) throw notFound('log');
    const [row] = await this.db.scopedQuery<AdminLogDto>(providerScope(ctx), `SELECT ${COLUMNS} FROM logs l WHERE l.id = $1::bigint`, [id]);
    if (!row) throw notFound('log');
    return row;
  }

  /** Acknowledges the open ones of these logs (those already acknowledged keep their first acknowledgement). */
  async acknowledge(ctx: CallerContext, data: unknown): Promise<{ acknowledged: string[] }> {
    const input = parseBody(logAcknowledgeInput, data);
    const by = ctx.user?.login ?? ctx.client?.name ?? 'system';
    if (!adminReach(ctx).all) return this.acknowledgeNone(ctx, input.ids);
    const rows = await this.db.scoped(providerScope(ctx), async (em) => {
      const acknowledged = rowsOf<AdminLogDto>(
        await em.query(
          `UPDATE logs l SET ack_user = $2, ack_at = now(), ack_comment = $3
           WHERE l.id = ANY($1::bigint[]) AND l.ack_at IS NULL RETURNING ${COLUMNS}`,
          [[...new Set(input.ids)], by, input.comment ?? null],
        ),
      );
      for (const after of acknowledged) {
        const before = { ...after, ackUser: null, ackAt: null, ackComment: null };
        await recordChange(em, ctx, { entity: 'log', id: after.id, action: 'updated', before, after: { ...after } });
      }
      return acknowledged;
    });
    if (rows.length) this.outbox.kick();
    if (!rows.length && input.ids.length === 1) await this.get(ctx, { id: input.ids[0] }); // an unknown log answers 404
    return { acknowledged: rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b)) };
  }

  /** Outside the reach: nothing acknowledged, one log named answers 404 as an unknown one. */
  private async acknowledgeNone(ctx: CallerContext, ids: string[]): Promise<{ acknowledged: string[] }> {
    if (ids.length === 1) await this.get(ctx, { id: ids[0] });
    return { acknowledged: [] };
  }
}

function logId(data: unknown): string {
  const raw = (data as { id?: unknown } | null)?.id;
  const id = typeof raw === 'number' ? String(raw) : raw;
  if (typeof id !== 'string' || !/^[1-9]\d{0,17}$/.test(id)) throw notFound('log');
  return id;
}

/** A day filter is the whole day in the caller's time zone; an instant is taken as it is. */
function bound(value: string, timezone: string, side: 'start' | 'end'): string {
  const at = isDay(value) ? (side === 'start' ? dayStart(value, timezone) : dayEnd(value, timezone)) : new Date(value);
  return (at ?? new Date(value)).toISOString();
}
