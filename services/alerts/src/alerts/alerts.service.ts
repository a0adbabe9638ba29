import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditedWrite, BusClient, type AuditedRows } from '@portal/bus';
import {
  ALERT_KINDS,
  ALERT_SCREEN,
  ALERTS_LIST,
  alertInput,
  AppError,
  AuthSubjects,
  notFound,
  parseBody,
  parseListRequest,
  Role,
  type AlertDto,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { checkAlert } from './alert-rules';
import { ALERT_COLUMNS, ALERT_SCOPE, FORM_COLUMNS, formValues } from './alerts.sql';
import { nextSlotAfter, scheduleOf } from '../delivery/slots';
import type { EntityManager } from 'typeorm';

const SORTS: Record<string, string> = { title: 'a.title', updatedAt: 'a.updated_at', createdAt: 'a.created_at', id: 'a.id' };
const NOT_NULL = new Set(Object.values(SORTS));

/**
 * My VIP and My DOC alerts (spec §3 Alert; "Hello" is the list): an alert belongs to the user who
 * created it (an ADMIN sees and edits everyone's) and is visible only while every depositor it names
 * is in the caller's scope (row-level security says the same). Another's alert is "not found".
 */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger('Alerts');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<AlertDto>> {
    const request = parseListRequest(ALERTS_LIST, data);
    const f = request.filter;
    const w = this.visible(ctx);
    const kinds = f.screen ? ALERT_KINDS.filter((k) => ALERT_SCREEN[k] === f.screen) : undefined;
    w.anyOf('a.kind', kinds, 'text')
      .anyOf('a.kind', f.kind, 'text')
      .anyOf('a.frequency', f.frequency, 'text')
      .equals('a.enabled', f.enabled);
    if (f.q) w.and(`a.title ILIKE ${w.param(`${likeLiteral(f.q)}%`)}`);
    if (f.depositor?.length) w.and(`a.depositor_ids && ${w.param(f.depositor)}::int[]`);
    return countedPage<AlertDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM alerts a WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${ALERT_COLUMNS} FROM alerts a WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 'a.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<AlertDto> {
    const w = this.visible(ctx);
    w.and(`a.id = ${w.param(alertId(data))}`);
    const [row] = await this.db.scopedQuery<AlertDto>(ctx, `SELECT ${ALERT_COLUMNS} FROM alerts a WHERE ${w}`, w.params);
    if (!row) throw notFound('alert');
    return row;
  }

  async create(ctx: CallerContext, data: unknown): Promise<AlertDto> {
    const user = ctx.user;
    if (!user) throw new AppError('permissionDenied', 'an alert belongs to a user');
    const input = parseBody(alertInput, data);
    checkAlert(ctx, input);
    const email = await this.ownerEmail(ctx);
    const values = formValues(input);
    const id = await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, ALERT_ROWS, { written: (created: number) => [created] }, async () => {
        const [row] = await em.query<{ id: number }[]>(
          `INSERT INTO alerts (owner_id, owner_login, owner_email, timezone, locale, ${FORM_COLUMNS.join(', ')})
           VALUES ($1, $2, $3, $4, $5, ${FORM_COLUMNS.map((_, i) => `$${i + 6}`).join(', ')}) RETURNING id`,
          [user.id, user.login, email, ctx.timezone, ctx.locale, ...values],
        );
        await planNextSlot(em, row.id);
        return row.id;
      }),
    );
    return this.get(ctx, { id });
  }

  /**
   * The whole form again. The next slot follows the new schedule from now on; the owner's zone and
   * language follow the owner's own saves (an ADMIN's edit keeps them).
   */
  async update(ctx: CallerContext, data: unknown): Promise<AlertDto> {
    const current = await this.get(ctx, data);
    const input = parseBody(alertInput, (data as { alert?: unknown } | null)?.alert);
    checkAlert(ctx, input, current);
    const own = ctx.user?.id === current.ownerId;
    const values = formValues(input);
    const sets = FORM_COLUMNS.map((c, i) => `${c} = $${i + 4}`).join(', ');
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, ALERT_ROWS, { ids: [current.id] }, async () => {
        const moved = rowsOf<{ id: number }>(
          await em.query(
            `UPDATE alerts SET ${sets}, timezone = COALESCE($2, timezone), locale = COALESCE($3, locale), next_slot_at = NULL,
             updated_at = now() WHERE id = $1 RETURNING id`,
            [current.id, own ? ctx.timezone : null, own ? ctx.locale : null, ...values],
          ),
        );
        if (!moved.length) throw notFound('alert');
        await planNextSlot(em, current.id);
      }),
    );
    return this.get(ctx, { id: current.id });
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const current = await this.get(ctx, data);
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, ALERT_ROWS, { ids: [current.id] }, () => em.query(`DELETE FROM alerts WHERE id = $1`, [current.id])),
    );
    return { ok: true };
  }

  /** The caller's alerts (everyone's for an ADMIN), inside the scope. */
  private visible(ctx: CallerContext): ScopedWhere {
    const w = ScopedWhere.of(ctx, ALERT_SCOPE);
    if (!ctx.roles.includes(Role.ADMIN)) w.and(`a.owner_id = ${w.param(ctx.user?.id ?? 0)}`);
    return w;
  }

  /** Where copy-to-self goes: the owner's contact mail, else their login e-mail (none when auth does not answer). */
  private async ownerEmail(ctx: CallerContext): Promise<string | null> {
    try {
      const me = await this.bus.request<{ email?: string | null; contactMail?: string | null }>(AuthSubjects.me, ctx, {});
      return me.contactMail || me.email || null;
    } catch (e) {
      this.logger.warn(`owner e-mail unknown: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }
}

/** The alert id of a request; anything else names no alert. */
export function alertId(data: unknown): number {
  const raw = (data as { id?: unknown } | null)?.id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound('alert');
  return id;
}

/**
 * A scheduled alert's next slot from its saved schedule, in the save's transaction: the list shows
 * when it will next be sent at once (the scheduler also fills any slot still missing).
 */
async function planNextSlot(em: EntityManager, id: number, now = new Date()): Promise<void> {
  const [a] = await em.query<(Parameters<typeof scheduleOf>[0] & { kind: string; timezone: string })[]>(
    `SELECT kind, frequency, time, weekday, month_day, month, timezone FROM alerts WHERE id = $1`,
    [id],
  );
  const scheduled = a && a.frequency !== 'IMMEDIATE' && (a.kind === 'VIP' || a.kind === 'DOC');
  const next = scheduled ? nextSlotAfter(scheduleOf(a), now, a.timezone) : null;
  await em.query(`UPDATE alerts SET next_slot_at = $2 WHERE id = $1`, [id, next]);
}

/** The alert in the audit trail, without the volatile sending state (last/next slot, last sent). */
const ALERT_ROWS: AuditedRows<AlertDto> = {
  service: 'alerts',
  entity: 'alert',
  read: (em, ids) => em.query(`SELECT ${ALERT_COLUMNS} FROM alerts a WHERE a.id = ANY($1::int[])`, [ids]),
  subject: (a) => ({ id: a.id, label: a.title, depositorIds: a.depositorIds }),
  fields: ({ nextSlotAt: _n, lastSentAt: _l, ...a }) => a,
};
