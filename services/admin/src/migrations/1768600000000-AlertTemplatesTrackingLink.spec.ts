import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Db } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import { CreateAdmin1763790000000 } from './1763790000000-CreateAdmin';
import { RefreshDepositorPolicies1764200000000 } from './1764200000000-RefreshDepositorPolicies';
import { AnnouncementAudience1765500000000 } from './1765500000000-AnnouncementAudience';
import { AlertEmailTemplates1766100000000 } from './1766100000000-AlertEmailTemplates';
import { AlertTemplatesTrackingLink1768600000000 } from './1768600000000-AlertTemplatesTrackingLink';

const TEMPLATES = path.resolve(__dirname, '../../../alerts/templates');
const BEFORE = [
  CreateAdmin1763790000000,
  RefreshDepositorPolicies1764200000000,
  AnnouncementAudience1765500000000,
  AlertEmailTemplates1766100000000,
];

describe('migration AlertTemplatesTrackingLink', () => {
  const base = freshDatabaseBase();
  afterAll(() => dropDatabases(base));

  it('gives the seeded alert templates the tracking link, as the alerts service’s files have it, and keeps an edited one', async () => {
    const url = `${base}_admin`;
    const before = await Db.open({ service: 'admin', entities: [], migrations: BEFORE, url });
    const edited = '<p>Notre texte à nous : {{order.reference}}</p>';
    await before.system.query(`UPDATE email_templates SET body = $1 WHERE code = 'alert-recipient' AND locale = 'de'`, [edited]);
    await before.close();

    const db = await Db.open({ service: 'admin', entities: [], migrations: [...BEFORE, AlertTemplatesTrackingLink1768600000000], url });
    try {
      const rows = await db.system.query<{ code: string; locale: string; subject: string; body: string }>(
        `SELECT code, locale, subject, body FROM email_templates WHERE code LIKE 'alert-%' ORDER BY code, locale`,
      );
      expect(rows).toHaveLength(25);
      for (const row of rows) {
        if (row.code === 'alert-recipient' && row.locale === 'de') {
          expect(row.body).toBe(edited);
          continue;
        }
        const [subject, ...body] = fs.readFileSync(path.join(TEMPLATES, `${row.code}.${row.locale}.hbs`), 'utf8').split('\n');
        expect(`Subject: ${row.subject}`).toBe(subject);
        expect(row.body.trimEnd()).toBe(body.join('\n').trimEnd());
        if (row.code !== 'alert-no-temperature') expect(row.body).toMatch(/\{\{(order\.)?trackingUrl\}\}/);
      }
    } finally {
      await db.close();
    }
  });
});
