import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The carrier's answer to a label request: its transport voucher and a tracking number per package. */
export class CarrierVouchers1765100000000 implements MigrationInterface {
  name = 'CarrierVouchers1765100000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "shipments" ADD "voucher" character varying(50), ADD "tracking_numbers" text[] NOT NULL DEFAULT '{}'`);
    await qr.query(`CREATE UNIQUE INDEX "shipments_voucher" ON "shipments" ("voucher") WHERE "voucher" IS NOT NULL`);
    await qr.query(`CREATE SEQUENCE "carrier_voucher_seq"`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP SEQUENCE "carrier_voucher_seq"`);
    await qr.query(`ALTER TABLE "shipments" DROP "voucher", DROP "tracking_numbers"`);
  }
}
