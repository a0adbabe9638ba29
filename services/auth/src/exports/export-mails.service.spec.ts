import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  AuthSubjects,
  depositorScope,
  type CallerContext,
  type ExportFailedMailRequest,
  type ExportReadyMailRequest,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { startSmtp, type TestSmtp } from '../../../../tests/support/smtp';
import { AuthServiceModule } from '../auth.module';
import { seedAuthDemo } from '../demo/seed';

const TITLE = {
  fr: 'Pack and Go Tracer : suivi des commandes',
  en: 'Pack and Go Tracer: order tracking',
  es: 'Pack and Go Tracer: seguimiento de pedidos',
  it: 'Pack and Go Tracer: tracciamento ordini',
  de: 'Pack and Go Tracer: Auftragsverfolgung',
};

/** The export mails of the auth service over a real SMTP server and PostgreSQL. */
describe('export mails (auth service)', () => {
  let h: ServiceHarness;
  let db: Db;
  let smtp: TestSmtp;
  const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_URL: process.env.PUBLIC_URL };

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.PUBLIC_URL = 'https://portal.example.com/';
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await seedAuthDemo(db);
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** The context the gateway sends for this demo user (their session, their id). */
  async function ctxOf(login: string): Promise<CallerContext> {
    const [user] = await db.system.query<{ id: number; uuid: string }>(`SELECT id, uuid FROM users WHERE login = $1`, [login]);
    return {
      requestId: randomUUID(),
      user: { id: user.id, uuid: user.uuid, login, sessionId: randomUUID() },
      roles: ['PGT_USER'],
      scope: depositorScope([1]),
      locale: 'fr_FR',
      timezone: 'Europe/Paris',
    };
  }
  const ready = (exportId: string = randomUUID()): ExportReadyMailRequest => ({
    exportId,
    title: TITLE,
    fileName: 'orders-20261115.xlsx',
    rows: 12345,
    expiresAt: '2026-11-22T09:30:00.000Z',
  });
  /** The subject as recorded (the SMTP copy has it MIME-encoded). */
  const subjectOf = async (to: string, template: string) =>
    (
      await db.system.query<{ subject: string }>(
        `SELECT subject FROM mail_outbox WHERE "to" = $1 AND template = $2 ORDER BY id DESC LIMIT 1`,
        [to, template],
      )
    )[0]?.subject;
  const outboxCount = async () => Number((await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox`))[0].n);

  it('mails the link of a finished export to the user, in their language and time zone', async () => {
    const request = ready();
    await expect(h.call(AuthSubjects.mailExportReady, await ctxOf('alice'), request)).resolves.toEqual({
      ok: true,
      email: 'a***n@demo-a.example',
    });
    const mail = await smtp.waitForMail('alice.martin@demo-a.example', (m) => m.text.includes(request.exportId));
    expect(await subjectOf('alice.martin@demo-a.example', 'export-ready')).toBe(
      'Votre export est prêt : Pack and Go Tracer : suivi des commandes',
    );
    expect(mail.text).toContain(`https://portal.example.com/exports/${request.exportId}`);
    expect(mail.text).toMatch(/12\s345 lignes, fichier orders-20261115\.xlsx/);
    expect(mail.text).toContain('22 novembre 2026 à 10:30'); // Europe/Paris, the user's zone
    expect(mail.text).toContain('Pack and Go Tracer : suivi des commandes');
  });

  it('writes to an Italian user in Italian, whatever the language of the request', async () => {
    const request = ready();
    await h.call(AuthSubjects.mailExportReady, { ...(await ctxOf('carla')), locale: 'de_DE' }, request);
    const mail = await smtp.waitForMail('carla.rossi@portal.localhost', (m) => m.text.includes(request.exportId));
    expect(await subjectOf('carla.rossi@portal.localhost', 'export-ready')).toBe(
      'La sua esportazione è pronta: Pack and Go Tracer: tracciamento ordini',
    );
    expect(mail.text).toContain('12.345 righe');
    expect(mail.text).toContain('tracciamento ordini');
  });

  it('explains exportTooLarge with its limit, and other failures with a reference for support', async () => {
    const alice = await ctxOf('alice');
    const tooLarge: ExportFailedMailRequest = {
      title: TITLE,
      error: { key: 'exportTooLarge', params: { limit: 200000 } },
      reference: 'req-1',
    };
    await h.call(AuthSubjects.mailExportFailed, alice, tooLarge);
    const first = await smtp.waitForMail('alice.martin@demo-a.example', (m) => /200\s000/.test(m.text));
    expect(await subjectOf('alice.martin@demo-a.example', 'export-failed')).toBe(
      "Votre export n'a pas pu être produit : Pack and Go Tracer : suivi des commandes",
    );
    expect(first.text).toMatch(/dépasse 200\s000 lignes/);
    expect(first.text).toContain('Affinez les filtres');
    expect(first.text).not.toContain('req-1');
    const broken: ExportFailedMailRequest = { title: TITLE, error: { key: 'serverUnavailable' }, reference: 'req-2' };
    await h.call(AuthSubjects.mailExportFailed, { ...(await ctxOf('bob')), requestId: 'req-2' }, broken);
    const second = await smtp.waitForMail('bob.durand@demo-b.example', (m) => m.text.includes('req-2'));
    expect(second.text).toContain('Un incident technique');
    expect(second.text).not.toContain('Affinez');
  });

  it('sends nothing to a user without an address: userEmailEmpty, logged', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await db.system.query(`UPDATE users SET email = '' WHERE login = 'admin'`);
    const before = await outboxCount();
    try {
      const admin = await ctxOf('admin');
      await expect(h.call(AuthSubjects.mailExportReady, admin, ready())).rejects.toMatchObject({ key: 'userEmailEmpty' });
      await expect(
        h.call(AuthSubjects.mailExportFailed, admin, {
          title: TITLE,
          error: { key: 'exportTooLarge', params: { limit: 5 } },
          reference: 'r',
        }),
      ).rejects.toMatchObject({ key: 'userEmailEmpty' });
      expect(await outboxCount()).toBe(before);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('user admin has no e-mail address'));
    } finally {
      warn.mockRestore();
      await db.system.query(`UPDATE users SET email = 'admin@portal.localhost' WHERE login = 'admin'`);
    }
  });

  it('mails only signed-in users, and refuses a link that is not an export id', async () => {
    const machine: CallerContext = { ...(await ctxOf('alice')), user: undefined, roles: ['ADMIN'] };
    await expect(h.call(AuthSubjects.mailExportReady, machine, ready())).rejects.toMatchObject({ key: 'userNotFound' });
    await expect(h.call(AuthSubjects.mailExportReady, await ctxOf('alice'), ready('../../login'))).rejects.toMatchObject({
      key: 'validationFailed',
    });
  });
});
