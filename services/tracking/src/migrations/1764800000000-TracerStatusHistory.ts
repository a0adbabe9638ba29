import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10 item 8: a manual Tracer Route status change is a status change of the order's timeline
 * (with its public or private comment), not a free note: the history row says which Tracer Route
 * status the order moved to (null for a tracking status change).
 */
export class TracerStatusHistory1764800000000 implements MigrationInterface {
  name = 'TracerStatusHistory1764800000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "status_history" ADD COLUMN IF NOT EXISTS "tracer_status" varchar(30)`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "status_history" DROP COLUMN IF EXISTS "tracer_status"`);
  }
}
