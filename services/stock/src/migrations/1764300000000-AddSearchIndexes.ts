import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes the stock benchmark asked for: barcode lookups (item and variant), movements of one
 * reference over a period whatever the depositors in scope, and the stock list by platform and
 * family in reference order (index-only count).
 */
export class AddSearchIndexes1764300000000 implements MigrationInterface {
  name = 'AddSearchIndexes1764300000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE INDEX "items_barcode" ON "items" ("barcode")`);
    await qr.query(`CREATE INDEX "item_variants_barcode" ON "item_variants" ("barcode")`);
    await qr.query(`CREATE INDEX "movements_reference_moved_at" ON "movements" ("reference", "moved_at") INCLUDE ("depositor_id")`);
    await qr.query(
      `CREATE INDEX "stock_lines_platform_family_reference" ON "stock_lines" ("platform_id", "family", "reference") INCLUDE ("depositor_id")`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const index of [
      'items_barcode',
      'item_variants_barcode',
      'movements_reference_moved_at',
      'stock_lines_platform_family_reference',
    ]) {
      await qr.query(`DROP INDEX IF EXISTS "${index}"`);
    }
  }
}
