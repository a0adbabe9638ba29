import { AuthSubjects, depositorScope, systemContext } from '@portal/contracts';
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
