import {
  ApiKeySubjects,
  AuthSubjects,
  depositorScope,
  Role,
  systemContext,
  type ApiKeyDto,
  type CallerContext,
  type CreatedApiKeyDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { createApiKey, type ResolvedClient } from './api-keys.service';

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
  const manager = (depositorIds: number[]): CallerContext => ({
    requestId: 'test',
    user: { id: 7, uuid: '00000000-0000-4000-8000-0000000000aa', login: 'dora', sessionId: 's' },
    roles: [Role.ADMIN_USERS],
    scope: depositorScope(depositorIds),
    adminReach: depositorScope(depositorIds),
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  });
  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
  });
  afterAll(() => h.close());

  it('resolves a client key into the roles of its rights and its depositors, never every depositor', async () => {
    const created = await h.call<CreatedApiKeyDto>(ApiKeySubjects.create, manager([1]), {
      name: 'ERP',
      depositorIds: [1],
      rights: ['stock', 'claims'],
      ratePerMinute: 5,
    });
    const resolved = await h.call<ResolvedClient>(AuthSubjects.resolveApiKey, systemContext(), { key: created.secret });
    expect(resolved).toMatchObject({
      client: { id: created.id, kind: 'client' },
      scope: { all: false, depositorIds: [1] },
      roles: [Role.STOCK_USER, Role.USER_CLAIM_READ],
      ratePerMinute: 5,
    });
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
});
