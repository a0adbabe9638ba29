import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed webhooks (issue 35 item 2):
 * - `webhook_endpoints`: a depositor's receiving address, the events it takes, its secret sealed at
 *   rest (and the previous one during a rotation's overlap), who made it and in which language to mail them;
 * - `webhook_deliveries`: the durable queue, one row per message and endpoint, unique per (endpoint,
 *   cause) so that an event told twice is queued once; `seq` orders the messages of an ordering key
 *   (an order, a shipment…), the lease keeps a claimed row from a second worker until it runs out;
 * - `webhook_attempts`: the log of each attempt (status, duration, excerpt of the answer).
 */
export class CreateWebhooks1768700000000 implements MigrationInterface {
  name = 'CreateWebhooks1768700000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "webhook_endpoints" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "url" varchar(2000) NOT NULL,
      "description" varchar(200) NOT NULL DEFAULT '',
      "depositor_ids" integer[] NOT NULL,
      "event_types" text[] NOT NULL,
      "secret_sealed" text NOT NULL,
      "previous_secret_sealed" text,
      "previous_secret_until" timestamptz,
      "status" varchar(10) NOT NULL DEFAULT 'active' CHECK ("status" IN ('active', 'disabled')),
      "disabled_reason" varchar(10) CHECK ("disabled_reason" IN ('manual', 'failing')),
      "disabled_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "created_by" integer,
      "created_by_login" varchar(100),
      "created_by_email" varchar(320),
      "created_by_locale" varchar(10) NOT NULL DEFAULT 'fr_FR',
      CONSTRAINT "webhook_endpoints_depositors_present" CHECK (cardinality("depositor_ids") > 0)
    )`);
    await qr.query(`CREATE INDEX "webhook_endpoints_depositors" ON "webhook_endpoints" USING gin ("depositor_ids")`);
    // An endpoint is visible only when every depositor it names is in the caller's reach.
    await qr.query(`ALTER TABLE "webhook_endpoints" ENABLE ROW LEVEL SECURITY`);
    await qr.query(`ALTER TABLE "webhook_endpoints" FORCE ROW LEVEL SECURITY`);
    await qr.query(`CREATE POLICY "webhook_endpoints_depositor_scope" ON "webhook_endpoints" USING (
      (SELECT current_setting('portal.scope_all', true)) = 'on'
      OR "depositor_ids" <@ ((SELECT string_to_array(NULLIF(current_setting('portal.depositor_ids', true), ''), ',')::int[])::int[]))`);

    await qr.query(`CREATE TABLE "webhook_deliveries" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "seq" bigserial NOT NULL,
      "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "cause" varchar(120) NOT NULL,
      "event_type" varchar(40) NOT NULL,
      "subject" varchar(120) NOT NULL,
      "ordering_key" varchar(160) NOT NULL,
      "payload" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "status" varchar(10) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'delivered', 'failed')),
      "attempts" integer NOT NULL DEFAULT 0,
      -- Attempts since the message was queued or sent again by hand: its place in the retry schedule.
      "tries" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
      "lease_until" timestamptz,
      "last_attempt_at" timestamptz,
      "last_status_code" integer,
      "last_duration_ms" integer,
      "last_response" text,
      CONSTRAINT "webhook_deliveries_once" UNIQUE ("endpoint_id", "cause")
    )`);
    // The queue: what is due, and the older pending message of the same key that holds a younger one back.
    await qr.query(`CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending'`);
    await qr.query(
      `CREATE INDEX "webhook_deliveries_key" ON "webhook_deliveries" ("endpoint_id", "ordering_key", "seq") WHERE "status" = 'pending'`,
    );
    // The log of an endpoint, newest first.
    await qr.query(`CREATE INDEX "webhook_deliveries_log" ON "webhook_deliveries" ("endpoint_id", "seq" DESC)`);
    await enableDepositorRls(qr, 'webhook_deliveries');

    await qr.query(`CREATE TABLE "webhook_attempts" (
      "id" bigserial PRIMARY KEY,
      "delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "at" timestamptz NOT NULL DEFAULT now(),
      "status_code" integer,
      "duration_ms" integer NOT NULL,
      "response" text
    )`);
    await qr.query(`CREATE INDEX "webhook_attempts_delivery" ON "webhook_attempts" ("delivery_id", "id")`);
    await enableDepositorRls(qr, 'webhook_attempts');
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const t of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']) await qr.query(`DROP TABLE IF EXISTS "${t}"`);
  }
}
