import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Huby (Dashtower): the depositors' settings, packaging types, shipper and recipient address books,
 * shipments with their packing lines and status history. Every table is depositor-scoped by
 * row-level security. A shipment keeps a copy of its parties as they were when it was saved.
 */
export class CreateHuby1764800000000 implements MigrationInterface {
  name = 'CreateHuby1764800000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);

    // Projection of the admin service's depositors, plus the Huby settings of each.
    await qr.query(`CREATE TABLE "depositors" (
      "id" integer NOT NULL,
      "code" character varying(50) NOT NULL,
      "action_delay_on_address" integer,
      "required_fields" text[] NOT NULL DEFAULT '{}',
      CONSTRAINT "depositors_pk" PRIMARY KEY ("id")
    )`);
    await enableDepositorRls(qr, 'depositors', 'id');

    await qr.query(`CREATE TABLE "packaging_types" (
      "depositor_id" integer NOT NULL,
      "code" character varying(20) COLLATE "C" NOT NULL,
      "label" character varying(100) NOT NULL,
      "length_cm" numeric(10,2),
      "width_cm" numeric(10,2),
      "height_cm" numeric(10,2),
      "tare_kg" numeric(10,3),
      CONSTRAINT "packaging_types_pk" PRIMARY KEY ("depositor_id", "code")
    )`);
    await enableDepositorRls(qr, 'packaging_types');

    await qr.query(`CREATE TABLE "addresses" (
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "book" character varying(10) NOT NULL CHECK ("book" IN ('shipper', 'recipient')),
      "code" character varying(50) COLLATE "C",
      "company_name" character varying(100),
      "contact_name" character varying(100),
      "civility" character(1) CHECK ("civility" IN ('E', 'M')),
      "address_type" character varying(4) NOT NULL DEFAULT 'BOTH' CHECK ("address_type" IN ('B2B', 'B2C', 'BOTH')),
      "address1" character varying(100) NOT NULL,
      "address2" character varying(100),
      "zip" character varying(16) COLLATE "C" NOT NULL,
      "town" character varying(64) NOT NULL,
      "state_code" character varying(8),
      "country" character(2) NOT NULL,
      "email" character varying(255),
      "phone" character varying(32),
      "mobile" character varying(32),
      "customer_code" character varying(50) COLLATE "C",
      "address_code" character varying(50) COLLATE "C",
      "akanea_id" character varying(50),
      "opening_hours" jsonb,
      "is_favorite" boolean NOT NULL DEFAULT false,
      "action" character varying(24) CHECK ("action" IN ('deleteAfterShipping', 'deleteAfterDelivery')),
      "active" boolean NOT NULL DEFAULT true,
      "search_name" character varying(100) COLLATE "C" GENERATED ALWAYS AS (upper(coalesce("company_name", "contact_name"))) STORED,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "delivered_at" TIMESTAMP WITH TIME ZONE,
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "addresses_pk" PRIMARY KEY ("uuid")
    )`);
    await qr.query(`CREATE UNIQUE INDEX "addresses_customer_code" ON "addresses" ("depositor_id", "book", "customer_code")
      WHERE "customer_code" IS NOT NULL AND "deleted_at" IS NULL`);
    await qr.query(`CREATE INDEX "addresses_name" ON "addresses" ("depositor_id", "book", "search_name") WHERE "deleted_at" IS NULL`);
    await qr.query(`CREATE INDEX "addresses_zip" ON "addresses" ("depositor_id", "book", "zip") WHERE "deleted_at" IS NULL`);
    await qr.query(`CREATE INDEX "addresses_code" ON "addresses" ("depositor_id", "book", "code") WHERE "deleted_at" IS NULL`);
    await enableDepositorRls(qr, 'addresses');

    await qr.query(`CREATE TABLE "shipments" (
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "status" smallint NOT NULL DEFAULT 0,
      "reference" character varying(35) COLLATE "C" NOT NULL,
      "order_number" character varying(35) COLLATE "C",
      "delivery_note_number" character varying(35) COLLATE "C",
      "customer_order_number" character varying(35),
      "customer_reference" character varying(35),
      "shipper_uuid" uuid NOT NULL,
      "recipient_uuid" uuid NOT NULL,
      "billing_uuid" uuid,
      "shipper" jsonb NOT NULL,
      "recipient" jsonb NOT NULL,
      "billing" jsonb,
      "billing_same_as_recipient" boolean NOT NULL DEFAULT true,
      "recipient_name" character varying(100) COLLATE "C" NOT NULL,
      "carrier_code" character varying(20),
      "tour_code" character varying(20),
      "date_shipment_desired" date,
      "date_delivery_desired" date,
      "date_loading" date,
      "preparation_comment" character varying(500),
      "carrier_comment" character varying(500),
      "appointment" boolean NOT NULL DEFAULT false,
      "pallet_stripping" boolean NOT NULL DEFAULT false,
      "hatchback" boolean NOT NULL DEFAULT false,
      "delivery_on_floor" boolean NOT NULL DEFAULT false,
      "incoterm" character varying(3),
      "incoterm_location" character varying(64),
      "declared_amount" numeric(14,2),
      "content_description" character varying(255),
      "insurance_value" numeric(14,2),
      "cash_on_delivery" numeric(14,2),
      "packings" jsonb NOT NULL DEFAULT '[]',
      "package_count" integer NOT NULL DEFAULT 0,
      "total_weight_kg" numeric(14,3) NOT NULL DEFAULT 0,
      "created_by" character varying(100),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "shipments_pk" PRIMARY KEY ("uuid"),
      CONSTRAINT "shipments_status_check" CHECK ("status" IN (-1, 0, 5, 10, 20, 25, 28, 90, 95, 96, 97, 98, 100))
    )`);
    await qr.query(`CREATE UNIQUE INDEX "shipments_depositor_reference" ON "shipments" ("depositor_id", "reference")`);
    await qr.query(
      `CREATE INDEX "shipments_depositor_status_created" ON "shipments" ("depositor_id", "status", "created_at" DESC, "uuid" DESC)`,
    );
    await qr.query(`CREATE INDEX "shipments_order_number" ON "shipments" ("order_number")`);
    await qr.query(`CREATE INDEX "shipments_recipient_name" ON "shipments" ("depositor_id", "recipient_name")`);
    await enableDepositorRls(qr, 'shipments');

    await qr.query(`CREATE TABLE "shipment_history" (
      "id" BIGSERIAL NOT NULL,
      "shipment_uuid" uuid NOT NULL REFERENCES "shipments" ("uuid") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "status" smallint NOT NULL,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "by" character varying(100),
      "note" character varying(255),
      CONSTRAINT "shipment_history_pk" PRIMARY KEY ("id")
    )`);
    await qr.query(`CREATE INDEX "shipment_history_shipment" ON "shipment_history" ("shipment_uuid", "at")`);
    await enableDepositorRls(qr, 'shipment_history');
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const t of ['shipment_history', 'shipments', 'addresses', 'packaging_types', 'depositors']) await qr.query(`DROP TABLE "${t}"`);
  }
}
