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
});
