// `npm run backup -- <file.tar.gz> [--dump]`: one archive of the portal's databases, stored files and
// signing key, taken while the portal runs (README "Backup and restore").
//  - embedded PostgreSQL (no DATABASE_URL): a base backup of the whole cluster with PostgreSQL's
//    low-level API (pg_backup_start / copy / pg_backup_stop, then the WAL it needs), or a cold copy
//    when the portal is stopped; `--dump` takes pg_dump archives of its databases instead (to move
//    to a PostgreSQL server);
//  - a PostgreSQL server (DATABASE_URL): `pg_dump -Fc` of each service's database.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  archiveArgument,
  clientMajor,
  copyTree,
  databaseName,
  dataDir,
  FORMAT,
  portalVersion,
  Refusal,
  runMain,
  runningPortal,
  runningPostmaster,
  runTool,
  serviceNames,
  treeSize,
  withDatabase,
} from './backup-common.mjs';

const USAGE = `usage: npm run backup -- <file.tar.gz> [--dump]
  DATA_DIR (default ./data): the portal's data folder; DATABASE_URL set: its PostgreSQL server (pg_dump)
  --dump: with the embedded PostgreSQL, pg_dump archives of its databases (to move to a server) instead of a base backup`;

// Folders whose contents a base backup leaves out (PostgreSQL docs, "Making a Base Backup Using the Low Level API").
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

runMain(async () => {
  const argv = process.argv.slice(2);
  const archive = archiveArgument(argv, USAGE);
  if (fs.existsSync(archive)) throw new Refusal(`${archive} already exists: name a new file`);
  const dir = dataDir();
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(archive), '.portal-backup-'));
  const started = Date.now();
  try {
    const manifest = { format: FORMAT, portalVersion: portalVersion(), createdAt: new Date().toISOString(), dataDir: dir };
    Object.assign(manifest, await backUpDatabases(dir, staging, argv.includes('--dump')));
    Object.assign(manifest, copyFilesAndKey(dir, staging));
    manifest.contents = ['pg', 'db', 'files', 'jwt-secret', 'carrier-secrets.key'].filter((entry) =>
      fs.existsSync(path.join(staging, entry)),
    );
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${archive}.partial`;
    runTool('tar', ['-czf', partial, '-C', staging, 'manifest.json', ...manifest.contents]);
    fs.renameSync(partial, archive);
    const size = fs.statSync(archive).size;
    console.log(
      `Backup written: ${archive} (${(size / 1048576).toFixed(1)} MB, ${manifest.mode}${manifest.online === false ? ', portal stopped' : ''}, ` +
        `PostgreSQL ${manifest.postgresVersion}, ${manifest.contents.join(' + ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (manifest.signingKey === 'environment')
      console.log('The signing key is JWT_SECRET (environment): keep it with the backup yourself.');
    if (manifest.carrierSecretsKey === 'environment')
      console.log('The carrier accounts’ key is CARRIER_SECRETS_KEY (environment): keep it with the backup yourself.');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(`${archive}.partial`, { force: true });
  }
});

async function backUpDatabases(dir, staging, dump) {
  if (process.env.DATABASE_URL) return dumpDatabases(process.env.DATABASE_URL, staging, process.env);
  const postmaster = runningPostmaster(dir);
  if (!dump) return postmaster ? baseBackup(dir, postmaster.port, staging) : coldCopy(dir, staging);
  if (!postmaster) throw new Refusal(`--dump reads the embedded PostgreSQL while it runs: start the portal on ${dir} first`);
  // The embedded cluster names its databases portal_<service> (libs/db), as a server with base name "portal".
  return { ...(await dumpDatabases(`postgres://postgres:postgres@127.0.0.1:${postmaster.port}/portal`, staging, {})), from: 'embedded' };
}

function clusterOf(dir) {
  const cluster = path.join(dir, 'pg');
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    throw new Refusal(
      `no embedded PostgreSQL cluster in ${cluster}: is DATA_DIR the portal's data folder? (set DATABASE_URL for a PostgreSQL server)`,
    );
  }
  return cluster;
}

