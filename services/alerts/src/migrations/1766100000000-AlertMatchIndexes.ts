import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The matching count over the projection (spec §3: orders of the last 3 months) within 200 ms for a
 * depositor of 1M orders (tests/bench/alerts-match.mjs). Under row-level security only leakproof
 * comparisons reach an index, so:
 * - the period of a depositor is read from one covering index (the scope columns and the criteria
 *   compared by equality in it: an index-only scan, no table visit) — it replaces (depositor, created_at);
 * - customer codes (exact, or the range before a `*`) and a delivery-number prefix have their own;
 * - followed events are found by depositor, code and period, then joined to the orders.
 */
export class AlertMatchIndexes1766100000000 implements MigrationInterface {
  name = 'AlertMatchIndexes1766100000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE INDEX "alert_orders_match" ON "alert_orders" ("depositor_id", "created_at")
      INCLUDE ("status", "platform_id", "activity_code", "store_code", "carrier_code", "tour_code", "customer_code")`);
    await qr.query(`DROP INDEX "alert_orders_depositor_created"`);
    await qr.query(`CREATE INDEX "alert_orders_customer" ON "alert_orders" ("depositor_id", "customer_code", "created_at")`);
    await qr.query(`CREATE INDEX "alert_orders_reference" ON "alert_orders" ("depositor_id", "reference")`);
    await qr.query(
      `CREATE INDEX "alert_order_events_code" ON "alert_order_events" ("depositor_id", "kind", "code", "at") INCLUDE ("order_id")`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const index of ['alert_order_events_code', 'alert_orders_reference', 'alert_orders_customer', 'alert_orders_match'])
      await qr.query(`DROP INDEX IF EXISTS "${index}"`);
    await qr.query(`CREATE INDEX "alert_orders_depositor_created" ON "alert_orders" ("depositor_id", "created_at" DESC)`);
  }
}
