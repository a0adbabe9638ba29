import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db, freePort } from '@portal/db';
import { seedAdminDemo } from '@portal/service-admin';
import { seedAuthDemo } from '@portal/service-auth';
import { seedHubyDemo } from '@portal/service-huby';
import { DEMO_CARRIER_SECRETS, setCarrierSecret } from '@portal/service-tracking';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import { serviceDatabaseUrl } from './target';

const ROOT = path.resolve(__dirname, '../../..');
export const DISTRIBUTED_SERVICES = ['auth', 'admin', 'tracking', 'stock', 'huby', 'alerts', 'claims', 'gateway'] as const;
export type DistributedService = (typeof DISTRIBUTED_SERVICES)[number];

/**
 * The distributed deployment for one test file: gateway, auth and admin as separate processes
 * (from `npm run build:server`) on the machine's NATS, each on its own database, isolated from
 * other runs by a NATS namespace.
 */
export class Deployment {
  private readonly processes = new Map<DistributedService, ChildProcess>();
  private readonly logs = new Map<DistributedService, string[]>();
  readonly url: string;

  private constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly port: number,
    private readonly base: string,
    private readonly dataDir: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(smtpUrl: string): Promise<Deployment> {
    const main = path.join(ROOT, 'dist/services/gateway/main.js');
    if (!fs.existsSync(main)) throw new Error('distributed API tests need the build: npm run build:server');
    const port = await freePort();
    const base = freshDatabaseBase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
      DATABASE_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtpUrl,
      PUBLIC_URL: 'http://portal.test',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_INTERVAL_MS: '100',
      HUBY_CARRIER_EVENTS_INTERVAL_MS: '300',
      BUS_TIMEOUT_MS: '2000',
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    const deployment = new Deployment(env, port, base, dataDir);
    for (const service of DISTRIBUTED_SERVICES) deployment.spawn(service);
    await deployment.waitHealthy();
    await deployment.seed();
    return deployment;
  }

  spawn(service: DistributedService): void {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/services', service, 'main.js')], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = this.logs.get(service) ?? [];
    this.logs.set(service, log);
    child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    this.processes.set(service, child);
  }

  async stop(service: DistributedService): Promise<void> {
    const child = this.processes.get(service);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    this.processes.delete(service);
  }

  async waitHealthy(timeoutMs = 90000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const ok = await fetch(`${this.url}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`deployment not healthy:\n${[...this.logs].map(([s, l]) => `--- ${s}\n${l.join('').slice(-2000)}`).join('\n')}`);
  }

  /** The last output of a service (for a failing test to show). */
  logOf(service: DistributedService, chars = 4000): string {
    return (this.logs.get(service) ?? []).join('').slice(-chars);
  }

  databaseUrl(service: string): string {
    return serviceDatabaseUrl(this.base, service);
  }

  /** Loads the demo users and reference data straight into the services' databases. */
  private async seed(): Promise<void> {
    for (const [service, seed] of [
      ['admin', seedAdminDemo],
      ['auth', seedAuthDemo],
      ['huby', (db: Db) => seedHubyDemo(db, { now: new Date() })],
      // The carriers' webhook secrets (an administrator's set-up), for Huby's demo carrier to report.
      [
        'tracking',
        async (db: Db) => Promise.all(Object.entries(DEMO_CARRIER_SECRETS).map(([c, secret]) => setCarrierSecret(db, c, secret))),
      ],
    ] as const) {
      const db = await Db.open({ service, entities: [], migrations: [], url: this.databaseUrl(service) });
      await seed(db);
      await db.close();
    }
  }

  async close(): Promise<void> {
    for (const service of DISTRIBUTED_SERVICES) await this.stop(service);
    await dropDatabases(this.base);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
