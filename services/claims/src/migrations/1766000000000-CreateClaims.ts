import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls, enableNarrowingRls } from '@portal/db';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims (issue 15): a claim on one delivery of the tracker, with its lines kept with it and the
 * delivery's evidence copied at creation (jsonb, read-only); attachments beside it, the POD copies
 * among them. Scoped like the delivery: depositor, platform, activity and store.
 */
export class CreateClaims1766000000000 implements MigrationInterface {
  name = 'CreateClaims1766000000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await createMailOutbox(qr);
    await qr.query(`CREATE SEQUENCE "claim_seq"`);
    await qr.query(`CREATE TABLE "claims" (
      "uuid" uuid NOT NULL DEFAULT gen_random_uuid(),
      "reference" character varying(16) COLLATE "C" NOT NULL,
      "depositor_id" integer NOT NULL,
      "depositor_code" character varying(50) NOT NULL,
      "platform_id" integer,
      "activity_code" character varying(50),
      "store_code" character varying(50),
      "status" character varying(10) NOT NULL DEFAULT 'draft',
      "number" character varying(64) NOT NULL,
      "order_id" bigint NOT NULL,
      "delivery_reference" character varying(64) COLLATE "C" NOT NULL,
      "order_reference" character varying(64) COLLATE "C",
      "customer_claim_number" character varying(64) COLLATE "C",
      "kind" character varying(12),
      "reason" character varying(24),
      "comment" character varying(2000),
      "lines" jsonb NOT NULL DEFAULT '[]',
      "packings_concerned" character varying(500),
      "non_ordered_products" character varying(1000),
      "final_customer" character varying(200),
      "attributable" boolean,
      "notifiable" boolean,
      "answer" character varying(2000),
      "evidence" jsonb NOT NULL,
      "creator_id" integer,
      "creator" character varying(100),
      "creator_name" character varying(200),
      "creator_email" character varying(255),
      "creator_locale" character varying(10),
      "creator_timezone" character varying(64),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_by" character varying(100),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "sent_by" character varying(100),
      "processed_at" TIMESTAMP WITH TIME ZONE,
      "processed_by" character varying(100),
      "closed_at" TIMESTAMP WITH TIME ZONE,
      "closed_by" character varying(100),
      CONSTRAINT "claims_pk" PRIMARY KEY ("uuid"),
      CONSTRAINT "claims_reference" UNIQUE ("reference"),
      CONSTRAINT "claims_status_check" CHECK ("status" IN ('draft', 'sent', 'processed', 'closed'))
    )`);
    await qr.query(`CREATE INDEX "claims_depositor_status_created" ON "claims" ("depositor_id", "status", "created_at" DESC)`);
    await qr.query(`CREATE INDEX "claims_order" ON "claims" ("order_id")`);
    await qr.query(`CREATE INDEX "claims_delivery_reference" ON "claims" ("delivery_reference")`);
    await qr.query(`CREATE INDEX "claims_order_reference" ON "claims" ("order_reference")`);
    await enableDepositorRls(qr, 'claims');
    await enableNarrowingRls(qr, 'claims', { platform: 'platform_id', activity: 'activity_code', store: 'store_code' });

    await qr.query(`CREATE TABLE "claim_attachments" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "claim_uuid" uuid NOT NULL REFERENCES "claims" ("uuid") ON DELETE CASCADE,
      "depositor_id" integer NOT NULL,
      "type" character varying(10) NOT NULL,
      "name" character varying(255) NOT NULL,
      "content_type" character varying(50) NOT NULL,
      "size" integer NOT NULL,
      "storage_key" character varying(255) NOT NULL,
      "evidence" boolean NOT NULL DEFAULT false,
      "created_by" character varying(100),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "claim_attachments_pk" PRIMARY KEY ("id"),
      CONSTRAINT "claim_attachments_type_check" CHECK ("type" IN ('invoice', 'pl', 'photo', 'other', 'pod'))
    )`);
    await qr.query(`CREATE INDEX "claim_attachments_claim" ON "claim_attachments" ("claim_uuid")`);
    await enableDepositorRls(qr, 'claim_attachments');
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "claim_attachments"`);
    await qr.query(`DROP TABLE "claims"`);
    await qr.query(`DROP SEQUENCE "claim_seq"`);
    await qr.query(`DROP TABLE "mail_outbox"`);
    await qr.query(`DROP TABLE "inbox"`);
    await qr.query(`DROP TABLE "outbox"`);
  }
}
