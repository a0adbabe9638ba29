import type { QueryRunner } from 'typeorm';

/**
 * The tables of the shared import runs (runs.ts), created by the migration of each service that owns
 * an import: a simulation per uploaded file (its kind, progress and counts) and its lines.
 */
export async function createImportTables(qr: QueryRunner): Promise<void> {
  await qr.query(`CREATE TABLE "import_simulations" (
    "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
    "kind" character varying(20) NOT NULL,
    "user_id" integer NOT NULL,
    "created_by" character varying(100),
    "name" character varying(255) NOT NULL,
    "format" character varying(4) NOT NULL,
    "state" character varying(10) NOT NULL DEFAULT 'reading',
    "size" bigint NOT NULL DEFAULT 0,
    "read_bytes" bigint NOT NULL DEFAULT 0,
    "counts" jsonb NOT NULL DEFAULT '{}',
    "orders" integer NOT NULL DEFAULT 0,
    "error" jsonb,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "import_simulations_pk" PRIMARY KEY ("uuid")
  )`);
  await qr.query(`CREATE INDEX "import_simulations_user" ON "import_simulations" ("user_id", "created_at" DESC)`);
  await qr.query(`CREATE TABLE "import_lines" (
    "simulation_uuid" uuid NOT NULL REFERENCES "import_simulations" ("uuid") ON DELETE CASCADE,
    "line" integer NOT NULL,
    "status" character varying(10) NOT NULL,
    "key" character varying(40),
    "params" jsonb,
    "depositor_id" integer,
    "reference" character varying(120),
    "what" character varying(255),
    "order_payload" jsonb,
    CONSTRAINT "import_lines_pk" PRIMARY KEY ("simulation_uuid", "line")
  )`);
  await qr.query(`CREATE INDEX "import_lines_status" ON "import_lines" ("simulation_uuid", "status", "line")`);
}

export async function dropImportTables(qr: QueryRunner): Promise<void> {
  await qr.query(`DROP TABLE "import_lines"`);
  await qr.query(`DROP TABLE "import_simulations"`);
}

/**
 * A simulation's run survives its process (issue 33): the caller's context and the uploaded file's key
 * to start it again, and a lease the running copy renews; a run whose lease ran out (its copy died) is
 * taken over by another copy (ImportRuns.takeOver).
 */
export async function addImportLeases(qr: QueryRunner): Promise<void> {
  await qr.query(`ALTER TABLE "import_simulations" ADD "ctx" jsonb, ADD "file_key" text, ADD "lease_until" TIMESTAMP WITH TIME ZONE`);
  await qr.query(
    `CREATE INDEX "import_simulations_running" ON "import_simulations" ("lease_until") WHERE "state" IN ('reading', 'importing')`,
  );
}

export async function dropImportLeases(qr: QueryRunner): Promise<void> {
  await qr.query(`DROP INDEX "import_simulations_running"`);
  await qr.query(`ALTER TABLE "import_simulations" DROP COLUMN "lease_until", DROP COLUMN "file_key", DROP COLUMN "ctx"`);
}
