import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The provider's words for order statuses and carrier events (issue 36 item 6): one row per kind,
 * code and language that overrides the catalogue. Shared by every depositor (no depositor column,
 * no row-level policy: read by all, written by the provider's ADMIN_TRACKING_TRANSLATION).
 */
export class TrackingTranslations1769000000000 implements MigrationInterface {
  name = 'TrackingTranslations1769000000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "tracking_translations" (
      "kind" character varying(20) NOT NULL,
      "code" character varying(40) NOT NULL,
      "locale" character varying(2) NOT NULL,
      "text" character varying(120) NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "tracking_translations_pk" PRIMARY KEY ("kind", "code", "locale"),
      CONSTRAINT "tracking_translations_text_check" CHECK (length(btrim("text")) > 0)
    )`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE IF EXISTS "tracking_translations"`);
  }
}
