import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/** Login, session and §7 user calls through the gateway, as curl would make them. */
describe('identity API', () => {
  let target: ApiTarget;
  // Starting a deployment (20 processes on the distributed bus) takes as long here as in the other API files.
  beforeAll(async () => {
    target = await startTarget({ shared: true });
  }, 90_000);
  afterAll(() => target?.close(), 90_000);

  const api = () => request(target.url);

  it('reports every service healthy', async () => {
    const res = await api().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', services: { auth: { up: true, db: true }, admin: { up: true, db: true } } });
  });

  it('logs in with the demo password and never returns a secret', async () => {
    const res = await api().post('/api/auth/login').send({ login: 'alice', password: 'Portal2026' }).expect(200);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toMatchObject({ login: 'alice', theme: 'dark', language: { code: 'fr_FR' } });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|hash/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 loginFailed to a wrong pair and 400 with fields to a malformed body', async () => {
    const wrong = await api().post('/api/auth/login').send({ login: 'alice', password: 'nope' }).expect(401);
    expect(wrong.body.error).toMatchObject({ key: 'loginFailed' });
    const malformed = await api().post('/api/auth/login').send({ login: '' }).expect(400);
    expect(malformed.body.error).toMatchObject({ key: 'validationFailed', fields: { login: 'required', password: 'required' } });
  });

  it('blocks after 5 failures and gives the seconds left', async () => {
    // A user of this test's own: a demo user blocked for 15 minutes would fail the next file on a shared deployment.
    const login = `lock${randomBytes(3).toString('hex')}`;
    await addUser(target, { login, roles: ['PGT_USER'], depositorIds: [1] });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await api().post('/api/auth/login').send({ login, password: 'Wrong-pass1' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect(last!.body.error.key).toBe('accountBlocked');
    expect(last!.body.error.params.seconds).toBeGreaterThan(890);
    const right = await api().post('/api/auth/login').send({ login, password: 'Portal2026' }).expect(423);
    expect(right.body.error.params.seconds).toBeLessThanOrEqual(900);
  });

  it('refuses missing, forged and revoked tokens with 401 tokenDismiss', async () => {
    expect((await api().get('/api/dashboard/list').expect(401)).body.error.key).toBe('tokenDismiss');
    expect((await api().get('/api/dashboard/list').set('Authorization', 'Bearer abc.def.ghi').expect(401)).body.error.key).toBe(
      'tokenDismiss',
    );
    const alice = await loginAs(target, 'alice');
    const forged = alice.token.slice(0, -3) + (alice.token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await api().get('/api/user/me').set('Authorization', `Bearer ${forged}`).expect(401)).body.error.key).toBe('tokenDismiss');
    await alice.post('/api/auth/logout').expect(200);
    expect((await alice.get('/api/user/me').expect(401)).body.error.key).toBe('tokenDismiss');
  });

  it('checks and renews the token (§7 token/check)', async () => {
    const bob = await loginAs(target, 'bob');
    const res = await bob.get('/api/user/token/check').expect(200);
    expect(res.body).toEqual({ ok: true, token: expect.any(String) });
    const renewed = () => api().get('/api/user/me').set('Authorization', `Bearer ${res.body.token}`);
    expect((await renewed().expect(200)).body.login).toBe('bob');
    // The same session under a new token: ending it ends both.
    await bob.post('/api/auth/logout').expect(200);
    expect((await renewed().expect(401)).body.error.key).toBe('tokenDismiss');
    expect((await api().get('/api/user/token/check').expect(401)).body.error.key).toBe('tokenDismiss');
  });

  it('stores the §7 settings verbatim and refuses values outside their sets', async () => {
    // A user of this test's own: alice's language, time zone and label format are read by other files sharing the deployment.
    const login = `prefs${randomBytes(3).toString('hex')}`;
    await addUser(target, { login, roles: ['PGT_USER', 'DASHTOWER_USER'], depositorIds: [1] });
    const alice = await loginAs(target, login);
    expect((await alice.post('/api/user/language/de_DE').expect(200)).body.language.code).toBe('de_DE');
    expect((await alice.post('/api/user/theme/trees').expect(200)).body.theme).toBe('trees');
    expect((await alice.post('/api/user/export/two_columns').expect(200)).body.exportFormat).toBe('two_columns');
    expect((await alice.post('/api/user/timezone/Asia%2FKolkata').expect(200)).body.timezone).toBe('Asia/Kolkata');
    expect((await alice.post('/api/user/phone/0472000000').expect(200)).body.phone).toBe('0472000000');
    expect((await alice.put('/api/user/printer-uri', { printer_uri: 'https://10.0.0.5:9101' }).expect(200)).body.printer).toEqual({
      url: 'https://10.0.0.5',
      port: 9101,
    });
    expect((await alice.put(`/api/user/${alice.user.uuid}/setFormatEtiquette/ZPL`).expect(200)).body.etiquette_format).toBe('ZPL');
    expect((await alice.put(`/api/user/${alice.user.uuid}/setZplDefaultPrinter/ZT410-QUAI2`).expect(200)).body.uid_zpl_printer).toBe(
      'ZT410-QUAI2',
    );
    const bad: [string, string, string][] = [
      ['post', '/api/user/language/xx_XX', 'invalidLanguage'],
      ['post', '/api/user/theme/neon', 'invalidTheme'],
      ['post', '/api/user/export/pdf', 'invalidExportFormat'],
      ['post', '/api/user/timezone/Europe%2FAtlantis', 'invalidTimezone'],
      ['post', '/api/user/phone/abc', 'invalidPhone'],
      ['put', `/api/user/${alice.user.uuid}/setFormatEtiquette/PNG`, 'invalidLabelFormat'],
    ];
    for (const [method, path, key] of bad) {
      const res = await (method === 'post' ? alice.post(path) : alice.put(path)).expect(400);
      expect(res.body.error.key).toBe(key);
    }
    expect((await alice.put('/api/user/printer-uri', { printer_uri: 'lpt1' }).expect(400)).body.error.key).toBe('invalidPrinterUri');
    const again = await loginAs(target, login);
    expect(again.user).toMatchObject({ theme: 'trees', language: { code: 'de_DE' }, timezone: 'Asia/Kolkata' });
  });

  it('keeps label settings to DASHTOWER users (403) and other users out of one another (404)', async () => {
    const bob = await loginAs(target, 'bob');
    const alice = await loginAs(target, 'alice');
    expect((await bob.put(`/api/user/${bob.user.uuid}/setFormatEtiquette/ZPL`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await bob.put(`/api/user/${bob.user.uuid}/setZplDefaultPrinter/P1`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await alice.put(`/api/user/${bob.user.uuid}/setFormatEtiquette/ZPL`).expect(404)).body.error.key).toBe('userNotFound');
    expect((await bob.get(`/api/user/${alice.user.uuid}/filters`).expect(404)).body.error.key).toBe('userNotFound');
  });

  it('shows each user their allowed filters only', async () => {
    const bob = await loginAs(target, 'bob');
    const filters = await bob.get(`/api/user/${bob.user.uuid}/filters`).expect(200);
    expect(filters.body.depositors.map((d: { code: string }) => d.code)).toEqual(['DEMO-B']);
    const refused = await bob.put(`/api/user/${bob.user.uuid}/filters`, { depositors: [1] }).expect(400);
    expect(refused.body.error.key).toBe('invalidFilter');
    const restricted = await bob.get(`/api/user/${bob.user.uuid}/filters?mode=restricted`).expect(200);
    expect(restricted.body.depositors).toEqual([]);
  });

  it('applies a new filter to the very next request (the gateway forgets the cached scope)', async () => {
    const alice = await loginAs(target, 'alice');
    const codes = async () => (await alice.get('/api/depositors').expect(200)).body.map((d: { code: string }) => d.code);
    expect(await codes()).toEqual(['DEMO-A', 'DEMO-B']);
    await alice.put(`/api/user/${alice.user.uuid}/filters`, { depositors: [2] }).expect(200);
    expect(await codes()).toEqual(['DEMO-B']);
    await alice.put(`/api/user/${alice.user.uuid}/filters`, { depositors: [] }).expect(200);
    expect(await codes()).toEqual(['DEMO-A', 'DEMO-B']);
  });

  it('persists dashboard tiles per user (§7 dashboard calls)', async () => {
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const tile = (await alice.post('/api/dashboard/create', { id_object: 'pgt', type: 'link' }).expect(201)).body;
    expect(tile).toMatchObject({ width: 1, height: 1, type: 'link' });
    const saved = await alice.post('/api/dashboard/list', { items: [{ uuid: tile.uuid, width: 2, height: 1, x: 3 }] }).expect(200);
    expect(saved.body.find((t: { uuid: string }) => t.uuid === tile.uuid)).toMatchObject({ width: 2, x: 3 });
    const uuids = async (user: typeof alice) =>
      (await user.get('/api/dashboard/list').expect(200)).body.map((t: { uuid: string }) => t.uuid);
    expect(await uuids(bob)).not.toContain(tile.uuid);
    expect((await bob.delete(`/api/dashboard/${tile.uuid}`).expect(404)).body.error.key).toBe('objectNotFound');
    expect((await alice.post('/api/dashboard/create', { id_object: 'x', width: 7 }).expect(400)).body.error.key).toBe('invalidTileSize');
    await alice.delete(`/api/dashboard/${tile.uuid}`).expect(200);
    expect(await uuids(alice)).not.toContain(tile.uuid);
  });

  it('lists the application tiles the roles allow', async () => {
    const routes = async (login: string) =>
      (await (await loginAs(target, login)).get('/api/dashboard/personnal/apps').expect(200)).body.map((a: { route: string }) => a.route);
    expect(await routes('bob')).toEqual(['/pgt', '/stock', '/vip', '/doc']);
    expect(await routes('alice')).toContain('/fever');
    expect(await routes('alice')).not.toContain('/admin');
    expect(await routes('admin')).toContain('/admin');
  });

  it('lets ADMIN_USERS reset a password by mail and nobody else', async () => {
    const bob = await loginAs(target, 'bob');
    const admin = await loginAs(target, 'admin');
    expect((await bob.post(`/api/admin/users/${admin.user.uuid}/reset-password`).expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('serves the web app: hashed assets cached for good, every browser route falls back to index.html', async () => {
    if (target.deployment) return; // the distributed gateway runs without a web build here
    const asset = await api().get('/assets/index-AbC123.js').expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const route of ['/', '/dashboard', '/login?backpath=%2Fpgt', '/settings/general', '/no/such/page']) {
      const page = await api().get(route).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toMatch(
        /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval';.*frame-ancestors 'none'/,
      );
      expect(page.text).toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with 404 pageNotFound and documents every path in OpenAPI', async () => {
    expect((await api().get('/api/no/such/thing').expect(404)).body.error.key).toBe('pageNotFound');
    const doc = (await api().get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    for (const p of [
      '/api/auth/login',
      '/api/user/token/check',
      '/api/user/language/{code}',
      '/api/user/{uuid}/setFormatEtiquette/{format}',
      '/api/dashboard/personnal/apps',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
