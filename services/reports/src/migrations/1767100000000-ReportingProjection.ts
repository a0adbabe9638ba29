import { enableDepositorRls, enableNarrowingRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an order adds to the hourly and daily aggregates, as expressions over the order `o` (a
 * report_orders row). The trigger adds them when an order arrives and moves them when it changes;
 * migration 1768000000000 adds the same aggregates by platform, activity and store, for a caller
 * whose scope is narrowed to some. Frozen with this migration.
 */
export const ORDER_HOUR_MEASURES: Record<string, string> = {
  orders: '1',
  parcels: 'o.parcel_count',
  weight_kg: 'coalesce(o.weight_kg, 0)',
  prepared: '(o.preparation_ended_at IS NOT NULL)::int',
  prep_minutes: 'coalesce(round(extract(epoch FROM o.preparation_ended_at - o.created_at) / 60), 0)::bigint',
  shipped: '(o.shipped_at IS NOT NULL)::int',
  shipped_parcels: 'CASE WHEN o.shipped_at IS NOT NULL THEN o.parcel_count ELSE 0 END',
  shipped_weight: 'CASE WHEN o.shipped_at IS NOT NULL THEN coalesce(o.weight_kg, 0) ELSE 0 END',
  shipped_with_promise: '(o.shipped_at IS NOT NULL AND o.promised_shipping_at IS NOT NULL)::int',
  shipped_on_time: 'coalesce(o.shipped_at <= o.promised_shipping_at, false)::int',
  delivered: '(o.delivered_at IS NOT NULL)::int',
  delivered_with_promise: '(o.delivered_at IS NOT NULL AND o.promised_delivery_at IS NOT NULL)::int',
  delivered_on_time: 'coalesce(o.delivered_at <= o.promised_delivery_at, false)::int',
  delivered_late: 'coalesce(o.delivered_at > o.promised_delivery_at, false)::int',
  transits: '(o.delivered_at IS NOT NULL AND o.shipped_at IS NOT NULL)::int',
  transit_minutes: 'coalesce(round(extract(epoch FROM o.delivered_at - o.shipped_at) / 60), 0)::bigint',
  transit_24: "coalesce(o.delivered_at - o.shipped_at <= interval '24 hours', false)::int",
  transit_48:
    "coalesce(o.delivered_at - o.shipped_at > interval '24 hours' AND o.delivered_at - o.shipped_at <= interval '48 hours', false)::int",
  transit_72:
    "coalesce(o.delivered_at - o.shipped_at > interval '48 hours' AND o.delivered_at - o.shipped_at <= interval '72 hours', false)::int",
  transit_96:
    "coalesce(o.delivered_at - o.shipped_at > interval '72 hours' AND o.delivered_at - o.shipped_at <= interval '96 hours', false)::int",
  transit_more: "coalesce(o.delivered_at - o.shipped_at > interval '96 hours', false)::int",
  anomalies: "(o.status = 97 OR o.tracer_status IN ('ANOMALY', 'ANOMALY_CARRIER'))::int",
  returns: "(o.status IN (96, 106) OR o.tracer_status = 'SENDER_RETURN')::int",
  canceled: '(o.status = -1)::int',
  parcels_1: '(o.parcel_count <= 1)::int',
  parcels_2: '(o.parcel_count = 2)::int',
  parcels_3: '(o.parcel_count = 3)::int',
  parcels_4: '(o.parcel_count = 4)::int',
  parcels_5: '(o.parcel_count >= 5)::int',
};
/**
 * The hourly aggregates' keys: the UTC hour of reception (any whole-hour time zone regroups it into
 * its days) with the order's status (the series by day read this one), with the carrier and tour (a
 * tour belongs to one carrier), or with the destination country: narrow aggregates rather than one
 * keyed by all, whose rows would multiply.
 */
const HOUR = "date_trunc('hour', o.created_at AT TIME ZONE 'UTC')";
export const ORDER_HOUR_KEYS: Record<string, string> = { depositor_id: 'o.depositor_id', hour: HOUR, status: 'o.status' };
export const ORDER_CARRIER_HOUR_KEYS: Record<string, string> = {
  depositor_id: 'o.depositor_id',
  hour: HOUR,
  carrier_code: "coalesce(o.carrier_code, '')",
  tour_code: "coalesce(o.tour_code, '')",
};
export const ORDER_COUNTRY_HOUR_KEYS: Record<string, string> = {
  depositor_id: 'o.depositor_id',
  hour: HOUR,
  country: "coalesce(o.country, '')",
};
export const ORDER_CUSTOMER_MEASURES: Record<string, string> = {
  orders: '1',
  parcels: 'o.parcel_count',
  delivered: ORDER_HOUR_MEASURES.delivered,
  delivered_with_promise: ORDER_HOUR_MEASURES.delivered_with_promise,
  delivered_on_time: ORDER_HOUR_MEASURES.delivered_on_time,
};
/** Per customer, by UTC day (a customer's figures over a period are read to the day in UTC). */
export const ORDER_CUSTOMER_KEYS: Record<string, string> = {
  depositor_id: 'o.depositor_id',
  day: "(o.created_at AT TIME ZONE 'UTC')::date",
  customer_code: "coalesce(o.customer_code, '')",
};

export const MOVEMENT_HOUR_MEASURES: Record<string, string> = {
  movements: '1',
  quantity: 'm.quantity',
  gains: 'greatest(m.quantity, 0)',
  losses: 'greatest(-m.quantity, 0)',
};
export const MOVEMENT_HOUR_KEYS: Record<string, string> = {
  depositor_id: 'm.depositor_id',
  hour: "date_trunc('hour', m.moved_at AT TIME ZONE 'UTC')",
  type: 'm.type',
};
export const MOVEMENT_ARTICLE_KEYS: Record<string, string> = {
  depositor_id: 'm.depositor_id',
  day: "(m.moved_at AT TIME ZONE 'UTC')::date",
  reference: 'm.reference',
  type: 'm.type',
};
export const MOVEMENT_ARTICLE_MEASURES: Record<string, string> = { movements: '1', quantity: 'm.quantity' };

const columnsOf = (keys: Record<string, string>, measures: Record<string, string>, types: (name: string) => string) =>
  [
    ...Object.keys(keys).map((k) => `"${k}" ${types(k)} NOT NULL`),
    ...Object.keys(measures).map((m) => `"${m}" ${types(m)} NOT NULL DEFAULT 0`),
  ].join(', ');

/** `INSERT … ON CONFLICT` adding `sign` times a row's measures to an aggregate (the trigger's body, and the rebuild's). */
export function addToAggregate(table: string, keys: Record<string, string>, measures: Record<string, string>, sign: string): string {
  const names = [...Object.keys(keys), ...Object.keys(measures)];
  return `INSERT INTO ${table} (${names.join(', ')})
    VALUES (${[...Object.values(keys), ...Object.values(measures).map((e) => `${sign} * (${e})`)].join(', ')})
    ON CONFLICT (${Object.keys(keys).join(', ')}) DO UPDATE SET ${Object.keys(measures)
      .map((m) => `${m} = ${table}.${m} + EXCLUDED.${m}`)
      .join(', ')}`;
}

const ORDER_TYPES = (c: string) =>
  c === 'hour'
    ? 'timestamp'
    : c === 'day'
      ? 'date'
      : c === 'depositor_id'
        ? 'int'
        : /code|country/.test(c)
          ? 'text'
          : /weight/.test(c)
            ? 'numeric(16,3)'
            : /minutes/.test(c)
              ? 'bigint'
              : 'int';
const MOVEMENT_TYPES = (c: string) =>
  c === 'hour'
    ? 'timestamp'
    : c === 'day'
      ? 'date'
      : c === 'depositor_id'
        ? 'int'
        : c === 'type' || c === 'reference'
          ? 'text COLLATE "C"'
          : 'bigint';

/**
 * The per-row triggers keeping the aggregates (this migration's; 1768000000000 replaces them by
 * statement-level ones and puts them back when reverted).
 */
export async function createRowTriggers(qr: QueryRunner): Promise<void> {
  await qr.query(`CREATE FUNCTION report_order_add(o report_orders, direction int) RETURNS void LANGUAGE sql AS $$
      ${addToAggregate('report_order_hours', ORDER_HOUR_KEYS, ORDER_HOUR_MEASURES, 'direction')};
      ${addToAggregate('report_order_carrier_hours', ORDER_CARRIER_HOUR_KEYS, ORDER_HOUR_MEASURES, 'direction')};
      ${addToAggregate('report_order_country_hours', ORDER_COUNTRY_HOUR_KEYS, ORDER_HOUR_MEASURES, 'direction')};
      ${addToAggregate('report_order_customer_days', ORDER_CUSTOMER_KEYS, ORDER_CUSTOMER_MEASURES, 'direction')};
    $$`);
  await qr.query(`CREATE FUNCTION report_orders_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_order_add(OLD, -1); END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_order_add(NEW, 1); END IF;
        RETURN NULL;
      END $$`);
  await qr.query(`CREATE TRIGGER "report_orders_aggregate" AFTER INSERT OR UPDATE OR DELETE ON "report_orders"
      FOR EACH ROW EXECUTE FUNCTION report_orders_aggregate()`);

  await qr.query(`CREATE FUNCTION report_movements_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE m report_movements := NEW;
      BEGIN
        ${addToAggregate('report_movement_hours', MOVEMENT_HOUR_KEYS, MOVEMENT_HOUR_MEASURES, '1')};
        ${addToAggregate('report_movement_article_days', MOVEMENT_ARTICLE_KEYS, MOVEMENT_ARTICLE_MEASURES, '1')};
        INSERT INTO report_item_last_moves (depositor_id, reference, moved_at) VALUES (m.depositor_id, m.reference, m.moved_at)
          ON CONFLICT (depositor_id, reference) DO UPDATE SET moved_at = greatest(report_item_last_moves.moved_at, EXCLUDED.moved_at);
        RETURN NULL;
      END $$`);
  await qr.query(`CREATE TRIGGER "report_movements_aggregate" AFTER INSERT ON "report_movements"
      FOR EACH ROW EXECUTE FUNCTION report_movements_aggregate()`);
}

/**
 * The reporting projection (issue 17): the owning services' data as their events tell it, with
 * hourly and daily aggregates kept by triggers in the same transaction as each write, so a report
 * over millions of orders or movements sums a few thousand rows. Every table carries the depositor
 * and row-level security; the row tables also narrow by platform, activity and store.
 */
export class ReportingProjection1767100000000 implements MigrationInterface {
  name = 'ReportingProjection1767100000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "report_orders" (
      "order_id" bigint PRIMARY KEY,
      "depositor_id" int NOT NULL,
      "platform_id" int,
      "activity_code" text,
      "store_code" text,
      "reference" text NOT NULL,
      "carrier_code" text,
      "tour_code" text,
      "customer_code" text,
      "country" text,
      "parcel_count" int NOT NULL DEFAULT 0,
      "weight_kg" numeric(14,3),
      "status" smallint NOT NULL,
      "tracer_status" text,
      "created_at" timestamptz NOT NULL,
      "promised_shipping_at" timestamptz,
      "shipped_at" timestamptz,
      "promised_delivery_at" timestamptz,
      "delivered_at" timestamptz,
      "preparation_ended_at" timestamptz,
      "canceled_at" timestamptz,
      "updated_at" timestamptz NOT NULL
    )`);
    await qr.query(`CREATE INDEX "report_orders_depositor_created" ON "report_orders" ("depositor_id", "created_at") INCLUDE ("status")`);
    await enableDepositorRls(qr, 'report_orders');
    await enableNarrowingRls(qr, 'report_orders', { platform: 'platform_id', activity: 'activity_code', store: 'store_code' });

    await qr.query(`CREATE TABLE "report_order_hours" (${columnsOf(ORDER_HOUR_KEYS, ORDER_HOUR_MEASURES, ORDER_TYPES)},
      PRIMARY KEY (${Object.keys(ORDER_HOUR_KEYS).join(', ')}))`);
    await enableDepositorRls(qr, 'report_order_hours');
    await qr.query(`CREATE TABLE "report_order_carrier_hours" (${columnsOf(ORDER_CARRIER_HOUR_KEYS, ORDER_HOUR_MEASURES, ORDER_TYPES)},
      PRIMARY KEY (${Object.keys(ORDER_CARRIER_HOUR_KEYS).join(', ')}))`);
    await enableDepositorRls(qr, 'report_order_carrier_hours');
    await qr.query(`CREATE TABLE "report_order_country_hours" (${columnsOf(ORDER_COUNTRY_HOUR_KEYS, ORDER_HOUR_MEASURES, ORDER_TYPES)},
      PRIMARY KEY (${Object.keys(ORDER_COUNTRY_HOUR_KEYS).join(', ')}))`);
    await enableDepositorRls(qr, 'report_order_country_hours');
    await qr.query(`CREATE TABLE "report_order_customer_days" (${columnsOf(ORDER_CUSTOMER_KEYS, ORDER_CUSTOMER_MEASURES, ORDER_TYPES)},
      PRIMARY KEY (${Object.keys(ORDER_CUSTOMER_KEYS).join(', ')}))`);
    await enableDepositorRls(qr, 'report_order_customer_days');
    await qr.query(`CREATE TABLE "report_movements" (
      "depositor_id" int NOT NULL,
      "movement_id" bigint NOT NULL,
      "platform_id" int NOT NULL,
      "store_code" text,
      "reference" text COLLATE "C" NOT NULL,
      "type" text NOT NULL,
      "quantity" int NOT NULL,
      "lot" text,
      "moved_at" timestamptz NOT NULL,
      PRIMARY KEY ("depositor_id", "movement_id")
    )`);
    // The details newest first, in the order they are read.
    await qr.query(
      `CREATE INDEX "report_movements_depositor_moved" ON "report_movements" ("depositor_id", "moved_at" DESC, "movement_id" DESC)`,
    );
    await enableDepositorRls(qr, 'report_movements');
    await enableNarrowingRls(qr, 'report_movements', { platform: 'platform_id', store: 'store_code' });
    await qr.query(`CREATE TABLE "report_movement_hours" (${columnsOf(MOVEMENT_HOUR_KEYS, MOVEMENT_HOUR_MEASURES, MOVEMENT_TYPES)},
      PRIMARY KEY (${Object.keys(MOVEMENT_HOUR_KEYS).join(', ')}))`);
    await enableDepositorRls(qr, 'report_movement_hours');
    await qr.query(`CREATE TABLE "report_movement_article_days" (${columnsOf(MOVEMENT_ARTICLE_KEYS, MOVEMENT_ARTICLE_MEASURES, MOVEMENT_TYPES)},
      PRIMARY KEY (${Object.keys(MOVEMENT_ARTICLE_KEYS).join(', ')}))`);
    await qr.query(`CREATE INDEX "report_movement_article_days_type" ON "report_movement_article_days" ("depositor_id", "type", "day")`);
    await enableDepositorRls(qr, 'report_movement_article_days');
    // The last movement of each item, for "items without movement".
    await qr.query(`CREATE TABLE "report_item_last_moves" (
      "depositor_id" int NOT NULL,
      "reference" text COLLATE "C" NOT NULL,
      "moved_at" timestamptz NOT NULL,
      PRIMARY KEY ("depositor_id", "reference")
    )`);
    await enableDepositorRls(qr, 'report_item_last_moves');
    await qr.query(`CREATE TABLE "report_stock_snapshots" (
      "depositor_id" int NOT NULL,
      "platform_id" int NOT NULL,
      "taken_at" timestamptz NOT NULL,
      PRIMARY KEY ("depositor_id", "platform_id")
    )`);
    await enableDepositorRls(qr, 'report_stock_snapshots');
    await qr.query(`CREATE TABLE "report_stock_lines" (
      "depositor_id" int NOT NULL,
      "line_id" bigint NOT NULL,
      "platform_id" int NOT NULL,
      "store_code" text,
      "reference" text COLLATE "C" NOT NULL,
      "family" text,
      "lot" text,
      "best_before" date,
      "entry_date" date,
      "unit_price" numeric(14,4),
      "stock_value" numeric(16,2),
      "in_stock" int NOT NULL,
      "reserved" int NOT NULL,
      "blocked" int NOT NULL,
      "available" int NOT NULL,
      "blocking_code" text NOT NULL,
      PRIMARY KEY ("depositor_id", "line_id")
    )`);
    await qr.query(`CREATE INDEX "report_stock_lines_pair" ON "report_stock_lines" ("depositor_id", "platform_id")`);
    // The lots nearest their best-before date first.
    await qr.query(
      `CREATE INDEX "report_stock_lines_best_before" ON "report_stock_lines" ("depositor_id", "best_before", "reference", "lot")`,
    );
    await enableDepositorRls(qr, 'report_stock_lines');
    await enableNarrowingRls(qr, 'report_stock_lines', { platform: 'platform_id', store: 'store_code' });

    await qr.query(`CREATE TABLE "report_claims" (
      "uuid" uuid PRIMARY KEY,
      "depositor_id" int NOT NULL,
      "reference" text NOT NULL,
      "kind" text,
      "reason" text,
      "status" text NOT NULL,
      "sent_at" timestamptz,
      "closed_at" timestamptz,
      "updated_at" timestamptz NOT NULL
    )`);
    await qr.query(`CREATE INDEX "report_claims_depositor_sent" ON "report_claims" ("depositor_id", "sent_at")`);
    await enableDepositorRls(qr, 'report_claims');

    await qr.query(`CREATE TABLE "report_shipments" (
      "depositor_id" int NOT NULL,
      "reference" text NOT NULL,
      "carrier_code" text,
      "parcels" int NOT NULL DEFAULT 0,
      "labels_at" timestamptz NOT NULL,
      "canceled_at" timestamptz,
      PRIMARY KEY ("depositor_id", "reference")
    )`);
    await qr.query(`CREATE INDEX "report_shipments_labels" ON "report_shipments" ("depositor_id", "labels_at")`);
    await enableDepositorRls(qr, 'report_shipments');

    await qr.query(`CREATE TABLE "report_excursions" (
      "excursion_id" bigint PRIMARY KEY,
      "depositor_id" int NOT NULL,
      "platform_id" int NOT NULL,
      "probe_id" int NOT NULL,
      "probe_label" text NOT NULL,
      "kind" text NOT NULL,
      "started_at" timestamptz NOT NULL,
      "ended_at" timestamptz,
      "duration_minutes" int
    )`);
    await qr.query(`CREATE INDEX "report_excursions_depositor_started" ON "report_excursions" ("depositor_id", "started_at")`);
    await enableDepositorRls(qr, 'report_excursions');
    await enableNarrowingRls(qr, 'report_excursions', { platform: 'platform_id' });

    await qr.query(`CREATE TABLE "report_alert_mails" (
      "event_id" uuid NOT NULL,
      "depositor_id" int NOT NULL,
      "alert_id" int NOT NULL,
      "failed_at" timestamptz NOT NULL,
      PRIMARY KEY ("event_id", "depositor_id")
    )`);
    await qr.query(`CREATE INDEX "report_alert_mails_depositor_failed" ON "report_alert_mails" ("depositor_id", "failed_at")`);
    await enableDepositorRls(qr, 'report_alert_mails');
    await createRowTriggers(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP FUNCTION report_orders_aggregate(), report_order_add(report_orders, int), report_movements_aggregate() CASCADE`);
    for (const table of [
      'report_alert_mails',
      'report_excursions',
      'report_shipments',
      'report_claims',
      'report_stock_lines',
      'report_stock_snapshots',
      'report_item_last_moves',
      'report_movement_article_days',
      'report_movement_hours',
      'report_movements',
      'report_order_customer_days',
      'report_order_country_hours',
      'report_order_carrier_hours',
      'report_order_hours',
      'report_orders',
    ])
      await qr.query(`DROP TABLE "${table}"`);
  }
}
