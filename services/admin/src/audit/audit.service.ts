import { Inject, Injectable, Logger } from '@nestjs/common';
import { handleOnce } from '@portal/bus';
import {
  AUDIT_LIST,
  parseListRequest,
  zonedInstant,
  type AuditChangeEvent,
  type AuditEntryDto,
  type CallerContext,
  type DomainEvent,
  type ListPage,
} from '@portal/contracts';
import { Db, keysetPage, likeLiteral, ScopedWhere } from '@portal/db';

const COLUMNS = `a.id::text AS id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, a.service, a.entity,
  a.entity_id AS "entityId", a.label, a.action, a.actor_login AS "actorLogin", a.actor_client AS "actorClient",
  a.actor_provider AS "actorProvider", a.depositor_ids AS "depositorIds", a.request_id AS "requestId", a.before, a.after`;

/** A day (YYYY-MM-DD, in the caller's zone) or an instant, as the list's bound. */
function bound(value: string, timeZone: string, side: 'start' | 'end'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (side === 'start') return zonedInstant(value, timeZone)!.toISOString();
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedInstant(next.toISOString().slice(0, 10), timeZone)!.toISOString();
}

/**
 * The audit trail: the changes every service tells (AuditEvents.changed), recorded once each, and
 * read by the provider's administrators (everything) or by a depositor's users (their colleagues'
 * changes to their depositors' data).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('AuditTrail');

  constructor(@Inject(Db) private readonly db: Db) {}

  async record(consumer: string, event: DomainEvent<AuditChangeEvent>): Promise<boolean> {
    return handleOnce(this.db, consumer, event, async (em) => {
      const e = event.payload;
      // A malformed event would fail on every redelivery: note it and move on.
      if (!e || typeof e.service !== 'string' || typeof e.entity !== 'string' || typeof e.action !== 'string' || !e.by) {
        this.logger.warn(`ignored ${event.type} ${event.id}: unexpected payload`);
        return;
      }
      const ints = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isSafeInteger(n)) : []);
      const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
      await em.query(
        `INSERT INTO audit_trail (event_id, at, service, entity, entity_id, label, action, depositor_ids, actor_id, actor_login,
           actor_client, actor_provider, actor_depositor_ids, request_id, before, after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (event_id) DO NOTHING`,
        [
          event.id,
          Number.isNaN(Date.parse(e.at)) ? event.occurredAt : e.at,
          e.service.slice(0, 30),
          e.entity.slice(0, 40),
          String(e.id ?? '').slice(0, 64),
          text(e.label, 200),
          e.action.slice(0, 30),
          ints(e.depositorIds),
          Number.isSafeInteger(e.by.userId) ? e.by.userId : null,
          text(e.by.login, 100),
          text(e.by.client, 100),
          e.by.provider === true,
          ints(e.by.depositorIds),
          text(e.requestId, 100),
          e.before ? JSON.stringify(e.before) : null,
          e.after ? JSON.stringify(e.after) : null,
        ],
      );
    });
  }

  /** Every change in the caller's scope (the provider's administrators see all). */
  list(ctx: CallerContext, data: unknown): Promise<ListPage<AuditEntryDto>> {
    return this.page(ctx, data, false);
  }

  /** The changes the caller's colleagues (users of the caller's depositors, not the provider's staff) made to their data. */
  colleagues(ctx: CallerContext, data: unknown): Promise<ListPage<AuditEntryDto>> {
    return this.page(ctx, data, true);
  }

  private async page(ctx: CallerContext, data: unknown, colleagues: boolean): Promise<ListPage<AuditEntryDto>> {
    const q = parseListRequest(AUDIT_LIST, data);
    const f = q.filter;
    const w = ScopedWhere.of(ctx, { depositor: 'a.depositor_ids', depositorArray: true });
    if (!ctx.scope.all) w.and(`cardinality(a.depositor_ids) > 0`);
    if (colleagues) {
      w.and(`NOT a.actor_provider`);
      w.and(`a.actor_depositor_ids && ${w.param(ctx.scope.all ? [] : ctx.scope.depositorIds)}::int[]`);
    }
    w.equals('a.service', f.service).equals('a.entity', f.entity).equals('a.entity_id', f.entityId).equals('a.action', f.action);
    if (f.depositor !== undefined) w.and(`${w.param(f.depositor)}::int = ANY(a.depositor_ids)`);
    if (f.actor) w.and(`a.actor_login ILIKE ${w.param(`${likeLiteral(f.actor)}%`)}`);
    if (f.from) w.and(`a.at >= ${w.param(bound(f.from, ctx.timezone, 'start'))}::timestamptz`);
    if (f.to) w.and(`a.at < ${w.param(bound(f.to, ctx.timezone, 'end'))}::timestamptz`);
    w.after(q.after, 'a.at', 'a.id', 'instant');
    const rows = await this.db.scopedQuery<AuditEntryDto & Record<string, unknown>>(
      ctx,
      `SELECT ${COLUMNS} FROM audit_trail a WHERE ${w} ORDER BY a.at ${q.order}, a.id ${q.order} LIMIT ${w.param(q.limit + 1)} OFFSET ${w.param(q.after ? 0 : q.offset)}`,
      w.params,
    );
    return keysetPage(rows, q, (r) => ({ value: r.at, id: r.id }));
  }
}
