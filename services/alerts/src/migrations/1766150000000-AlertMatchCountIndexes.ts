import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What every covering match index carries besides its key: the scope's columns, the criteria compared by equality, the order id. */
const COVERED = `"platform_id", "activity_code", "store_code", "carrier_code", "customer_code", "order_id"`;

/**
 * The matching count within 200 ms at 1M orders of a depositor (tests/bench/alerts-match.mjs),
 * counted on the owner's handle with the scope written out (match-count.ts) so that every index
 * serves, and stopped past 10,000 orders. What still read the depositor's whole quarter gets a way in:
 * - the period index carries the order id, so that joining the followed events reads no table row;
 * - followed statuses (nearly every VIP alert names some, often rare ones) and tours have covering
 *   indexes of their own, (depositor, status | tour, created_at);
 * - a customer code with a leading `*` (`*TIN*`) is found by trigrams (pg_trgm, a trusted extension),
 *   and the planner needs finer statistics on the codes to tell a rare pattern from a common one.
 */
export class AlertMatchCountIndexes1766150000000 implements MigrationInterface {
  name = 'AlertMatchCountIndexes1766150000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await qr.query(`DROP INDEX "alert_orders_match"`);
    await qr.query(
      `CREATE INDEX "alert_orders_match" ON "alert_orders" ("depositor_id", "created_at") INCLUDE ("status", "tour_code", ${COVERED})`,
    );
    await qr.query(
      `CREATE INDEX "alert_orders_status" ON "alert_orders" ("depositor_id", "status", "created_at") INCLUDE ("tour_code", ${COVERED})`,
    );
    await qr.query(
      `CREATE INDEX "alert_orders_tour" ON "alert_orders" ("depositor_id", "tour_code", "created_at") INCLUDE ("status", ${COVERED})`,
    );
    await qr.query(`CREATE INDEX "alert_orders_customer_pattern" ON "alert_orders" USING gin ("customer_code" gin_trgm_ops)`);
    await qr.query(`ALTER TABLE "alert_orders" ALTER COLUMN "customer_code" SET STATISTICS 1000`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "alert_orders" ALTER COLUMN "customer_code" SET STATISTICS -1`);
    for (const index of ['alert_orders_customer_pattern', 'alert_orders_tour', 'alert_orders_status', 'alert_orders_match'])
      await qr.query(`DROP INDEX IF EXISTS "${index}"`);
    await qr.query(`CREATE INDEX "alert_orders_match" ON "alert_orders" ("depositor_id", "created_at")
      INCLUDE ("status", "platform_id", "activity_code", "store_code", "carrier_code", "tour_code", "customer_code")`);
  }
}
