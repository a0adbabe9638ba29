import { AuthSubjects, systemContext, type CallerContext, type DashboardTileDto, type LoginResponse } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, seedAuthDemo } from '../demo/seed';

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

  it('creates tiles 1x1 by default, appended, then reorders, resizes and removes them', async () => {
    const ctx = await ctxFor('alice');
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
    await h
      .get(Db)
      .query(
        `INSERT INTO dashboard_tiles (uuid, user_id, id_object, x) SELECT gen_random_uuid(), $1, 'admin', n FROM generate_series(1, 60) n`,
        [ctx.user!.id],
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

  it('lists the applications the roles allow (spec §2)', async () => {
    const ids = async (name: string) => (await h.call<{ id: string }[]>(AuthSubjects.dashboardApps, await ctxFor(name))).map((a) => a.id);
    expect(await ids('bob')).toEqual(['pgt', 'stock']);
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
      'fever',
    ]);
    expect((await ids('admin')).length).toBe(11);
  });
});
