import type {
  ClaimStatusChangedEvent,
  FeedOrderMessage,
  FeverExcursionEvent,
  OrderSnapshot,
  StockLineRecord,
  StockMovementRecord,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';

const json = (rows: unknown[]) => JSON.stringify(rows);

/**
 * Tracking's order snapshots into report_orders, many in one statement; the newest `updatedAt` wins
 * (events of different types are consumed apart, a catch-up page may be older than an event). A
 * snapshot without the dates the reports read (written before they were added) takes them from its
 * status and its last change: shipped from 90 on, delivered at 100, canceled at -1.
 */
export async function upsertOrders(em: EntityManager, snapshots: OrderSnapshot[]): Promise<void> {
  const newest = new Map<number, OrderSnapshot>();
  for (const s of snapshots) {
    const kept = newest.get(s.orderId);
    if (!kept || Date.parse(kept.updatedAt) <= Date.parse(s.updatedAt)) newest.set(s.orderId, s);
  }
  if (!newest.size) return;
  await em.query(
    `INSERT INTO report_orders (order_id, depositor_id, platform_id, activity_code, store_code, reference, carrier_code, tour_code,
       customer_code, country, parcel_count, weight_kg, status, tracer_status, created_at, promised_shipping_at, shipped_at,
       promised_delivery_at, delivered_at, preparation_ended_at, canceled_at, updated_at)
     SELECT x."orderId", x."depositorId", x."platformId", x."activityCode", x."storeCode", x.reference, x."carrierCode", x."tourCode",
       x."customerCode", x.country, coalesce(x."parcelCount", 0), x."weightKg", x.status, x."tracerStatus", x."createdAt",
       x."promisedShippingAt",
       coalesce(x."shippedAt", CASE WHEN x.status >= 90 THEN x."updatedAt" END),
       x."promisedDeliveryAt",
       coalesce(x."deliveredAt", CASE WHEN x.status = 100 THEN x."updatedAt" END),
       coalesce(x."preparationEndedAt", CASE WHEN x.status >= 60 THEN coalesce(x."shippedAt", x."updatedAt") END),
       coalesce(x."canceledAt", CASE WHEN x.status = -1 THEN x."updatedAt" END),
       x."updatedAt"
     FROM json_to_recordset($1::json) AS x("orderId" bigint, "depositorId" int, "platformId" int, "activityCode" text, "storeCode" text,
       reference text, "carrierCode" text, "tourCode" text, "customerCode" text, country text, "parcelCount" int, "weightKg" numeric,
       status smallint, "tracerStatus" text, "createdAt" timestamptz, "promisedShippingAt" timestamptz, "shippedAt" timestamptz,
       "promisedDeliveryAt" timestamptz, "deliveredAt" timestamptz, "preparationEndedAt" timestamptz, "canceledAt" timestamptz,
       "updatedAt" timestamptz)
     ON CONFLICT (order_id) DO UPDATE SET depositor_id = EXCLUDED.depositor_id, platform_id = EXCLUDED.platform_id,
       activity_code = EXCLUDED.activity_code, store_code = EXCLUDED.store_code, reference = EXCLUDED.reference,
       carrier_code = EXCLUDED.carrier_code, tour_code = EXCLUDED.tour_code, customer_code = EXCLUDED.customer_code,
       country = EXCLUDED.country, parcel_count = EXCLUDED.parcel_count, weight_kg = EXCLUDED.weight_kg, status = EXCLUDED.status,
       tracer_status = EXCLUDED.tracer_status, created_at = EXCLUDED.created_at, promised_shipping_at = EXCLUDED.promised_shipping_at,
       shipped_at = EXCLUDED.shipped_at, promised_delivery_at = EXCLUDED.promised_delivery_at, delivered_at = EXCLUDED.delivered_at,
       preparation_ended_at = EXCLUDED.preparation_ended_at, canceled_at = EXCLUDED.canceled_at, updated_at = EXCLUDED.updated_at
     WHERE report_orders.updated_at <= EXCLUDED.updated_at`,
    [json([...newest.values()])],
  );
}

/** Stock movements, once each (a replayed event or a catch-up page over them adds nothing). */
export async function insertMovements(em: EntityManager, movements: StockMovementRecord[]): Promise<void> {
  if (!movements.length) return;
  await em.query(
    `INSERT INTO report_movements (depositor_id, movement_id, platform_id, store_code, reference, type, quantity, lot, moved_at)
     SELECT x."depositorId", x.id, x."platformId", x."storeCode", x.reference, x.type, x.quantity, x.lot, x."movedAt"
       FROM json_to_recordset($1::json) AS x(id bigint, "depositorId" int, "platformId" int, "storeCode" text, reference text,
         type text, quantity int, lot text, "movedAt" timestamptz)
     ON CONFLICT (depositor_id, movement_id) DO NOTHING`,
    [json(movements)],
  );
}

/**
 * The stock of some depositor and platform pairs as the stock service last reported it: a pair
 * whose stored snapshot is older than `takenAt` loses its lines first; one already newer is left.
 * Answers the pairs whose lines were replaced.
 */
export async function replaceStockPairs(em: EntityManager, takenAt: Record<string, string>): Promise<Set<string>> {
  const pairs = Object.entries(takenAt).map(([pair, at]) => {
    const [depositorId, platformId] = pair.split('/').map(Number);
    return { depositorId, platformId, takenAt: at };
  });
  if (!pairs.length) return new Set();
  const replaced = await em.query<{ depositor_id: number; platform_id: number }[]>(
    `WITH x AS (SELECT * FROM json_to_recordset($1::json) AS x("depositorId" int, "platformId" int, "takenAt" timestamptz)),
     upserted AS (
       INSERT INTO report_stock_snapshots (depositor_id, platform_id, taken_at) SELECT "depositorId", "platformId", "takenAt" FROM x
       ON CONFLICT (depositor_id, platform_id) DO UPDATE SET taken_at = EXCLUDED.taken_at
       WHERE report_stock_snapshots.taken_at < EXCLUDED.taken_at
       RETURNING depositor_id, platform_id)
     DELETE FROM report_stock_lines l USING upserted u WHERE l.depositor_id = u.depositor_id AND l.platform_id = u.platform_id
     RETURNING u.depositor_id, u.platform_id`,
    [json(pairs)],
  );
  const fresh = await em.query<{ depositor_id: number; platform_id: number }[]>(
    `SELECT s.depositor_id, s.platform_id FROM report_stock_snapshots s
       JOIN json_to_recordset($1::json) AS x("depositorId" int, "platformId" int, "takenAt" timestamptz)
         ON s.depositor_id = x."depositorId" AND s.platform_id = x."platformId" AND s.taken_at = x."takenAt"`,
    [json(pairs)],
  );
  return new Set([...replaced, ...fresh].map((r) => `${r.depositor_id}/${r.platform_id}`));
}

export async function insertStockLines(em: EntityManager, lines: StockLineRecord[]): Promise<void> {
  if (!lines.length) return;
  await em.query(
    `INSERT INTO report_stock_lines (depositor_id, line_id, platform_id, store_code, reference, family, lot, best_before, entry_date,
       unit_price, stock_value, in_stock, reserved, blocked, available, blocking_code)
     SELECT x."depositorId", x.id, x."platformId", x."storeCode", x.reference, x.family, x.lot, x."bestBefore", x."entryDate",
       x."unitPrice", coalesce(x."stockValue", round(x."unitPrice" * x."quantityInStock", 2)), x."quantityInStock", x."quantityReserved",
       x."quantityBlocked", x."quantityAvailable", x."blockingCode"
       FROM json_to_recordset($1::json) AS x(id bigint, "depositorId" int, "platformId" int, "storeCode" text, reference text,
         family text, lot text, "bestBefore" date, "entryDate" date, "unitPrice" numeric, "stockValue" numeric, "quantityInStock" int,
         "quantityReserved" int, "quantityBlocked" int, "quantityAvailable" int, "blockingCode" text)
     ON CONFLICT (depositor_id, line_id) DO NOTHING`,
    [json(lines)],
  );
}

/** A claim as its status events tell it: sent when it was first sent, closed when closed. */
export async function upsertClaim(em: EntityManager, e: ClaimStatusChangedEvent): Promise<void> {
  await em.query(
    `INSERT INTO report_claims (uuid, depositor_id, reference, kind, reason, status, sent_at, closed_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 = 'sent' THEN $7::timestamptz END, CASE WHEN $6 = 'closed' THEN $7::timestamptz END, $7)
     ON CONFLICT (uuid) DO UPDATE SET kind = coalesce(EXCLUDED.kind, report_claims.kind), reason = coalesce(EXCLUDED.reason, report_claims.reason),
       status = CASE WHEN report_claims.updated_at <= EXCLUDED.updated_at THEN EXCLUDED.status ELSE report_claims.status END,
       sent_at = coalesce(report_claims.sent_at, EXCLUDED.sent_at), closed_at = coalesce(EXCLUDED.closed_at, report_claims.closed_at),
       updated_at = greatest(report_claims.updated_at, EXCLUDED.updated_at)`,
    [e.uuid, e.depositorId, e.reference, e.kind ?? null, e.reason ?? null, e.to, e.at],
  );
}

/** A Huby shipment handed to tracking: labelled when first seen, canceled when it says so. */
export async function upsertShipment(em: EntityManager, order: FeedOrderMessage, at: string): Promise<void> {
  const canceledAt = order.dates?.canceledAt ?? order.statuses?.find((s) => s.status === -1)?.at ?? null;
  await em.query(
    `INSERT INTO report_shipments (depositor_id, reference, carrier_code, parcels, labels_at, canceled_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (depositor_id, reference) DO UPDATE SET carrier_code = coalesce(EXCLUDED.carrier_code, report_shipments.carrier_code),
       parcels = greatest(EXCLUDED.parcels, report_shipments.parcels), labels_at = least(report_shipments.labels_at, EXCLUDED.labels_at),
       canceled_at = coalesce(EXCLUDED.canceled_at, report_shipments.canceled_at)`,
    [order.depositorId, order.reference, order.carrier?.code ?? null, order.parcels?.length ?? 0, at, canceledAt],
  );
}

export async function upsertExcursion(em: EntityManager, e: FeverExcursionEvent): Promise<void> {
  await em.query(
    `INSERT INTO report_excursions (excursion_id, depositor_id, platform_id, probe_id, probe_label, kind, started_at, ended_at, duration_minutes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (excursion_id) DO UPDATE SET ended_at = coalesce(EXCLUDED.ended_at, report_excursions.ended_at),
       duration_minutes = coalesce(EXCLUDED.duration_minutes, report_excursions.duration_minutes)`,
    [e.id, e.depositorId, e.platformId, e.probeId, e.label || e.mac, e.kind, e.startedAt, e.endedAt, e.durationMinutes],
  );
}
