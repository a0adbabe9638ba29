import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls } from '@portal/db';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reference data of the admin service: platforms, depositors and their activities and stores, announcements, templates, logs. */
export class CreateAdmin1763790000000 implements MigrationInterface {
  name = 'CreateAdmin1763790000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await createMailOutbox(qr);

    await qr.query(`CREATE TABLE "platforms" (
      "id" SERIAL NOT NULL,
      "code" character varying(20) NOT NULL,
      "label" character varying(255) NOT NULL,
      "town" character varying(255) NOT NULL,
      CONSTRAINT "platforms_pk" PRIMARY KEY ("id"),
      CONSTRAINT "platforms_code_unique" UNIQUE ("code")
    )`);

    await qr.query(`CREATE TABLE "depositors" (
      "id" SERIAL NOT NULL,
      "code" character varying(50) NOT NULL,
      "label" character varying(255) NOT NULL,
      "action_delay_on_address" integer,
      CONSTRAINT "depositors_pk" PRIMARY KEY ("id"),
      CONSTRAINT "depositors_code_unique" UNIQUE ("code")
    )`);

    await qr.query(`CREATE TABLE "activities" (
      "id" SERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "code" character varying(50) NOT NULL,
      "label" character varying(255) NOT NULL,
      CONSTRAINT "activities_pk" PRIMARY KEY ("id"),
      CONSTRAINT "activities_depositor_fk" FOREIGN KEY ("depositor_id") REFERENCES "depositors" ("id") ON DELETE CASCADE
    )`);
    await qr.query(`CREATE UNIQUE INDEX "activities_depositor_code" ON "activities" ("depositor_id", "code")`);

    await qr.query(`CREATE TABLE "stores" (
      "id" SERIAL NOT NULL,
      "depositor_id" integer NOT NULL,
      "platform_id" integer,
      "code" character varying(50) NOT NULL,
      "label" character varying(255) NOT NULL,
      CONSTRAINT "stores_pk" PRIMARY KEY ("id"),
      CONSTRAINT "stores_depositor_fk" FOREIGN KEY ("depositor_id") REFERENCES "depositors" ("id") ON DELETE CASCADE,
      CONSTRAINT "stores_platform_fk" FOREIGN KEY ("platform_id") REFERENCES "platforms" ("id") ON DELETE SET NULL
    )`);
    await qr.query(`CREATE UNIQUE INDEX "stores_depositor_code" ON "stores" ("depositor_id", "code")`);
    await qr.query(`CREATE INDEX "stores_platform" ON "stores" ("platform_id")`);

    await enableDepositorRls(qr, 'depositors', 'id');
    await enableDepositorRls(qr, 'activities');
    await enableDepositorRls(qr, 'stores');

    await qr.query(`CREATE TABLE "announcements" (
      "id" SERIAL NOT NULL,
      "message" jsonb NOT NULL,
      "type" character varying(10) NOT NULL,
      "timeout" integer NOT NULL DEFAULT 0,
      "priority" integer NOT NULL DEFAULT 0,
      "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ends_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "announcements_pk" PRIMARY KEY ("id"),
      CONSTRAINT "announcements_type_check" CHECK ("type" IN ('info', 'other')),
      CONSTRAINT "announcements_timeout_check" CHECK ("timeout" >= 0),
      CONSTRAINT "announcements_range_check" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at")
    )`);
    await qr.query(`CREATE TABLE "announcement_hidden" (
      "announcement_id" integer NOT NULL,
      "user_id" integer NOT NULL,
      "hidden_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "announcement_hidden_pk" PRIMARY KEY ("announcement_id", "user_id"),
      CONSTRAINT "announcement_hidden_announcement_fk" FOREIGN KEY ("announcement_id") REFERENCES "announcements" ("id") ON DELETE CASCADE
    )`);

    await qr.query(`CREATE TABLE "email_templates" (
      "id" SERIAL NOT NULL,
      "code" character varying(50) NOT NULL,
      "label" character varying(255) NOT NULL,
      "subject" character varying(255) NOT NULL,
      "body" text NOT NULL,
      "locale" character varying(2) NOT NULL,
      "visibility" character varying(10) NOT NULL,
      "active" boolean NOT NULL DEFAULT true,
      CONSTRAINT "email_templates_pk" PRIMARY KEY ("id"),
      CONSTRAINT "email_templates_locale_check" CHECK ("locale" IN ('fr', 'en', 'es', 'it', 'de')),
      CONSTRAINT "email_templates_visibility_check" CHECK ("visibility" IN ('public', 'admin'))
    )`);
    await qr.query(`CREATE UNIQUE INDEX "email_templates_code_locale" ON "email_templates" ("code", "locale")`);

    await qr.query(`CREATE TABLE "logs" (
      "id" BIGSERIAL NOT NULL,
      "severity" character varying(10) NOT NULL,
      "module" character varying(50) NOT NULL,
      "first_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "last_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "message" text NOT NULL,
      "object_name" character varying(50),
      "object_id" character varying(100),
      "counter" integer NOT NULL DEFAULT 1,
      "ack_user" character varying(255),
      "ack_at" TIMESTAMP WITH TIME ZONE,
      "ack_comment" text,
      CONSTRAINT "logs_pk" PRIMARY KEY ("id"),
      CONSTRAINT "logs_severity_check" CHECK ("severity" IN ('info', 'warning', 'error', 'critical'))
    )`);
    // One open (unacknowledged) row per kind of occurrence and object: repeats increment it.
    await qr.query(
      `CREATE UNIQUE INDEX "logs_open_occurrence" ON "logs" ("module", "severity", "message", "object_name", "object_id") WHERE "ack_at" IS NULL`,
    );
    await qr.query(`CREATE INDEX "logs_last_at" ON "logs" ("last_at")`);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of [
      'logs',
      'email_templates',
      'announcement_hidden',
      'announcements',
      'stores',
      'activities',
      'depositors',
      'platforms',
      'mail_outbox',
      'inbox',
      'outbox',
    ]) {
      await qr.query(`DROP TABLE IF EXISTS "${table}"`);
    }
  }
}
