import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AdminSubjects, Role } from '@portal/contracts';
import { Db } from '@portal/db';
import { Mailer } from '@portal/mail';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';
import type { EmailTemplateDto } from './email-templates.dto';
import { EmailTemplatesRepository } from './email-templates.repository';
import { EmailTemplatesService } from './email-templates.service';

const sender = (extra: Partial<Parameters<typeof callerContext>[0]> = {}) =>
  callerContext({ roles: [Role.USER_EMAIL_TEMPLATE_PUBLIC], ...extra });

describe('email templates', () => {
  let h: ServiceHarness;
  let db: Db;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
    await db.system.query(
      `INSERT INTO email_templates (code, label, subject, body, locale, visibility, active) VALUES ('OLD', 'Ancien', 's', 'b', 'fr', 'public', false)`,
    );
  });
  afterAll(() => h.close());

  const list = (ctx = callerContext({}), data = {}) => h.call<EmailTemplateDto[]>(AdminSubjects.emailTemplates, ctx, data);

  describe('emailTemplates', () => {
    it('lists the active public templates to every user, one per code in the caller’s language', async () => {
      const fr = await list(callerContext({ locale: 'fr_FR' }));
      expect(fr.map((t) => [t.code, t.locale, t.visibility])).toEqual([
        ['DELIVERY_DELAY', 'fr', 'public'],
        ['POD_REQUEST', 'fr', 'public'],
      ]);
      expect(fr[0]).toMatchObject({ label: 'Retard de livraison', subject: 'Votre commande {{reference}} : retard de livraison' });
      const en = await list(callerContext({ locale: 'en_US' }));
      expect(en.map((t) => t.label)).toEqual(['Delivery delay', 'Proof of delivery request']);
    });

    it('falls back to French for a language without templates, and accepts another language on demand', async () => {
      expect((await list(callerContext({ locale: 'de_DE' }))).map((t) => t.locale)).toEqual(['fr', 'fr']);
      expect((await list(callerContext({ locale: 'fr_FR' }), { locale: 'en_US' })).map((t) => t.locale)).toEqual(['en', 'en']);
      await expect(list(callerContext({}), { locale: 'klingon' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { locale: 'invalidFormat' },
      });
    });

    it('adds the admin templates for ADMIN, ADMIN_TEMPLATE and USER_EMAIL_TEMPLATE_ADMIN', async () => {
      for (const role of [Role.ADMIN, Role.ADMIN_TEMPLATE, Role.USER_EMAIL_TEMPLATE_ADMIN]) {
        const codes = (await list(callerContext({ roles: [role] }))).map((t) => t.code);
        expect(codes).toEqual(['ACCOUNT_CREATED', 'DELIVERY_DELAY', 'POD_REQUEST']);
      }
    });

    it('never lists inactive templates', async () => {
      expect((await list(callerContext({ roles: [Role.ADMIN] }))).map((t) => t.code)).not.toContain('OLD');
    });
  });

  describe('sendEmail', () => {
    it('records the mail in the outbox when no SMTP server is configured', async () => {
      const result = await h.call(AdminSubjects.sendEmail, sender(), {
        recipient: 'client@example.com',
        subject: 'Votre commande CMD-1',
        body: 'Bonjour,\nvotre commande <b>part</b> demain.',
      });
      expect(result).toEqual({ ok: true });
      const [mail] = await db.system.query<{ to: string; subject: string; html: string; text: string; template: string }>(
        `SELECT "to", subject, html, text, template FROM mail_outbox ORDER BY id DESC LIMIT 1`,
      );
      expect(mail).toEqual({
        to: 'client@example.com',
        subject: 'Votre commande CMD-1',
        html: '<p>Bonjour,<br>votre commande &lt;b&gt;part&lt;/b&gt; demain.</p>',
        text: 'Bonjour,\nvotre commande <b>part</b> demain.',
        template: 'email-template',
      });
    });

    it('answers validationFailed with one message per field (spec §5: all three mandatory)', async () => {
      await expect(h.call(AdminSubjects.sendEmail, sender(), {})).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { recipient: 'required', subject: 'required', body: 'required' },
      });
      await expect(
        h.call(AdminSubjects.sendEmail, sender(), { recipient: 'not-an-address', subject: 's', body: 'b' }),
      ).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { recipient: 'invalidEmail' },
      });
      await expect(
        h.call(AdminSubjects.sendEmail, sender(), { recipient: 'a@example.com', subject: 'x'.repeat(256), body: 'b' }),
      ).rejects.toMatchObject({
        fields: { subject: 'maxLength' },
      });
    });

    it('needs a template-sending right', async () => {
      const data = { recipient: 'a@example.com', subject: 's', body: 'b' };
      await expect(h.call(AdminSubjects.sendEmail, callerContext({ roles: [Role.PGT_USER] }), data)).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      for (const role of [Role.ADMIN, Role.ADMIN_TEMPLATE, Role.USER_EMAIL_TEMPLATE_ADMIN]) {
        expect(await h.call(AdminSubjects.sendEmail, callerContext({ roles: [role] }), data)).toEqual({ ok: true });
      }
    });

    it('answers emailFailed when the SMTP server refuses', async () => {
      const unreachable = new Mailer(db, 'smtp://127.0.0.1:9');
      const service = new EmailTemplatesService(h.get(EmailTemplatesRepository), unreachable);
      jest.spyOn(console, 'log').mockImplementation(() => undefined);
      await expect(service.send(sender(), { recipient: 'a@example.com', subject: 's', body: 'b' })).rejects.toMatchObject({
        key: 'emailFailed',
      });
      jest.restoreAllMocks();
      const [mail] = await db.system.query<{ error: string | null }>(`SELECT error FROM mail_outbox ORDER BY id DESC LIMIT 1`);
      expect(mail.error).toBeTruthy();
    });
  });

  describe('alertTemplate (the alerts service’s mails)', () => {
    const system = callerContext({ roles: [Role.ADMIN], all: true });
    const ask = (data: object, ctx = system) => h.call<EmailTemplateDto | null>(AdminSubjects.alertTemplate, ctx, data);

    it('answers the seeded template of a code in a language, admin for the staff and public for the final recipient', async () => {
      for (const locale of ['fr', 'en', 'es', 'it', 'de']) expect((await ask({ code: 'alert-vip', locale }))?.locale).toBe(locale);
      expect(await ask({ code: 'alert-doc', locale: 'de_DE' })).toMatchObject({
        visibility: 'admin',
        subject: '[Meine DOC] {{alertTitle}}',
      });
      expect((await ask({ code: 'alert-recipient', locale: 'it' }))?.visibility).toBe('public');
      expect(await ask({ code: 'alert-unknown', locale: 'fr' })).toBeNull();
    });

    it('is kept out of the templates users pick and send, and answers only the system', async () => {
      const admin = await list(callerContext({ roles: [Role.ADMIN] }));
      expect(admin.some((t) => t.code.startsWith('alert-'))).toBe(false);
      await expect(ask({ code: 'alert-vip', locale: 'fr' }, sender())).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(ask({ code: 'DELIVERY_DELAY', locale: 'fr' })).rejects.toMatchObject({ key: 'validationFailed' });
    });
  });
});
