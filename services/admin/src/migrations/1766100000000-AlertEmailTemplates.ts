import fs from 'node:fs';
import path from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';

interface SeededTemplate {
  code: string;
  locale: string;
  label: string;
  visibility: 'admin' | 'public';
  subject: string;
  body: string;
}

/**
 * The alerts service's mails (issue 14) as email templates the back office manages, in the five
 * languages: `alert-vip`, `alert-doc`, `alert-sla`, `alert-no-temperature` (admin: the depositor's
 * staff) and `alert-recipient` (public: the final recipient of VIP Premium, that order's data only).
 * Handlebars texts, the same as services/alerts/templates (its fallback when admin does not answer);
 * a template already there (edited) is kept.
 */
export class AlertEmailTemplates1766100000000 implements MigrationInterface {
  name = 'AlertEmailTemplates1766100000000';

  async up(qr: QueryRunner): Promise<void> {
    const templates = JSON.parse(fs.readFileSync(path.join(__dirname, 'alert-email-templates.json'), 'utf8')) as SeededTemplate[];
    // Ids of their own (from 1001): the demo's templates keep the small ids they are seeded with.
    for (const [i, t] of templates.entries()) {
      await qr.query(
        `INSERT INTO "email_templates" ("id", "code", "label", "subject", "body", "locale", "visibility", "active")
         VALUES ($1, $2, $3, $4, $5, $6, $7, true) ON CONFLICT DO NOTHING`,
        [1001 + i, t.code, t.label, t.subject, t.body, t.locale, t.visibility],
      );
    }
    await qr.query(`SELECT setval(pg_get_serial_sequence('email_templates', 'id'), (SELECT max("id") FROM "email_templates"))`);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DELETE FROM "email_templates" WHERE "code" LIKE 'alert-%'`);
  }
}
