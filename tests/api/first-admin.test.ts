import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTarget, type ApiTarget } from './support/target';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/services/auth/src/cli/create-admin.js');

/**
 * A deployment without demo data has nobody to sign in: `npm run create-admin -- <login> <email>`
 * creates (or resets) an administrator on the auth database the service uses, refusing weak passwords.
 */
describe('first administrator', () => {
  let target: ApiTarget;
  beforeAll(async () => {
    target = await startTarget();
  }, 90000);
  afterAll(() => target?.close());

  const createAdmin = (args: string[], password: string) =>
    spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, AUTH_DATABASE_URL: target.databaseUrl('auth'), ADMIN_PASSWORD: password },
      encoding: 'utf8',
      timeout: 60000,
    });

  it('refuses a weak password, then creates an administrator who can sign in and open the back office', async () => {
    expect(fs.existsSync(CLI)).toBe(true);
    const weak = createAdmin(['ops-first', 'ops-first@provider.example'], 'Portal2026');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/Password refused: .*at least 12 characters/);
    expect((await request(target.url).post('/api/auth/login').send({ login: 'ops-first', password: 'Portal2026' })).status).toBe(401);

    const made = createAdmin(['ops-first', 'ops-first@provider.example'], 'Quai-7-Entrepot-Lyon');
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('Administrator ops-first created.');
    const login = await request(target.url)
      .post('/api/auth/login')
      .send({ login: 'ops-first', password: 'Quai-7-Entrepot-Lyon' })
      .expect(200);
    expect(login.body.user.roles).toContain('ADMIN');
    await request(target.url).get('/api/depositors/admin').set('Authorization', `Bearer ${login.body.token}`).expect(200);

    const reset = createAdmin(['ops-first', 'ops-first@provider.example'], 'Autre-Quai-9-Lyon');
    expect(reset.stdout).toContain('reset');
    // The reset ended the session it had: the running services hear it once the auth service relays the event.
    let status = 200;
    for (let i = 0; i < 40 && status !== 401; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await request(target.url).get('/api/user/me').set('Authorization', `Bearer ${login.body.token}`)).status;
    }
    expect(status).toBe(401);
  }, 90000);
});
