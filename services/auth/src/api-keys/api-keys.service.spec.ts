import { randomUUID } from 'node:crypto';
import {
  AdminSubjects,
  ApiKeySubjects,
  AuthSubjects,
  depositorScope,
  FULL_SCOPE,
  Role,
  systemContext,
  type ApiKeyDto,
  type BusRequest,
  type CallerContext,
  type CreatedApiKeyDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { createApiKey, type ResolvedClient } from './api-keys.service';

/** A stand-in for the admin service: an activity and a store per depositor, answered within the caller's depositors. */
const ACTIVITIES = [1, 2].map((d) => ({ id: 10 + d, depositorId: d, code: `B2B-${d}`, label: `B2B ${d}` }));
const STORES = [1, 2].map((d) => ({ id: 20 + d, depositorId: d, platformId: 1, code: `MAG-${d}`, label: `Magasin ${d}` }));
const scoped =
  <T extends { depositorId: number }>(items: T[]) =>
  async (payload: unknown) => {
    const { scope } = (payload as BusRequest).ctx;
    return { ok: true as const, data: items.filter((i) => scope.all || scope.depositorIds.includes(i.depositorId)) };
  };

interface Creator {
  id: number;
  uuid: string;
  login: string;
}

/** A user of the auth database as an administrator made them: who creates keys (their rights and limits are read by each resolution). */
async function addCreator(
  db: Db,
  login: string,
  access: { roles?: string[]; depositorIds: number[]; activityIds?: number[]; storeIds?: number[] },
): Promise<Creator> {
  const uuid = randomUUID();
  const [{ id }] = await db.system.query<{ id: number }>(
    `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles, depositor_ids, activity_ids, store_ids)
     VALUES ($1, $2, $3, 'x', $2, 'Test', $4, $5, $6, $7) RETURNING id`,
    [
      uuid,
      login,
      `${login}@test.example`,
      access.roles ?? [Role.ADMIN_USERS],
      access.depositorIds,
      access.activityIds ?? [],
      access.storeIds ?? [],
    ],
  );
  return { id, uuid, login };
}

/** The caller context of a creator's session: the depositors they administer as their reach (the provider's: all). */
const sessionOf = (creator: Creator, depositorIds: number[]): CallerContext => ({
  requestId: 'test',
  user: { id: creator.id, uuid: creator.uuid, login: creator.login, sessionId: 's' },
  roles: [Role.ADMIN_USERS],
  scope: depositorScope(depositorIds),
  adminReach: depositorIds.length ? depositorScope(depositorIds) : FULL_SCOPE,
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
});

describe('API keys of machine clients (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  let db: Db;
  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
  });
  afterAll(() => h.close());

  it('resolves a key into its client and scope, and only ever stores its hash', async () => {
    const key = await createApiKey(db, { name: 'WMS Saint-Priest', kind: 'warehouse', depositorIds: [2], platformIds: [1] });
    const resolved = await h.call<ResolvedClient>(AuthSubjects.resolveApiKey, systemContext(), { key });
    expect(resolved).toEqual({
      client: { id: expect.any(Number), name: 'WMS Saint-Priest', kind: 'warehouse', platformIds: [1] },
      scope: depositorScope([2]),
    });
    const stored = JSON.stringify(await db.system.query(`SELECT * FROM api_keys`));
    expect(stored).not.toContain(key);
  });

  it('refuses unknown, malformed and revoked keys with invalidApiKey', async () => {
    const key = await createApiKey(db, { name: 'Old carrier', kind: 'carrier', allDepositors: true });
    await db.system.query(`UPDATE api_keys SET revoked_at = now() WHERE name = 'Old carrier'`);
    for (const bad of [key, 'short', 'x'.repeat(40)]) {
      await expect(h.call(AuthSubjects.resolveApiKey, systemContext(), { key: bad })).rejects.toMatchObject({
        key: 'invalidApiKey',
        status: 401,
      });
    }
  });
});

