import { Inject, Injectable } from '@nestjs/common';
import { AppError, type CallerContext, type StockLinePage, type StockLineRecord, type StockMovementPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { movementRecord, type MovementRow } from './movement-events';

/** At most this many rows per page (a page stays well under the bus's message size). */
export const STOCK_PAGE_MAX = 2000;

const systemOnly = (ctx: CallerContext) => {
  if (ctx.user || ctx.client || !ctx.scope.all) throw new AppError('permissionDenied', 'stock pages are for system callers');
};
const int = (value: unknown, fallback: number) => (Number.isSafeInteger(value) ? Number(value) : fallback);
const pageSize = (value: unknown) => Math.min(Math.max(int(value, STOCK_PAGE_MAX), 1), STOCK_PAGE_MAX);
/** Some lines asked by id (the lines an event names), or null for all; anything but a list of ids is refused. */
const lineIds = (value: unknown): number[] | null => {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length > STOCK_PAGE_MAX || !value.every((id) => Number.isSafeInteger(id) && id > 0))
    throw new AppError('validationFailed', 'ids are line ids', undefined, { ids: 'invalidFormat' });
  return value as number[];
};

/**
 * Movements and stock lines page by page in id order, for a service rebuilding its projection of
 * them (the reports service). System callers only: no user or machine client reads every depositor.
 */
@Injectable()
export class ReportsFeedService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async movements(ctx: CallerContext, data: unknown): Promise<StockMovementPage> {
    systemOnly(ctx);
    const q = (data ?? {}) as Record<string, unknown>;
    const limit = pageSize(q.limit);
    const since = typeof q.since === 'string' && !Number.isNaN(Date.parse(q.since)) ? q.since : null;
    const rows = await this.db.scopedQuery<MovementRow>(
      ctx,
      `SELECT id, depositor_id, platform_id, store_code, reference, type, quantity, lot, moved_at FROM movements
        WHERE id > $1 AND ($3::timestamptz IS NULL OR moved_at >= $3) ORDER BY id LIMIT $2`,
      [int(q.after, 0), limit, since],
    );
    return { movements: rows.map(movementRecord), next: rows.length === limit ? Number(rows[rows.length - 1].id) : null };
  }

  async lines(ctx: CallerContext, data: unknown): Promise<StockLinePage> {
    systemOnly(ctx);
    const q = (data ?? {}) as Record<string, unknown>;
    const limit = pageSize(q.limit);
    const rows = await this.db.scopedQuery<StockLineRecord & { takenAt: string | null }>(
      ctx,
      `SELECT l.id::int AS "id", l.depositor_id AS "depositorId", l.platform_id AS "platformId", l.store_code AS "storeCode",
              l.reference, l.family, l.lot, to_char(l.best_before, 'YYYY-MM-DD') AS "bestBefore",
              to_char(l.entry_date, 'YYYY-MM-DD') AS "entryDate", l.unit_price::float8 AS "unitPrice", l.stock_value::float8 AS "stockValue",
              l.quantity_in_stock AS "quantityInStock", l.quantity_reserved AS "quantityReserved", l.quantity_blocked AS "quantityBlocked",
              l.quantity_available AS "quantityAvailable", l.blocking_code AS "blockingCode", s.taken_at AS "takenAt"
         FROM stock_lines l LEFT JOIN stock_snapshots s ON s.depositor_id = l.depositor_id AND s.platform_id = l.platform_id
        WHERE l.id > $1 AND ($3::int IS NULL OR l.depositor_id = $3) AND ($4::int IS NULL OR l.platform_id = $4)
          AND ($5::bigint[] IS NULL OR l.id = ANY ($5::bigint[]))
        ORDER BY l.id LIMIT $2`,
      [
        int(q.after, 0),
        limit,
        Number.isSafeInteger(q.depositorId) ? q.depositorId : null,
        Number.isSafeInteger(q.platformId) ? q.platformId : null,
        lineIds(q.ids),
      ],
    );
    const takenAt: Record<string, string> = {};
    const lines = rows.map(({ takenAt: at, ...line }) => {
      if (at) takenAt[`${line.depositorId}/${line.platformId}`] = new Date(at).toISOString();
      return line;
    });
    return { lines, takenAt, next: rows.length === limit ? rows[rows.length - 1].id : null };
  }
}
