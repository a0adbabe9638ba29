import { Inject, Injectable } from '@nestjs/common';
import { AppError, type CallerContext, type OrderSnapshot, type OrderSnapshotPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { ORDER_SNAPSHOT_SQL } from '../common/snapshot';

/** At most this many snapshots per page (a page stays well under the bus's message size). */
export const SNAPSHOT_PAGE_MAX = 1000;

/**
 * Order snapshots in id order, for a service rebuilding its projection of tracking's orders (the
 * alerts service when its projection is empty, e.g. after the demo orders were written without
 * events). System callers only: no user or machine client reads every depositor's orders.
 */
@Injectable()
export class SnapshotsService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async page(ctx: CallerContext, data: unknown): Promise<OrderSnapshotPage> {
    if (ctx.user || ctx.client || !ctx.scope.all) throw new AppError('permissionDenied', 'order snapshots are for system callers');
    const q = (data ?? {}) as { after?: unknown; limit?: unknown; since?: unknown };
    const after = Number.isSafeInteger(q.after) ? Number(q.after) : 0;
    const limit = Number.isSafeInteger(q.limit) ? Math.min(Math.max(Number(q.limit), 1), SNAPSHOT_PAGE_MAX) : SNAPSHOT_PAGE_MAX;
    const since = typeof q.since === 'string' && !Number.isNaN(Date.parse(q.since)) ? q.since : null;
    const rows = await this.db.scopedQuery<{ id: string; snapshot: OrderSnapshot }>(
      ctx,
      `SELECT o.id, ${ORDER_SNAPSHOT_SQL('o')} AS snapshot FROM orders o
        WHERE o.id > $1 AND ($3::timestamptz IS NULL OR o.created_at >= $3) ORDER BY o.id LIMIT $2`,
      [after, limit, since],
    );
    return { orders: rows.map((r) => r.snapshot), next: rows.length === limit ? Number(rows[rows.length - 1].id) : null };
  }
}
