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

/** Drops every database of a base made by freshDatabaseBase. */
export async function dropDatabases(base: string): Promise<void> {
  const prefix = new URL(base).pathname.slice(1);
  const admin = new Client({ connectionString: withDatabase(base, 'postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
