import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's reference data (issue 18): a depositor's logo (a 300x150-fitting PNG in the file
 * storage, its key here), and the indexes of the back office's list of logs: open ones by last
 * occurrence, and a part of the message found by trigrams (pg_trgm, a trusted extension): a year of
 * logs (300,000) searched by a part of the message 870 -> a few ms (tests/bench/admin-reference.mjs).
 */
export class AdminReference1766900000000 implements MigrationInterface {
  name = 'AdminReference1766900000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "depositors" ADD "logo_key" character varying(200)`);
    await qr.query(`ALTER TABLE "depositors" ADD "logo_updated_at" TIMESTAMP WITH TIME ZONE`);
    await qr.query(`CREATE INDEX "logs_open_last_at" ON "logs" ("last_at") WHERE "ack_at" IS NULL`);
    await qr.query(`CREATE INDEX "announcements_starts_at" ON "announcements" ("starts_at")`);
    await qr.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await qr.query(`CREATE INDEX "logs_message_trgm" ON "logs" USING gin ("message" gin_trgm_ops)`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX IF EXISTS "logs_message_trgm"`);
    await qr.query(`DROP INDEX IF EXISTS "announcements_starts_at"`);
    await qr.query(`DROP INDEX IF EXISTS "logs_open_last_at"`);
    await qr.query(`ALTER TABLE "depositors" DROP COLUMN "logo_updated_at"`);
    await qr.query(`ALTER TABLE "depositors" DROP COLUMN "logo_key"`);
  }
}
