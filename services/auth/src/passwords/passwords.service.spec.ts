import { AuthSubjects, systemContext, type CallerContext, type LoginResponse } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, DEMO_USERS, seedAuthDemo } from '../demo/seed';

describe('passwords (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  let db: Db;
  const anon = systemContext('test');

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await seedAuthDemo(db);
  });
  afterAll(() => h.close());

  const login = (name: string, password = DEMO_PASSWORD) => h.call<LoginResponse>(AuthSubjects.login, anon, { login: name, password });
  const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
  const ctxOf = async (token: string): Promise<CallerContext> => ({
    requestId: 'r',
    ...(await h.call<Omit<CallerContext, 'requestId'>>(AuthSubjects.resolveSession, anon, {
      sessionId: sid(token).sid,
      userUuid: sid(token).sub,
    })),
  });
  const lastMail = async (to: string) =>
    (
      await db.system.query<{ subject: string; text: string; html: string }>(
        `SELECT subject, text, html FROM mail_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`,
        [to],
      )
    )[0];
  const waitMail = async (to: string, count: number) => {
    for (let i = 0; i < 100; i++) {
      const [{ n }] = await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = $1`, [to]);
      if (Number(n) >= count) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail for ${to}`);
  };
  const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

  it('mails a single-use reset link in the user language; the link sets a new password once', async () => {
    const alice = DEMO_USERS[1];
    await expect(h.call(AuthSubjects.forgotPassword, anon, { email: alice.email })).resolves.toEqual({ ok: true });
    await waitMail(alice.email, 1);
    const mail = await lastMail(alice.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    const token = tokenOf(mail.text);
    const session = await login('alice');
    await expect(h.call(AuthSubjects.checkResetLink, anon, { token })).resolves.toEqual({ ok: true });
    await expect(h.call(AuthSubjects.resetPassword, anon, { token, password: 'short', confirmation: 'short' })).rejects.toMatchObject({
      key: 'wrongPasswordFormat',
    });
    await expect(
      h.call(AuthSubjects.resetPassword, anon, { token, password: 'Newpass2026', confirmation: 'Newpass2027' }),
    ).rejects.toMatchObject({ key: 'wrongPasswordConfirmation' });
    await expect(
      h.call(AuthSubjects.resetPassword, anon, { token, password: 'Newpass2026', confirmation: 'Newpass2026' }),
    ).resolves.toEqual({ ok: true });
    await expect(
      h.call(AuthSubjects.resetPassword, anon, { token, password: 'Other2026x', confirmation: 'Other2026x' }),
    ).rejects.toMatchObject({ key: 'resetLinkInvalid', status: 400 });
    await expect(ctxOf(session.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(login('alice')).rejects.toMatchObject({ key: 'loginFailed' });
    await expect(login('alice', 'Newpass2026')).resolves.toBeDefined();
  });

  it('refuses a reset link older than one hour and an unknown one', async () => {
    const bob = DEMO_USERS[2];
    await h.call(AuthSubjects.forgotPassword, anon, { email: bob.email, locale: 'en_US' });
    await waitMail(bob.email, 1);
    const mail = await lastMail(bob.email);
    expect(mail.subject).toBe('Reset your password');
    await db.system.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const token = tokenOf(mail.text);
    await expect(h.call(AuthSubjects.checkResetLink, anon, { token })).rejects.toMatchObject({ key: 'resetLinkInvalid' });
    await expect(
      h.call(AuthSubjects.resetPassword, anon, { token, password: 'Newpass2026', confirmation: 'Newpass2026' }),
    ).rejects.toMatchObject({ key: 'resetLinkInvalid' });
    await expect(h.call(AuthSubjects.checkResetLink, anon, { token: 'made-up' })).rejects.toMatchObject({ key: 'resetLinkInvalid' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const [{ n: before }] = await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox`);
    await expect(h.call(AuthSubjects.forgotPassword, anon, { email: 'nobody@nowhere.example' })).resolves.toEqual({ ok: true });
    await expect(h.call(AuthSubjects.forgotLogin, anon, { email: 'nobody@nowhere.example' })).resolves.toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    const [{ n: after }] = await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox`);
    expect(after).toBe(before);
  });

  it('mails a forgotten login', async () => {
    const carla = DEMO_USERS[3];
    await h.call(AuthSubjects.forgotLogin, anon, { email: carla.email });
    await waitMail(carla.email, 1);
    const mail = await lastMail(carla.email);
    expect(mail.subject).toBe('Il suo identificativo del portale logistico');
    expect(mail.text).toContain('carla');
  });

  it('changes the password with the right current one, ends other sessions and returns a new token', async () => {
    const first = await login('bob');
    const second = await login('bob');
    const ctx = await ctxOf(first.token);
    await expect(
      h.call(AuthSubjects.changePassword, ctx, { oldPassword: 'nope', password: 'Bobpass2026', confirmation: 'Bobpass2026' }),
    ).rejects.toMatchObject({ key: 'wrongOldPassword', status: 400 });
    await expect(
      h.call(AuthSubjects.changePassword, ctx, { oldPassword: DEMO_PASSWORD, password: 'bobpass', confirmation: 'bobpass' }),
    ).rejects.toMatchObject({ key: 'wrongPasswordFormat' });
    await expect(
      h.call(AuthSubjects.changePassword, ctx, { oldPassword: DEMO_PASSWORD, password: 'Bobpass2026', confirmation: 'Bobpass2025' }),
    ).rejects.toMatchObject({ key: 'wrongPasswordConfirmation' });
    const changed = await h.call<{ ok: boolean; token: string }>(AuthSubjects.changePassword, ctx, {
      oldPassword: DEMO_PASSWORD,
      password: 'Bobpass2026',
      confirmation: 'Bobpass2026',
    });
    await expect(ctxOf(first.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(ctxOf(second.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(ctxOf(changed.token)).resolves.toMatchObject({ user: { login: 'bob' } });
    await expect(login('bob', 'Bobpass2026')).resolves.toBeDefined();
    const events = await db.system.query<{ type: string }>(
      `SELECT type FROM outbox WHERE type IN ('auth.user.password-changed', 'auth.user.sessions-revoked')`,
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('lets ADMIN_USERS reset a password: a new one is mailed, sessions end, the event is recorded', async () => {
    const carlaCtx = await ctxOf((await login('carla')).token);
    const target = await login('admin');
    await expect(h.call(AuthSubjects.adminResetPassword, carlaCtx, { uuid: DEMO_USERS[0].uuid })).resolves.toEqual({ ok: true });
    await expect(ctxOf(target.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    const mail = await lastMail(DEMO_USERS[0].email);
    const password = /mot de passe : <strong>([^<]+)<\/strong>/.exec(mail.html)![1];
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{12}$/);
    await expect(login('admin', password)).resolves.toBeDefined();
    await expect(h.call(AuthSubjects.adminResetPassword, carlaCtx, { uuid: '00000000-0000-4000-8000-00000000ffff' })).rejects.toMatchObject(
      { key: 'userNotFound', status: 404 },
    );
    const [event] = await db.system.query<{ payload: { login: string } }>(
      `SELECT payload FROM outbox WHERE type = 'auth.user.password-reset-by-admin'`,
    );
    expect(event.payload.login).toBe('admin');
  });

  it('refuses an admin reset for a user without an e-mail address with userEmailEmpty', async () => {
    const carlaCtx = await ctxOf((await login('carla')).token);
    await db.system.query(`UPDATE users SET email = '' WHERE login = 'bob'`);
    await expect(h.call(AuthSubjects.adminResetPassword, carlaCtx, { uuid: DEMO_USERS[2].uuid })).rejects.toMatchObject({
      key: 'userEmailEmpty',
      status: 400,
    });
    await db.system.query(`UPDATE users SET email = $1 WHERE login = 'bob'`, [DEMO_USERS[2].email]);
  });
});

describe('passwords when the mail server refuses (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  const saved = process.env.SMTP_URL;

  beforeAll(async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'; // nothing listens there
    h = await startServices([AuthServiceModule]);
    await seedAuthDemo(h.get(Db));
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    await h.close();
  });

  it('answers mailSendFailed to an admin reset whose mail cannot leave, and keeps the mail in the outbox', async () => {
    const anon = systemContext('test');
    const { token } = await h.call<LoginResponse>(AuthSubjects.login, anon, { login: 'carla', password: DEMO_PASSWORD });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
    const ctx: CallerContext = {
      requestId: 'r',
      ...(await h.call<Omit<CallerContext, 'requestId'>>(AuthSubjects.resolveSession, anon, {
        sessionId: claims.sid,
        userUuid: claims.sub,
      })),
    };
    await expect(h.call(AuthSubjects.adminResetPassword, ctx, { uuid: DEMO_USERS[2].uuid })).rejects.toMatchObject({
      key: 'mailSendFailed',
      status: 502,
    });
    const [row] = await h
      .get(Db)
      .system.query<{ error: string | null }>(`SELECT error FROM mail_outbox WHERE "to" = $1`, [DEMO_USERS[2].email]);
    expect(row.error).toBeTruthy();
  });
});
