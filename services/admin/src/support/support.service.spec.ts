import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AdminSubjects } from '@portal/contracts';
import { Db } from '@portal/db';
import { Mailer } from '@portal/mail';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { DEFAULT_SUPPORT_EMAIL } from './support.dto';
import { SupportService } from './support.service';

interface MailRow {
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
}

describe('problem report', () => {
  let h: ServiceHarness;
  let db: Db;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
  });
  afterAll(() => h.close());

  const lastMail = async () =>
    (await db.system.query<MailRow>(`SELECT "to", subject, html, text, template FROM mail_outbox ORDER BY id DESC LIMIT 1`))[0];

  it('mails the support desk with the user’s login and the request id', async () => {
    const ctx = callerContext({ locale: 'fr_FR' });
    const result = await h.call(AdminSubjects.problemReport, ctx, {
      subject: 'Étiquettes\nillisibles',
      message: 'Les étiquettes ZPL sortent <vides>.',
    });
    expect(result).toEqual({ ok: true });
    const mail = await lastMail();
    expect(mail.to).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(mail.template).toBe('problem-report');
    expect(mail.subject).toBe('[Portail] Signalement de problème : Étiquettes illisibles (test)');
    expect(mail.html).toContain(ctx.requestId);
    expect(mail.html).toContain(ctx.user!.uuid);
    expect(mail.html).toContain('Les étiquettes ZPL sortent &lt;vides&gt;.');
    expect(mail.text).toContain('Les étiquettes ZPL sortent <vides>.');
  });

  it('writes to support in the user’s language', async () => {
    const subjects: Record<string, RegExp> = {
      en_US: /^\[Portal\] Problem report: /,
      es_ES: /^\[Portal\] Notificación de incidencia: /,
      it_IT: /^\[Portale\] Segnalazione di un problema: /,
      de_DE: /^\[Portal\] Problemmeldung: /,
    };
    for (const [locale, subject] of Object.entries(subjects)) {
      await h.call(AdminSubjects.problemReport, callerContext({ locale }), { subject: 'x', message: 'y' });
      expect((await lastMail()).subject).toMatch(subject);
    }
  });

  it('answers validationFailed when the subject or the message is missing', async () => {
    await expect(h.call(AdminSubjects.problemReport, callerContext({}), { subject: 'Quai 3', message: '  \n ' })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { message: 'required' },
    });
    await expect(h.call(AdminSubjects.problemReport, callerContext({}), { subject: ' ' })).rejects.toMatchObject({
      fields: { subject: 'required', message: 'required' },
    });
  });

  it('sends to SUPPORT_EMAIL when configured, and answers emailFailed when SMTP refuses', async () => {
    await new SupportService(new Mailer(db), 'helpdesk@example.com').problemReport(callerContext({}), { subject: 's', message: 'm' });
    expect((await lastMail()).to).toBe('helpdesk@example.com');
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const failing = new SupportService(new Mailer(db, 'smtp://127.0.0.1:9'), 'helpdesk@example.com');
    await expect(failing.problemReport(callerContext({}), { subject: 's', message: 'm' })).rejects.toMatchObject({ key: 'emailFailed' });
    jest.restoreAllMocks();
  });
});
