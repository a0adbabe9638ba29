import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import tables serve every kind of import Huby owns (orders, and the back office's address
 * books): a simulation names its kind, and a line's key is an order reference or an address's
 * book and code.
 */
export class ImportKinds1767300000000 implements MigrationInterface {
  name = 'ImportKinds1767300000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "import_simulations" ADD "kind" character varying(20) NOT NULL DEFAULT 'orders'`);
    await qr.query(`ALTER TABLE "import_lines" ALTER COLUMN "reference" TYPE character varying(120)`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DELETE FROM "import_simulations" WHERE "kind" <> 'orders'`);
    await qr.query(`ALTER TABLE "import_lines" ALTER COLUMN "reference" TYPE character varying(35)`);
    await qr.query(`ALTER TABLE "import_simulations" DROP COLUMN "kind"`);
  }
}
