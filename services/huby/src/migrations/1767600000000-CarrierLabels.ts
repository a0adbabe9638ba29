import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Labels as a real carrier gives them (issue 34 item 3): one row per package, the bytes as returned
 * in the carrier's format (PDF, ZPL, GIF, PNG), under the shipment's depositor's row-level security.
 * `carrier_uncertain_at`: a label request got no definite answer (timeout, 5xx, malformed), so the
 * next one looks for the voucher it may have made before asking a new one.
 */
export class CarrierLabels1767600000000 implements MigrationInterface {
  name = 'CarrierLabels1767600000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "shipment_labels" (
      "shipment_uuid" uuid NOT NULL REFERENCES "shipments" ("uuid") ON DELETE CASCADE,
      "n" smallint NOT NULL,
      "depositor_id" integer NOT NULL,
      "format" character varying(4) NOT NULL CHECK ("format" IN ('PDF', 'ZPL', 'GIF', 'PNG')),
      "content" bytea NOT NULL,
      CONSTRAINT "shipment_labels_pk" PRIMARY KEY ("shipment_uuid", "n")
    )`);
    await enableDepositorRls(qr, 'shipment_labels');
    await qr.query(`ALTER TABLE "shipments" ADD "carrier_uncertain_at" timestamptz`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "shipments" DROP COLUMN "carrier_uncertain_at"`);
    await qr.query(`DROP TABLE "shipment_labels"`);
  }
}
