import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Db, withDatabase } from '@portal/db';
import { startServices, testServerUrl, type ServiceHarness } from '@portal/testing';
import { HubyServiceModule } from '../huby.module';
import { AddressRetention } from './address-retention';

const DAY = 86_400_000;

describe('the scheduled address deletion (delete after shipping or delivery)', () => {
  let h: ServiceHarness;
  let second: Db;
  const now = new Date('2026-11-25T10:17:00Z');

  beforeAll(async () => {
    h = await startServices([HubyServiceModule]);
    const [{ name }] = await h.get(Db).system.query<{ name: string }>('SELECT current_database() AS name');
    // A second copy of the service: its own pool on the same database.
    second = await Db.open({ service: 'huby', entities: [], migrations: [], url: withDatabase(testServerUrl(), name), poolSize: 2 });
    const db = h.get(Db);
    await db.system.query(`INSERT INTO depositors (id, code, action_delay_on_address) VALUES (1, 'DEMO-A', 30), (2, 'DEMO-B', NULL)`);
    const address = (code: string, depositor: number, action: string | null, used: number | null, delivered: number | null) =>
      db.system.query(
        `INSERT INTO addresses (depositor_id, depositor_code, book, code, company_name, address1, zip, town, country, action, used_at, delivered_at)
         VALUES ($1, 'X', 'recipient', $2, $2, '1 rue', '75011', 'PARIS', 'FR', $3, $4, $5)`,
        [
          depositor,
          code,
          action,
          used === null ? null : new Date(now.getTime() - used * DAY),
          delivered === null ? null : new Date(now.getTime() - delivered * DAY),
        ],
      );
    await address('SHIPPED-31', 1, 'deleteAfterShipping', 31, null);
    await address('SHIPPED-5', 1, 'deleteAfterShipping', 5, null);
    await address('DELIVERED-40', 1, 'deleteAfterDelivery', 60, 40);
    await address('NOT-DELIVERED', 1, 'deleteAfterDelivery', 60, null);
    await address('KEEP', 1, null, 400, 400);
    await address('NO-DELAY', 2, 'deleteAfterShipping', 0.01, null);
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  const remaining = async () =>
    (await h.get(Db).system.query<{ code: string }>(`SELECT code FROM addresses WHERE deleted_at IS NULL ORDER BY code`)).map(
      (r) => r.code,
    );

  it('deletes once when two copies run the same slot, and only what is past its delay', async () => {
    const copies = [h.get(AddressRetention), new AddressRetention(second)];
    const results = await Promise.all(copies.map((c) => c.run(now)));
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toBe(3);
    expect(await remaining()).toEqual(['KEEP', 'NOT-DELIVERED', 'SHIPPED-5']);
    const runs = await h.get(Db).system.query<{ affected: number }>(`SELECT affected FROM job_runs WHERE job = 'address-retention'`);
    expect(runs).toEqual([{ affected: 3 }]);
  });

  it('skips a slot already run, and the next slot finds nothing more until delays pass', async () => {
    expect(await h.get(AddressRetention).run(new Date(now.getTime() + 60_000))).toBeNull();
    expect(await new AddressRetention(second).run(new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await h.get(AddressRetention).run(new Date(now.getTime() + 26 * DAY))).toBe(1);
    expect(await remaining()).toEqual(['KEEP', 'NOT-DELIVERED']);
  });
});
