import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User administration (issue 18): row-level security on `users` for the requests of user
 * administrators (Db.scoped as the application role). A user is within a scope when all of their
 * depositors are (and they have at least one). Not FORCEd: the service's own work on accounts and
 * sessions runs as the owner (Db.system), which it does not concern.
 */
export class AdminUsers1766600000000 implements MigrationInterface {
  name = 'AdminUsers1766600000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "users" ENABLE ROW LEVEL SECURITY`);
    await qr.query(`CREATE POLICY "users_depositor_scope" ON "users" USING (
      (SELECT current_setting('portal.scope_all', true)) = 'on'
      OR (cardinality("depositor_ids") > 0
          AND "depositor_ids" <@ (SELECT string_to_array(NULLIF(current_setting('portal.depositor_ids', true), ''), ',')::int[])::int[]))`);
    // The users list filters by depositor and sorts by e-mail.
    await qr.query(`CREATE INDEX "users_depositor_ids" ON "users" USING gin ("depositor_ids")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "users_depositor_ids"`);
    await qr.query(`DROP POLICY "users_depositor_scope" ON "users"`);
    await qr.query(`ALTER TABLE "users" DISABLE ROW LEVEL SECURITY`);
  }
}
