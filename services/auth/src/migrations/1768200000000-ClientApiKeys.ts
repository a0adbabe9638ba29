import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys of a depositor's own systems (issue 35): kind `client`, with their rights, rate, expiry
 * and creator (kept by login too: the list still names a creator whose account was removed).
 */
export class ClientApiKeys1768200000000 implements MigrationInterface {
  name = 'ClientApiKeys1768200000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_kind_check"`);
    await qr.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_kind_check" CHECK ("kind" IN ('warehouse', 'carrier', 'probe', 'client'))`,
    );
    await qr.query(`ALTER TABLE "api_keys"
      ADD COLUMN "rights" text[] NOT NULL DEFAULT '{}',
      ADD COLUMN "rate_per_minute" integer,
      ADD COLUMN "expires_at" timestamptz,
      ADD COLUMN "created_by" integer,
      ADD COLUMN "created_by_login" text`);
    await qr.query(`CREATE INDEX "api_keys_client_depositors" ON "api_keys" USING gin ("depositor_ids") WHERE "kind" = 'client'`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "api_keys_client_depositors"`);
    await qr.query(`DELETE FROM "api_keys" WHERE "kind" = 'client'`);
    await qr.query(`ALTER TABLE "api_keys" DROP COLUMN "rights", DROP COLUMN "rate_per_minute", DROP COLUMN "expires_at",
      DROP COLUMN "created_by", DROP COLUMN "created_by_login"`);
    await qr.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_kind_check"`);
    await qr.query(`ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_kind_check" CHECK ("kind" IN ('warehouse', 'carrier', 'probe'))`);
  }
}
