import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSubjects, type PlatformDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

describe('platforms and health', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    await seedAdminDemo(h.app.get<Db>(Db));
  });
  afterAll(() => h.close());

  it('lists every platform to any signed-in user, whatever the depositors', async () => {
    const list = await h.call<PlatformDto[]>(AdminSubjects.platforms, callerContext({ depositorIds: [] }));
    expect(list.length).toBe(20);
    expect(list.map((p) => p.code)).toEqual([...list.map((p) => p.code)].sort());
    expect(list).toContainEqual({ id: 12, code: 'ORL1', label: 'Orléans Saran – pôle 45', town: 'Saran' });
  });

  it('seeds idempotently: a second run adds nothing and the next id follows the demo ids', async () => {
    const db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
    const [{ count }] = await db.system.query<{ count: string }>(`SELECT count(*) FROM platforms`);
    expect(Number(count)).toBe(20);
    const [{ id }] = await db.system.query<{ id: number }>(
      `INSERT INTO platforms (code, label, town) VALUES ('TST', 'Test', 'Test') RETURNING id`,
    );
    expect(id).toBe(21);
    await db.system.query(`DELETE FROM platforms WHERE id = 21`);
  });

  it('answers health without a session', async () => {
    const anonymous = { ...callerContext({}), user: undefined, roles: [] };
    expect(await h.call(AdminSubjects.health, anonymous)).toEqual({ service: 'admin', db: true });
  });
});
