import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's reference data (issue 18): a depositor's logo (a 300x150-fitting PNG in the file
 * storage, its key here), and the indexes of the back office's lists of logs.
 */
export class AdminReference1766900000000 implements MigrationInterface {
  name = 'AdminReference1766900000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "depositors" ADD "logo_key" character varying(200)`);
    await qr.query(`ALTER TABLE "depositors" ADD "logo_updated_at" TIMESTAMP WITH TIME ZONE`);
    await qr.query(`CREATE INDEX "logs_open_last_at" ON "logs" ("last_at") WHERE "ack_at" IS NULL`);
    await qr.query(`CREATE INDEX "announcements_starts_at" ON "announcements" ("starts_at")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX IF EXISTS "announcements_starts_at"`);
    await qr.query(`DROP INDEX IF EXISTS "logs_open_last_at"`);
    await qr.query(`ALTER TABLE "depositors" DROP COLUMN "logo_updated_at"`);
    await qr.query(`ALTER TABLE "depositors" DROP COLUMN "logo_key"`);
  }
}
