import {
  AdminSubjects,
  AdminUsersSubjects,
  AuthSubjects,
  depositorScope,
  systemContext,
  type AdminUserDto,
  type AdminUserOptionsDto,
  type BusRequest,
  type CallerContext,
  type ListPage,
  type LoginResponse,
  type RoleGroupDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, DEMO_USERS, seedAuthDemo } from '../demo/seed';

/** A stand-in for the admin service: three depositors, their activities and stores, scoped. */
const DEPOSITORS = [1, 2, 3].map((id) => ({ id, code: `DEMO-${'ABC'[id - 1]}`, label: `Demo ${id}`, action_delay_on_address: null }));
const ACTIVITIES = [1, 2, 3].map((d) => ({ id: 10 + d, depositorId: d, code: `B2B-${d}`, label: `B2B ${d}` }));
const STORES = [1, 2, 3].map((d) => ({ id: 20 + d, depositorId: d, platformId: 1, code: `MAG-${d}`, label: `Magasin ${d}` }));
const scoped =
  <T extends { id: number; depositorId?: number }>(items: T[]) =>
  async (payload: unknown) => {
    const { scope } = (payload as BusRequest).ctx;
    return { ok: true as const, data: items.filter((i) => scope.all || scope.depositorIds.includes(i.depositorId ?? i.id)) };
  };

