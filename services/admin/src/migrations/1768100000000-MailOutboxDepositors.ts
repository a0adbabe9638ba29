import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The depositors a back-office mail belongs to (its sender's own depositors; none for the provider's
 * staff), so that the outbox shows a depositor's administrator only their depositors' mails. The mails
 * already kept name no sender (this database holds no users): they stay without depositor, read only
 * by the administrators who reach every depositor.
 */
export class MailOutboxDepositors1768100000000 implements MigrationInterface {
  name = 'MailOutboxDepositors1768100000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "mail_outbox" ADD COLUMN "depositor_ids" integer[] NOT NULL DEFAULT '{}'`);
    await qr.query(`CREATE INDEX "mail_outbox_depositor_ids" ON "mail_outbox" USING gin ("depositor_ids")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "mail_outbox_depositor_ids"`);
    await qr.query(`ALTER TABLE "mail_outbox" DROP COLUMN "depositor_ids"`);
  }
}
