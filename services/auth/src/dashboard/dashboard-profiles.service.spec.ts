import {
  AuthSubjects,
  DashboardProfileSubjects,
  systemContext,
  type CallerContext,
  type DashboardProfileDto,
  type DashboardProfilesDto,
  type DashboardTileDto,
  type LoginResponse,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_MASTER_PROFILES, DEMO_PASSWORD, seedAuthDemo } from '../demo/seed';
import { DashboardTilesInProfiles1767950000000 } from '../migrations/1767950000000-DashboardTilesInProfiles';

describe('dashboard profiles (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  const anon = systemContext('test');

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    await seedAuthDemo(h.get(Db));
  });
  afterAll(() => h.close());

  const ctxFor = async (name: string): Promise<CallerContext> => {
    const { token } = await h.call<LoginResponse>(AuthSubjects.login, anon, { login: name, password: DEMO_PASSWORD });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
    return {
      requestId: 'r',
      ...(await h.call<Omit<CallerContext, 'requestId'>>(AuthSubjects.resolveSession, anon, {
        sessionId: claims.sid,
        userUuid: claims.sub,
      })),
    };
  };
  const list = (ctx: CallerContext) => h.call<DashboardProfilesDto>(DashboardProfileSubjects.list, ctx, {});
  const tiles = async (ctx: CallerContext) => (await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, ctx)).map((t) => t.id_object);

  it('starts every user on profile 1, holding the tiles they had', async () => {
    const bob = await ctxFor('bob');
    const { profiles, masters } = await list(bob);
    expect(profiles).toEqual([{ id: expect.any(Number), number: 1, name: '', parent_id: null, master: false, current: true, tiles: 4 }]);
    // The demo's masters, published by carla, to copy.
    expect(masters.map((m) => [m.name, m.master, m.current, m.tiles])).toEqual(
      DEMO_MASTER_PROFILES.map((m) => [m.name, true, false, m.tiles.length]),
    );
    expect(await tiles(bob)).toHaveLength(4);
  });

  it('shows alice the demo masters; a copy holds the preset report tiles her rights open', async () => {
    const alice = await ctxFor('alice');
    const stock = (await list(alice)).masters.find((m) => m.name === 'Pilotage du stock')!;
    const copy = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, alice, { copyOf: stock.id });
    expect(copy).toMatchObject({ name: 'Pilotage du stock', parent_id: stock.id, master: false, current: true, tiles: 5 });
    const pinned = await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, alice);
    expect(pinned.map((t) => [t.type, t.id_object, t.width, t.height])).toEqual([
      ['report', '1010', 2, 2],
      ['report', '161', 2, 1],
      ['report', '189', 2, 1],
      ['report', '1018', 1, 1],
      ['report', '240', 2, 1],
    ]);
    // Without a report right, a copy is empty.
    const readsNoReport = { ...alice, roles: ['PGT_USER'] };
    const empty = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, readsNoReport, { copyOf: stock.id });
    expect(empty).toMatchObject({ parent_id: stock.id, tiles: 0 });
    // carla's own dashboard starts on her profile 1; the masters are hers, after it.
    const carla = await list(await ctxFor('carla'));
    expect(carla.profiles.map((p) => [p.number, p.name, p.master, p.current])).toEqual([
      [1, '', false, true],
      [2, 'Performance des livraisons', true, false],
      [3, 'Pilotage du stock', true, false],
    ]);
    for (const id of [copy.id, empty.id]) await h.call(DashboardProfileSubjects.delete, alice, { id });
  });

  it('reads the dashboard of a user without a profile without making one; the first pin makes profile 1', async () => {
    const admin = await ctxFor('admin');
    const system = h.get(Db).system;
    await system.query(`DELETE FROM dashboard_profiles WHERE user_id = $1`, [admin.user!.id]);
    const profilesOf = () => system.query(`SELECT number, current FROM dashboard_profiles WHERE user_id = $1`, [admin.user!.id]);
    expect(await tiles(admin)).toEqual([]);
    expect(await profilesOf()).toEqual([]);
    await h.call(AuthSubjects.dashboardCreate, admin, { id_object: 'pgt' });
    expect(await profilesOf()).toEqual([{ number: 1, current: true }]);
    expect(await tiles(admin)).toEqual(['pgt']);
  });

  it('puts tiles left outside a profile into the current one, made where missing, then requires one (migration)', async () => {
    const [bob, admin] = await Promise.all([ctxFor('bob'), ctxFor('admin')]);
    const qr = h.get(Db).system.dataSource.createQueryRunner();
    await qr.startTransaction();
    try {
      await qr.query(`DELETE FROM dashboard_profiles WHERE user_id = $1`, [admin.user!.id]);
      await qr.query(`ALTER TABLE dashboard_tiles ALTER COLUMN profile_id DROP NOT NULL`);
      const pinOutside = (userId: number) =>
        qr.query(`INSERT INTO dashboard_tiles (uuid, user_id, id_object, x) VALUES (gen_random_uuid(), $1, 'pgt', 9)`, [userId]);
      await pinOutside(bob.user!.id);
      await pinOutside(admin.user!.id);
      await new DashboardTilesInProfiles1767950000000().up(qr);
      const placed = (userId: number) =>
        qr.query(
          `SELECT p.number, p.current, count(t.uuid)::int AS tiles FROM dashboard_profiles p LEFT JOIN dashboard_tiles t ON t.profile_id = p.id
           WHERE p.user_id = $1 GROUP BY p.id ORDER BY p.number`,
          [userId],
        );
      expect(await placed(bob.user!.id)).toEqual([{ number: 1, current: true, tiles: 5 }]);
      expect(await placed(admin.user!.id)).toEqual([{ number: 1, current: true, tiles: 1 }]);
      await expect(pinOutside(bob.user!.id)).rejects.toThrow(/profile_id/);
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it('creates a profile (made current, empty), pins on it, switches back and forth, deletes it', async () => {
    const alice = await ctxFor('alice');
    const before = await tiles(alice);
    const created = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, alice, { name: '  Stock  ' });
    expect(created).toMatchObject({ number: 2, name: 'Stock', current: true, tiles: 0, parent_id: null });
    expect(await tiles(alice)).toEqual([]);
    await h.call(AuthSubjects.dashboardCreate, alice, { id_object: 'stock' });
    expect(await tiles(alice)).toEqual(['stock']);
    const first = (await list(alice)).profiles.find((p) => p.number === 1)!;
    const switched = await h.call<DashboardProfilesDto>(DashboardProfileSubjects.switch, alice, { id: first.id });
    expect(switched.profiles.map((p) => [p.number, p.current, p.tiles])).toEqual([
      [1, true, before.length],
      [2, false, 1],
    ]);
    expect(await tiles(alice)).toEqual(before);
    await h.call(DashboardProfileSubjects.switch, alice, { id: String(created.id) });
    expect(await tiles(alice)).toEqual(['stock']);
    const renamed = await h.call<DashboardProfileDto>(DashboardProfileSubjects.update, alice, { id: created.id, name: 'Mes stocks' });
    expect(renamed.name).toBe('Mes stocks');
    // Deleting the current profile takes its tiles and falls back to the first one.
    const after = await h.call<DashboardProfilesDto>(DashboardProfileSubjects.delete, alice, { id: created.id });
    expect(after.profiles.map((p) => [p.number, p.current])).toEqual([[1, true]]);
    expect(await tiles(alice)).toEqual(before);
    const [{ count }] = await h
      .get(Db)
      .system.query<{ count: number }>(`SELECT count(*)::int AS count FROM dashboard_tiles WHERE profile_id = $1`, [created.id]);
    expect(count).toBe(0);
  });

  it('copies one of the own profiles, and numbers the copy after the others', async () => {
    const bob = await ctxFor('bob');
    const [first] = (await list(bob)).profiles;
    const copy = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, bob, { copyOf: first.id });
    expect(copy).toMatchObject({ number: 2, parent_id: first.id, tiles: first.tiles, current: true });
    await h.call(DashboardProfileSubjects.delete, bob, { id: copy.id });
  });

  it('lets an administrator of users publish a master that others copy, with only the tiles they may pin', async () => {
    const carla = await ctxFor('carla'); // ADMIN_USERS
    const master = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, carla, { name: 'Pilotage' });
    const admin = { ...carla, roles: ['ADMIN'] };
    await h.call(AuthSubjects.dashboardCreate, admin, { id_object: 'pgt' });
    await h.call(AuthSubjects.dashboardCreate, admin, { id_object: 'fever' });
    await h.call(AuthSubjects.dashboardCreate, admin, { id_object: 'stock' });
    await expect(h.call(DashboardProfileSubjects.update, carla, { id: master.id, master: true })).resolves.toMatchObject({ master: true });

    const bob = await ctxFor('bob'); // PGT_USER, STOCK_USER: not fever
    const seen = (await list(bob)).masters;
    expect(seen.filter((m) => m.id === master.id)).toEqual([
      expect.objectContaining({ id: master.id, name: 'Pilotage', master: true, current: false, tiles: 3 }),
    ]);
    const copy = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, bob, { copyOf: master.id });
    expect(copy).toMatchObject({ name: 'Pilotage', parent_id: master.id, master: false, current: true, tiles: 2 });
    expect(await tiles(bob)).toEqual(['pgt', 'stock']);
    // The copy is bob's: carla's changes to the master do not reach it, deleting the master leaves it.
    await h.call(DashboardProfileSubjects.delete, carla, { id: master.id });
    const after = (await list(bob)).profiles.find((p) => p.id === copy.id)!;
    expect(after).toMatchObject({ parent_id: null, tiles: 2 });
    expect((await list(bob)).masters.map((m) => m.id)).not.toContain(master.id);
    await h.call(DashboardProfileSubjects.delete, bob, { id: copy.id });
  });

  it('refuses a master flag to a user who does not administer users', async () => {
    const bob = await ctxFor('bob');
    const [own] = (await list(bob)).profiles;
    await expect(h.call(DashboardProfileSubjects.update, bob, { id: own.id, master: true })).rejects.toMatchObject({
      key: 'permissionDenied',
      status: 403,
    });
    expect((await list(bob)).profiles[0].master).toBe(false);
  });

  it("neither shows, copies, switches to, renames nor deletes another user's profile", async () => {
    const alice = await ctxFor('alice');
    const bob = await ctxFor('bob');
    const hers = await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, alice, { name: 'Privé' });
    const bobs = await list(bob);
    expect([...bobs.profiles, ...bobs.masters].map((p) => p.id)).not.toContain(hers.id);
    for (const [subject, data] of [
      [DashboardProfileSubjects.create, { copyOf: hers.id }],
      [DashboardProfileSubjects.switch, { id: hers.id }],
      [DashboardProfileSubjects.update, { id: hers.id, name: 'pris' }],
      [DashboardProfileSubjects.delete, { id: hers.id }],
    ] as const) {
      await expect(h.call(subject, bob, data)).rejects.toMatchObject({ key: 'objectNotFound', status: 404 });
    }
    expect((await list(bob)).profiles.map((p) => p.id)).toEqual(bobs.profiles.map((p) => p.id));
    expect((await list(alice)).profiles.find((p) => p.id === hers.id)).toMatchObject({ name: 'Privé', current: true });
  });

  it('keeps the last profile, refuses bad ids and names, and stops at the limit', async () => {
    const bob = await ctxFor('bob');
    const [own] = (await list(bob)).profiles;
    await expect(h.call(DashboardProfileSubjects.delete, bob, { id: own.id })).rejects.toMatchObject({
      key: 'lastDashboardProfile',
      status: 409,
    });
    for (const id of ['abc', -1, 0, 1e12, null, '1; DROP TABLE users', { id: 1 }]) {
      await expect(h.call(DashboardProfileSubjects.switch, bob, { id })).rejects.toMatchObject({ key: 'objectNotFound' });
    }
    await expect(h.call(DashboardProfileSubjects.create, bob, { name: 'x'.repeat(61) })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { name: 'maxLength' },
    });
    await expect(h.call(DashboardProfileSubjects.create, bob, { name: 'a\u0000b' })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(h.call(DashboardProfileSubjects.create, bob, { copyOf: 'x' })).rejects.toMatchObject({ key: 'objectNotFound' });
    const made: number[] = [];
    for (let i = 1; i < 20; i++) made.push((await h.call<DashboardProfileDto>(DashboardProfileSubjects.create, bob, {})).id);
    await expect(h.call(DashboardProfileSubjects.create, bob, {})).rejects.toMatchObject({ key: 'unableToCreate', params: { max: 20 } });
    for (const id of made) await h.call(DashboardProfileSubjects.delete, bob, { id });
    expect((await list(bob)).profiles).toHaveLength(1);
  });
});
