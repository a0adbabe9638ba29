import request from 'supertest';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { waitForMail } from '../support/smtp';

/** The forgotten-password journey, reading the mail from a real SMTP server and following its link. */
describe('password reset by mail', () => {
  let target: ApiTarget;
  // Starting a deployment (20 processes on the distributed bus) takes as long here as in the other API files.
  beforeAll(async () => {
    target = await startTarget();
  }, 90_000);
  afterAll(() => target?.close(), 90_000);

  const linkToken = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1];

  it('mails a single-use link valid one hour, and the new password works', async () => {
    const since = Date.now();
    const open = await loginAs(target, 'bob');
    await open.get('/api/user/me').expect(200); // now cached by the gateway
    await request(target.url).post('/api/auth/password/forgot').send({ email: 'bob.durand@demo-b.example' }).expect(200, { ok: true });
    await request(target.url).post('/api/auth/password/forgot').send({ email: 'unknown@nowhere.example' }).expect(200, { ok: true });
    const mail = await waitForMail(target.mailbox, 'bob.durand@demo-b.example', { since });
    expect(mail.text).toContain('Vous avez demandé à réinitialiser votre mot de passe');
    const token = linkToken(mail.text);
    await request(target.url).get(`/api/auth/password/reset/${token}`).expect(200, { ok: true });
    const weak = await request(target.url)
      .post('/api/auth/password/reset')
      .send({ token, password: 'abc', confirmation: 'abc' })
      .expect(400);
    expect(weak.body.error.key).toBe('wrongPasswordFormat');
    await request(target.url)
      .post('/api/auth/password/reset')
      .send({ token, password: 'Quai2026Lyon', confirmation: 'Quai2026Lyon' })
      .expect(200);
    const twice = await request(target.url)
      .post('/api/auth/password/reset')
      .send({ token, password: 'Quai2027Lyon', confirmation: 'Quai2027Lyon' })
      .expect(400);
    expect(twice.body.error.key).toBe('resetLinkInvalid');
    await expect(loginAs(target, 'bob')).rejects.toThrow(/401/);
    await loginAs(target, 'bob', 'Quai2026Lyon');
    // The reset ended bob's sessions: the revocation event empties every gateway's cache.
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) {
      status = (await open.get('/api/user/me')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('mails a forgotten login', async () => {
    const since = Date.now();
    await request(target.url).post('/api/auth/login/forgot').send({ email: 'alice.martin@demo-a.example' }).expect(200, { ok: true });
    // alice also gets her demo alerts' mails (copy to herself): wait for this one.
    const mail = await waitForMail(target.mailbox, 'alice.martin@demo-a.example', { since, match: (m) => /identifiant/i.test(m.subject) });
    expect(mail.text).toContain('alice');
  });

  it('changes a password in settings: old sessions end, the answer carries a working token', async () => {
    const first = await loginAs(target, 'alice');
    const other = await loginAs(target, 'alice');
    const wrong = await first
      .post('/api/user/password', { oldPassword: 'x', password: 'Entrepot2026', confirmation: 'Entrepot2026' })
      .expect(400);
    expect(wrong.body.error.key).toBe('wrongOldPassword');
    const mismatch = await first
      .post('/api/user/password', { oldPassword: 'Portal2026', password: 'Entrepot2026', confirmation: 'Entrepot2025' })
      .expect(400);
    expect(mismatch.body.error.key).toBe('wrongPasswordConfirmation');
    const ok = await first
      .post('/api/user/password', { oldPassword: 'Portal2026', password: 'Entrepot2026', confirmation: 'Entrepot2026' })
      .expect(200);
    await other.get('/api/user/me').expect(401);
    await first.get('/api/user/me').expect(401);
    await request(target.url).get('/api/user/me').set('Authorization', `Bearer ${ok.body.token}`).expect(200);
  });

  it('mails a generated password when an administrator resets it', async () => {
    const since = Date.now();
    const carla = await loginAs(target, 'carla');
    const admin = await loginAs(target, 'admin');
    await carla.post(`/api/admin/users/${admin.user.uuid}/reset-password`).expect(200);
    await admin.get('/api/user/me').expect(401);
    const mail = await waitForMail(target.mailbox, 'admin@portal.localhost', { since });
    const password = /mot de passe : ([A-Za-z0-9]{12})/.exec(mail.text.replace(/<[^>]+>/g, ''))![1];
    await loginAs(target, 'admin', password);
  });
});
