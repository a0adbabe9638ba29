import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Db, withDatabase } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import { generateOrders, parseArgs } from './generate';

describe('tracking order generator', () => {
  const base = freshDatabaseBase();
  const url = withDatabase(base, `${new URL(base).pathname.slice(1)}_tracking`);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-gen-'));
  afterAll(async () => {
    await dropDatabases(base);
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('migrates an empty database and generates N orders, then leaves a filled one alone', async () => {
    const lines: string[] = [];
    expect(await generateOrders({ url, orders: 300, filesDir, now: new Date('2026-11-20T12:00:00Z') }, (l) => lines.push(l))).toBe(300);
    expect(lines[0]).toMatch(/^300 orders in [\d.]+ s \(\d+ orders\/s\)$/);
    expect(await generateOrders({ url, orders: 300, filesDir }, (l) => lines.push(l))).toBe(0);
    expect(lines[1]).toContain('nothing generated');
    const db = await Db.open({ service: 'tracking', entities: [], migrations: [], url });
    const [row] = await db.system.query<{ n: string; depositors: string }>(
      `SELECT count(*) AS n, count(DISTINCT depositor_id) AS depositors FROM orders`,
    );
    await db.close();
    expect(Number(row.n)).toBe(300);
    expect(Number(row.depositors)).toBe(3);
  });

  it('reads its arguments and refuses bad ones', async () => {
    expect(parseArgs(['--url=postgres://x@h/db_tracking'])).toMatchObject({ url: 'postgres://x@h/db_tracking', orders: 1_000_000 });
    expect(parseArgs(['--url=u', '--orders=5000', '--files=/tmp/f'])).toEqual({ url: 'u', orders: 5000, filesDir: '/tmp/f' });
    const env = process.env.TRACKING_DATABASE_URL;
    delete process.env.TRACKING_DATABASE_URL;
    expect(() => parseArgs([])).toThrow('--url');
    if (env !== undefined) process.env.TRACKING_DATABASE_URL = env;
    await expect(generateOrders({ url, orders: -3 })).rejects.toThrow('--orders');
  });
});