/** The portal is stopped: the folder is what its PostgreSQL left, consistent as after a clean stop or a crash. */
function coldCopy(dir, staging) {
  const cluster = clusterOf(dir);
  copyTree(cluster, path.join(staging, 'pg'), { skip: (rel) => LEFT_OUT.has(rel) });
  if (runningPostmaster(dir) || runningPortal(dir)) throw new Refusal(`the portal started on ${dir} during the copy: run the backup again`);
  return { mode: 'embedded', online: false, postgresVersion: fs.readFileSync(path.join(cluster, 'PG_VERSION'), 'utf8').trim() };
}

/**
 * Online base backup with the low-level API: a temporary slot keeps the WAL from the start on,
 * the copy may see pages mid-change (WAL replay from backup_label's checkpoint repairs them), and
 * the WAL written until pg_backup_stop makes the copy consistent.
 */
async function baseBackup(dir, port, staging) {
  const cluster = clusterOf(dir);
  const target = path.join(staging, 'pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT current_setting('server_version') AS version, current_setting('wal_level') AS wal_level,
        array(SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname)::text[] AS databases`,
    );
    const info = rows[0];
    if (info.wal_level === 'minimal') throw new Refusal('wal_level is minimal: an online backup needs replica or logical');
    const slot = `portal_backup_${process.pid}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, immediately_reserve => true, temporary => true)', [slot]);
    await client.query('SELECT pg_backup_start($1, fast => true)', [`portal backup ${new Date().toISOString()}`]);
    copyTree(cluster, target, { skip: leftOutOfBaseBackup });
    const stop = (
      await client.query(
        'SELECT s.lsn::text, s.labelfile, s.spcmapfile, pg_walfile_name(s.lsn) AS last_wal FROM pg_backup_stop(wait_for_archive => false) s',
      )
    ).rows[0];
    fs.writeFileSync(path.join(target, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) fs.writeFileSync(path.join(target, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    await waitFlushed(client, stop.lsn);
    copyWal(cluster, target, stop.labelfile, stop.last_wal);
    await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
    return { mode: 'embedded', online: true, postgresVersion: info.version, databases: info.databases, stopLsn: stop.lsn };
  } finally {
    await client.end(); // ends an unfinished backup and drops the temporary slot when something failed
  }
}

function leftOutOfBaseBackup(rel, entry) {
  if (LEFT_OUT.has(rel)) return true;
  const top = rel.split('/')[0];
  if (EMPTIED.has(top) && rel !== top) return true;
  return entry.name === 'pg_internal.init' || entry.name.startsWith('pgsql_tmp');
}

async function waitFlushed(client, lsn) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query('SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS flushed', [lsn]);
    if (rows[0].flushed) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`WAL not flushed up to ${lsn}`);
}

/** The WAL segments from the backup's start to its stop (the temporary slot kept them; later names are recycled segments), and the timeline histories. */
function copyWal(cluster, target, labelfile, lastWal) {
  const start = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
  if (!start) throw new Error(`unexpected backup label:\n${labelfile}`);
  const wal = path.join(target, 'pg_wal');
  for (const sub of ['archive_status', 'summaries']) fs.mkdirSync(path.join(wal, sub), { recursive: true, mode: 0o700 });
  const names = fs.readdirSync(path.join(cluster, 'pg_wal'));
  const needed = names.filter(
    (n) =>
      (/^[0-9A-F]{24}$/.test(n) && n.slice(0, 8) === start.slice(0, 8) && n >= start && n <= lastWal) || /^[0-9A-F]{8}\.history$/.test(n),
  );
  for (const name of needed) fs.copyFileSync(path.join(cluster, 'pg_wal', name), path.join(wal, name));
  for (const name of [start, lastWal]) {
    if (!needed.includes(name)) throw new Error(`WAL segment ${name} missing from ${path.join(cluster, 'pg_wal')}`);
  }
}

