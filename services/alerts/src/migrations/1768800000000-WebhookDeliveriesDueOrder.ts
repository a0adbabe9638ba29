import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook queue's claim takes the oldest due rows in (next_attempt_at, seq) order, LIMIT a batch.
 * With the due index on next_attempt_at alone, PostgreSQL read every pending row (the endpoint active,
 * no older pending message of its key) and sorted them all before the limit: 80-290 ms a claim at a
 * 12,000-row backlog (tests/bench/webhooks.mjs --backlog, loaded machine); walking an index in the
 * claim's own order, it stops at the batch (about 1 ms unloaded). The worker's next wake
 * (min(next_attempt_at) of the pending rows) reads it as well.
 */
export class WebhookDeliveriesDueOrder1768800000000 implements MigrationInterface {
  name = 'WebhookDeliveriesDueOrder1768800000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "webhook_deliveries_due"`);
    await qr.query(`CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at", "seq") WHERE "status" = 'pending'`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP INDEX "webhook_deliveries_due"`);
    await qr.query(`CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending'`);
  }
}
