import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls } from '@portal/db';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The alerts service (My VIP, My DOC, issue 14):
 * - `alerts`: the definitions (every spec §3 field), owned by a user, naming one or more depositors;
 * - `alert_orders` and `alert_order_events`: the projection of tracking's orders and of their status
 *   changes and carrier events, fed by tracking's durable events: the matching count and the digests
 *   read it, never tracking's database;
 * - `alert_triggers`: one row per alert and cause (an event id, a slot, an SLA breach): the rule
 *   "once per alert and event / per slot", whatever the restarts and copies;
 * - `mail_outbox` (libs/mail) with the retry state and the attachments of each mail.
 */
export class CreateAlerts1766000000000 implements MigrationInterface {
  name = 'CreateAlerts1766000000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await createMailOutbox(qr);
    await qr.query(`ALTER TABLE "mail_outbox"
      ADD COLUMN "alert_id" integer,
      ADD COLUMN "attempts" integer NOT NULL DEFAULT 0,
      ADD COLUMN "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN "given_up_at" timestamptz,
      ADD COLUMN "attachments" jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN "order_count" integer NOT NULL DEFAULT 0`);
    await qr.query(`CREATE INDEX "mail_outbox_due" ON "mail_outbox" ("next_attempt_at") WHERE "sent_at" IS NULL AND "given_up_at" IS NULL`);
    await qr.query(`CREATE INDEX "mail_outbox_alert" ON "mail_outbox" ("alert_id", "created_at" DESC)`);

    await qr.query(`CREATE TABLE "alerts" (
      "id" serial PRIMARY KEY,
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      "owner_id" integer NOT NULL,
      "owner_login" varchar(100) NOT NULL,
      "owner_email" varchar(255),
      "kind" varchar(20) NOT NULL CHECK ("kind" IN ('VIP', 'DOC', 'SLA', 'NO_TEMPERATURE')),
      "title" varchar(100) NOT NULL,
      "comment" varchar(2000),
      "enabled" boolean NOT NULL DEFAULT true,
      "depositor_ids" integer[] NOT NULL,
      "activity_codes" text[] NOT NULL DEFAULT '{}',
      "carrier_codes" text[] NOT NULL DEFAULT '{}',
      "tour_codes" text[] NOT NULL DEFAULT '{}',
      "store_codes" text[] NOT NULL DEFAULT '{}',
      "customer_codes" text[] NOT NULL DEFAULT '{}',
      "article_codes" text[] NOT NULL DEFAULT '{}',
      "statuses" smallint[] NOT NULL DEFAULT '{}',
      "events" text[] NOT NULL DEFAULT '{}',
      "document_types" text[] NOT NULL DEFAULT '{}',
      "recipients" jsonb NOT NULL DEFAULT '[]',
      "copy_to_self" boolean NOT NULL DEFAULT false,
      "inform_final_recipient" boolean NOT NULL DEFAULT false,
      "subject" varchar(200),
      "frequency" varchar(10) NOT NULL DEFAULT 'IMMEDIATE' CHECK ("frequency" IN ('IMMEDIATE', 'DAY', 'WEEK', 'MONTH', 'YEAR')),
      "time" char(5) CHECK ("time" IN ('01:00', '12:00', '23:50')),
      "weekday" smallint CHECK ("weekday" BETWEEN 1 AND 7),
      "month_day" varchar(5) CHECK ("month_day" IN ('FIRST', 'LAST')),
      "month" smallint CHECK ("month" BETWEEN 1 AND 12),
      "send_only_if_data" boolean NOT NULL DEFAULT true,
      "show_comment" boolean NOT NULL DEFAULT false,
      "reference_prefix" varchar(64) COLLATE "C",
      "sla_rule" varchar(20) CHECK ("sla_rule" IN ('PICKING_CUTOFF', 'TOUR_MISSED')),
      "cutoff" char(5),
      "timezone" varchar(64) NOT NULL DEFAULT 'Europe/Paris',
      "locale" varchar(10) NOT NULL DEFAULT 'fr_FR',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "last_sent_at" timestamptz,
      "last_slot_at" timestamptz,
      "next_slot_at" timestamptz,
      CONSTRAINT "alerts_depositors_present" CHECK (cardinality("depositor_ids") > 0)
    )`);
    await qr.query(`CREATE INDEX "alerts_owner" ON "alerts" ("owner_id", "updated_at" DESC)`);
    await qr.query(`CREATE INDEX "alerts_depositors" ON "alerts" USING gin ("depositor_ids")`);
    await qr.query(`CREATE INDEX "alerts_next_slot" ON "alerts" ("next_slot_at") WHERE "enabled" AND "frequency" <> 'IMMEDIATE'`);
    // An alert is visible only when every depositor it names is in the caller's scope.
    await qr.query(`ALTER TABLE "alerts" ENABLE ROW LEVEL SECURITY`);
    await qr.query(`ALTER TABLE "alerts" FORCE ROW LEVEL SECURITY`);
    await qr.query(`CREATE POLICY "alerts_depositor_scope" ON "alerts" USING (
      (SELECT current_setting('portal.scope_all', true)) = 'on'
      OR "depositor_ids" <@ ((SELECT string_to_array(NULLIF(current_setting('portal.depositor_ids', true), ''), ',')::int[])::int[]))`);

