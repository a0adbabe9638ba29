import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableDepositorRls } from '@portal/db';

/**
 * The portal's use per depositor, user and day (issue 36 item 6, the back office's statistics): what
 * the gateways meter (sign-ins, searches, exports; a row at all is an active day). A user of several
 * depositors has a row for each: a sum over depositors counts each user and day once.
 */
export class PortalUsage1769200000000 implements MigrationInterface {
  name = 'PortalUsage1769200000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "report_usage" (
      "day" date NOT NULL,
      "depositor_id" int NOT NULL,
      "user_id" int NOT NULL,
      "sign_ins" int NOT NULL DEFAULT 0,
      "searches" int NOT NULL DEFAULT 0,
      "exports" int NOT NULL DEFAULT 0,
      PRIMARY KEY ("depositor_id", "day", "user_id")
    )`);
    await qr.query(`CREATE INDEX "report_usage_day" ON "report_usage" ("day")`);
    await enableDepositorRls(qr, 'report_usage');
    // The flushes already counted: a gateway that sends a flush again (its answer lost) counts nothing twice.
    await qr.query(`CREATE TABLE "report_usage_flushes" ("id" uuid PRIMARY KEY, "at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "report_usage_flushes"`);
    await qr.query(`DROP TABLE "report_usage"`);
  }
}
