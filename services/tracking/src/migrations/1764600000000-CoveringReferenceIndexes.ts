import type { MigrationInterface, QueryRunner } from 'typeorm';

const COLUMNS = ['reference', 'customer_reference', 'order_reference', 'slip_number'];

/**
 * Issue 23: the reference prefix indexes carry what a page of a broad prefix is ordered and scoped
 * by (id, creation date, hidden, and the depositor, platform, activity and store that row-level
 * security and the scope test), so the matches are counted and the newest picked from the index
 * alone (index-only scans and a top-N sort), also for a narrowed user; only the page's rows are
 * read from the table.
 */
export class CoveringReferenceIndexes1764600000000 implements MigrationInterface {
  name = 'CoveringReferenceIndexes1764600000000';

  async up(qr: QueryRunner): Promise<void> {
    for (const column of COLUMNS) {
      await qr.query(`DROP INDEX IF EXISTS "orders_${column}_prefix"`);
      await qr.query(
        `CREATE INDEX "orders_${column}_prefix" ON "orders" ("${column}" text_pattern_ops) INCLUDE ("created_at", "id", "depositor_id", "hidden_at", "platform_id", "activity_code", "store_code")`,
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const column of COLUMNS) {
      await qr.query(`DROP INDEX IF EXISTS "orders_${column}_prefix"`);
      await qr.query(`CREATE INDEX "orders_${column}_prefix" ON "orders" ("${column}" text_pattern_ops)`);
    }
  }
}
