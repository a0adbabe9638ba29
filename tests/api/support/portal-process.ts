import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@portal/db';
import { Client } from 'pg';
import { sleep } from '../../support/feed-stream';
import { fakeWebBuild } from './target';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The all-in-one portal as a newcomer runs it (`node dist/services/all-in-one/main.js`): its own process,
 * its own data folder with the embedded PostgreSQL, on a free port. For the tests that kill things.
 */
export class PortalProcess {
  private child?: ChildProcess;
  private log: string[] = [];
  readonly url: string;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<PortalProcess> {
    const main = path.join(ROOT, 'dist/services/all-in-one/main.js');
    if (!fs.existsSync(main)) throw new Error('these tests need the build: npm run build:server');
    const port = await freePort();
    fs.mkdirSync(dataDir, { recursive: true });
    return new PortalProcess(dataDir, port, {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: fakeWebBuild(fs.mkdtempSync(`${dataDir}-web-`)),
      PUBLIC_URL: 'http://portal.test',
      DEMO_SCALE: '0.005',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_INTERVAL_MS: '100',
      ...env,
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until every service answers /api/health. */
  async start(timeoutMs = 60_000): Promise<void> {
    this.log = [];
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/services/all-in-one/main.js')], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => this.log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => this.log.push(d.toString()));
    this.child = child;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${this.output()}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch {
        /* not listening yet */
      }
      await sleep(250);
    }
    throw new Error(`portal not healthy after ${timeoutMs} ms:\n${this.output()}`);
  }

  /** Waits for the process to end; resolves its exit code (null when killed by a signal). */
  exited(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Stops the process (SIGTERM, then SIGKILL after `graceMs`). */
  async stop(graceMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exited();
    clearTimeout(timer);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    this.child?.kill(signal);
  }

  output(chars = 6000): string {
    return this.log.join('').slice(-chars);
  }

  /** The embedded cluster's folder and, while it runs, its postmaster's pid and port. */
  get pgDir(): string {
    return path.join(this.dataDir, 'pg');
  }

  postmaster(): { pid: number; port: number } | undefined {
    const file = path.join(this.pgDir, 'postmaster.pid');
    if (!fs.existsSync(file)) return undefined;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  }

  /** Every process of the embedded PostgreSQL: the postmaster and its children. */
  postgresPids(): number[] {
    const master = this.postmaster();
    if (!master || !alive(master.pid)) return [];
    const children = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master.pid;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [master.pid, ...children];
  }

  /** A superuser connection to one of the cluster's databases (the portal's own are portal_<service>). */
  async sql<T>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
    const master = this.postmaster();
    if (!master) throw new Error('the embedded PostgreSQL is not running');
    const client = new Client({ host: '127.0.0.1', port: master.port, user: 'postgres', password: 'postgres', database });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
