import { enableDepositorRls } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The warehouse's answer to each Loop order (issue 13), one row per order: a second delivery of the
 * same order (another event id, a replay) finds it and reserves nothing twice.
 */
export class LoopReservations1765600000001 implements MigrationInterface {
  name = 'LoopReservations1765600000001';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "loop_reservations" (
      "order_uuid" uuid NOT NULL,
      "depositor_id" integer NOT NULL,
      "platform_id" integer NOT NULL,
      "reference" character varying(32) NOT NULL,
      "outcome" character varying(12) NOT NULL,
      "reason" jsonb,
      "lines" jsonb NOT NULL,
      "handled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "loop_reservations_pk" PRIMARY KEY ("order_uuid"),
      CONSTRAINT "loop_reservations_outcome_check" CHECK ("outcome" IN ('integrated', 'rejected'))
    )`);
    await enableDepositorRls(qr, 'loop_reservations');
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "loop_reservations"`);
  }
}
