import type { OrderSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** A snapshot's fields in the projection's columns (json_to_recordset reads them by these names). */
const COLUMNS: [keyof OrderSnapshot, string, string][] = [
  ['orderId', 'order_id', 'bigint'],
  ['depositorId', 'depositor_id', 'int'],
  ['depositorCode', 'depositor_code', 'text'],
  ['platformId', 'platform_id', 'int'],
  ['activityCode', 'activity_code', 'text'],
  ['storeCode', 'store_code', 'text'],
  ['reference', 'reference', 'text'],
  ['orderReference', 'order_reference', 'text'],
  ['customerReference', 'customer_reference', 'text'],
  ['slipNumber', 'slip_number', 'text'],
  ['carrierCode', 'carrier_code', 'text'],
  ['tourCode', 'tour_code', 'text'],
  ['customerCode', 'customer_code', 'text'],
  ['recipientName', 'recipient_name', 'text'],
  ['recipientEmail', 'recipient_email', 'text'],
  ['articleCodes', 'article_codes', 'text[]'],
  ['status', 'status', 'smallint'],
  ['tracerStatus', 'tracer_status', 'text'],
  ['createdAt', 'created_at', 'timestamptz'],
  ['promisedShippingAt', 'promised_shipping_at', 'timestamptz'],
  ['shippedAt', 'shipped_at', 'timestamptz'],
  ['updatedAt', 'updated_at', 'timestamptz'],
];
const names = COLUMNS.map(([, c]) => c);

/**
 * Writes tracking's order snapshots into the projection, many in one statement. The newest
 * `updatedAt` wins: a snapshot older than the stored row (events of different types are consumed
 * apart, a catch-up page may be older than an event) changes nothing.
 */
export async function upsertOrders(em: EntityManager, snapshots: OrderSnapshot[]): Promise<void> {
  const newest = new Map<number, OrderSnapshot>();
  for (const s of snapshots) {
    const kept = newest.get(s.orderId);
    if (!kept || Date.parse(kept.updatedAt) <= Date.parse(s.updatedAt)) newest.set(s.orderId, s);
  }
  if (!newest.size) return;
  const rows = [...newest.values()].map((s) =>
    Object.fromEntries(COLUMNS.map(([field, column]) => [column, field === 'articleCodes' ? (s.articleCodes ?? []) : (s[field] ?? null)])),
  );
  await em.query(
    `INSERT INTO alert_orders (${names.join(', ')})
     SELECT ${names.map((c) => `x.${c}`).join(', ')}
       FROM json_to_recordset($1::json) AS x(${COLUMNS.map(([, c, t]) => `${c} ${t}`).join(', ')})
     ON CONFLICT (order_id) DO UPDATE SET ${names
       .filter((c) => c !== 'order_id')
       .map((c) => `${c} = EXCLUDED.${c}`)
       .join(', ')}
     WHERE alert_orders.updated_at <= EXCLUDED.updated_at`,
    [JSON.stringify(rows)],
  );
}

/** One thing that happened to an order, keyed by the bus event that told it (a replay adds nothing). */
export interface OrderEventRow {
  eventId: string;
  orderId: number;
  depositorId: number;
  kind: 'STATUS' | 'EVENT';
  code: string;
  at: string;
}

export async function insertOrderEvents(em: EntityManager, events: OrderEventRow[]): Promise<void> {
  if (!events.length) return;
  await em.query(
    `INSERT INTO alert_order_events (event_id, order_id, depositor_id, kind, code, at)
     SELECT * FROM json_to_recordset($1::json) AS x(event_id uuid, order_id bigint, depositor_id int, kind text, code text, at timestamptz)
     ON CONFLICT (event_id) DO NOTHING`,
    [
      JSON.stringify(
        events.map((e) => ({
          event_id: e.eventId,
          order_id: e.orderId,
          depositor_id: e.depositorId,
          kind: e.kind,
          code: e.code,
          at: e.at,
        })),
      ),
    ],
  );
}
