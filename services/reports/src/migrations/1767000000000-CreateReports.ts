import { createOutboxAndInbox } from '@portal/bus';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The reports service's database: its inbox (events of the owning services) and outbox; the projection tables come with the catalogue. */
export class CreateReports1767000000000 implements MigrationInterface {
  name = 'CreateReports1767000000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "inbox"`);
    await qr.query(`DROP TABLE "outbox"`);
  }
}