describe('user administration (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  let db: Db;
  const anon = systemContext('test');
  const [admin, alice, bob, , denis] = DEMO_USERS;

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await seedAuthDemo(db);
    await h.transport.serve(AdminSubjects.depositors, scoped(DEPOSITORS));
    await h.transport.serve(AdminSubjects.activities, scoped(ACTIVITIES));
    await h.transport.serve(AdminSubjects.stores, scoped(STORES));
    await h.transport.serve(AdminSubjects.platforms, async () => ({ ok: true as const, data: [] }));
  });
  afterAll(() => h.close());

  const login = (name: string, password = DEMO_PASSWORD) => h.call<LoginResponse>(AuthSubjects.login, anon, { login: name, password });
  const ctxOfToken = async (token: string): Promise<CallerContext> => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
    return {
      requestId: 'r',
      ...(await h.call<Omit<CallerContext, 'requestId'>>(AuthSubjects.resolveSession, anon, {
        sessionId: claims.sid,
        userUuid: claims.sub,
      })),
    };
  };
  const ctxFor = async (name: string, password = DEMO_PASSWORD) => ctxOfToken((await login(name, password)).token);
  const list = (ctx: CallerContext, filter: Record<string, unknown> = {}) =>
    h.call<ListPage<AdminUserDto>>(AdminUsersSubjects.list, ctx, { filter, range: [0, 99] });
  const create = (ctx: CallerContext, user: Record<string, unknown>) => h.call<AdminUserDto>(AdminUsersSubjects.create, ctx, user);
  const access = (ctx: CallerContext, uuid: string, access: Record<string, unknown>) =>
    h.call<AdminUserDto>(AdminUsersSubjects.setAccess, ctx, { uuid, access });
  const events = (type: string) =>
    db.system.query<{ payload: { subject: string; by: { login: string }; before: AdminUserDto | null; after: AdminUserDto | null } }>(
      `SELECT payload FROM outbox WHERE type = $1 ORDER BY occurred_at`,
      [type],
    );

  it('creates a user, refuses groups and filters before the first save, then gives them; events say who, before and after', async () => {
    const carla = await ctxFor('carla');
    await expect(create(carla, { login: 'early', email: 'early@demo-a.example', groups: ['TRANSPORT'] })).rejects.toMatchObject({
      key: 'userNotSaved',
      status: 400,
    });
    await expect(create(carla, { login: 'early', email: 'early@demo-a.example', depositors: [1] })).rejects.toMatchObject({
      key: 'userNotSaved',
    });
    const user = await create(carla, { login: 'emma', email: 'emma.petit@demo-a.example', firstname: 'Emma', lastname: 'Petit' });
    expect(user).toMatchObject({ login: 'emma', active: true, roles: [], groups: [], depositors: [], language: 'fr_FR', theme: 'dark' });
    const given = await access(carla, user.uuid, {
      groups: ['transport'],
      roles: ['STOCK_USER'],
      depositors: [1],
      activities: [11],
      stores: [21],
    });
    expect(given).toMatchObject({ groups: ['TRANSPORT'], roles: ['STOCK_USER'], depositors: [1], activities: [11], stores: [21] });
    expect(given.effectiveRoles).toEqual(['PGT_USER', 'SERIAL_USER', 'STOCK_USER', 'TRACERROUTE_USER']);
    await expect(access(carla, user.uuid, { depositors: [1], activities: [12] })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { activities: 'unknownCode' },
    });
    await expect(access(carla, user.uuid, { groups: ['NOPE'] })).rejects.toMatchObject({ fields: { groups: 'unknownCode' } });
    await expect(access(carla, user.uuid, { depositors: [99] })).rejects.toMatchObject({ fields: { depositors: 'unknownCode' } });
    // The generated password was mailed in the user's language.
    const [mail] = await db.system.query<{ subject: string }>(`SELECT subject FROM mail_outbox WHERE "to" = $1`, [user.email]);
    expect(mail?.subject).toBe('Votre compte sur le portail logistique');
    const [created] = await events('auth.user.created');
    expect(created.payload).toMatchObject({ subject: user.uuid, by: { login: 'carla' }, before: null, after: { login: 'emma' } });
    const updates = (await events('auth.user.updated')).filter((e) => e.payload.subject === user.uuid);
    expect(updates[0].payload).toMatchObject({ before: { groups: [] }, after: { groups: ['TRANSPORT'], depositors: [1] } });
    expect((await list(carla, { group: 'TRANSPORT', login: 'em' })).rows.map((u) => u.login)).toEqual(['emma']);
  });

  it('keeps login and e-mail unique whatever the case, and holds a password set by an administrator to §5 second rule', async () => {
    const carla = await ctxFor('carla');
    await expect(create(carla, { login: 'ALICE', email: 'other@x.example' })).rejects.toMatchObject({
      key: 'loginAlreadyExists',
      status: 409,
    });
    await expect(create(carla, { login: 'other', email: alice.email.toUpperCase() })).rejects.toMatchObject({ key: 'emailAlreadyExists' });
    for (const bad of ['Ab1', 'abcdef1', 'ABCDEF1', 'Abcdefg', 'Abc de'])
      await expect(create(carla, { login: 'pw', email: 'pw@x.example', password: bad })).rejects.toMatchObject({
        key: 'wrongPasswordFormat',
      });
    const pw = await create(carla, { login: 'pw', email: 'pw@x.example', password: 'Abcde!' });
    await expect(login('pw', 'Abcde!')).resolves.toBeDefined();
    await expect(create(carla, { login: 'bad login', email: 'x' })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { login: 'invalidFormat', email: 'invalidEmail' },
    });
    const session = await login('pw', 'Abcde!');
    await h.call(AdminUsersSubjects.update, carla, { uuid: pw.uuid, user: { login: 'pw', email: 'pw@x.example', password: 'Xyz123' } });
    await expect(ctxOfToken(session.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(login('pw', 'Xyz123')).resolves.toBeDefined();
    await expect(
      h.call(AdminUsersSubjects.update, carla, { uuid: pw.uuid, user: { login: 'bob', email: 'pw@x.example' } }),
    ).rejects.toMatchObject({ key: 'loginAlreadyExists' });
  });

  it('deactivation ends the sessions and refuses login; reactivation lets the user back in', async () => {
    const carla = await ctxFor('carla');
    const session = await login('bob');
    const off = await h.call<AdminUserDto>(AdminUsersSubjects.deactivate, carla, { uuid: bob.uuid });
    expect(off.active).toBe(false);
    await expect(ctxOfToken(session.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(login('bob')).rejects.toMatchObject({ key: 'loginFailed' });
    expect((await list(carla, { active: false })).rows.map((u) => u.login)).toEqual(['bob']);
    await h.call(AdminUsersSubjects.reactivate, carla, { uuid: bob.uuid });
    await expect(login('bob')).resolves.toBeDefined();
    await expect(h.call(AdminUsersSubjects.deactivate, carla, { uuid: carla.user!.uuid })).rejects.toMatchObject({
      key: 'permissionDenied',
    });
    const [event] = await events('auth.user.deactivated');
    expect(event.payload).toMatchObject({ before: { active: true }, after: { active: false }, by: { login: 'carla' } });
  });

  it('keeps ADMIN to administrators: the provider’s user administrator neither grants it nor changes an ADMIN', async () => {
    const carla = await ctxFor('carla');
    await expect(access(carla, bob.uuid, { roles: ['ADMIN'] })).rejects.toMatchObject({ key: 'permissionDenied', status: 403 });
    await expect(
      h.call(AdminUsersSubjects.update, carla, { uuid: admin.uuid, user: { login: 'admin', email: 'me@evil.example' } }),
    ).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(AdminUsersSubjects.deactivate, carla, { uuid: admin.uuid })).rejects.toMatchObject({ key: 'permissionDenied' });
    const options = await h.call<AdminUserOptionsDto>(AdminUsersSubjects.options, carla, { depositors: [1] });
    expect(options).toMatchObject({ provider: true, activities: [{ id: 11 }], stores: [{ id: 21 }] });
    expect(options.roles).not.toContain('ADMIN');
    expect(options.depositors.map((d) => d.id)).toEqual([1, 2, 3]);
  });

  describe('a depositor’s own administrator', () => {
    let dadmin: CallerContext;
    beforeAll(async () => {
      const root = await ctxFor('admin');
      const user = await create(root, { login: 'dadmin', email: 'dadmin@demo-a.example', password: 'Dadmin1' });
      await access(root, user.uuid, { roles: ['ADMIN_USERS', 'PGT_USER', 'SERIAL_USER'], depositors: [1] });
      dadmin = await ctxFor('dadmin', 'Dadmin1');
    });

    it('sees only the users whose depositors are all theirs, never an ADMIN nor the provider’s staff', async () => {
      const logins = (await list(dadmin)).rows.map((u) => u.login);
      expect(logins).toContain('denis');
      expect(logins).toContain('dadmin');
      for (const other of ['admin', 'alice', 'bob', 'carla']) expect(logins).not.toContain(other);
      expect((await list(dadmin, { depositor: 2 })).rows).toEqual([]);
      for (const uuid of [bob.uuid, alice.uuid, admin.uuid]) {
        await expect(h.call(AdminUsersSubjects.get, dadmin, { uuid })).rejects.toMatchObject({ key: 'userNotFound', status: 404 });
        await expect(h.call(AdminUsersSubjects.deactivate, dadmin, { uuid })).rejects.toMatchObject({ key: 'userNotFound' });
        await expect(access(dadmin, uuid, { roles: [] })).rejects.toMatchObject({ key: 'userNotFound' });
        await expect(h.call(AuthSubjects.adminResetPassword, dadmin, { uuid })).rejects.toMatchObject({ key: 'userNotFound' });
        await expect(h.call(AuthSubjects.getFilters, dadmin, { uuid })).rejects.toMatchObject({ key: 'userNotFound' });
        await expect(h.call(AuthSubjects.setFilters, dadmin, { uuid, depositors: [] })).rejects.toMatchObject({ key: 'userNotFound' });
      }
      await expect(h.call(AuthSubjects.getFilters, dadmin, { uuid: denis.uuid })).resolves.toBeDefined();
      await expect(h.call(AdminUsersSubjects.get, dadmin, { uuid: "'; DROP TABLE users; --" })).rejects.toMatchObject({
        key: 'userNotFound',
      });
    });

    it('gives only what they hold: their roles, groups made of them, their depositors (at least one)', async () => {
      const user = await create(dadmin, { login: 'dora', email: 'dora@demo-a.example' });
      expect(user.depositors).toEqual([1]);
      await expect(access(dadmin, user.uuid, { roles: ['PGT_USER'] })).resolves.toMatchObject({ roles: ['PGT_USER'] });
      await expect(access(dadmin, user.uuid, { roles: ['STOCK_USER'] })).rejects.toMatchObject({
        key: 'permissionDenied',
        params: { roles: ['PGT_USER', 'STOCK_USER'].filter((r) => r === 'STOCK_USER') },
      });
      await expect(access(dadmin, user.uuid, { groups: ['TRANSPORT'] })).rejects.toMatchObject({
        key: 'permissionDenied',
        params: { groups: ['TRANSPORT'] },
      });
      await expect(access(dadmin, user.uuid, { depositors: [1, 2] })).rejects.toMatchObject({ fields: { depositors: 'unknownCode' } });
      await expect(access(dadmin, user.uuid, { depositors: [] })).rejects.toMatchObject({ fields: { depositors: 'required' } });
      // denis holds roles dadmin does not: dadmin edits his name but cannot take those roles away.
      await expect(access(dadmin, denis.uuid, { roles: ['PGT_USER'] })).rejects.toMatchObject({ key: 'permissionDenied' });
      const options = await h.call<AdminUserOptionsDto>(AdminUsersSubjects.options, dadmin, { depositors: [1, 2] });
      expect(options).toMatchObject({ provider: false, depositors: [{ id: 1 }], activities: [{ id: 11 }], stores: [{ id: 21 }] });
      expect(options.roles.sort()).toEqual(['ADMIN_USERS', 'PGT_USER', 'SERIAL_USER']);
      expect(options.groups).toEqual([]);
      await expect(h.call(AdminUsersSubjects.groupCreate, dadmin, { code: 'X', label: 'x' })).rejects.toMatchObject({ status: 403 });
    });

    it('is held by row-level security too: a query under their reach that forgets its WHERE sees their users only', async () => {
      const logins = await db.scoped(depositorScope([1]), (em) => em.query<{ login: string }[]>(`SELECT login FROM users ORDER BY login`));
      const names = logins.map((r) => r.login);
      if (names.includes('admin')) return; // the connection cannot switch to the application role: WHERE alone applies
      expect(names).toContain('denis');
      for (const other of ['alice', 'bob', 'carla']) expect(names).not.toContain(other);
    });
  });

  it('manages role groups: unique codes, members’ roles follow a change, removal; the rights catalogue covers every role', async () => {
    const root = await ctxFor('admin');
    await expect(h.call(AdminUsersSubjects.groupCreate, root, { code: 'stock', label: 'Doublon' })).rejects.toMatchObject({
      key: 'roleGroupCodeAlreadyExists',
      status: 409,
    });
    const group = await h.call<RoleGroupDto>(AdminUsersSubjects.groupCreate, root, {
      code: 'claims-desk',
      label: 'Réclamations',
      roles: ['USER_CLAIM_READ'],
    });
    expect(group).toMatchObject({ code: 'CLAIMS-DESK', roles: ['USER_CLAIM_READ'], userCount: 0 });
    await access(root, bob.uuid, { groups: ['CLAIMS-DESK'] });
    const bobSession = await login('bob');
    expect((await ctxOfToken(bobSession.token)).roles).toContain('USER_CLAIM_READ');
    await h.call(AdminUsersSubjects.groupUpdate, root, {
      id: group.id,
      group: { code: 'CLAIMS-DESK', label: 'Réclamations', roles: ['USER_CLAIM_UPDATE'] },
    });
    const roles = (await ctxOfToken(bobSession.token)).roles;
    expect(roles).toContain('USER_CLAIM_UPDATE');
    expect(roles).not.toContain('USER_CLAIM_READ');
    await expect(h.call(AdminUsersSubjects.groupGet, root, { id: group.id })).resolves.toMatchObject({ userCount: 1 });
    await h.call(AdminUsersSubjects.groupDelete, root, { id: group.id });
    expect((await ctxOfToken(bobSession.token)).roles).not.toContain('USER_CLAIM_UPDATE');
    await expect(h.call(AdminUsersSubjects.groupGet, root, { id: group.id })).rejects.toMatchObject({ key: 'roleGroupNotFound' });
    await expect(h.call(AdminUsersSubjects.groupGet, root, { id: 'x' })).rejects.toMatchObject({ key: 'roleGroupNotFound' });
    const [deleted] = await events('auth.role-group.deleted');
    expect(deleted.payload).toMatchObject({ subject: 'CLAIMS-DESK', before: { roles: ['USER_CLAIM_UPDATE'] }, after: null });
    const carla = await ctxFor('carla');
    await expect(h.call(AdminUsersSubjects.groupCreate, carla, { code: 'X', label: 'x' })).rejects.toMatchObject({
      key: 'permissionDenied',
    });
    const rights = await h.call<{ id: string; group: string; name: { de: string } }[]>(AdminUsersSubjects.rights, carla, {});
    expect(rights.find((r) => r.id === 'PGT_USER')).toMatchObject({ group: 'applications' });
  });
});
