import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Labels: each package's SSCC (given on the first print and kept, so that a reprint carries the same
 * code), when the labels were printed, and the auto-print claim (a tick takes its shipments for a
 * minute so that two open portals never print the same labels twice). The partial index is the
 * auto-print worklist: shipments whose labels came and are not printed yet.
 */
export class Labels1765400000000 implements MigrationInterface {
  name = 'Labels1765400000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(
      `ALTER TABLE "shipments" ADD "sscc" text[] NOT NULL DEFAULT '{}', ADD "printed_at" timestamptz, ADD "print_claimed_until" timestamptz`,
    );
    await qr.query(`CREATE SEQUENCE "sscc_serial_seq"`);
    await qr.query(`CREATE INDEX "shipments_to_print" ON "shipments" ("depositor_id", "labels_at") WHERE "status" = 25`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "shipments_to_print"`);
    await qr.query(`DROP SEQUENCE "sscc_serial_seq"`);
    await qr.query(`ALTER TABLE "shipments" DROP "sscc", DROP "printed_at", DROP "print_claimed_until"`);
  }
}
