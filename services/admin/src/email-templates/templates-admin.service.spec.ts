import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminReferenceSubjects as S,
  AuthSubjects,
  Role,
  type AdminEmailTemplateDto,
  type BusRequest,
  type ListPage,
  type TemplatePreviewDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

/** The auth service's answer about the caller, for the test mail's address (a fake beside the test). */
@Controller()
class FakeAuthController {
  @MessagePattern(AuthSubjects.me)
  me(@Payload() m: BusRequest) {
    return { uuid: m.ctx.user?.uuid, login: m.ctx.user?.login, email: m.ctx.user?.id === 80 ? 'templates.admin@test.example' : '' };
  }
}
@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

describe('email templates in the back office', () => {
  let h: ServiceHarness;
  let db: Db;
  const admin = () => callerContext({ userId: 80, roles: [Role.ADMIN_TEMPLATE] });

  beforeAll(async () => {
    h = await startServices([AdminServiceModule, FakeAuthModule]);
    db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
  });
  afterAll(() => h.close());

  it('lists admin and public templates of every language, filtered', async () => {
    const all = await h.call<ListPage<AdminEmailTemplateDto>>(S.templatesList, admin(), { filter: { q: 'alert-vip' }, range: [0, 99] });
    expect(new Set(all.rows.map((t) => t.locale))).toEqual(new Set(['fr', 'en', 'es', 'it', 'de']));
    const en = await h.call<ListPage<AdminEmailTemplateDto>>(S.templatesList, admin(), { filter: { locale: 'en', visibility: 'public' } });
    expect(en.rows.every((t) => t.locale === 'en' && t.visibility === 'public')).toBe(true);
  });

  it('previews a text in each of the five languages with sample data, rendered on the server', async () => {
    const body = '<p>{{alertTitle}}</p>{{#each orders}}<li>{{reference}} {{at}}</li>{{/each}}<p>{{comment}}</p>';
    const seen: Record<string, TemplatePreviewDto> = {};
    for (const locale of ['fr', 'en', 'es', 'it', 'de']) {
      seen[locale] = await h.call<TemplatePreviewDto>(S.templatePreview, admin(), { locale, subject: '[VIP] {{alertTitle}}', body });
    }
    expect(seen.en.subject).toBe('[VIP] Orders delivered today');
    expect(seen.fr.subject).toBe('[VIP] Commandes livrées du jour');
    expect(seen.de.html).toContain('Heute zugestellte Aufträge');
    expect(seen.en.html.match(/<li>/g)).toHaveLength(3);
    expect(seen.fr.html).toContain('21/11/2026');
  });

  it('escapes sample values in the body (HTML) but not in the subject (text)', async () => {
    const preview = await h.call<TemplatePreviewDto>(S.templatePreview, admin(), {
      locale: 'en',
      subject: '{{comment}}',
      body: '{{{alertTitle}}}',
    });
    expect(preview.subject).toBe('Sample comment of the alert.');
  });

  it('answers templateLoadingFailure with where it fails, and saves no such template', async () => {
    await expect(
      h.call(S.templatePreview, admin(), { locale: 'en', subject: 'ok', body: '<p>\n{{#if orders}}\n<b>never closed</b>' }),
    ).rejects.toMatchObject({ key: 'templateLoadingFailure', status: 422, params: { where: 'body' } });
    await expect(h.call(S.templatePreview, admin(), { locale: 'fr', subject: '{{#each}}', body: 'x' })).rejects.toMatchObject({
      params: { where: 'subject' },
    });
    await expect(h.call(S.templatePreview, admin(), { locale: 'fr', subject: 's', body: '{{unknownHelper 1 2}}' })).rejects.toMatchObject({
      key: 'templateLoadingFailure',
      params: { where: 'body', detail: expect.stringContaining('unknownHelper') },
    });
    await expect(
      h.call(S.templateCreate, admin(), { code: 'broken', label: 'x', locale: 'fr', visibility: 'admin', subject: 's', body: '{{#if x}}' }),
    ).rejects.toMatchObject({ key: 'templateLoadingFailure' });
    expect(await db.system.query(`SELECT 1 FROM email_templates WHERE code = 'broken'`)).toEqual([]);
  });

  it('creates a template per language, one per code and language (emailTemplateAlreadyExists)', async () => {
    const fields = {
      code: 'Welcome',
      label: 'Bienvenue',
      visibility: 'public',
      subject: 'Bienvenue {{firstname}}',
      body: '<p>Bonjour</p>',
    };
    const fr = await h.call<AdminEmailTemplateDto>(S.templateCreate, admin(), { ...fields, locale: 'fr' });
    expect(fr).toMatchObject({ code: 'welcome', locale: 'fr', active: true });
    await h.call(S.templateCreate, admin(), { ...fields, locale: 'en', subject: 'Welcome {{firstname}}' });
    await expect(h.call(S.templateCreate, admin(), { ...fields, locale: 'fr' })).rejects.toMatchObject({
      key: 'emailTemplateAlreadyExists',
    });
    const edited = await h.call<AdminEmailTemplateDto>(S.templateUpdate, admin(), {
      id: fr.id,
      values: { ...fields, locale: 'fr', active: false },
    });
    expect(edited.active).toBe(false);
  });

  it('sends the test mail to the administrator’s own address, recorded in the mail outbox', async () => {
    expect(await h.call(S.templateTestSend, admin(), { locale: 'it', subject: '{{alertTitle}}', body: '<p>{{comment}}</p>' })).toEqual({
      ok: true,
      to: 'templates.admin@test.example',
    });
    const [mail] = await db.system.query<{ subject: string; text: string }>(
      `SELECT subject, text FROM mail_outbox WHERE "to" = 'templates.admin@test.example' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail).toEqual({ subject: '[TEST] Ordini consegnati oggi', text: 'Commento di esempio dell’avviso.' });
  });

  it('refuses the test mail to an administrator without an address', async () => {
    const noMail = callerContext({ userId: 81, roles: [Role.ADMIN_TEMPLATE] });
    await expect(h.call(S.templateTestSend, noMail, { locale: 'fr', subject: 's', body: 'b' })).rejects.toMatchObject({
      key: 'userEmailEmpty',
    });
  });

  it('lets a depositor’s own administrator read, preview and test-send templates but not create or edit them (shared by every depositor)', async () => {
    const own = callerContext({ userId: 80, roles: [Role.ADMIN_TEMPLATE], depositorIds: [1] });
    const page = await h.call<ListPage<AdminEmailTemplateDto>>(S.templatesList, own, { filter: { q: 'alert-vip' }, range: [0, 99] });
    expect(page.rows.length).toBeGreaterThan(0);
    const template = page.rows[0];
    expect(await h.call<AdminEmailTemplateDto>(S.templateGet, own, { id: template.id })).toMatchObject({ code: template.code });
    expect(await h.call<TemplatePreviewDto>(S.templatePreview, own, { locale: 'fr', subject: 's', body: 'b' })).toMatchObject({
      locale: 'fr',
    });
    expect(await h.call(S.templateTestSend, own, { locale: 'fr', subject: 's', body: '<p>b</p>' })).toMatchObject({ ok: true });
    const fields = { code: 'reach-test', label: 'Portée', subject: 'Sujet', body: '<p>Corps</p>', locale: 'fr', visibility: 'public' };
    await expect(h.call(S.templateCreate, own, fields)).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(
      h.call(S.templateUpdate, own, { id: template.id, values: { ...template, subject: 'Changé par DEMO-A' } }),
    ).rejects.toMatchObject({ key: 'permissionDenied' });
    expect(await db.system.query(`SELECT 1 FROM email_templates WHERE code = 'reach-test'`)).toEqual([]);
    expect(await h.call<AdminEmailTemplateDto>(S.templateGet, admin(), { id: template.id })).toMatchObject({ subject: template.subject });
  });

  it('refuses other roles (the template users of Settings included)', async () => {
    for (const role of [Role.USER_EMAIL_TEMPLATE_ADMIN, Role.ADMIN_LOGS]) {
      const ctx = callerContext({ roles: [role] });
      await expect(h.call(S.templatesList, ctx, {})).rejects.toMatchObject({ key: 'permissionDenied' });
      await expect(h.call(S.templatePreview, ctx, { locale: 'fr', subject: 's', body: 'b' })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
    }
  });
});
