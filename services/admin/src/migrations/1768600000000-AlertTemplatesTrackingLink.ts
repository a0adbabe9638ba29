import fs from 'node:fs';
import path from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';

interface TemplateBody {
  code: string;
  locale: string;
  body: string;
}

const read = (file: string): TemplateBody[] => JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')) as TemplateBody[];

/**
 * Issue 35 item 3: the alert mails about orders carry the recipient's public tracking link
 * (`{{trackingUrl}}` on each order of a digest, `{{order.trackingUrl}}` in the final recipient's
 * mail), as the files of services/alerts/templates do. Only the templates still as they were
 * seeded (AlertEmailTemplates) get the new text: one an administrator edited is kept as it is
 * (the variables are there for them to use).
 */
export class AlertTemplatesTrackingLink1768600000000 implements MigrationInterface {
  name = 'AlertTemplatesTrackingLink1768600000000';

  async up(qr: QueryRunner): Promise<void> {
    await this.replace(qr, read('alert-email-templates.json'), read('alert-email-templates-tracking-link.json'));
  }

  async down(qr: QueryRunner): Promise<void> {
    await this.replace(qr, read('alert-email-templates-tracking-link.json'), read('alert-email-templates.json'));
  }

  private async replace(qr: QueryRunner, from: TemplateBody[], to: TemplateBody[]): Promise<void> {
    for (const t of to) {
      const before = from.find((f) => f.code === t.code && f.locale === t.locale);
      if (!before) continue;
      await qr.query(`UPDATE "email_templates" SET "body" = $1 WHERE "code" = $2 AND "locale" = $3 AND "body" = $4`, [
        t.body,
        t.code,
        t.locale,
        before.body,
      ]);
    }
  }
}
