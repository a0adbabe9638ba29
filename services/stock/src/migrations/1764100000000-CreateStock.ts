import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock lines, movements and item sheets fed by the warehouse system. Codes and references use the
 * "C" collation so one btree index serves both prefix searches (LIKE 'X%') and sorting.
 */
export class CreateStock1764100000000 implements MigrationInterface {
  name = 'CreateStock1764100000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);

    // Projection of the admin service's depositor codes, written at ingestion (rows carry the code too).
    await qr.query(`CREATE TABLE "depositors" (
      "id" integer NOT NULL,
      "code" character varying(50) NOT NULL,
      CONSTRAINT "depositors_pk" PRIMARY KEY ("id")
    )`);
    await enableDepositorRls(qr, 'depositors', 'id');

    await qr.query(`CREATE TABLE "items" (
      "id" SERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "reference" character varying(64) COLLATE "C" NOT NULL,
      "label" character varying(255) NOT NULL,
      "barcode" character varying(64) COLLATE "C",
      "family1" character varying(64) COLLATE "C",
      "family2" character varying(64) COLLATE "C",
      "new_product" boolean NOT NULL DEFAULT false,
      "quality_lock" boolean NOT NULL DEFAULT false,
      "lot_required_on_entry" boolean NOT NULL DEFAULT false,
      "lot_control_on_exit" boolean NOT NULL DEFAULT false,
      "best_before_required" boolean NOT NULL DEFAULT false,
      "best_before_months" integer,
      "serial_required_on_exit" boolean NOT NULL DEFAULT false,
      "un_code" character varying(8),
      "hazardous_name" character varying(255),
      "hazard_class" character varying(16),
      "net_mass_kg" numeric(12,3),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "items_pk" PRIMARY KEY ("id"),
      CONSTRAINT "items_depositor_reference" UNIQUE ("depositor_id", "reference")
    )`);
    await qr.query(`CREATE INDEX "items_reference" ON "items" ("reference")`);
    await qr.query(`CREATE INDEX "items_depositor_barcode" ON "items" ("depositor_id", "barcode")`);
    await qr.query(`CREATE INDEX "items_depositor_family1" ON "items" ("depositor_id", "family1")`);
    await qr.query(`CREATE INDEX "items_depositor_family2" ON "items" ("depositor_id", "family2")`);
    await enableDepositorRls(qr, 'items');

    await qr.query(`CREATE TABLE "item_variants" (
      "item_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "kind" character varying(8) NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "label" character varying(255),
      "barcode" character varying(64) COLLATE "C",
      "quantity" integer,
      "length_cm" numeric(10,2),
      "width_cm" numeric(10,2),
      "height_cm" numeric(10,2),
      "weight_kg" numeric(12,3),
      CONSTRAINT "item_variants_pk" PRIMARY KEY ("item_id", "kind"),
      CONSTRAINT "item_variants_item_fk" FOREIGN KEY ("item_id") REFERENCES "items" ("id") ON DELETE CASCADE,
      CONSTRAINT "item_variants_kind_check" CHECK ("kind" IN ('unit', 'box', 'carton', 'pallet'))
    )`);
    await qr.query(`CREATE INDEX "item_variants_depositor_barcode" ON "item_variants" ("depositor_id", "barcode")`);
    await enableDepositorRls(qr, 'item_variants');

