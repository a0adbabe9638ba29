import { FreshStatistics } from './statistics';
import type { Db } from './db';

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

  it('analyses the tables once enough rows were written, in the background, never twice at once', async () => {
    const { db, statements, release } = fakeDb();
    const stats = new FreshStatistics(db, ['orders', 'parcels'], { threshold: 100, minIntervalMs: 0 });
    stats.noteWritten(60);
    expect(statements).toEqual([]);
    stats.noteWritten(60);
    expect(statements).toEqual(['ANALYZE orders, parcels']);
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

  it('logs a failed ANALYZE and carries on', async () => {
    const db = { system: { query: () => Promise.reject(new Error('lock timeout')) } } as unknown as Db;
    const stats = new FreshStatistics(db, ['orders'], { threshold: 1, minIntervalMs: 0 });
    stats.noteWritten(2);
    await expect(stats.settled()).resolves.toBeUndefined();
  });
});
