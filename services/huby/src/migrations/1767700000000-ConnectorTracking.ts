import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracking pulled from carriers' APIs (issue 34 item 6): when a shipment's carrier was last read,
 * and the time of the last event handed to the tracking service (only newer ones are sent again).
 * The index serves the job's "due" query over the shipments still on their way.
 */
export class ConnectorTracking1767700000000 implements MigrationInterface {
  name = 'ConnectorTracking1767700000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "shipments" ADD "carrier_polled_at" timestamptz, ADD "carrier_last_event_at" timestamptz`);
    await qr.query(
      `CREATE INDEX "shipments_carrier_polled" ON "shipments" ("carrier_polled_at" NULLS FIRST, "labels_at") WHERE "voucher" IS NOT NULL AND "status" IN (25, 28, 90, 95, 97)`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "shipments_carrier_polled"`);
    await qr.query(`ALTER TABLE "shipments" DROP COLUMN "carrier_polled_at", DROP COLUMN "carrier_last_event_at"`);
  }
}
