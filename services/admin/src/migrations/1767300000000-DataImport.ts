import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's data import with simulation (depositors): the shared import tables (libs/files
 * imports), a simulation per uploaded file and its lines. A simulation belongs to the administrator
 * who uploaded it: every query names `user_id` and the kind.
 */
export class DataImport1767300000000 implements MigrationInterface {
  name = 'DataImport1767300000000';

  async up(qr: QueryRunner): Promise<void> {
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

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "import_lines"`);
    await qr.query(`DROP TABLE "import_simulations"`);
  }
}
