import { afterAll, describe, expect, it } from '@jest/globals';
import { Db } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import { TRACKING_MIGRATIONS } from './index';
import { PublicTrackingTokens1768500000000 } from './1768500000000-PublicTrackingTokens';

describe('migration PublicTrackingTokens', () => {
  const base = freshDatabaseBase();
  const url = `${base}_tracking`;
  afterAll(() => dropDatabases(base));

  const insertOrders = (db: Db, from: number, count: number) =>
    db.system.query(
      `INSERT INTO orders (depositor_id, depositor_code, reference, status, created_at)
       SELECT 1, 'DEMO-A', 'CMD' || n, 0, now() FROM generate_series($1::int, $2::int) n`,
      [from, from + count - 1],
    );
  const tokens = async (db: Db) =>
    (await db.system.query<{ reference: string; public_token: string }>(`SELECT reference, public_token FROM orders ORDER BY id`)).map(
      (r) => r.public_token,
    );

  it('gives each existing order its own token, then every new one', async () => {
    // The database as the migrations before this one left it.
    const at = TRACKING_MIGRATIONS.indexOf(PublicTrackingTokens1768500000000);
    expect(at).toBeGreaterThan(0);
    const before = await Db.open({ service: 'tracking', entities: [], migrations: TRACKING_MIGRATIONS.slice(0, at), url });
    await insertOrders(before, 1, 500);
    await before.close();

    const db = await Db.open({ service: 'tracking', entities: [], migrations: TRACKING_MIGRATIONS, url });
    try {
      const backfilled = await tokens(db);
      expect(backfilled).toHaveLength(500);
      expect(new Set(backfilled).size).toBe(500);
      for (const token of backfilled) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await insertOrders(db, 501, 10);
      const all = await tokens(db);
      expect(new Set(all).size).toBe(510);
      expect(all.slice(0, 500)).toEqual(backfilled);
      // Each of the 24 characters takes many values over 510 tokens: random bits, no fixed UUID version nibble.
      for (let i = 0; i < 24; i++) expect(new Set(all.map((t) => t[i])).size).toBeGreaterThan(40);
      await expect(db.system.query(`UPDATE orders SET public_token = $1 WHERE reference IN ('CMD1', 'CMD2')`, [all[0]])).rejects.toThrow(
        /orders_public_token/,
      );
    } finally {
      await db.close();
    }
  });
});
