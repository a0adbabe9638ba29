import { freshDatabaseBase } from '@portal/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FreshStatistics } from './statistics';
import { Db, dropDatabase } from './db';

class CreateReadings1700000000000 implements MigrationInterface {
  name = 'CreateReadings1700000000000';
  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE readings (id serial PRIMARY KEY, label text NOT NULL)`);
  }
  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE readings`);
  }
}

describe('FreshStatistics', () => {
  const fakeDb = () => {
    const statements: string[] = [];
    let release: () => void = () => undefined;
    const db = {
      system: {
        query: (sql: string) => {
          statements.push(sql);
          return new Promise<unknown[]>((resolve) => (release = () => resolve([])));
        },
      },
    } as unknown as Db;
    return { db, statements, release: () => release() };
  };

  it('vacuums and analyses the tables once enough rows were written, in the background, never twice at once', async () => {
    const { db, statements, release } = fakeDb();
    const stats = new FreshStatistics(db, ['orders', 'parcels'], { threshold: 100, minIntervalMs: 0 });
    stats.noteWritten(60);
    expect(statements).toEqual([]);
    stats.noteWritten(60);
    expect(statements).toEqual(['VACUUM (ANALYZE, SKIP_LOCKED) orders, parcels']);
    stats.noteWritten(500); // one is running: counted, not started
    expect(statements).toHaveLength(1);
    release();
    await stats.settled();
    stats.noteWritten(1);
    expect(statements).toHaveLength(2);
  });

  it('waits its interval between two runs, and refuses what is not a table name', async () => {
    const { db, statements, release } = fakeDb();
    const stats = new FreshStatistics(db, ['orders'], { threshold: 1, minIntervalMs: 60_000 });
    stats.noteWritten(5);
    release();
    await stats.settled();
    stats.noteWritten(5);
    expect(statements).toHaveLength(1);
    expect(() => new FreshStatistics(db, ['orders; DROP TABLE x'])).toThrow('not a table name');
  });

  it('logs a failed VACUUM (ANALYZE) and carries on', async () => {
    const db = { system: { query: () => Promise.reject(new Error('lock timeout')) } } as unknown as Db;
    const stats = new FreshStatistics(db, ['orders'], { threshold: 1, minIntervalMs: 0 });
    stats.noteWritten(2);
    await expect(stats.settled()).resolves.toBeUndefined();
  });
});

describe('FreshStatistics on PostgreSQL', () => {
  const url = `${freshDatabaseBase()}_statistics`;
  let db: Db;
  beforeAll(async () => {
    db = await Db.open({ service: 'statistics', entities: [], migrations: [CreateReadings1700000000000], url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase(url);
  });

  it('leaves written pages marked all-visible (index-only scans stay index-only) and the row count known to the planner', async () => {
    // Committed durably, as the services commit: the tests' own embedded server runs with
    // synchronous_commit off, and a commit not yet flushed leaves its rows without the hint bit that
    // VACUUM needs to mark their pages all-visible.
    await db.system.transaction(async (em) => {
      await em.query(`SET LOCAL synchronous_commit = on`);
      await em.query(`INSERT INTO readings (label) SELECT repeat('x', 200) || g FROM generate_series(1, 5000) g`);
    });
    const before = await db.system.query<{ pages: number; visible: number }>(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'readings'`,
    );
    expect(before[0].visible).toBe(0);
    const stats = new FreshStatistics(db, ['readings'], { threshold: 1000, minIntervalMs: 0 });
    stats.noteWritten(5000);
    await stats.settled();
    const [after] = await db.system.query<{ pages: number; visible: number; tuples: number }>(
      `SELECT relpages AS pages, relallvisible AS visible, reltuples AS tuples FROM pg_class WHERE relname = 'readings'`,
    );
    expect(after.pages).toBeGreaterThan(10);
    expect(after.visible).toBe(after.pages);
    expect(Number(after.tuples)).toBe(5000);
  });
});