    await qr.query(`CREATE TABLE "stock_lines" (
      "id" BIGSERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "platform_id" integer NOT NULL,
      "item_id" integer,
      "reference" character varying(64) COLLATE "C" NOT NULL,
      "label" character varying(255),
      "barcode" character varying(64) COLLATE "C",
      "quality_lock" boolean NOT NULL DEFAULT false,
      "family" character varying(64) COLLATE "C",
      "box_quantity" integer,
      "pallet_quantity" integer,
      "packaging_quantity" integer,
      "storage_unit" character varying(20),
      "lot" character varying(64) COLLATE "C",
      "best_before" date,
      "customer_unit" character varying(20),
      "entry_date" date,
      "unit_price" numeric(14,4),
      "stock_value" numeric(16,2),
      "quantity_in_stock" integer NOT NULL,
      "quantity_reserved" integer NOT NULL DEFAULT 0,
      "quantity_blocked" integer NOT NULL DEFAULT 0,
      "quantity_available" integer NOT NULL DEFAULT 0,
      "quantity_cross_dock" integer NOT NULL DEFAULT 0,
      "blocking_code" character(2) NOT NULL DEFAULT 'NO',
      CONSTRAINT "stock_lines_pk" PRIMARY KEY ("id"),
      CONSTRAINT "stock_lines_blocking_code_check" CHECK ("blocking_code" IN ('AC', 'BL', 'BQ', 'CQ', 'DC', 'NC', 'NO', 'WE'))
    )`);
    await qr.query(`CREATE INDEX "stock_lines_depositor_platform_reference" ON "stock_lines" ("depositor_id", "platform_id", "reference")`);
    await qr.query(`CREATE INDEX "stock_lines_depositor_reference" ON "stock_lines" ("depositor_id", "reference")`);
    await qr.query(`CREATE INDEX "stock_lines_reference" ON "stock_lines" ("reference")`);
    await qr.query(`CREATE INDEX "stock_lines_depositor_lot" ON "stock_lines" ("depositor_id", "lot")`);
    await qr.query(`CREATE INDEX "stock_lines_depositor_barcode" ON "stock_lines" ("depositor_id", "barcode")`);
    await qr.query(`CREATE INDEX "stock_lines_depositor_best_before" ON "stock_lines" ("depositor_id", "best_before")`);
    await qr.query(`CREATE INDEX "stock_lines_item" ON "stock_lines" ("item_id")`);
    await enableDepositorRls(qr, 'stock_lines');

    // The last snapshot applied per depositor and platform: serialises concurrent snapshots, refuses stale ones.
    await qr.query(`CREATE TABLE "stock_snapshots" (
      "depositor_id" integer NOT NULL,
      "platform_id" integer NOT NULL,
      "taken_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "line_count" integer NOT NULL,
      CONSTRAINT "stock_snapshots_pk" PRIMARY KEY ("depositor_id", "platform_id")
    )`);
    await enableDepositorRls(qr, 'stock_snapshots');

    await qr.query(`CREATE TABLE "movements" (
      "id" BIGSERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "wms_id" character varying(64) COLLATE "C" NOT NULL,
      "platform_id" integer NOT NULL,
      "reference" character varying(64) COLLATE "C" NOT NULL,
      "moved_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "type" character varying(20) NOT NULL,
      "quantity" integer NOT NULL,
      "lot" character varying(64) COLLATE "C",
      "best_before" date,
      "blocking_code" character(2),
      "movement_reference" character varying(64),
      "store_code" character varying(50),
      "pallet" character varying(64),
      CONSTRAINT "movements_pk" PRIMARY KEY ("id"),
      CONSTRAINT "movements_type_check" CHECK ("type" IN ('entry', 'exit', 'inventory', 'modification', 'lock', 'unlock', 'control_sampling'))
    )`);
    await qr.query(`CREATE UNIQUE INDEX "movements_depositor_wms_id" ON "movements" ("depositor_id", "wms_id")`);
    await qr.query(`CREATE INDEX "movements_depositor_reference_moved_at" ON "movements" ("depositor_id", "reference", "moved_at")`);
    await qr.query(`CREATE INDEX "movements_depositor_moved_at" ON "movements" ("depositor_id", "moved_at")`);
    await qr.query(`CREATE INDEX "movements_moved_at" ON "movements" ("moved_at")`);
    await enableDepositorRls(qr, 'movements');
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ['movements', 'stock_snapshots', 'stock_lines', 'item_variants', 'items', 'depositors']) {
      await qr.query(`DROP TABLE IF EXISTS "${table}"`);
    }
  }
}
