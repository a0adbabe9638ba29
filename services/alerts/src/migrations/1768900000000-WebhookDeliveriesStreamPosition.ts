import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery remembers the bus event it was made from: its durable consumer and stream position. The claim
 * holds it until every earlier event of that consumer has been handled (the consumer's acknowledgement
 * floor has reached it), and orders an (endpoint, ordering key)'s messages by that position, so that two
 * copies of the service, or a killed copy whose events come back late, keep each order's changes in order.
 * Null for rows queued before, for Renvoyer and test events, and in-process: no hold.
 */
export class WebhookDeliveriesStreamPosition1768900000000 implements MigrationInterface {
  name = 'WebhookDeliveriesStreamPosition1768900000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "webhook_deliveries" ADD "stream_consumer" text, ADD "stream_seq" bigint`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "stream_seq", DROP COLUMN "stream_consumer"`);
  }
}
