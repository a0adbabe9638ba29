import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transport plan gets its back office (issue 34 item 1): a carrier, like a tour, is deactivated
 * rather than deleted (shipments and their history name it); the lists filter tours by carrier.
 */
export class TransportPlanAdmin1767400000000 implements MigrationInterface {
  name = 'TransportPlanAdmin1767400000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "carriers" ADD "active" boolean NOT NULL DEFAULT true`);
    await qr.query(`CREATE INDEX "tours_carrier" ON "tours" ("carrier_id")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "tours_carrier"`);
    await qr.query(`ALTER TABLE "carriers" DROP COLUMN "active"`);
  }
}
