import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Settings > filter narrows to platforms too (spec §2 "activities and platforms selection"). */
export class FilterPlatforms1764500000000 implements MigrationInterface {
  name = 'FilterPlatforms1764500000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "users" ADD COLUMN "filter_platform_ids" integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "users" DROP COLUMN "filter_platform_ids"`);
  }
}
