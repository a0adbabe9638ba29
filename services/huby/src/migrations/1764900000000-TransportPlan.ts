import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transport plan (spec §3 Tour, Carrier): carriers with their settings, and each depositor's
 * tours with flags and limits; dangerous goods and limited quantities kept with the shipment.
 * Carriers are the provider's (not depositor-scoped); tours are.
 */
export class TransportPlan1764900000000 implements MigrationInterface {
  name = 'TransportPlan1764900000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "carriers" (
      "id" SERIAL NOT NULL,
      "ref" character varying(20) COLLATE "C" NOT NULL,
      "name" character varying(100) NOT NULL,
      "kind" character varying(8) NOT NULL CHECK ("kind" IN ('parcel', 'pallet', 'charter')),
      "shipping_window_days" integer,
      "insurance_threshold" numeric(14,2),
      "pickup_email" character varying(255),
      "settings" jsonb NOT NULL DEFAULT '{}',
      CONSTRAINT "carriers_pk" PRIMARY KEY ("id"),
      CONSTRAINT "carriers_ref" UNIQUE ("ref")
    )`);
    await qr.query(`CREATE TABLE "tours" (
      "id" SERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "code" character varying(20) COLLATE "C" NOT NULL,
      "carrier_id" integer NOT NULL REFERENCES "carriers" ("id"),
      "account_number" character varying(50),
      "transport_code" character varying(50),
      "tour_type" character varying(8) NOT NULL CHECK ("tour_type" IN ('parcel', 'pallet', 'charter')),
      "transport_mode" character varying(8) NOT NULL DEFAULT 'road' CHECK ("transport_mode" IN ('road', 'maritime', 'air')),
      "flags" jsonb NOT NULL DEFAULT '{}',
      "weight_min_kg" numeric(12,3),
      "weight_max_kg" numeric(12,3),
      "volume_min_m3" numeric(12,4),
      "volume_max_m3" numeric(12,4),
      "max_packages" integer,
      "delivery_delay_days" integer,
      "codes" jsonb NOT NULL DEFAULT '{}',
      "active" boolean NOT NULL DEFAULT true,
      CONSTRAINT "tours_pk" PRIMARY KEY ("id"),
      CONSTRAINT "tours_depositor_code" UNIQUE ("depositor_id", "code")
    )`);
    await enableDepositorRls(qr, 'tours');
    await qr.query(`ALTER TABLE "shipments" ADD "dangerous_goods" jsonb NOT NULL DEFAULT '[]', ADD "limited_quantities" jsonb`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "shipments" DROP "dangerous_goods", DROP "limited_quantities"`);
    await qr.query(`DROP TABLE "tours"`);
    await qr.query(`DROP TABLE "carriers"`);
  }
}
