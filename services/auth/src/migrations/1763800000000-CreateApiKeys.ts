import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateApiKeys1763800000000 implements MigrationInterface {
  name = 'CreateApiKeys1763800000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "api_keys" (
      "id" serial PRIMARY KEY,
      "name" text NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('warehouse', 'carrier', 'probe')),
      "key_prefix" text NOT NULL,
      "key_hash" text NOT NULL UNIQUE,
      "all_depositors" boolean NOT NULL DEFAULT false,
      "depositor_ids" integer[] NOT NULL DEFAULT '{}',
      "platform_ids" integer[] NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "last_used_at" timestamptz,
      "revoked_at" timestamptz
    )`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "api_keys"`);
  }
}
