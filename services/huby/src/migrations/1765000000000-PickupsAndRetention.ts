import { enableDepositorRls } from '@portal/db';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pickup requests (spec §3) and the mails they send; the scheduled address deletion's runs (one row
 * per run slot: the copy of the service that inserts it does the work, the others skip); the time
 * zone of a shipper address (a platform's), for the same-day 12:00 cut-off.
 */
export class PickupsAndRetention1765000000000 implements MigrationInterface {
  name = 'PickupsAndRetention1765000000000';

  async up(qr: QueryRunner): Promise<void> {
    await createMailOutbox(qr);
    await qr.query(`ALTER TABLE "addresses" ADD "time_zone" character varying(40) NOT NULL DEFAULT 'Europe/Paris'`);
    await qr.query(`CREATE TABLE "pickup_requests" (
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "shipper_uuid" uuid NOT NULL,
      "shipper" jsonb NOT NULL,
      "carrier_ref" character varying(20) NOT NULL,
      "pickup_date" date NOT NULL,
      "pickup_hour" character(5) NOT NULL,
      "account_number" character varying(50),
      "email_to" character varying(255) NOT NULL,
      "email_cc" text[] NOT NULL DEFAULT '{}',
      "body" character varying(2000),
      "created_by" character varying(100),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "mailed_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pickup_requests_pk" PRIMARY KEY ("uuid")
    )`);
    await qr.query(`CREATE INDEX "pickup_requests_depositor_date" ON "pickup_requests" ("depositor_id", "pickup_date" DESC)`);
    await enableDepositorRls(qr, 'pickup_requests');
    await qr.query(`CREATE TABLE "job_runs" (
      "job" character varying(50) NOT NULL,
      "slot" TIMESTAMP WITH TIME ZONE NOT NULL,
      "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "finished_at" TIMESTAMP WITH TIME ZONE,
      "affected" integer,
      CONSTRAINT "job_runs_pk" PRIMARY KEY ("job", "slot")
    )`);
    await qr.query(`CREATE INDEX "addresses_retention" ON "addresses" ("action") WHERE "action" IS NOT NULL AND "deleted_at" IS NULL`);
    // The address picker's search (prefix of name, code, postcode or town; favourites first, by name).
    await qr.query(
      `ALTER TABLE "addresses" ADD "search_town" character varying(64) COLLATE "C" GENERATED ALWAYS AS (upper("town")) STORED`,
    );
    await qr.query(`CREATE INDEX "addresses_town" ON "addresses" ("depositor_id", "book", "search_town") WHERE "deleted_at" IS NULL`);
    await qr.query(
      `CREATE INDEX "addresses_favorites" ON "addresses" ("depositor_id", "book", "search_name") WHERE "is_favorite" AND "deleted_at" IS NULL`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "job_runs"`);
    await qr.query(`DROP TABLE "pickup_requests"`);
    await qr.query(`ALTER TABLE "addresses" DROP "time_zone"`);
    await qr.query(`DROP TABLE "mail_outbox"`);
  }
}