    await qr.query(`CREATE TABLE "alert_orders" (
      "order_id" bigint PRIMARY KEY,
      "depositor_id" integer NOT NULL,
      "depositor_code" varchar(50) NOT NULL,
      "platform_id" integer,
      "activity_code" varchar(50),
      "store_code" varchar(50),
      "reference" varchar(64) COLLATE "C" NOT NULL,
      "order_reference" varchar(64),
      "customer_reference" varchar(64),
      "slip_number" varchar(64),
      "carrier_code" varchar(50),
      "tour_code" varchar(50),
      "customer_code" varchar(64) COLLATE "C",
      "recipient_name" varchar(255),
      "recipient_email" varchar(320),
      "article_codes" text[] NOT NULL DEFAULT '{}',
      "status" smallint NOT NULL,
      "tracer_status" varchar(30) NOT NULL,
      "created_at" timestamptz NOT NULL,
      "promised_shipping_at" timestamptz,
      "shipped_at" timestamptz,
      "updated_at" timestamptz NOT NULL
    )`);
    await qr.query(`CREATE INDEX "alert_orders_depositor_created" ON "alert_orders" ("depositor_id", "created_at" DESC)`);
    await qr.query(`CREATE INDEX "alert_orders_articles" ON "alert_orders" USING gin ("article_codes")`);
    await enableDepositorRls(qr, 'alert_orders');

    await qr.query(`CREATE TABLE "alert_order_events" (
      "event_id" uuid PRIMARY KEY,
      "order_id" bigint NOT NULL,
      "depositor_id" integer NOT NULL,
      "kind" varchar(6) NOT NULL CHECK ("kind" IN ('STATUS', 'EVENT')),
      "code" varchar(40) NOT NULL,
      "at" timestamptz NOT NULL
    )`);
    await qr.query(`CREATE INDEX "alert_order_events_depositor_at" ON "alert_order_events" ("depositor_id", "at")`);
    await qr.query(`CREATE INDEX "alert_order_events_order" ON "alert_order_events" ("order_id", "at")`);
    await enableDepositorRls(qr, 'alert_order_events');

    await qr.query(`CREATE TABLE "alert_triggers" (
      "alert_id" integer NOT NULL REFERENCES "alerts" ("id") ON DELETE CASCADE,
      "cause" varchar(100) NOT NULL,
      "kind" varchar(10) NOT NULL CHECK ("kind" IN ('EVENT', 'SLOT', 'SLA', 'TEST')),
      "at" timestamptz NOT NULL DEFAULT now(),
      "mails" integer NOT NULL DEFAULT 0,
      "orders" integer NOT NULL DEFAULT 0,
      PRIMARY KEY ("alert_id", "cause")
    )`);
    await qr.query(`CREATE INDEX "alert_triggers_at" ON "alert_triggers" ("at")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const t of ['alert_triggers', 'alert_order_events', 'alert_orders', 'alerts', 'mail_outbox', 'inbox', 'outbox'])
      await qr.query(`DROP TABLE IF EXISTS "${t}"`);
  }
}
