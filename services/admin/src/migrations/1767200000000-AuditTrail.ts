import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (issue 18): one row per change told by any service (AuditEvents.changed), kept
 * as told. Row-level security: the provider's staff (scope over every depositor) read every row; a
 * depositor's user reads the rows whose depositors are all theirs (a change naming another
 * depositor too stays hidden); a provider-level change (no depositor) is read by the provider only.
 */
export class AuditTrail1767200000000 implements MigrationInterface {
  name = 'AuditTrail1767200000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "audit_trail" (
      "id" bigserial PRIMARY KEY,
      "event_id" uuid NOT NULL,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "service" character varying(30) NOT NULL,
      "entity" character varying(40) NOT NULL,
      "entity_id" character varying(64) NOT NULL,
      "label" character varying(200),
      "action" character varying(30) NOT NULL,
      "depositor_ids" integer[] NOT NULL DEFAULT '{}',
      "actor_id" integer,
      "actor_login" character varying(100),
      "actor_client" character varying(100),
      "actor_provider" boolean NOT NULL DEFAULT false,
      "actor_depositor_ids" integer[] NOT NULL DEFAULT '{}',
      "request_id" character varying(100),
      "before" jsonb,
      "after" jsonb,
      CONSTRAINT "audit_trail_event" UNIQUE ("event_id")
    )`);
    await qr.query(`CREATE INDEX "audit_trail_at" ON "audit_trail" ("at" DESC, "id" DESC)`);
    await qr.query(`CREATE INDEX "audit_trail_entity" ON "audit_trail" ("service", "entity", "entity_id")`);
    await qr.query(`CREATE INDEX "audit_trail_depositors" ON "audit_trail" USING gin ("depositor_ids")`);
    await qr.query(`ALTER TABLE "audit_trail" ENABLE ROW LEVEL SECURITY`);
    await qr.query(`ALTER TABLE "audit_trail" FORCE ROW LEVEL SECURITY`);
    await qr.query(`CREATE POLICY "audit_trail_depositor_scope" ON "audit_trail" USING (
      (SELECT current_setting('portal.scope_all', true)) = 'on'
      OR (cardinality("depositor_ids") > 0
        AND "depositor_ids" <@ (SELECT string_to_array(NULLIF(current_setting('portal.depositor_ids', true), ''), ',')::int[])::int[]))`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "audit_trail"`);
  }
}
