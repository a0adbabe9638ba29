import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { withDatabase } from '@portal/db';

/** The PostgreSQL server of the test run (see tests/support/global-setup.js). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run tests through jest (global setup)');
  return url;
}

/**
 * A fresh database name prefix for one test file: services opened with
 * `DATABASE_URL=<this>` get `<prefix>_<service>` databases of their own.
 */
export function freshDatabaseBase(): string {
  return withDatabase(testServerUrl(), `t${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`);
}

/**
 * Drops every database of a base made by freshDatabaseBase. Each DROP DATABASE waits for a
 * checkpoint; issued together (one connection each) they share checkpoints instead of queueing
 * one after the other (10 service databases: about a third of the time).
 */
export async function dropDatabases(base: string): Promise<void> {
  const prefix = new URL(base).pathname.slice(1);
  const admin = new Client({ connectionString: withDatabase(base, 'postgres') });
  await admin.connect();
  let names: string[];
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`]);
    names = rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
  await Promise.all(
    names.map(async (datname) => {
      const client = new Client({ connectionString: withDatabase(base, 'postgres') });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }),
  );
}
