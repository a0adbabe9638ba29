import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, OutboxRelay, type AuditedRows } from '@portal/bus';
import {
  ADMIN_ANNOUNCEMENTS_LIST,
  announcementInput,
  notFound,
  parseBody,
  parseListRequest,
  type AdminAnnouncementDto,
  type AnnouncementInput,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import { countedPage, Db, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { providerScope, requireWholeReach } from '../common/changes';
import { rowId } from '@portal/bus';

const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const STATE = `CASE WHEN a.starts_at > now() THEN 'future' WHEN a.ends_at IS NOT NULL AND a.ends_at <= now() THEN 'ended' ELSE 'live' END`;
const COLUMNS = `a.id, a.message, a.type, a.timeout, a.priority, ${stamp('a.starts_at')} AS "startsAt", ${stamp('a.ends_at')} AS "endsAt",
  a.roles, ${STATE} AS state`;
const SORTS: Record<string, string> = { priority: 'a.priority', startsAt: 'a.starts_at', id: 'a.id' };
const NOT_NULL = new Set(['a.priority', 'a.starts_at']);
const STATE_CONDITION = {
  live: `a.starts_at <= now() AND (a.ends_at IS NULL OR a.ends_at > now())`,
  future: `a.starts_at > now()`,
  ended: `a.ends_at IS NOT NULL AND a.ends_at <= now()`,
} as const;

/**
 * Announcements as ADMIN_ANNOUNCEMENT manages them (spec §3): a message per language, type,
 * priority, timeout, lifetime range and audience. The banner (GET /announcements) shows them to
 * users during their range: nothing else to publish. They reach every depositor's users: any
 * ADMIN_ANNOUNCEMENT reads them, only an administrator who reaches every depositor changes them.
 */
@Injectable()
export class AnnouncementsAdminService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<AdminAnnouncementDto>> {
    const request = parseListRequest(ADMIN_ANNOUNCEMENTS_LIST, data);
    const f = request.filter;
    const scope = providerScope(ctx);
    const w = ScopedWhere.of(scope, { depositor: 'a.id' }).equals('a.type', f.type);
    if (f.state) w.and(STATE_CONDITION[f.state]);
    return countedPage<AdminAnnouncementDto>(
      (sql, params) => this.db.scopedQuery(scope, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM announcements a WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM announcements a WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort] ?? 'a.id', request.order, 'a.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  get(ctx: CallerContext, data: unknown): Promise<AdminAnnouncementDto> {
    const id = rowId(data);
    return this.db.scoped(providerScope(ctx), (em) => read(em, id));
  }

  async create(ctx: CallerContext, data: unknown): Promise<AdminAnnouncementDto> {
    requireWholeReach(ctx);
    const input = parseBody(announcementInput, data);
    return this.write(ctx, async (em) => {
      const id = await auditedWrite(em, ctx, ANNOUNCEMENT_ROWS, { written: (created: number) => [created] }, async () => {
        const [row] = rowsOf<{ id: number }>(
          await em.query(
            `INSERT INTO announcements (message, type, timeout, priority, starts_at, ends_at, roles) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            values(input),
          ),
        );
        return row.id;
      });
      return read(em, id);
    });
  }

  async update(ctx: CallerContext, data: unknown): Promise<AdminAnnouncementDto> {
    requireWholeReach(ctx);
    const id = rowId(data);
    const input = parseBody(announcementInput, (data as { values?: unknown }).values);
    return this.write(ctx, async (em) => {
      await auditedWrite(em, ctx, ANNOUNCEMENT_ROWS, { ids: [id] }, async (before) => {
        if (!before.length) throw notFound('announcement');
        await em.query(
          `UPDATE announcements SET message = $2, type = $3, timeout = $4, priority = $5, starts_at = $6, ends_at = $7, roles = $8 WHERE id = $1`,
          [id, ...values(input)],
        );
      });
      return read(em, id);
    });
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    requireWholeReach(ctx);
    const id = rowId(data);
    await this.write(ctx, (em) =>
      auditedWrite(em, ctx, ANNOUNCEMENT_ROWS, { ids: [id] }, async (before) => {
        if (!before.length) throw notFound('announcement');
        await em.query(`DELETE FROM announcements WHERE id = $1`, [id]);
      }),
    );
    return { ok: true };
  }

  private async write<T>(ctx: CallerContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.scoped(providerScope(ctx), fn);
    this.outbox.kick();
    return result;
  }
}

/** The texts kept: blank languages left out (French is the fallback of the banner). */
const values = (i: AnnouncementInput) => [
  JSON.stringify(Object.fromEntries(Object.entries(i.message).filter(([, text]) => !!text))),
  i.type,
  i.timeout ?? 0,
  i.priority ?? 0,
  i.startsAt,
  i.endsAt ?? null,
  i.roles,
];

async function read(em: EntityManager, id: number): Promise<AdminAnnouncementDto> {
  const [row] = rowsOf<AdminAnnouncementDto>(await em.query(`SELECT ${COLUMNS} FROM announcements a WHERE a.id = $1`, [id]));
  if (!row) throw notFound('announcement');
  return row;
}

/** The provider's announcements in the audit trail, read locked around a change. */
const ANNOUNCEMENT_ROWS: AuditedRows<AdminAnnouncementDto> = {
  service: 'admin',
  entity: 'announcement',
  read: (em, ids) => em.query(`SELECT ${COLUMNS} FROM announcements a WHERE a.id = ANY($1::int[]) FOR UPDATE`, [ids]),
  subject: (a) => ({ id: a.id, label: a.message.fr?.slice(0, 80) ?? null }),
};
