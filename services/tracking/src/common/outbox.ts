import { randomUUID } from 'node:crypto';
import { TrackingEvents, type OrderStatusChangedEvent } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * `addToOutbox` for thousands of events at once (bulk feed): the same rows in one statement, in the
 * transaction of the change.
 */
export async function addStatusChangesToOutbox(em: EntityManager, events: OrderStatusChangedEvent[]): Promise<void> {
  if (!events.length) return;
  const now = new Date().toISOString();
  const rows = events.map((payload) => ({
    id: randomUUID(),
    type: TrackingEvents.orderStatusChanged,
    source: 'tracking',
    payload,
    occurred_at: now,
  }));
  await em.query(
    `INSERT INTO "outbox" ("id", "type", "source", "payload", "occurred_at")
     SELECT x.id, x.type, x.source, x.payload, x.occurred_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, type text, source text, payload jsonb, occurred_at timestamptz)`,
    [JSON.stringify(rows)],
  );
}

export interface ChangedOrderRow {
  id: string;
  depositor_id: number;
  depositor_code: string;
  reference: string;
  status: number;
  tracer_status: string;
}

export const statusChanged = (
  row: ChangedOrderRow,
  previousStatus: number | null,
  source: OrderStatusChangedEvent['source'],
): OrderStatusChangedEvent => ({
  orderId: Number(row.id),
  depositorId: row.depositor_id,
  depositorCode: row.depositor_code,
  reference: row.reference,
  previousStatus,
  status: row.status,
  tracerStatus: row.tracer_status,
  source,
  at: new Date().toISOString(),
});
