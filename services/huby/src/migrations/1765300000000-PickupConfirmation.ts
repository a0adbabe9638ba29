import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The carrier's confirmation number of a pickup booked through its adapter (said in the mail and the list). */
export class PickupConfirmation1765300000000 implements MigrationInterface {
  name = 'PickupConfirmation1765300000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "pickup_requests" ADD "carrier_reference" character varying(50)`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "pickup_requests" DROP "carrier_reference"`);
  }
}
