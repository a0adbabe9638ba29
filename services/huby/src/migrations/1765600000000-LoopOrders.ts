import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loop orders (issue 13): warehouse orders picked from the depositor's stock on one platform. Lines
 * are kept with the order (they are written and read together); a rejected order keeps the
 * warehouse's reason as a §8 key with its params.
 */
export class LoopOrders1765600000000 implements MigrationInterface {
  name = 'LoopOrders1765600000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE SEQUENCE "loop_order_seq"`);
    await qr.query(`CREATE TABLE "loop_orders" (
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "platform_id" integer NOT NULL,
      "reference" character varying(32) COLLATE "C" NOT NULL,
      "customer_reference" character varying(64) COLLATE "C",
      "comment" character varying(500),
      "status" character varying(12) NOT NULL DEFAULT 'draft',
      "recipient_uuid" uuid,
      "recipient" jsonb,
      "lines" jsonb NOT NULL DEFAULT '[]',
      "reject_key" character varying(64),
      "reject_params" jsonb,
      "created_by" character varying(100),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "submitted_at" TIMESTAMP WITH TIME ZONE,
      "settled_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "loop_orders_pk" PRIMARY KEY ("uuid"),
      CONSTRAINT "loop_orders_status_check" CHECK ("status" IN ('draft', 'submitted', 'integrated', 'rejected')),
      CONSTRAINT "loop_orders_depositor_reference" UNIQUE ("depositor_id", "reference")
    )`);
    await qr.query(`CREATE INDEX "loop_orders_depositor_status_created" ON "loop_orders" ("depositor_id", "status", "created_at" DESC)`);
    await enableDepositorRls(qr, 'loop_orders');
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "loop_orders"`);
    await qr.query(`DROP SEQUENCE "loop_order_seq"`);
  }
}
