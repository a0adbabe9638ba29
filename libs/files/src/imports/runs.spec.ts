import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { FileStorage } from '../storage';
import { ImportRuns, simulatedLine, type ImportKindHandler } from './runs';
import { addImportLeases, createImportTables } from './tables';

class ImportTables1700000000000 implements MigrationInterface {
  name = 'ImportTables1700000000000';
  up = (qr: QueryRunner) => createImportTables(qr);
  down = async () => undefined;
}
class ImportLeases1700000000001 implements MigrationInterface {
  name = 'ImportLeases1700000000001';
  up = (qr: QueryRunner) => addImportLeases(qr);
  down = async () => undefined;
}

/** Uploaded files by key, as the storage streams them; a deleted one is gone. */
class Files {
  readonly files = new Map<string, string>();
  stream(key: string): Readable {
    const text = this.files.get(key);
    if (text === undefined) throw new Error(`no file ${key}`);
    return Readable.from([Buffer.from(text)]);
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/** Never settles: the work of a copy that died at that point. */
const never = new Promise<never>(() => undefined);

const ctx = {
  requestId: 'runs-spec',
  user: { id: 7, uuid: 'u7', login: 'importer', sessionId: 's' },
  roles: [],
  scope: { all: true, depositorIds: [], activityIds: [], storeIds: [], platformIds: [], activityKeys: [], storeKeys: [] },
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
} as unknown as CallerContext;

/**
 * A kind whose lines are `code` values, each written by `write` (which records it). A copy "dies" at a
 * line when its `dieAt` says so: its work stops there for good, as a SIGKILL would leave it.
 */
function kind(written: string[], dieAt?: { reading?: number; writing?: string }): ImportKindHandler {
  return {
    kind: 'spec',
    simulator: (_ctx, sink) => ({
      add: async (row) => {
        if (dieAt?.reading === row.line) await never;
        if (row.line === 1) return sink([simulatedLine(1, 'header')].map((l) => ({ ...l, payload: null })));
        const code = String(row.cells[0] ?? '');
        await sink([{ ...simulatedLine(row.line, 'create'), reference: code, payload: { code } }]);
      },
      end: async () => undefined,
    }),
    write: async (_ctx, payload) => {
      const { code } = payload as { code: string };
      if (dieAt?.writing === code) await never;
      written.push(code);
      return 'imported';
    },
  };
}

describe('import runs taken over from a copy that died', () => {
  let base: string;
  let db: Db;
  const files = new Files();
  /** Every copy made here: their dying runs never end, so their lease renewals are stopped after the file (stopRenewals). */
  const copies: ImportRuns[] = [];
  const runs = (handler: ImportKindHandler) => {
    const copy = new ImportRuns(db, files as unknown as FileStorage, handler);
    copies.push(copy);
    return copy;
  };
  const state = async (id: string) =>
    (
      await db.system.query<{ state: string; counts: Record<string, number> }>(
        `SELECT state, counts FROM import_simulations WHERE uuid = $1`,
        [id],
      )
    )[0];
  /** The copy that ran it stopped renewing its lease long enough ago. */
  const lapse = (id: string) =>
    db.system.query(`UPDATE import_simulations SET lease_until = now() - interval '1 second' WHERE uuid = $1`, [id]);
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++)
      if (await check()) return;
      else await new Promise((r) => setTimeout(r, 25));
    throw new Error(`${what}: not in time`);
  };
  const errorOf = async (id: string) =>
    (await db.system.query<{ error: unknown }>(`SELECT error FROM import_simulations WHERE uuid = $1`, [id]))[0];
  /** The dying copy has stored this many lines and stopped: it holds no lock any more (a takeover skips a locked run). */
  const linesStored = (id: string, n: number) =>
    until(`${n} lines stored`, async () => {
      const [{ count }] = await db.system.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM import_lines WHERE simulation_uuid = $1`,
        [id],
      );
      return count === n;
    });
  /**
   * Takes over as each copy does every few seconds: a run being written to at that instant is skipped
   * (FOR UPDATE SKIP LOCKED) and taken at the next look.
   */
  const takenOver = async (taker: ImportRuns) => {
    for (let i = 0; i < 40; i++) {
      const taken = await taker.takeOver();
      if (taken) return taken;
      await new Promise((r) => setTimeout(r, 50));
    }
    return 0;
  };
  const upload = (name: string, codes: string[]) => {
    files.files.set(name, ['code', ...codes].join('\r\n'));
    return { file_key: name, name: `${name}.csv`, format: 'csv', size: 100 };
  };

  beforeAll(async () => {
    base = freshDatabaseBase();
    db = await Db.open({
      service: 'importspec',
      entities: [],
      migrations: [ImportTables1700000000000, ImportLeases1700000000001],
      url: base,
    });
  });
  afterAll(async () => {
    for (const copy of copies) copy.stopRenewals();
    await db?.close();
    if (base) await dropDatabases(base);
  });
  beforeEach(() => {
    process.env.IMPORT_LEASE_MS = '60000';
  });

  it('goes on with an import from the first line its dead copy did not write, each line written once', async () => {
    const first: string[] = [];
    const dying = runs(kind(first, { writing: 'C' }));
    const started = await dying.simulate(ctx, upload('import-1', ['A', 'B', 'C', 'D', 'E']));
    await until('simulated', async () => (await state(started.id)).state === 'simulated');
    await dying.apply(ctx, { id: started.id });
    await until('A and B written and marked', async () => {
      const [{ count }] = await db.system.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM import_lines WHERE simulation_uuid = $1 AND status = 'imported'`,
        [started.id],
      );
      return first.length === 2 && count === 2;
    });
    // Its lease alive, nobody takes it.
    const second: string[] = [];
    const taker = runs(kind(second));
    expect(await taker.takeOver()).toBe(0);
    await lapse(started.id);
    expect(await takenOver(taker)).toBe(1);
    await until('imported', async () => (await state(started.id)).state === 'imported');
    expect(first).toEqual(['A', 'B']);
    expect(second).toEqual(['C', 'D', 'E']);
    expect((await state(started.id)).counts).toMatchObject({ header: 1, imported: 5 });
    // Taken once: its lease is the taker's now.
    await lapse(started.id);
    expect(await taker.takeOver()).toBe(0);
  });

  it('reads again from the start a file its dead copy was reading, without the lines read before', async () => {
    const dying = runs(kind([], { reading: 4 }));
    const started = await dying.simulate(ctx, upload('import-2', ['A', 'B', 'C', 'D']));
    await linesStored(started.id, 3);
    await lapse(started.id);
    const taker = runs(kind([]));
    expect(await takenOver(taker)).toBe(1);
    await until('simulated', async () => (await state(started.id)).state === 'simulated');
    expect((await state(started.id)).counts).toEqual({ header: 1, create: 4 });
    const { lines } = await taker.lines(ctx, { id: started.id });
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
    // Read, the file is removed.
    expect(files.files.has('import-2')).toBe(false);
  });

  it('ends a run it cannot read again (its file gone) failed with cannotReadFile, never stuck', async () => {
    const dying = runs(kind([], { reading: 2 }));
    const started = await dying.simulate(ctx, upload('import-3', ['A', 'B']));
    await linesStored(started.id, 1);
    files.files.delete('import-3');
    await lapse(started.id);
    expect(await takenOver(runs(kind([])))).toBe(1);
    await until('failed', async () => (await state(started.id)).state === 'failed');
    expect((await errorOf(started.id)).error).toEqual({ key: 'cannotReadFile' });
  });

  it('keeps a run its copy works on while the copy renews its lease, and takes it over once the copy stops renewing', async () => {
    process.env.IMPORT_LEASE_MS = '1500';
    const dying = runs(kind([], { reading: 2 }));
    const started = await dying.simulate(ctx, upload('import-5', ['A']));
    await linesStored(started.id, 1);
    const taker = runs(kind([]));
    // Renewed every 500 ms: 2 s later, past its lease, still its copy's.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await taker.takeOver()).toBe(0);
    // Its process ending, its lease lapses and the run is taken over.
    dying.stopRenewals();
    await new Promise((r) => setTimeout(r, 1600));
    expect(await takenOver(taker)).toBe(1);
    await until('simulated', async () => (await state(started.id)).state === 'simulated');
  });

  it('leaves another kind’s runs and the runs written before leases (no context to go on with) alone', async () => {
    const dying = runs(kind([], { reading: 2 }));
    const started = await dying.simulate(ctx, upload('import-4', ['A']));
    await linesStored(started.id, 1);
    await lapse(started.id);
    expect(await runs({ ...kind([]), kind: 'other' }).takeOver()).toBe(0);
    await db.system.query(`UPDATE import_simulations SET ctx = NULL WHERE uuid = $1`, [started.id]);
    expect(await runs(kind([])).takeOver()).toBe(0);
  });
});
