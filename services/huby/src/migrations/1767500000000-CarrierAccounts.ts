import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier accounts (issue 34 item 2): one per tour, the connector, the carrier's environment and
 * the contract data in clear; the credentials as one AES-256-GCM sealed JSON (carriers/accounts/
 * secrets.ts), bound to the tour, with the names of those set so that screens can say "set".
 */
export class CarrierAccounts1767500000000 implements MigrationInterface {
  name = 'CarrierAccounts1767500000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "carrier_accounts" (
      "tour_id" integer NOT NULL REFERENCES "tours" ("id"),
      "connector" character varying(20) NOT NULL,
      "environment" character varying(10) NOT NULL CHECK ("environment" IN ('production', 'test', 'custom')),
      "base_url" character varying(500),
      "settings" jsonb NOT NULL DEFAULT '{}',
      "secrets" text,
      "secret_names" text[] NOT NULL DEFAULT '{}',
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "secrets_updated_at" timestamptz,
      CONSTRAINT "carrier_accounts_pk" PRIMARY KEY ("tour_id")
    )`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "carrier_accounts"`);
  }
}
