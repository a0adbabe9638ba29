import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23: a user limited to some activities of a depositor reads its orders newest first from
 * this index (the scope rule writes `depositor_id = $d AND activity_code = ANY($codes)`), instead
 * of walking every order of the depositor by date and dropping the other activities.
 */
export class NarrowedScopeIndexes1764700000000 implements MigrationInterface {
  name = 'NarrowedScopeIndexes1764700000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(
      `CREATE INDEX IF NOT EXISTS "orders_depositor_activity_created" ON "orders" ("depositor_id", "activity_code", "created_at" DESC, "id" DESC)`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX IF EXISTS "orders_depositor_activity_created"`);
  }
}
