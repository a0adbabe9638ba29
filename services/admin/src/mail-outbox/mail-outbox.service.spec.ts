import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSubjects, Role } from '@portal/contracts';
import { Mailer } from '@portal/mail';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import type { MailOutboxPage } from './mail-outbox.dto';

describe('mail outbox', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    const mailer = h.get(Mailer);
    for (let i = 1; i <= 3; i++)
      await mailer.send({ to: `user${i}@example.com`, subject: `Mail ${i}`, html: `<p>${i}</p>`, text: `${i}` }, 'test');
  });
  afterAll(() => h.close());

  it('lists the recorded mails, newest first, to template and log administrators', async () => {
    for (const role of [Role.ADMIN, Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS]) {
      const page = await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, callerContext({ roles: [role] }));
      expect(page.total).toBe(3);
      expect(page.items.map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
    }
    const [first] = (await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN] }))).items;
    expect(first).toMatchObject({
      to: 'user3@example.com',
      cc: [],
      html: '<p>3</p>',
      text: '3',
      template: 'test',
      sentAt: null,
      error: null,
    });
    expect(Date.parse(first.createdAt)).not.toBeNaN();
  });

  it('pages with limit and offset', async () => {
    const page = await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN] }), { limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ subject: 'Mail 2' }] });
    await expect(h.call(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN] }), { limit: 1000 })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { limit: 'max' },
    });
  });

  it('refuses other users', async () => {
    await expect(h.call(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN_USERS, Role.PGT_USER] }))).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });

  describe('in the administrator’s reach', () => {
    const subjects = (page: MailOutboxPage) => page.items.map((m) => m.subject);
    const adminOfA = () => callerContext({ roles: [Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS], depositorIds: [1] });

    beforeAll(async () => {
      const mailer = h.get(Mailer);
      for (const [subject, depositors] of [
        ['Of A', [1]],
        ['Of B', [2]],
        ['Of A and B', [1, 2]],
      ] as const)
        await mailer.send({ to: 'x@example.com', subject, html: '-', text: '-' }, 'test', { depositor_ids: [...depositors] });
    });

    it('shows DEMO-A’s administrator only mails whose depositors are all theirs (none of the provider’s)', async () => {
      const page = await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, adminOfA());
      expect([page.total, subjects(page)]).toEqual([1, ['Of A']]);
      const admin = await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN] }));
      expect(admin.total).toBe(6);
      expect(subjects(admin).slice(0, 3)).toEqual(['Of A and B', 'Of B', 'Of A']);
    });

    it('records the sender’s own depositors with a mail sent from Settings, none for the provider’s staff', async () => {
      const data = { recipient: 'a@example.com', subject: 'Sent by A', body: 'b' };
      await h.call(AdminSubjects.sendEmail, callerContext({ roles: [Role.USER_EMAIL_TEMPLATE_ADMIN], depositorIds: [1] }), data);
      await h.call(AdminSubjects.sendEmail, callerContext({ roles: [Role.ADMIN_TEMPLATE] }), { ...data, subject: 'Sent by staff' });
      expect(subjects(await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, adminOfA()))).toEqual(['Sent by A', 'Of A']);
      const all = subjects(await h.call<MailOutboxPage>(AdminSubjects.mailOutbox, callerContext({ roles: [Role.ADMIN_LOGS] })));
      expect(all.slice(0, 2)).toEqual(['Sent by staff', 'Sent by A']);
    });
  });
});
