import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Background exports as durable jobs (issue 19): the gateway that runs one holds a lease it renews;
 * when it dies the lease runs out and another gateway takes the job over from the start.
 */
export class ExportJobs1765000000000 implements MigrationInterface {
  name = 'ExportJobs1765000000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`
      CREATE TABLE "export_jobs" (
        "id" uuid PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "user_uuid" uuid NOT NULL,
        "ctx" jsonb NOT NULL,
        "name" text NOT NULL,
        "title" jsonb NOT NULL,
        "query" jsonb NOT NULL,
        "format" text NOT NULL CHECK ("format" IN ('csv', 'xlsx')),
        "date_format" text,
        "state" text NOT NULL DEFAULT 'queued' CHECK ("state" IN ('queued', 'running', 'done', 'failed')),
        "attempts" integer NOT NULL DEFAULT 0,
        "lease_owner" text,
        "lease_until" timestamptz,
        "file_key" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    // The gateways' poll: unfinished jobs by lease expiry.
    await qr.query(`CREATE INDEX "export_jobs_open" ON "export_jobs" ("lease_until") WHERE "state" IN ('queued', 'running')`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "export_jobs"`);
  }
}
