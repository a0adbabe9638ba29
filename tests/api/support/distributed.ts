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
import { fakeWebBuild, serviceDatabaseUrl } from './target';

const ROOT = path.resolve(__dirname, '../../..');
export const DISTRIBUTED_SERVICES = [
  'auth',
  'admin',
  'tracking',
  'stock',
  'huby',
  'alerts',
  'claims',
  'fever',
  'reports',
  'gateway',
] as const;
export type DistributedService = (typeof DISTRIBUTED_SERVICES)[number];

export interface DeploymentOptions {
  /** The NATS server (default: NATS_URL, else the machine's). */
  natsUrl?: string;
  /** The database base (default: a fresh one on the test server). */
  databaseBase?: string;
  /** Copies of every service and gateways to start (default 1). */
  copies?: number;
  /** How long the deployment may take to answer healthy (default 30 s). */
  startTimeoutMs?: number;
  /** Further environment of every process (e.g. smaller export limits). */
  env?: NodeJS.ProcessEnv;
}

/** One process of the deployment: `auth` is the first copy of auth, `auth#2` the second. */
const instanceName = (service: DistributedService, copy: number) => (copy === 1 ? service : `${service}#${copy}`);

/**
 * The distributed deployment for one test file: every service and the gateway as separate processes
 * (from `npm run build:server`) on the machine's NATS, each on its own database, isolated from
 * other runs by a NATS namespace. A test may start further copies of a service or gateway.
 */
export class Deployment {
  private readonly processes = new Map<string, ChildProcess>();
  private readonly logs = new Map<string, string[]>();
  /** Each gateway's port, by copy. */
  private readonly gatewayPorts = new Map<number, number>();
  readonly url: string;

  private constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly port: number,
    private readonly base: string,
    private readonly dataDir: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.gatewayPorts.set(1, port);
  }

  static async start(smtpUrl: string, options: DeploymentOptions = {}): Promise<Deployment> {
    const main = path.join(ROOT, 'dist/services/gateway/main.js');
    if (!fs.existsSync(main)) throw new Error('distributed API tests need the build: npm run build:server');
    const port = await freePort();
    const base = options.databaseBase ?? freshDatabaseBase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NATS_URL: options.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
      DATABASE_URL: base,
      DATA_DIR: dataDir,
      // The gateway serves a web build as in production (its fallback is part of what is tested).
      WEB_DIST: fakeWebBuild(dataDir),
      JWT_SECRET: randomBytes(32).toString('hex'),
      CARRIER_SECRETS_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: smtpUrl,
      PUBLIC_URL: 'http://portal.test',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_INTERVAL_MS: '100',
      USAGE_FLUSH_MS: '300',
      ALERTS_SCHEDULER_INTERVAL_MS: '2000',
      HUBY_CARRIER_EVENTS_INTERVAL_MS: '300',
      // The fever service's MQTT subscriber, when a test turned it on (fever-ingest.test.ts).
      FEVER_MQTT_URL: process.env.FEVER_MQTT_URL,
      FEVER_MQTT_TOPIC_PREFIX: process.env.FEVER_MQTT_TOPIC_PREFIX,
      FEVER_MQTT_GROUP: process.env.FEVER_MQTT_GROUP,
      // The webhook test's local receiver (allowed in plain http) and its day of retries made seconds.
      WEBHOOK_HTTP_HOSTS: process.env.WEBHOOK_HTTP_HOSTS,
      WEBHOOK_RETRY_SCALE: process.env.WEBHOOK_RETRY_SCALE,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...options.env,
    };
    const deployment = new Deployment(env, port, base, dataDir);
    try {
      for (const service of DISTRIBUTED_SERVICES) deployment.spawn(service);
      await deployment.waitHealthy(options.startTimeoutMs);
      await deployment.seed();
      for (let copy = 2; copy <= (options.copies ?? 1); copy++) {
        for (const service of DISTRIBUTED_SERVICES) await deployment.spawnCopy(service, copy);
      }
      if ((options.copies ?? 1) > 1) await deployment.waitHealthy(options.startTimeoutMs);
    } catch (e) {
      // No process outlives a deployment that did not start.
      await deployment.close(!options.databaseBase).catch(() => undefined);
      throw e;
    }
    return deployment;
  }

  /** Starts a copy of a service (copy 1 is the one `start` made); a gateway copy gets a port of its own. */
  spawn(service: DistributedService, copy = 1): void {
    const port = service === 'gateway' ? this.gatewayPorts.get(copy) : undefined;
    if (service === 'gateway' && !port) throw new Error(`gateway copy ${copy} has no port: use spawnCopy`);
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/services', service, 'main.js')], {
      cwd: ROOT,
      env: { ...this.env, ...(port ? { PORT: String(port) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const name = instanceName(service, copy);
    const log: string[] = this.logs.get(name) ?? [];
    this.logs.set(name, log);
    child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    this.processes.set(name, child);
  }

  /** Starts a further copy of a service, or a further gateway on a free port. */
  async spawnCopy(service: DistributedService, copy: number): Promise<void> {
    if (service === 'gateway' && !this.gatewayPorts.has(copy)) this.gatewayPorts.set(copy, await freePort());
    this.spawn(service, copy);
  }

  /** The process id of a running copy of a service (a fault test finds which copy holds a connection). */
  pidOf(service: DistributedService, copy = 1): number | undefined {
    return this.processes.get(instanceName(service, copy))?.pid;
  }

  /** The URL of every gateway started. */
  get urls(): string[] {
    return [...this.gatewayPorts.values()].map((p) => `http://127.0.0.1:${p}`);
  }

  /** Stops a copy of a service: SIGTERM, or SIGKILL (a crash, or after 5 s). */
  async stop(service: DistributedService, copy = 1, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    await this.stopProcess(instanceName(service, copy), signal);
  }

  private async stopProcess(name: string, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const child = this.processes.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    this.processes.delete(name);
  }

  /** Waits until every gateway started answers /api/health with 200 (every service up). */
  async waitHealthy(timeoutMs = 90000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const answers = await Promise.all(
        this.urls.map((url) =>
          fetch(`${url}/api/health`)
            .then((r) => r.status === 200)
            .catch(() => false),
        ),
      );
      if (answers.every(Boolean)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`deployment not healthy:\n${[...this.logs].map(([s, l]) => `--- ${s}\n${l.join('').slice(-2000)}`).join('\n')}`);
  }

  /** The last output of a service (for a failing test to show). */
  logOf(service: DistributedService, chars = 4000, copy = 1): string {
    return (this.logs.get(instanceName(service, copy)) ?? []).join('').slice(-chars);
  }

  /** What outlives a test file when the deployment is shared: its processes, databases and folder. */
  get leftovers(): { pids: number[]; databaseBase: string; dataDir: string } {
    const pids = [...this.processes.values()].map((c) => c.pid).filter((pid): pid is number => pid !== undefined);
    return { pids, databaseBase: this.base, dataDir: this.dataDir };
  }

  /** Kills every process at once, without waiting (a jest worker leaving). */
  killNow(): void {
    for (const child of this.processes.values()) if (child.exitCode === null) child.kill('SIGKILL');
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

  /** Stops every process; drops the databases unless the test owns their server. */
  async close(dropData = true): Promise<void> {
    await Promise.all([...this.processes.keys()].map((name) => this.stopProcess(name, 'SIGTERM')));
    if (dropData) await dropDatabases(this.base);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
