import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19: an export's mail is written in the transaction that ends its job (libs/mail `writeMails`)
 * and sent after the commit by the mail relay, which needs the retry columns on auth's outbox. Mails
 * sent at once by `Mailer.send` keep `next_attempt_at` empty: the relay never takes them. Ended jobs
 * are deleted after their retention, found by `finished_at`.
 */
export class ExportMailsAndRetention1767900000002 implements MigrationInterface {
  name = 'ExportMailsAndRetention1767900000002';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "mail_outbox"
      ADD COLUMN "attempts" integer NOT NULL DEFAULT 0,
      ADD COLUMN "next_attempt_at" timestamptz,
      ADD COLUMN "given_up_at" timestamptz,
      ADD COLUMN "attachments" jsonb NOT NULL DEFAULT '[]'`);
    await qr.query(`CREATE INDEX "mail_outbox_due" ON "mail_outbox" ("next_attempt_at") WHERE "sent_at" IS NULL AND "given_up_at" IS NULL`);
    await qr.query(`CREATE INDEX "export_jobs_ended" ON "export_jobs" ("finished_at") WHERE "state" IN ('done', 'failed')`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "export_jobs_ended"`);
    await qr.query(`DROP INDEX "mail_outbox_due"`);
    await qr.query(
      `ALTER TABLE "mail_outbox" DROP COLUMN "attempts", DROP COLUMN "next_attempt_at", DROP COLUMN "given_up_at", DROP COLUMN "attachments"`,
    );
  }
}
