import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Report 1050 counts the alert mails sent as well as those given up (issue 17): each row says which,
 * and its time is the mail's (sent or given up). The rows already there were all failures.
 */
export class AlertMailOutcomes1767300000000 implements MigrationInterface {
  name = 'AlertMailOutcomes1767300000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "report_alert_mails" ADD COLUMN "outcome" varchar(6) NOT NULL DEFAULT 'failed',
      ADD CONSTRAINT "report_alert_mails_outcome_check" CHECK ("outcome" IN ('sent', 'failed'))`);
    await qr.query(`ALTER TABLE "report_alert_mails" ALTER COLUMN "outcome" DROP DEFAULT`);
    await qr.query(`ALTER TABLE "report_alert_mails" RENAME COLUMN "failed_at" TO "mailed_at"`);
    await qr.query(`ALTER INDEX "report_alert_mails_depositor_failed" RENAME TO "report_alert_mails_depositor_mailed"`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DELETE FROM "report_alert_mails" WHERE "outcome" = 'sent'`);
    await qr.query(`ALTER INDEX "report_alert_mails_depositor_mailed" RENAME TO "report_alert_mails_depositor_failed"`);
    await qr.query(`ALTER TABLE "report_alert_mails" RENAME COLUMN "mailed_at" TO "failed_at"`);
    await qr.query(`ALTER TABLE "report_alert_mails" DROP COLUMN "outcome"`);
  }
}
