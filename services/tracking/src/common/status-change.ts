import type { OrderStatusChangedEvent, TracerRouteStatusCode } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { addStatusChangesToOutbox, statusChanged, type ChangedOrderRow } from './outbox';
import { tracerStatusOf } from './tracer-status';

export interface StatusChange {
  /** New tracking status (spec §4 code); omitted: only the Tracer Route status moves. */
  status?: number;
  tracerStatus?: TracerRouteStatusCode;
  at: string;
  source: OrderStatusChangedEvent['source'];
  comment?: string | null;
  commentPrivate?: boolean;
  userId?: number | null;
  /** Sets the order's delivery date (manual or carrier delivery). */
  deliveredAt?: string;
}

/**
 * Moves one order to a new status (or Tracer Route status): history row, order row and the `tracking.order.status-changed`
 * event in the caller's transaction. Answers false when nothing changed (a replayed event).
 */
export async function changeOrderStatus(em: EntityManager, order: { id: string; status: number }, change: StatusChange): Promise<boolean> {
  // A Tracer Route change alone is history too (issue 10 item 8), kept at the order's tracking status.
  const tracerOnly = change.status === undefined && change.tracerStatus !== undefined;
  if (change.status !== undefined || tracerOnly) {
    const inserted: unknown[] = await em.query(
      `INSERT INTO status_history (order_id, depositor_id, status, tracer_status, at, source, comment, comment_private, created_by)
       SELECT id, depositor_id, COALESCE($2, status), $3, $4, $5, $6, $7, $8 FROM orders WHERE id = $1
       ON CONFLICT (order_id, status, at) DO NOTHING RETURNING id`,
      [
        order.id,
        change.status ?? null,
        tracerOnly ? change.tracerStatus : null,
        change.at,
        change.source,
        change.comment ?? null,
        change.commentPrivate ?? false,
        change.userId ?? null,
      ],
    );
    if (!inserted.length) return false;
  }
  const raw: unknown = await em.query(
    `UPDATE orders SET status = COALESCE($2, status), tracer_status = COALESCE($3, tracer_status),
            delivered_at = COALESCE($4, delivered_at), updated_at = now()
      WHERE id = $1 RETURNING id, depositor_id, depositor_code, reference, status, tracer_status`,
    [
      order.id,
      change.status ?? null,
      change.tracerStatus ?? (change.status !== undefined ? tracerStatusOf(change.status, true) : null),
      change.deliveredAt ?? null,
    ],
  );
  const rows = rowsOf<ChangedOrderRow>(raw);
  await addStatusChangesToOutbox(em, [statusChanged(rows[0], order.status, change.source)]);
  return true;
}