/**
 * pg_dump -Fc of each service's database: SERVICES (libs/contracts) and any other `<base>_<name>`
 * database of the server, `<SERVICE>_DATABASE_URL` verbatim when set. Each dump is consistent on its own.
 */
async function dumpDatabases(baseUrl, staging, env) {
  const dumpMajor = clientMajor('pg_dump');
  if (dumpMajor === null) {
    throw new Refusal(
      'pg_dump is not installed: install the PostgreSQL client of the server’s version or newer (apt-get install postgresql-client)',
    );
  }
  const base = databaseName(baseUrl) || 'portal';
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  let found;
  let serverMajor;
  let postgresVersion;
  try {
    const pattern = `${base.replace(/[\\_%]/g, '\\$&')}\\_%`;
    found = (await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [pattern])).rows.map(
      (r) => r.datname,
    );
    const v = (await admin.query(`SELECT current_setting('server_version') AS v, current_setting('server_version_num')::int AS n`)).rows[0];
    [postgresVersion, serverMajor] = [v.v, Math.floor(v.n / 10000)];
  } finally {
    await admin.end();
  }
  if (dumpMajor < serverMajor) {
    throw new Refusal(
      `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server: install the PostgreSQL ${serverMajor} client (or newer)`,
    );
  }
  const targets = new Map();
  for (const service of serviceNames()) {
    const own = env[`${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`];
    const database = `${base}_${service.replace(/-/g, '_')}`;
    if (own || found.includes(database)) targets.set(service, own ?? withDatabase(baseUrl, database));
  }
  for (const database of found) {
    const name = database.slice(base.length + 1);
    if (![...targets.keys()].some((s) => s.replace(/-/g, '_') === name)) targets.set(name, withDatabase(baseUrl, database));
  }
  if (targets.size === 0) throw new Refusal(`no database named ${base}_<service> on the server of DATABASE_URL: nothing to back up`);
  fs.mkdirSync(path.join(staging, 'db'));
  const databases = [];
  for (const [service, url] of targets) {
    const file = `db/${service}.dump`;
    runTool('pg_dump', ['--format=custom', `--file=${path.join(staging, file)}`, `--dbname=${url}`]);
    databases.push({ service, database: databaseName(url), file });
  }
  return { mode: 'server', postgresVersion, pgDumpMajor: dumpMajor, databases };
}

/** Stored files (hard links: they never change once written) and the signing key kept in DATA_DIR. */
function copyFilesAndKey(dir, staging) {
  const files = path.join(dir, 'files');
  let fileBytes = 0;
  if (fs.existsSync(files)) {
    copyTree(files, path.join(staging, 'files'), { link: true, skip: (rel) => rel.endsWith('.part') });
    fileBytes = treeSize(path.join(staging, 'files'));
  }
  const key = path.join(dir, 'jwt-secret');
  const keyKept = fs.existsSync(key);
  if (keyKept) fs.copyFileSync(key, path.join(staging, 'jwt-secret'));
  // The key of the carrier accounts' credentials (services/huby carriers/accounts/secrets.ts): without it they cannot be opened.
  const carrierKey = path.join(dir, 'carrier-secrets.key');
  const carrierKeyKept = fs.existsSync(carrierKey);
  if (carrierKeyKept) fs.copyFileSync(carrierKey, path.join(staging, 'carrier-secrets.key'));
  return {
    signingKey: process.env.JWT_SECRET ? 'environment' : keyKept ? 'jwt-secret' : 'none',
    carrierSecretsKey: process.env.CARRIER_SECRETS_KEY ? 'environment' : carrierKeyKept ? 'carrier-secrets.key' : 'none',
    fileBytes,
  };
}