describe('client API keys of depositors (issue 35, auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  let db: Db;
  const managers = new Map<number, Creator>();
  /** DEMO-A's (1) or DEMO-B's (2) administrator of users, without limits. */
  const manager = (depositorIds: [number]): CallerContext => sessionOf(managers.get(depositorIds[0])!, depositorIds);
  const resolve = (key: string) => h.call<ResolvedClient>(AuthSubjects.resolveApiKey, systemContext(), { key });
  const listedAs = async (ctx: CallerContext, id: number) =>
    (await h.call<ApiKeyDto[]>(ApiKeySubjects.list, ctx, {})).find((k) => k.id === id);
  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await h.transport.serve(AdminSubjects.activities, scoped(ACTIVITIES));
    await h.transport.serve(AdminSubjects.stores, scoped(STORES));
    for (const d of [1, 2]) managers.set(d, await addCreator(db, `dora-${d}`, { depositorIds: [d] }));
  });
  afterAll(() => h.close());

  it('resolves a client key into the roles of its rights and its depositors, never every depositor', async () => {
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, manager([1]), {
      name: 'ERP',
      depositorIds: [1],
      rights: ['stock', 'claims'],
      ratePerMinute: 5,
    });
    const resolved = await resolve(created.secret);
    expect(resolved).toMatchObject({
      client: { id: created.id, kind: 'client' },
      scope: { all: false, depositorIds: [1], activityKeys: [], storeKeys: [] },
      roles: [Role.STOCK_USER, Role.USER_CLAIM_READ],
      ratePerMinute: 5,
      creatorUuid: managers.get(1)!.uuid,
    });
    expect(created).toMatchObject({ createdBy: 'dora-1', activityKeys: [], storeKeys: [], status: 'active' });
    expect(JSON.stringify(await db.system.query(`SELECT * FROM api_keys`))).not.toContain(created.secret);
  });

  it('refuses an expired key, and keys beyond the creator or from a user without the right', async () => {
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, manager([1]), {
      name: 'Old',
      depositorIds: [1],
      rights: ['orders'],
    });
    await db.system.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [created.id]);
    await expect(h.call(AuthSubjects.resolveApiKey, systemContext(), { key: created.secret })).rejects.toMatchObject({
      key: 'invalidApiKey',
    });
    await expect(
      h.call(ApiKeySubjects.create, manager([1]), { name: 'Wide', depositorIds: [1, 2], rights: ['orders'] }),
    ).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(
      h.call(ApiKeySubjects.create, { ...manager([1]), roles: [Role.PGT_USER] }, { name: 'X', depositorIds: [1], rights: ['orders'] }),
    ).rejects.toMatchObject({ key: 'permissionDenied' });
    // A depositor's administrator does not see nor revoke another depositor's keys.
    const other = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, manager([2]), { name: 'B', depositorIds: [2], rights: ['orders'] });
    const listed = await h.call<ApiKeyDto[]>(ApiKeySubjects.list, manager([1]), {});
    expect(listed.map((k) => k.id)).not.toContain(other.id);
    await expect(h.call(ApiKeySubjects.revoke, manager([1]), { id: other.id })).rejects.toMatchObject({ key: 'objectNotFound' });
  });
  it('carries its creator’s activity and store limits, read again from the creator at each resolution', async () => {
    // Limited to DEMO-A's activity B2B-1 (11) and DEMO-B's store MAG-2 (22): each limit narrows its own depositor only.
    const rita = await addCreator(db, 'rita', { depositorIds: [1, 2], activityIds: [11], storeIds: [22] });
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, sessionOf(rita, [1, 2]), {
      name: 'ERP limité',
      depositorIds: [1, 2],
      rights: ['orders', 'stock'],
    });
    const limits = { activityKeys: ['1:B2B-1'], storeKeys: ['2:MAG-2'] };
    expect(created).toMatchObject(limits);
    expect((await resolve(created.secret)).scope).toMatchObject({ all: false, depositorIds: [1, 2], ...limits });
    expect(await listedAs(manager([1]), created.id)).toBeUndefined(); // DEMO-A's administrator does not see a DEMO-B key
    expect(await listedAs(sessionOf(rita, [1, 2]), created.id)).toMatchObject({ ...limits, status: 'active' });
    // A DEMO-A key of hers carries DEMO-A's limit only.
    const onlyA = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, sessionOf(rita, [1, 2]), {
      name: 'ERP A',
      depositorIds: [1],
      rights: ['orders'],
    });
    expect((await resolve(onlyA.secret)).scope).toMatchObject({ depositorIds: [1], activityKeys: ['1:B2B-1'], storeKeys: [] });
    // An administrator narrows her to DEMO-A, without limits there: her keys follow at once, never wider than she is.
    await db.system.query(`UPDATE users SET depositor_ids = '{1}', activity_ids = '{}', store_ids = '{}' WHERE id = $1`, [rita.id]);
    expect((await resolve(created.secret)).scope).toMatchObject({ depositorIds: [1], activityKeys: [], storeKeys: [] });
    expect(await listedAs(manager([1]), onlyA.id)).toMatchObject({ activityKeys: [], storeKeys: [], status: 'active' });
  });

  it('gives the keys of the provider’s administrators no limits, ADMIN through a role group too', async () => {
    // The provider's administrator of users (no depositor of their own) reaches every depositor: no limit to carry.
    const carla = await addCreator(db, 'carla', { depositorIds: [], activityIds: [11] });
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, sessionOf(carla, []), {
      name: 'ERP B',
      depositorIds: [2],
      rights: ['orders'],
    });
    expect((await resolve(created.secret)).scope).toMatchObject({ all: false, depositorIds: [2], activityKeys: [], storeKeys: [] });
    // ADMIN through a role group: the same.
    const [{ id: group }] = await db.system.query<{ id: number }>(
      `INSERT INTO role_groups (code, label, roles) VALUES ('SUPER', 'Super', '{ADMIN}') RETURNING id`,
    );
    const ada = await addCreator(db, 'ada', { depositorIds: [1], activityIds: [11], storeIds: [21] });
    const key = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, sessionOf(ada, [1]), {
      name: 'X',
      depositorIds: [1],
      rights: ['orders'],
    });
    expect((await resolve(key.secret)).scope).toMatchObject({ activityKeys: ['1:B2B-1'], storeKeys: ['1:MAG-1'] });
    await db.system.query(`INSERT INTO user_role_groups (user_id, group_id) VALUES ($1, $2)`, [ada.id, group]);
    expect((await resolve(key.secret)).scope).toMatchObject({ depositorIds: [1], activityKeys: [], storeKeys: [] });
  });

  it('suspends the keys of a deactivated or removed creator, and lists them so', async () => {
    const leaving = await addCreator(db, 'leaving', { depositorIds: [1] });
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, sessionOf(leaving, [1]), {
      name: 'ERP',
      depositorIds: [1],
      rights: ['orders'],
    });
    await expect(resolve(created.secret)).resolves.toMatchObject({ client: { id: created.id } });
    await db.system.query(`UPDATE users SET disabled = true WHERE id = $1`, [leaving.id]);
    await expect(resolve(created.secret)).rejects.toMatchObject({ key: 'invalidApiKey', status: 401 });
    expect(await listedAs(manager([1]), created.id)).toMatchObject({ status: 'suspended', createdBy: 'leaving' });
    // Reactivated, the key works again (it was never revoked); removed, it is refused for good.
    await db.system.query(`UPDATE users SET disabled = false WHERE id = $1`, [leaving.id]);
    await expect(resolve(created.secret)).resolves.toMatchObject({ client: { id: created.id } });
    await db.system.query(`DELETE FROM users WHERE id = $1`, [leaving.id]);
    await expect(resolve(created.secret)).rejects.toMatchObject({ key: 'invalidApiKey' });
    expect(await listedAs(manager([1]), created.id)).toMatchObject({ status: 'suspended', createdBy: 'leaving' });
    // Its last use stays that of its last accepted call.
    const [{ last_used_at }] = await db.system.query<{ last_used_at: Date | null }>(`SELECT last_used_at FROM api_keys WHERE id = $1`, [
      created.id,
    ]);
    expect(last_used_at).not.toBeNull();
  });
});
