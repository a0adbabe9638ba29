import { createOutboxAndInbox } from '@portal/bus';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuth1763780000000 implements MigrationInterface {
  name = 'CreateAuth1763780000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "users" (
      "id" serial PRIMARY KEY,
      "uuid" uuid NOT NULL UNIQUE,
      "login" text NOT NULL,
      "email" text NOT NULL,
      "password_hash" text NOT NULL,
      "firstname" text NOT NULL DEFAULT '',
      "lastname" text NOT NULL DEFAULT '',
      "avatar_url" text,
      "timezone" text NOT NULL DEFAULT 'Europe/Paris',
      "phone" text,
      "language" text NOT NULL DEFAULT 'fr_FR',
      "theme" text NOT NULL DEFAULT 'dark',
      "etiquette_format" text NOT NULL DEFAULT 'PDF',
      "uid_zpl_printer" text,
      "printer_url" text,
      "printer_port" integer,
      "auto_print" boolean NOT NULL DEFAULT true,
      "export_format" text NOT NULL DEFAULT 'datetime',
      "logo" text,
      "contact_mail" text,
      "roles" text[] NOT NULL DEFAULT '{}',
      "depositor_ids" integer[] NOT NULL DEFAULT '{}',
      "activity_ids" integer[] NOT NULL DEFAULT '{}',
      "store_ids" integer[] NOT NULL DEFAULT '{}',
      "filter_depositor_ids" integer[] NOT NULL DEFAULT '{}',
      "filter_activity_ids" integer[] NOT NULL DEFAULT '{}',
      "filter_store_ids" integer[] NOT NULL DEFAULT '{}',
      "preferences" jsonb NOT NULL DEFAULT '{}',
      "disabled" boolean NOT NULL DEFAULT false,
      "failed_logins" integer NOT NULL DEFAULT 0,
      "failure_window_start" timestamptz,
      "blocked_until" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // Spec §5 uniqueness of login and email, whatever the case.
    await qr.query(`CREATE UNIQUE INDEX "users_login_unique" ON "users" (lower("login"))`);
    await qr.query(`CREATE UNIQUE INDEX "users_email_unique" ON "users" (lower("email"))`);
    await qr.query(`CREATE TABLE "role_groups" (
      "id" serial PRIMARY KEY,
      "code" text NOT NULL UNIQUE,
      "label" text NOT NULL,
      "roles" text[] NOT NULL DEFAULT '{}'
    )`);
    await qr.query(`CREATE TABLE "user_role_groups" (
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "group_id" integer NOT NULL REFERENCES "role_groups" ("id") ON DELETE CASCADE,
      PRIMARY KEY ("user_id", "group_id")
    )`);
    await qr.query(`CREATE TABLE "sessions" (
      "id" uuid PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "revoked_at" timestamptz,
      "ip" text,
      "user_agent" text
    )`);
    await qr.query(`CREATE INDEX "sessions_user_active" ON "sessions" ("user_id") WHERE "revoked_at" IS NULL`);
    await qr.query(`CREATE TABLE "password_resets" (
      "token_hash" text PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "used_at" timestamptz
    )`);
    await qr.query(`CREATE TABLE "dashboard_tiles" (
      "uuid" uuid PRIMARY KEY,
      "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "id_object" text NOT NULL,
      "type" text NOT NULL DEFAULT 'link',
      "width" integer NOT NULL DEFAULT 1,
      "height" integer NOT NULL DEFAULT 1,
      "x" integer NOT NULL DEFAULT 0,
      "config" jsonb NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await qr.query(`CREATE INDEX "dashboard_tiles_user" ON "dashboard_tiles" ("user_id", "x")`);
    await createOutboxAndInbox(qr);
    await createMailOutbox(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const t of [
      'mail_outbox',
      'inbox',
      'outbox',
      'dashboard_tiles',
      'password_resets',
      'sessions',
      'user_role_groups',
      'role_groups',
      'users',
    ]) {
      await qr.query(`DROP TABLE IF EXISTS "${t}"`);
    }
  }
}
