import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { depositorScope, FULL_SCOPE, type Scope } from '@portal/contracts';
import { freshDatabaseBase } from '@portal/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Db, dropDatabase, NewerDataError } from './db';
import { NAMED_PER_CONNECTION, preludedQuery } from './preluded-query';
import { enableDepositorRls } from './rls';

class CreateParcels1700000000000 implements MigrationInterface {
  name = 'CreateParcels1700000000000';
  async up(qr: QueryRunner): Promise<void> {
    await qr.query(`CREATE TABLE "parcels" ("id" serial PRIMARY KEY, "depositor_id" integer NOT NULL, "label" text NOT NULL UNIQUE)`);
    await qr.query(`INSERT INTO "parcels" ("depositor_id", "label") VALUES (1, 'a1'), (1, 'a2'), (2, 'b1'), (3, 'c1')`);
    await enableDepositorRls(qr, 'parcels');
  }
  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DROP TABLE "parcels"`);
  }
}

const scope = (...depositorIds: number[]): Scope => depositorScope(depositorIds);
const labels = (rows: { label: string }[]) => rows.map((r) => r.label).sort();
/** What the next user of a connection finds: its backend, role and scope settings. */
const SESSION = `SELECT pg_backend_pid() AS pid, current_user AS "user", coalesce(current_setting('portal.depositor_ids', true), '') AS ids,
  coalesce(current_setting('portal.scope_all', true), '') AS "all", now() = statement_timestamp() AS "outsideTransaction"`;

describe('Db.scoped and Db.scopedQuery (row-level security in one round trip)', () => {
  const url = `${freshDatabaseBase()}_db`;
  let db: Db;
  let pid: number;
  /** The pool holds one connection, so every call below reuses the same backend. */
  const nextUser = async () =>
    (await db.system.query<{ pid: number; user: string; ids: string; all: string; outsideTransaction: boolean }>(SESSION))[0];

  beforeAll(async () => {
    db = await Db.open({ service: 'db', entities: [], migrations: [CreateParcels1700000000000], url, poolSize: 1 });
    pid = (await nextUser()).pid;
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase(url);
  });

  const expectCleanConnection = async () => {
    const next = await nextUser();
    expect(next).toEqual({ pid, user: expect.not.stringMatching(/^portal_app/), ids: '', all: '', outsideTransaction: true });
  };

  it('scoped: a raw SELECT sees only the caller’s depositors, as the application role', async () => {
    const seen = await db.scoped(scope(1), (em) => em.query(`SELECT label, current_user AS "user" FROM parcels`));
    expect(labels(seen)).toEqual(['a1', 'a2']);
    expect(seen[0].user).toBe('portal_app');
    expect(labels(await db.scoped(scope(2, 3), (em) => em.query(`SELECT label FROM parcels WHERE id > $1`, [0])))).toEqual(['b1', 'c1']);
    expect(labels(await db.scoped(FULL_SCOPE, (em) => em.query(`SELECT label FROM parcels WHERE id > $1`, [0])))).toHaveLength(4);
    expect(await db.scoped(scope(), (em) => em.query(`SELECT label FROM parcels WHERE id > $1`, [0]))).toEqual([]);
    await expectCleanConnection();
  });

  it('runs a user who narrowed to platforms, activities or stores as the narrowed role (whose policies the others skip)', async () => {
    const narrowed = { ...scope(1), platformIds: [8] };
    const [asNarrowed] = await db.scoped(narrowed, (em) => em.query(`SELECT current_user AS "user"`));
    expect(asNarrowed.user).toBe('portal_app_narrowed');
    const [stored] = await db.scopedQuery<{ user: string }>({ ...scope(1), storeKeys: ['1:MAG-MLV1'] }, `SELECT current_user AS "user"`);
    expect(stored.user).toBe('portal_app_narrowed');
    const [plain] = await db.scopedQuery<{ user: string }>(scope(1), `SELECT current_user AS "user"`);
    expect(plain.user).toBe('portal_app');
    // The narrowed role keeps the application role's rights and its depositor policy.
    expect(labels(await db.scoped(narrowed, (em) => em.query(`SELECT label FROM parcels WHERE id > $1`, [0])))).toEqual(['a1', 'a2']);
    await expectCleanConnection();
  });

  it('scoped: every statement of the transaction is scoped, not only the first', async () => {
    const [first, second, third] = await db.scoped(scope(2), async (em) => [
      await em.query(`SELECT label FROM parcels WHERE id > $1`, [0]),
      await em.query(`SELECT label FROM parcels`),
      await em.query(`SELECT label FROM parcels WHERE label LIKE $1`, ['%']),
    ]);
    expect([labels(first), labels(second), labels(third)]).toEqual([['b1'], ['b1'], ['b1']]);
    await expectCleanConnection();
  });

  it('scopedQuery: one statement sees only the caller’s depositors, and nothing of the scope stays on the connection', async () => {
    const seen = await db.scopedQuery<{ label: string; user: string; pid: number }>(
      scope(1),
      `SELECT label, current_user AS "user", pg_backend_pid() AS pid FROM parcels WHERE id > $1`,
      [0],
    );
    expect(labels(seen)).toEqual(['a1', 'a2']);
    expect(seen[0]).toMatchObject({ user: 'portal_app', pid });
    expect(labels(await db.scopedQuery(scope(3), `SELECT label FROM parcels`))).toEqual(['c1']);
    expect(await db.scopedQuery(scope(), `SELECT label FROM parcels`)).toEqual([]);
    await expectCleanConnection();
  });

  it('scopedQuery walkInOrder: sorts and bitmap scans are off for that statement only', async () => {
    const planner = `SELECT current_setting('enable_sort') AS sort, current_setting('enable_bitmapscan') AS bitmap, label FROM parcels WHERE id > $1`;
    const walked = await db.scopedQuery<{ sort: string; bitmap: string; label: string }>(scope(1), planner, [0], { walkInOrder: true });
    expect(walked.map((r) => [r.label, r.sort, r.bitmap]).sort()).toEqual([
      ['a1', 'off', 'off'],
      ['a2', 'off', 'off'],
    ]);
    const [plain] = await db.scopedQuery<{ sort: string; bitmap: string }>(scope(1), planner, [0]);
    expect(plain).toMatchObject({ sort: 'on', bitmap: 'on' });
    await expectCleanConnection();
  });

  it('scopedQuery: a statement that writes is confined to the scope too', async () => {
    // Row-level security hides the other depositor's row from the UPDATE: nothing changes.
    const updated = await db.scopedQuery(scope(1), `UPDATE parcels SET label = label || '!' WHERE label = $1 RETURNING label`, ['b1']);
    expect(updated).toEqual([]);
    expect(await db.system.query(`SELECT label FROM parcels WHERE label LIKE $1`, ['%!'])).toEqual([]);
  });

  it('scoped: a failed statement rolls back the whole transaction and leaves the connection clean', async () => {
    await expect(
      db.scoped(scope(1), async (em) => {
        await em.query(`INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`, [1, 'a3']);
        await em.query(`INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`, [1, 'a1']); // duplicate label
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await db.system.query(`SELECT label FROM parcels WHERE label = 'a3'`)).toEqual([]);
    await expectCleanConnection();
  });

  it('scoped: a first statement that fails (in the same round trip as BEGIN and the scope) leaves the connection clean', async () => {
    await expect(db.scoped(scope(1), (em) => em.query(`SELECT label FROM no_such_table WHERE id = $1`, [1]))).rejects.toThrow(
      /no_such_table/,
    );
    await expectCleanConnection();
    await expect(
      db.scoped(scope(1), async () => {
        throw new Error('failed before any statement');
      }),
    ).rejects.toThrow('failed before any statement');
    await expectCleanConnection();
  });

  it('scopedQuery: a failed statement leaves the connection clean', async () => {
    await expect(db.scopedQuery(scope(1), `SELECT 1 / (id - id) FROM parcels WHERE id > $1`, [0])).rejects.toThrow(/division by zero/);
    await expectCleanConnection();
  });

  it('scoped: a write commits, under the scope; a row outside the scope is refused', async () => {
    await db.scoped(scope(2), (em) => em.query(`INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`, [2, 'b2']));
    expect(labels(await db.system.query(`SELECT label FROM parcels WHERE depositor_id = 2`))).toEqual(['b1', 'b2']);
    await expect(
      db.scoped(scope(2), (em) => em.query(`INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`, [1, 'a9'])),
    ).rejects.toThrow(/row-level security/);
    await expectCleanConnection();
  });

  it('scoped: a first statement without parameters waits for the scope on its own, and is scoped all the same', async () => {
    const seen = await db.scoped(scope(3), async (em) => {
      const rows = await em.query(`SELECT label FROM parcels`);
      return [...rows, ...(await em.query(`SELECT label FROM parcels WHERE id > $1`, [0]))];
    });
    expect(labels(seen)).toEqual(['c1', 'c1']);
    await expectCleanConnection();
    await expect(db.scoped(scope(3), (em) => em.query(`SELECT label FROM no_such_table`))).rejects.toThrow(/no_such_table/);
    await expectCleanConnection();
  });

  it('scoped: a nested TypeORM transaction is a savepoint of the scoped one', async () => {
    const seen = await db.scoped(scope(1), async (em) => {
      await em.query(`SELECT 1 WHERE $1::int = 1`, [1]);
      await em
        .transaction(async (inner) => {
          await inner.query(`INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`, [1, 'a4']);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      return em.query(`SELECT label FROM parcels`);
    });
    expect(labels(seen)).toEqual(['a1', 'a2']);
    await expectCleanConnection();
  });

  it('counts its round trips: one for scopedQuery, two for a one-statement scoped transaction (batch, COMMIT)', async () => {
    const pool = (db.system.dataSource.driver as unknown as { master: import('pg').Pool }).master;
    const client = await pool.connect();
    const connection = (client as unknown as { connection: import('node:events').EventEmitter }).connection;
    client.release();
    let roundTrips = 0;
    const count = () => roundTrips++;
    connection.on('readyForQuery', count);
    try {
      await db.scopedQuery(scope(1), `SELECT label FROM parcels WHERE id > $1`, [0]);
      expect(roundTrips).toBe(1);
      roundTrips = 0;
      await db.scoped(scope(1), (em) => em.query(`SELECT label FROM parcels WHERE id > $1`, [0]));
      expect(roundTrips).toBe(2);
    } finally {
      connection.off('readyForQuery', count);
    }
  });

  it('refuses a scope whose depositor ids are not integers before it reaches the database', async () => {
    const bad = { ...scope(1), depositorIds: ['1) OR true --'] as unknown as number[] };
    await expect(db.scopedQuery(bad, `SELECT label FROM parcels`)).rejects.toThrow(/invalid depositor scope/);
    await expect(db.scoped(bad, (em) => em.query(`SELECT label FROM parcels`))).rejects.toThrow(/invalid depositor scope/);
    await expectCleanConnection();
  });

  it('a failing prelude statement skips the query of its batch', async () => {
    const client = await (db.system.dataSource.driver as unknown as { master: import('pg').Pool }).master.connect();
    try {
      await expect(
        preludedQuery(
          client,
          [{ text: `SELECT 1 / $1::int`, values: ['0'] }],
          `INSERT INTO parcels (depositor_id, label) VALUES ($1, $2)`,
          [9, 'z9'],
        ),
      ).rejects.toThrow(/division by zero/);
    } finally {
      client.release();
    }
    expect(await db.system.query(`SELECT label FROM parcels WHERE label = 'z9'`)).toEqual([]);
    await expectCleanConnection();
  });

  describe('scopedQuery prepares its statements once per connection', () => {
    const master = () => (db.system.dataSource.driver as unknown as { master: import('pg').Pool }).master;
    const prepared = async () =>
      (
        await db.system.query<{ name: string; statement: string }>(`SELECT name, statement FROM pg_prepared_statements ORDER BY name`)
      ).filter((p) => p.name.startsWith('portal_'));
    const discard = async () => {
      const client = await master().connect();
      client.release(new Error('a fresh connection for the next test'));
      pid = (await nextUser()).pid;
    };
    beforeAll(discard);
    afterAll(discard);

    it('parses a text once, then binds it: same rows, each call planned for its values', async () => {
      const text = `SELECT label FROM parcels WHERE id > $1 AND label <> $2`;
      expect(labels(await db.scopedQuery(scope(1), text, [0, 'a2']))).toEqual(['a1']);
      expect(labels(await db.scopedQuery(scope(1, 3), text, [0, 'a1']))).toEqual(['a2', 'c1']);
      expect((await prepared()).map((p) => p.statement)).toEqual([text]);
      const [mode] = await db.system.query<{ mode: string }>(`SELECT current_setting('plan_cache_mode') AS mode`);
      expect(mode.mode).toBe('force_custom_plan');
      await expectCleanConnection();
    });

    it('genericPlan: that statement is planned once for any values (plan_cache_mode), the others for theirs', async () => {
      const text = `SELECT current_setting('plan_cache_mode') AS mode, label FROM parcels WHERE id > $1`;
      const modes = async (options: { genericPlan?: boolean }) =>
        (await db.scopedQuery<{ mode: string; label: string }>(scope(3), text, [0], options)).map((r) => [r.label, r.mode]);
      expect(await modes({ genericPlan: true })).toEqual([['c1', 'force_generic_plan']]);
      expect(await modes({})).toEqual([['c1', 'force_custom_plan']]);
      await expectCleanConnection();
    });

    it('takes the statement as unprepared when the prelude of its batch failed, and prepares it at its next call', async () => {
      const text = `SELECT label FROM parcels WHERE label = $1`;
      const client = await master().connect();
      try {
        const failing = preludedQuery(client, [{ text: `SELECT 1 / $1::int`, values: ['0'] }], text, ['a1'], { named: true });
        await expect(failing).rejects.toThrow(/division by zero/);
      } finally {
        client.release();
      }
      expect((await prepared()).map((p) => p.statement)).not.toContain(text);
      expect(labels(await db.scopedQuery(scope(1), text, ['a1']))).toEqual(['a1']);
      expect((await prepared()).map((p) => p.statement)).toContain(text);
    });

    it(`retires a connection that holds ${NAMED_PER_CONNECTION}: the next texts are prepared on a new one`, async () => {
      const before = await prepared();
      for (let i = 0; i < NAMED_PER_CONNECTION + 5 - before.length; i++)
        expect(labels(await db.scopedQuery(scope(3), `SELECT label FROM parcels WHERE id > $1 AND ${i} = ${i}`, [0]))).toEqual(['c1']);
      expect(await prepared()).toHaveLength(5);
      const next = await nextUser();
      expect(next.pid).not.toBe(pid);
      pid = next.pid;
      await expectCleanConnection();
    });

    it('answers a statement prepared before a migration changed its columns, on a new connection', async () => {
      await discard();
      const text = `SELECT * FROM parcels WHERE id > $1 ORDER BY label`;
      expect((await db.scopedQuery(scope(3), text, [0])).map((r) => Object.keys(r))).toEqual([['id', 'depositor_id', 'label']]);
      await db.system.query(`ALTER TABLE parcels ADD COLUMN note text`);
      try {
        expect(await db.scopedQuery(scope(3), text, [0])).toEqual([{ id: expect.any(Number), depositor_id: 3, label: 'c1', note: null }]);
      } finally {
        await db.system.query(`ALTER TABLE parcels DROP COLUMN note`);
      }
    });
  });
});

describe('Db.open on data from another version', () => {
  class AddNotes1700000000001 implements MigrationInterface {
    name = 'AddNotes1700000000001';
    async up(qr: QueryRunner): Promise<void> {
      await qr.query(`CREATE TABLE "notes" ("id" serial PRIMARY KEY)`);
    }
    async down(qr: QueryRunner): Promise<void> {
      await qr.query(`DROP TABLE "notes"`);
    }
  }
  const url = `${freshDatabaseBase()}_versions`;
  afterAll(() => dropDatabase(url));

  it('upgrades forward at start, and refuses a database a newer version migrated', async () => {
    const older = await Db.open({ service: 'versions', entities: [], migrations: [CreateParcels1700000000000], url, poolSize: 1 });
    await older.close();
    const newer = await Db.open({
      service: 'versions',
      entities: [],
      migrations: [CreateParcels1700000000000, AddNotes1700000000001],
      url,
      poolSize: 1,
    });
    expect(await newer.system.query(`SELECT count(*)::int AS n FROM "notes"`)).toEqual([{ n: 0 }]);
    await newer.close();
    await expect(
      Db.open({ service: 'versions', entities: [], migrations: [CreateParcels1700000000000], url, poolSize: 1 }),
    ).rejects.toThrow(NewerDataError);
  });
});
