import {
  AuthSubjects,
  DashboardProfileSubjects,
  EventTypes,
  Role,
  systemContext,
  type CallerContext,
  type DashboardTileDto,
  type LoginResponse,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, seedAuthDemo } from '../demo/seed';
import { currentProfileId } from './dashboard-profiles.service';

describe('dashboard tiles (auth service, real PostgreSQL)', () => {
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

  it('starts the demo users on the operational charts their roles read, and a seed again adds none back', async () => {
    const sources = async (login: string) =>
      (await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, await ctxFor(login))).map((t) => [t.id_object, t.width, t.config]);
    expect(await sources('bob')).toEqual([
      ['late-deliveries', 2, { chart: 'bar', source: 'late-deliveries' }],
      ['week-deliveries-by-status', 2, { chart: 'pie', source: 'week-deliveries-by-status' }],
      ['anomalies-by-carrier', 2, { chart: 'bar', source: 'anomalies-by-carrier' }],
      ['blocked-stock-by-code', 2, { chart: 'bar', source: 'blocked-stock-by-code' }],
    ]);
    expect(await sources('carla')).toEqual([]);
    const bob = await ctxFor('bob');
    const [first] = await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, bob);
    await h.call(AuthSubjects.dashboardDelete, bob, { uuid: first.uuid });
    await seedAuthDemo(h.get(Db));
    expect((await sources('bob')).map(([id]) => id)).toEqual([
      'week-deliveries-by-status',
      'anomalies-by-carrier',
      'blocked-stock-by-code',
    ]);
  });

  it('creates tiles 1x1 by default, appended, then reorders, resizes and removes them', async () => {
    const ctx = await ctxFor('alice');
    // From an empty dashboard (the demo one aside).
    for (const tile of await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, ctx))
      await h.call(AuthSubjects.dashboardDelete, ctx, { uuid: tile.uuid });
    const a = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, ctx, { id_object: 'pgt', type: 'link' });
    const b = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, ctx, {
      id_object: 'depositor-activities',
      type: 'chart',
      width: 2,
      height: 2,
      config: { chart: 'pie', source: 'depositor-activities' },
    });
    expect(a).toMatchObject({ width: 1, height: 1, x: 0, type: 'link' });
    expect(b).toMatchObject({ width: 2, height: 2, x: 1, config: { chart: 'pie' } });
    const saved = await h.call<DashboardTileDto[]>(AuthSubjects.dashboardSave, ctx, {
      items: [
        { uuid: a.uuid, width: 2, height: 1, x: 1 },
        { uuid: b.uuid, width: 2, height: 2, x: 0, config: { chart: 'bar', source: 'depositor-activities' } },
      ],
    });
    expect(saved.map((t) => [t.id_object, t.x, t.width])).toEqual([
      ['depositor-activities', 0, 2],
      ['pgt', 1, 2],
    ]);
    expect(saved[0].config).toEqual({ chart: 'bar', source: 'depositor-activities' });
    await h.call(AuthSubjects.dashboardDelete, ctx, { uuid: a.uuid });
    expect((await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, ctx)).map((t) => t.uuid)).toEqual([b.uuid]);
  });

  it('refuses bad sizes, types and missing objects with their keys', async () => {
    const ctx = await ctxFor('alice');
    await expect(h.call(AuthSubjects.dashboardCreate, ctx, { id_object: 'x', width: 9 })).rejects.toMatchObject({
      key: 'invalidTileSize',
      status: 400,
    });
    await expect(h.call(AuthSubjects.dashboardCreate, ctx, { id_object: 'x', type: 'video' })).rejects.toMatchObject({
      key: 'invalidTileType',
    });
    await expect(h.call(AuthSubjects.dashboardCreate, ctx, {})).rejects.toMatchObject({ key: 'missingParameter' });
    await expect(h.call(AuthSubjects.dashboardDelete, ctx, { uuid: 'not-a-uuid' })).rejects.toMatchObject({ key: 'objectNotFound' });
  });

  it('refuses a tile beyond the 60 a dashboard holds with unableToCreate', async () => {
    const ctx = await ctxFor('carla');
    const system = h.get(Db).system;
    await system.query(
      `INSERT INTO dashboard_tiles (uuid, user_id, profile_id, id_object, x) SELECT gen_random_uuid(), $1, $2, 'admin', n FROM generate_series(1, 60) n`,
      [ctx.user!.id, await currentProfileId(system, ctx.user!.id)],
    );
    await expect(h.call(AuthSubjects.dashboardCreate, ctx, { id_object: 'admin' })).rejects.toMatchObject({
      key: 'unableToCreate',
      params: { max: 60 },
    });
  });

  it("neither shows nor changes another user's tiles", async () => {
    const alice = await ctxFor('alice');
    const bob = await ctxFor('bob');
    const tile = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, alice, { id_object: 'stock' });
    expect((await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, bob)).map((t) => t.uuid)).not.toContain(tile.uuid);
    await expect(h.call(AuthSubjects.dashboardDelete, bob, { uuid: tile.uuid })).rejects.toMatchObject({
      key: 'objectNotFound',
      status: 404,
    });
    await expect(
      h.call(AuthSubjects.dashboardSave, bob, { items: [{ uuid: tile.uuid, width: 1, height: 1, x: 5 }] }),
    ).rejects.toMatchObject({ key: 'objectNotFound' });
    expect((await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, alice)).find((t) => t.uuid === tile.uuid)?.x).not.toBe(5);
  });

  it("tells the gateways in the transaction of each change of a user's tiles or current profile, never for a refused one", async () => {
    const bob = await ctxFor('bob');
    const db = h.get(Db);
    const events = async () =>
      Number(
        (
          await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->>'userId' = $2`, [
            EventTypes.dashboardChanged,
            String(bob.user!.id),
          ])
        )[0].n,
      );
    const before = await events();
    const tile = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, bob, { id_object: 'pgt' });
    await h.call(AuthSubjects.dashboardSave, bob, { items: [{ uuid: tile.uuid, width: 2, height: 1, x: 0 }] });
    await h.call(AuthSubjects.dashboardDelete, bob, { uuid: tile.uuid });
    expect(await events()).toBe(before + 3);
    await expect(h.call(AuthSubjects.dashboardDelete, bob, { uuid: tile.uuid })).rejects.toMatchObject({ key: 'objectNotFound' });
    await expect(h.call(AuthSubjects.dashboardCreate, bob, { id_object: 'x', width: 9 })).rejects.toMatchObject({
      key: 'invalidTileSize',
    });
    expect(await events()).toBe(before + 3);
    const profile = await h.call<{ id: number }>(DashboardProfileSubjects.create, bob, { name: 'Quai' });
    await h.call(DashboardProfileSubjects.delete, bob, { id: profile.id });
    expect(await events()).toBe(before + 5);
  });

  describe('only for what the user may open (spec §2 tiles, §6 rights)', () => {
    const tilesOf = async (ctx: CallerContext) =>
      h
        .get(Db)
        .system.query<{ id_object: string; x: number; config: object }>(
          `SELECT id_object, x, config FROM dashboard_tiles WHERE user_id = $1`,
          [ctx.user!.id],
        );

    it('pins an application of the roles, a report of their rights, a chart of a known source', async () => {
      const bob = await ctxFor('bob');
      await expect(h.call(AuthSubjects.dashboardCreate, bob, { id_object: 'pgt', type: 'link' })).resolves.toMatchObject({
        id_object: 'pgt',
      });
      const reporter = { ...bob, roles: [...bob.roles, Role.REPORT_USER, Role.REPORT_USER_1002] };
      await expect(h.call(AuthSubjects.dashboardCreate, reporter, { id_object: '1005', type: 'report' })).resolves.toMatchObject({
        type: 'report',
      });
      await expect(h.call(AuthSubjects.dashboardCreate, reporter, { id_object: '1002', type: 'report' })).resolves.toMatchObject({
        id_object: '1002',
      });
      const chart = { id_object: 'depositor-stores', type: 'chart', config: { chart: 'pie', source: 'depositor-stores' } };
      await expect(h.call(AuthSubjects.dashboardCreate, bob, chart)).resolves.toMatchObject({ type: 'chart' });
      const admin = await ctxFor('admin');
      await expect(h.call(AuthSubjects.dashboardCreate, admin, { id_object: '100001', type: 'report' })).resolves.toMatchObject({
        id_object: '100001',
      });
    });

    it('refuses with permissionDenied, and stores nothing, what the user may not open', async () => {
      // bob without his reports right: a report tile is then refused too.
      const demoBob = await ctxFor('bob');
      const bob = { ...demoBob, roles: demoBob.roles.filter((r) => r !== Role.REPORT_USER) };
      const before = await tilesOf(bob);
      for (const tile of [
        { id_object: 'fever', type: 'link' },
        { id_object: 'admin' },
        { id_object: 'no-such-app', type: 'link' },
        { id_object: '1005', type: 'report' },
        { id_object: '999999', type: 'report' },
        { id_object: 'users-per-depositor', type: 'chart' },
        { id_object: 'depositor-stores', type: 'chart', config: { source: 'users-per-depositor' } },
      ]) {
        await expect(h.call(AuthSubjects.dashboardCreate, bob, tile)).rejects.toMatchObject({ key: 'permissionDenied', status: 403 });
      }
      // REPORT_USER does not open a report that has a numbered right of its own.
      const reporter = { ...bob, roles: [...bob.roles, Role.REPORT_USER] };
      await expect(h.call(AuthSubjects.dashboardCreate, reporter, { id_object: '1002', type: 'report' })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      expect(await tilesOf(bob)).toEqual(before);
    });

    it('refuses a save that points a chart at another source, and saves none of its tiles', async () => {
      const bob = await ctxFor('bob');
      const link = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, bob, { id_object: 'stock' });
      const chart = await h.call<DashboardTileDto>(AuthSubjects.dashboardCreate, bob, {
        id_object: 'platform-stores',
        type: 'chart',
        config: { chart: 'bar', source: 'platform-stores' },
      });
      const before = await tilesOf(bob);
      await expect(
        h.call(AuthSubjects.dashboardSave, bob, {
          items: [
            { uuid: link.uuid, width: 2, height: 1, x: 40 },
            { uuid: chart.uuid, width: 1, height: 1, x: 41, config: { chart: 'bar', source: 'users-per-depositor' } },
          ],
        }),
      ).rejects.toMatchObject({ key: 'permissionDenied', status: 403 });
      expect(await tilesOf(bob)).toEqual(before);
    });

    it('keeps the tile of a role taken away out of the list and out of saves, and lets it be removed', async () => {
      const bob = await ctxFor('bob');
      const system = h.get(Db).system;
      const [{ uuid }] = await system.query<{ uuid: string }>(
        `INSERT INTO dashboard_tiles (uuid, user_id, profile_id, id_object) VALUES (gen_random_uuid(), $1, $2, 'dashtower') RETURNING uuid`,
        [bob.user!.id, await currentProfileId(system, bob.user!.id)],
      );
      expect((await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, bob)).map((t) => t.id_object)).not.toContain('dashtower');
      const withRole = { ...bob, roles: [...bob.roles, Role.DASHTOWER_USER] };
      expect((await h.call<DashboardTileDto[]>(AuthSubjects.dashboardList, withRole)).map((t) => t.uuid)).toContain(uuid);
      await expect(h.call(AuthSubjects.dashboardSave, bob, { items: [{ uuid, width: 1, height: 1, x: 0 }] })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(h.call(AuthSubjects.dashboardDelete, bob, { uuid })).resolves.toEqual({ ok: true });
    });
  });

  it('lists the applications the roles allow (spec §2)', async () => {
    const ids = async (name: string) => (await h.call<{ id: string }[]>(AuthSubjects.dashboardApps, await ctxFor(name))).map((a) => a.id);
    expect(await ids('bob')).toEqual(['pgt', 'stock', 'vip', 'doc']);
    expect(await ids('carla')).toEqual(['admin']);
    expect(await ids('alice')).toEqual([
      'pgt',
      'stock',
      'vip',
      'doc',
      'item',
      'dashtower',
      'geo-order',
      'serialtracker',
      'tracerroute',
      'claim',
      'fever',
    ]);
    expect((await ids('admin')).length).toBe(12);
  });
});
