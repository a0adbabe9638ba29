import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tracking database: orders (deliveries) with their lines, serials, parcels, documents, status
 * history and Tracer Route events; carrier webhook secrets; shared search profiles. Indexes are
 * those of the tracker search (tests/bench/tracking-search.mjs): reference prefixes with
 * text_pattern_ops, then the order date, so `ORDER BY created_at DESC LIMIT n` stops early.
 */
export class CreateTracking1763800000000 implements MigrationInterface {
  name = 'CreateTracking1763800000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await qr.query(`CREATE TABLE "orders" (
      "id" bigserial PRIMARY KEY,
      "depositor_id" integer NOT NULL,
      "depositor_code" varchar(50) NOT NULL,
      "platform_id" integer,
      "activity_code" varchar(50),
      "reference" varchar(64) NOT NULL,
      "customer_reference" varchar(64),
      "order_reference" varchar(64),
      "slip_number" varchar(64),
      "tour_code" varchar(50),
      "carrier_code" varchar(50),
      "carrier_name" varchar(255),
      "weight_kg" numeric(12,3),
      "provisional_weight_kg" numeric(12,3),
      "parcel_count" integer NOT NULL DEFAULT 0,
      "sender" jsonb,
      "recipient_company" varchar(255),
      "recipient_name" varchar(255),
      "recipient_address1" varchar(255),
      "recipient_address2" varchar(255),
      "zip" varchar(20),
      "town" varchar(100),
      "country" char(2),
      "recipient_phone" varchar(50),
      "recipient_email" varchar(320),
      "customer_code" varchar(64),
      "insurance_amount" numeric(12,2),
      "customs_status" varchar(20),
      "packaging" jsonb NOT NULL DEFAULT '[]',
      "tracking_numbers" text[] NOT NULL DEFAULT '{}',
      "status" smallint NOT NULL,
      "tracer_status" varchar(30) NOT NULL DEFAULT 'WAITING',
      "created_at" timestamptz NOT NULL,
      "received_at" timestamptz,
      "sampled_at" timestamptz,
      "packed_at" timestamptz,
      "shipping_validated_at" timestamptz,
      "shipped_at" timestamptz,
      "promised_shipping_at" timestamptz,
      "promised_delivery_at" timestamptz,
      "delivered_at" timestamptz,
      "preparation_ended_at" timestamptz,
      "canceled_at" timestamptz,
      "not_definitively_delivered_at" timestamptz,
      "payload_hash" char(40),
      "hidden_at" timestamptz,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "orders_depositor_reference" UNIQUE ("depositor_id", "reference")
    )`);
    // Keyset order of every list: newest first, id as tie-breaker.
    await qr.query(`CREATE INDEX "orders_created" ON "orders" ("created_at" DESC, "id" DESC)`);
    await qr.query(`CREATE INDEX "orders_depositor_created" ON "orders" ("depositor_id", "created_at" DESC, "id" DESC)`);
    for (const column of ['reference', 'customer_reference', 'order_reference', 'slip_number']) {
      await qr.query(`CREATE INDEX "orders_${column}_prefix" ON "orders" ("${column}" text_pattern_ops)`);
    }
    await qr.query(`CREATE INDEX "orders_zip" ON "orders" ("zip" text_pattern_ops, "created_at" DESC, "id" DESC)`);
    await qr.query(`CREATE INDEX "orders_town" ON "orders" ("town" text_pattern_ops, "created_at" DESC, "id" DESC)`);
    await qr.query(`CREATE INDEX "orders_customer" ON "orders" ("customer_code" text_pattern_ops)`);
    await qr.query(
      `CREATE INDEX "orders_tracer_open" ON "orders" ("promised_delivery_at") WHERE "tracer_status" IN ('WAITING', 'SHIPPED', 'SHIPPED_NO_CARRIER_INFO', 'CARRIER_IN_PROGRESS')`,
    );
    await qr.query(`CREATE INDEX "orders_tracer_status" ON "orders" ("tracer_status", "created_at" DESC, "id" DESC)`);

    await qr.query(`CREATE TABLE "order_lines" (
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "line_no" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "article_reference" varchar(64) NOT NULL,
      "label" varchar(255),
      "quantity_ordered" numeric(14,3) NOT NULL,
      "quantity_sent" numeric(14,3) NOT NULL DEFAULT 0,
      "lot" varchar(64),
      "best_before" date,
      PRIMARY KEY ("order_id", "line_no")
    )`);
    await qr.query(`CREATE INDEX "order_lines_lot" ON "order_lines" ("lot" text_pattern_ops) WHERE "lot" IS NOT NULL`);
    await qr.query(`CREATE INDEX "order_lines_article" ON "order_lines" ("article_reference" text_pattern_ops)`);

    await qr.query(`CREATE TABLE "order_serials" (
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "line_no" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "serial" varchar(64) NOT NULL,
      PRIMARY KEY ("order_id", "line_no", "serial")
    )`);
    await qr.query(`CREATE INDEX "order_serials_serial" ON "order_serials" ("serial" text_pattern_ops)`);

    await qr.query(`CREATE TABLE "parcels" (
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "number" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "tracking_number" varchar(64),
      "status" smallint NOT NULL,
      "weight_kg" numeric(12,3),
      "packaging" varchar(50),
      PRIMARY KEY ("order_id", "number")
    )`);
    await qr.query(`CREATE INDEX "parcels_tracking_number" ON "parcels" ("tracking_number" text_pattern_ops)`);

    await qr.query(`CREATE TABLE "status_history" (
      "id" bigserial PRIMARY KEY,
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "status" smallint NOT NULL,
      "at" timestamptz NOT NULL,
      "source" varchar(10) NOT NULL,
      "comment" text,
      "comment_private" boolean NOT NULL DEFAULT false,
      "created_by" integer,
      CONSTRAINT "status_history_once" UNIQUE ("order_id", "status", "at")
    )`);

    await qr.query(`CREATE TABLE "tracer_events" (
      "id" bigserial PRIMARY KEY,
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "type" varchar(40),
      "carrier_status" varchar(30),
      "carrier_name" varchar(255),
      "appointment_at" timestamptz,
      "event_at" timestamptz NOT NULL,
      "public_note" text,
      "private_note" text,
      "source" varchar(10) NOT NULL,
      "external_id" varchar(100),
      "created_by" integer,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await qr.query(`CREATE INDEX "tracer_events_order" ON "tracer_events" ("order_id", "event_at")`);
    await qr.query(
      `CREATE UNIQUE INDEX "tracer_events_external" ON "tracer_events" ("order_id", "external_id") WHERE "external_id" IS NOT NULL`,
    );

    await qr.query(`CREATE TABLE "documents" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "order_id" bigint NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "type" varchar(30) NOT NULL,
      "name" varchar(255) NOT NULL,
      "content_type" varchar(50),
      "size" integer,
      "storage_key" varchar(255),
      "source" varchar(10) NOT NULL,
      "created_by" integer,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await qr.query(`CREATE INDEX "documents_order" ON "documents" ("order_id")`);
    // The feed names its documents: the same name again is the same document (idempotent replay).
    await qr.query(`CREATE UNIQUE INDEX "documents_feed_once" ON "documents" ("order_id", "type", "name") WHERE "source" = 'feed'`);

    for (const table of ['orders', 'order_lines', 'order_serials', 'parcels', 'status_history', 'tracer_events', 'documents']) {
      await enableDepositorRls(qr, table);
    }

    await qr.query(`CREATE TABLE "carrier_secrets" (
      "carrier_code" varchar(50) PRIMARY KEY,
      "secret" varchar(255) NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);

    // A profile is visible to its owner, and when shared to users who see all its depositors.
    await qr.query(`CREATE TABLE "search_profiles" (
      "id" serial PRIMARY KEY,
      "owner_user_id" integer NOT NULL,
      "depositor_ids" integer[] NOT NULL,
      "name" varchar(100) NOT NULL,
      "filter" jsonb NOT NULL,
      "shared" boolean NOT NULL DEFAULT false,
      "is_default" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await qr.query(`CREATE INDEX "search_profiles_owner" ON "search_profiles" ("owner_user_id")`);
    await qr.query(`CREATE INDEX "search_profiles_depositors" ON "search_profiles" USING gin ("depositor_ids") WHERE "shared"`);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of [
      'search_profiles',
      'carrier_secrets',
      'documents',
      'tracer_events',
      'status_history',
      'parcels',
      'order_serials',
      'order_lines',
      'orders',
      'inbox',
      'outbox',
    ]) {
      await qr.query(`DROP TABLE IF EXISTS "${table}"`);
    }
  }
}
