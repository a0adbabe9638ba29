import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: the movements of a user limited to some stores. The store-narrowed page counted every
 * movement of the depositor over the period to keep those of its stores (21,076 rows read for 6,924)
 * and sorted them all for its 50 rows: 47 ms, the costliest statement of the load mix. On
 * (depositor, store, date) the page walks the store's movements in date order to its 50 rows, and the
 * count reads the index alone: the platform is included because the narrowed role's policies read it
 * too (6 ms, nothing read from the table).
 */
export class MovementsByStore1769300000000 implements MigrationInterface {
  name = 'MovementsByStore1769300000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(
      `CREATE INDEX IF NOT EXISTS "movements_depositor_store_moved_at" ON "movements" ("depositor_id", "store_code", "moved_at") INCLUDE ("platform_id")`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX IF EXISTS "movements_depositor_store_moved_at"`);
  }
}
