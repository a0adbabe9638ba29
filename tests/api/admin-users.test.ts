import request from 'supertest';
import { waitForMail } from '../support/smtp';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Client = Awaited<ReturnType<typeof loginAs>>;
const BOB = '00000000-0000-4000-8000-000000000003';
const ALICE = '00000000-0000-4000-8000-000000000002';
const ADMIN = '00000000-0000-4000-8000-000000000001';
const DENIS = '00000000-0000-4000-8000-000000000005';
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** The password a French mail gives ("Mot de passe : …" or "Nouveau mot de passe : …"). */
const passwordIn = (text: string) => /mot de passe\s*:\s*(\S+)/i.exec(text)?.[1] ?? '';

/**
 * /admin users (ADMIN_USERS) and role groups (ADMIN_GROUP), issue 18: each area's role, the
 * uniqueness keys, groups and filters only once the user is saved, §5 second password rule,
 * deactivation ending sessions, and a depositor's administrator kept to their depositors' users.
 */
describe('user and role group administration', () => {
  let target: ApiTarget;
  let admin: Client;
  let carla: Client;
  let bob: Client;

  beforeAll(async () => {
    target = await startTarget();
    // One at a time: password hashing is admitted a few at once (the distributed bus refused the third).
    admin = await loginAs(target, 'admin');
    carla = await loginAs(target, 'carla');
    bob = await loginAs(target, 'bob');
  }, 120_000);
  afterAll(() => target?.close(), 60_000);

  /** A user made through the API by ADMIN, with a password and access given after the first save. */
  const makeUser = async (login: string, access: Record<string, unknown>, password = 'Quai26!') => {
    const created = await admin.post('/api/admin/users', { login, email: `${login}@test.example`, password }).expect(201);
    await admin.put(`/api/admin/users/${created.body.uuid}/access`, access).expect(200);
    return { uuid: created.body.uuid as string, client: await loginAs(target, login, password) };
  };

  it('guards each sub-area by its own role: ADMIN_USERS for users, ADMIN_GROUP to change role groups, ADMIN everything', async () => {
    const grouper = await makeUser('grouper', { roles: ['ADMIN_GROUP'] });
    for (const path of ['/api/admin/users', '/api/admin/users/options', `/api/admin/users/${DENIS}`]) {
      expect((await bob.get(path).expect(403)).body.error.key).toBe('permissionDenied');
      expect((await grouper.client.get(path).expect(403)).body.error.key).toBe('permissionDenied');
      await carla.get(path).expect(200);
      await admin.get(path).expect(200);
    }
    await bob.post('/api/admin/users', { login: 'x', email: 'x@x.example' }).expect(403);
    await bob.get('/api/admin/role-groups').expect(403);
    await bob.get('/api/admin/rights').expect(403);
    await carla.get('/api/admin/role-groups').expect(200);
    expect((await carla.post('/api/admin/role-groups', { code: 'NOPE', label: 'x' }).expect(403)).body.error.key).toBe('permissionDenied');
    const made = await grouper.client.post('/api/admin/role-groups', { code: 'QUAI', label: 'Quai', roles: ['PGT_USER'] }).expect(201);
    await grouper.client
      .put(`/api/admin/role-groups/${made.body.id}`, { code: 'QUAI', label: 'Quai de Lyon', roles: ['PGT_USER'] })
      .expect(200);
    await admin.delete(`/api/admin/role-groups/${made.body.id}`).expect(200);
    expect((await admin.get(`/api/admin/role-groups/${made.body.id}`).expect(404)).body.error.key).toBe('roleGroupNotFound');
    const rights = (await grouper.client.get('/api/admin/rights').expect(200)).body as {
      id: string;
      group: string;
      name: { fr: string };
    }[];
    expect(rights.find((r) => r.id === 'ADMIN_USERS')).toMatchObject({ group: 'admin' });
  });

  it('answers loginAlreadyExists, emailAlreadyExists, userNotSaved and wrongPasswordFormat', async () => {
    const key = async (body: object) => (await carla.post('/api/admin/users', body)).body.error?.key;
    expect(await key({ login: 'BOB', email: 'new@test.example' })).toBe('loginAlreadyExists');
    expect(await key({ login: 'newone', email: 'Bob.Durand@demo-b.example' })).toBe('emailAlreadyExists');
    expect(await key({ login: 'newone', email: 'new@test.example', groups: ['TRANSPORT'] })).toBe('userNotSaved');
    expect(await key({ login: 'newone', email: 'new@test.example', depositors: [1] })).toBe('userNotSaved');
    expect(await key({ login: 'newone', email: 'new@test.example', password: 'abcdef1' })).toBe('wrongPasswordFormat');
    expect(await key({ login: 'newone', email: 'new@test.example', password: 'Ab1' })).toBe('wrongPasswordFormat');
    const fields = (await carla.post('/api/admin/users', { login: 'a b', email: 'no', timezone: 'Mars/Base' }).expect(400)).body.error
      .fields;
    expect(fields).toMatchObject({ login: 'invalidFormat', email: 'invalidEmail', timezone: 'invalidFormat' });
    await carla.post('/api/admin/users', { login: 'a\u0000b', email: 'nul@x.example' }).expect(400);
    await carla.get(`/api/admin/users?filter=${q({ depositor: 'x' })}`).expect(400);
    await carla.get(`/api/admin/users?sort=${q(['password_hash', 'ASC'])}`).expect(400);
    await carla.get('/api/admin/users/not-a-uuid').expect(404);
    await carla.put(`/api/admin/users/${BOB}/access`, { depositors: Array.from({ length: 600 }, (_, i) => i + 1) }).expect(400);
    await admin.get('/api/admin/role-groups/99999999999').expect(404);
  });

  it('carla creates a user (password mailed), gives groups and filters once saved, resets the password, deactivates and reactivates', async () => {
    const since = Date.now();
    const created = await carla
      .post('/api/admin/users', { login: 'lucas', email: 'lucas.girard@demo-a.example', firstname: 'Lucas' })
      .expect(201);
    const uuid: string = created.body.uuid;
    const welcome = await waitForMail(target.mailbox, 'lucas.girard@demo-a.example', { since });
    const lucas = await loginAs(target, 'lucas', passwordIn(welcome.text));
    expect(lucas.user.roles).toEqual([]);
    const given = await carla
      .put(`/api/admin/users/${uuid}/access`, { groups: ['TRANSPORT'], depositors: [1], activities: [3], stores: [2] })
      .expect(200);
    expect(given.body).toMatchObject({ groups: ['TRANSPORT'], depositors: [1], activities: [3], stores: [2] });
    // The change reaches the open session at once (its cached copy is dropped).
    expect((await lucas.get('/api/user/me').expect(200)).body.roles).toContain('PGT_USER');
    const listed = await carla.get(`/api/admin/users?filter=${q({ group: 'TRANSPORT', depositor: 1, active: true })}`).expect(200);
    expect(listed.body.map((u: { login: string }) => u.login)).toContain('lucas');
    expect(listed.headers['content-range']).toMatch(/^admin\/users 0-\d+\/\d+$/);

    const resetSince = Date.now();
    await carla.post(`/api/admin/users/${uuid}/reset-password`).expect(200);
    const reset = await waitForMail(target.mailbox, 'lucas.girard@demo-a.example', { since: resetSince });
    const fresh = await loginAs(target, 'lucas', passwordIn(reset.text));

    await carla.post(`/api/admin/users/${uuid}/deactivate`).expect(200);
    expect((await fresh.get('/api/user/me').expect(401)).body.error.key).toBe('tokenDismiss');
    await expect(loginAs(target, 'lucas', passwordIn(reset.text))).rejects.toThrow(/401/);
    await carla.post(`/api/admin/users/${uuid}/reactivate`).expect(200);
    await loginAs(target, 'lucas', passwordIn(reset.text));

    // The audit trail (admin service) has each change: created, access given, deactivated, reactivated; by carla.
    let trail: { action: string; actorLogin: string; before: Record<string, unknown> | null; after: Record<string, unknown> }[] = [];
    for (let i = 0; i < 100 && trail.length < 4; i++) {
      trail = (await admin.get(`/api/admin/audit?filter=${q({ service: 'auth', entity: 'user', entityId: uuid })}`).expect(200)).body;
      if (trail.length < 4) await new Promise((r) => setTimeout(r, 100));
    }
    expect(trail.map((t) => [t.action, t.actorLogin])).toEqual([...Array(3).fill(['updated', 'carla']), ['created', 'carla']]);
    expect(trail[trail.length - 1]).toMatchObject({ action: 'created', before: null, after: { login: 'lucas' } });
    expect(trail.find((t) => t.before?.active === true && t.after.active === false)).toBeDefined();
  });

  it('keeps a depositor’s administrator to their depositors’ users, and to the roles and depositors they hold', async () => {
    const own = await makeUser('adm-a', { roles: ['ADMIN_USERS', 'PGT_USER'], depositors: [1] });
    const a = own.client;
    const logins = (await a.get('/api/admin/users?range=[0,499]').expect(200)).body.map((u: { login: string }) => u.login);
    expect(logins).toContain('denis');
    for (const other of ['alice', 'bob', 'admin', 'carla']) expect(logins).not.toContain(other);
    expect((await a.get(`/api/admin/users?filter=${q({ depositor: 2 })}`).expect(200)).body).toEqual([]);
    for (const uuid of [BOB, ALICE, ADMIN]) {
      expect((await a.get(`/api/admin/users/${uuid}`).expect(404)).body.error.key).toBe('userNotFound');
      await a.put(`/api/admin/users/${uuid}`, { login: 'hijack', email: 'hijack@x.example' }).expect(404);
      await a.put(`/api/admin/users/${uuid}/access`, { roles: [] }).expect(404);
      await a.post(`/api/admin/users/${uuid}/deactivate`).expect(404);
      await a.post(`/api/admin/users/${uuid}/reset-password`).expect(404);
      await a.get(`/api/user/${uuid}/filters`).expect(404);
    }
    const created = await a.post('/api/admin/users', { login: 'nina', email: 'nina@demo-a.example', password: 'Nina26' }).expect(201);
    expect(created.body.depositors).toEqual([1]);
    const uuid = created.body.uuid as string;
    await a.put(`/api/admin/users/${uuid}/access`, { roles: ['PGT_USER'] }).expect(200);
    expect((await a.put(`/api/admin/users/${uuid}/access`, { roles: ['STOCK_USER'] }).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await a.put(`/api/admin/users/${uuid}/access`, { groups: ['STOCK'] }).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await a.put(`/api/admin/users/${uuid}/access`, { depositors: [1, 2] }).expect(400)).body.error.fields).toEqual({
      depositors: 'unknownCode',
    });
    const options = (await a.get('/api/admin/users/options?depositors=1,2').expect(200)).body;
    expect(options.depositors.map((d: { id: number }) => d.id)).toEqual([1]);
    expect(options.activities.every((x: { depositorId: number }) => x.depositorId === 1)).toBe(true);
    await a.post('/api/admin/role-groups', { code: 'X', label: 'x' }).expect(403);
    // Bob, DEMO-B's, stays as he was.
    expect((await admin.get(`/api/admin/users/${BOB}`).expect(200)).body).toMatchObject({ login: 'bob', active: true });
    await request(target.url).get('/api/admin/users').expect(401);
  });

  it('lists a depositor’s administrator only their own depositors in the back office (GET /depositors/admin), and no foreign user to change', async () => {
    const ids = (res: request.Response) => res.body.map((d: { id: number }) => d.id);
    const own = await makeUser('adm-b', { roles: ['ADMIN_USERS', 'PGT_USER'], depositors: [2] });
    expect(ids(await own.client.get('/api/depositors/admin').expect(200))).toEqual([2]);
    // The provider's staff (carla: no depositor given) and ADMIN keep every depositor.
    expect(ids(await carla.get('/api/depositors/admin').expect(200))).toEqual([1, 2, 3]);
    expect(ids(await admin.get('/api/depositors/admin').expect(200))).toEqual([1, 2, 3]);
    // Denis is DEMO-A's only: out of reach for reading and changing.
    expect((await own.client.get(`/api/admin/users/${DENIS}`).expect(404)).body.error.key).toBe('userNotFound');
    await own.client.put(`/api/admin/users/${DENIS}/access`, { depositors: [2] }).expect(404);
    await own.client.put(`/api/admin/users/${DENIS}`, { login: 'denis2', email: 'denis2@x.example' }).expect(404);
    expect((await admin.get(`/api/admin/users/${DENIS}`).expect(200)).body).toMatchObject({ login: 'denis', depositors: [1] });
  });
});
