import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The carriers of the tracking service (carrier settings): code, name and the template of their
 * public tracking page. Reference data of the provider, not of a depositor: no row-level security.
 */
export class CreateCarriers1764900000000 implements MigrationInterface {
  name = 'CreateCarriers1764900000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE IF NOT EXISTS "carriers" (
      "code" varchar(50) PRIMARY KEY,
      "name" varchar(255) NOT NULL,
      "tracking_url_template" varchar(500),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "updated_by" integer
    )`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE IF EXISTS "carriers"`);
  }
}
