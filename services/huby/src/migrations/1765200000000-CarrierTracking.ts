import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Following a shipment at its carrier: when its labels came (the carrier's clock starts there) and how
 * many of the carrier's tracking events went to the tracking service's webhook. The partial index is
 * the carrier job's worklist: shipments with a voucher that the carrier has not finished with.
 */
export class CarrierTracking1765200000000 implements MigrationInterface {
  name = 'CarrierTracking1765200000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "shipments" ADD "labels_at" timestamptz, ADD "carrier_events_sent" smallint NOT NULL DEFAULT 0`);
    await qr.query(
      `CREATE INDEX "shipments_carrier_followed" ON "shipments" ("labels_at") WHERE "voucher" IS NOT NULL AND "status" IN (25, 28, 90, 95, 97)`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "shipments_carrier_followed"`);
    await qr.query(`ALTER TABLE "shipments" DROP "labels_at", DROP "carrier_events_sent"`);
  }
}
