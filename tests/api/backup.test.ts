import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { freePort } from '@portal/db';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, type ApiTarget } from './support/target';

const ROOT = path.resolve(__dirname, '../..');
const PORTAL = path.join(ROOT, 'dist/services/all-in-one/main.js');

/** A `node dist/services/all-in-one/main.js` of its own on a data folder, embedded PostgreSQL included. */
class PortalProcess {
  private readonly output: string[] = [];
  private readonly child: ChildProcess;
  readonly url: string;

  constructor(
    readonly dataDir: string,
    port: number,
    env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, [PORTAL], {
      cwd: ROOT,
      // A clean environment: no DATABASE_URL, NATS_URL or DATA_DIR left by another test of this worker.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (d: Buffer) => this.output.push(d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => this.output.push(d.toString()));
  }

  log(chars = 3000): string {
    return this.output.join('').slice(-chars);
  }

  async waitFor(...lines: string[]): Promise<void> {
    const end = Date.now() + 60_000;
    while (!lines.every((line) => this.output.join('').includes(line))) {
      if (this.child.exitCode !== null || Date.now() > end) throw new Error(`portal not ready (${lines.join(', ')}):\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The port of its embedded PostgreSQL (postmaster.pid, 4th line). */
  postgresPort(): number {
    return Number(fs.readFileSync(path.join(this.dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]);
  }

  /** Stops the portal, then whatever of its PostgreSQL a failure may have left running. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    }
    await stopPostgres(this.dataDir);
  }
}

async function stopPostgres(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'pg/postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 200));
  if (alive()) process.kill(pid, 'SIGKILL');
}

function runScript(
  script: 'backup' | 'restore',
  archive: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, `infra/scripts/${script}.mjs`), archive], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

/** Rows of every table of every service database of an embedded cluster (as its superuser: no row-level security). */
async function rowCounts(port: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await admin.connect();
  const databases = (await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'portal\\_%' ORDER BY 1`)).rows.map(
    (r) => r.datname,
  );
  await admin.end();
  for (const database of databases) {
    const db = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database });
    await db.connect();
    const tables = (
      await db.query(
        // Partitions (fever's monthly readings, created as readings arrive) are counted through their parent table.
        `SELECT c.relname AS tablename FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
      )
    ).rows.map((r) => r.tablename);
    for (const table of tables) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${table}"`);
      counts.set(`${database}.${table}`, rows[0].n);
    }
    await db.end();
  }
  return counts;
}

/** The warehouse feed posting orders one by one until stopped: the references it got a 2xx for, in order. */
function feedOrders(url: string, run: string) {
  const acknowledged: { reference: string; at: number }[] = [];
  let stopped = false;
  const done = (async () => {
    for (let n = 1; !stopped; n++) {
      const reference = `BKP${run}${n}`;
      const createdAt = new Date(Date.now() - 3_600_000).toISOString();
      const res = await request(url)
        .post('/api/feed/tracking/orders')
        .set('X-Api-Key', DEMO_API_KEYS.warehouse)
        .send({ reference, depositorId: 1, depositorCode: 'DEMO-A', platformId: 1, createdAt, statuses: [{ status: 0, at: createdAt }] });
      if (res.status >= 300) throw new Error(`feed ${reference}: ${res.status} ${JSON.stringify(res.body)}`);
      acknowledged.push({ reference, at: Date.now() });
    }
  })();
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * Issue 22 item 3: `npm run backup` of a running all-in-one portal (embedded PostgreSQL, demo data in
 * every service, a stored document, feed orders arriving meanwhile), `npm run restore` into a new
 * folder, and a portal started on it finds the same rows, the document's bytes and its users.
 * Separate processes on their own folders: the distributed project has nothing more to run here.
 */
(process.env.API_MODE === 'distributed' ? describe.skip : describe)('backup and restore (all-in-one, embedded PostgreSQL)', () => {
  let work = '';
  const portals: PortalProcess[] = [];
  const start = async (dataDir: string, env: Record<string, string>) => {
    const portal = new PortalProcess(dataDir, await freePort(), {
      RATE_LIMIT_MULTIPLIER: '100',
      WEB_DIST: path.join(work, 'no-web'),
      ...env,
    });
    portals.push(portal);
    return portal;
  };

  beforeAll(() => {
    if (!fs.existsSync(PORTAL)) throw new Error('the backup test runs the build: npm run build:server');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    fs.chmodSync(work, 0o755); // run as root, the embedded server runs as the postgres user
  });
  afterAll(async () => {
    for (const portal of portals) await portal.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('restores a backup taken while the portal runs and writes: same rows, same document, same users', async () => {
    const archive = path.join(work, 'portal.tar.gz');
    const original = await start(path.join(work, 'data'), { DEMO_SCALE: '0.01' });
    await original.waitFor('Portal ready', 'tracking demo data ready', 'stock demo data ready');
    const admin = await loginAs({ url: original.url } as ApiTarget, 'admin');
    const orderId = (await admin.get('/api/orders').expect(200)).body[0].id as number;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);
    const document = await admin
      .post(`/api/orders/${orderId}/documents`, { type: 'INVOICE', name: 'facture.pdf', contentBase64: pdf.toString('base64') })
      .expect(201);

    const feed = feedOrders(original.url, randomBytes(3).toString('hex').toUpperCase());
    await new Promise((r) => setTimeout(r, 500));
    const before = await rowCounts(original.postgresPort());
    const backupStarted = Date.now();
    const backup = await runScript('backup', archive, original.dataDir);
    await feed.stop();
    const after = await rowCounts(original.postgresPort());
    expect(backup).toMatchObject({ status: 0, output: expect.stringContaining('Backup written') });

    // Over the running portal: refused, nothing touched.
    const refused = await runScript('restore', archive, original.dataDir);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/running .*stop the portal before restoring/);
    expect(fs.existsSync(path.join(original.dataDir, 'pg/backup_label'))).toBe(false);
    await original.stop();

    const restoredDir = path.join(work, 'restored');
    expect(await runScript('restore', archive, restoredDir)).toMatchObject({ status: 0 });
    const restored = await start(restoredDir, { DEMO_DATA: '0' });
    await restored.waitFor('Portal ready');
    const counts = await rowCounts(restored.postgresPort());

    // Every table as it was between the start and the end of the backup (the feed wrote meanwhile).
    expect([...counts.keys()]).toEqual([...before.keys()]);
    const outside = [...counts].filter(
      ([table, n]) => n < Math.min(before.get(table)!, after.get(table)!) || n > Math.max(before.get(table)!, after.get(table)!),
    );
    expect(outside.map(([table, n]) => `${table}: ${n}, was ${before.get(table)} then ${after.get(table)}`)).toEqual([]);
    expect(counts.get('portal_tracking.orders')).toBeGreaterThan(0);
    // Every order acknowledged before the backup started is there.
    const tracking = new Client({
      host: '127.0.0.1',
      port: restored.postgresPort(),
      user: 'postgres',
      password: 'postgres',
      database: 'portal_tracking',
    });
    await tracking.connect();
    const early = feed.acknowledged.filter((a) => a.at < backupStarted).map((a) => a.reference);
    const found = (await tracking.query('SELECT reference FROM orders WHERE reference = ANY($1)', [early])).rows.map((r) => r.reference);
    await tracking.end();
    expect(found.sort()).toEqual(early.sort());
    expect(feed.acknowledged.length).toBeGreaterThan(early.length); // writes did happen during the backup

    await loginAs({ url: restored.url } as ApiTarget, 'alice');
    const adminAgain = await loginAs({ url: restored.url } as ApiTarget, 'admin');
    const file = await adminAgain
      .get(`/api/orders/${orderId}/documents/${document.body.id}/file`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
  }, 150_000);
});

/** A backup archive holding only a manifest (what restore reads before it touches anything). */
function archiveWithManifest(dir: string, manifest: object): string {
  const folder = fs.mkdtempSync(path.join(dir, 'manifest-'));
  fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
  const archive = `${folder}.tar.gz`;
  execFileSync('tar', ['-czf', archive, '-C', folder, 'manifest.json']);
  return archive;
}

(process.env.API_MODE === 'distributed' ? describe.skip : describe)('backup and restore refusals', () => {
  let work = '';
  beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'))));
  const embedded = {
    format: 1,
    portalVersion: '0.1.0',
    createdAt: new Date().toISOString(),
    mode: 'embedded',
    postgresVersion: '17.10',
    contents: ['pg'],
  };
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  const refused = async (manifest: object, dataDir: string, env: Record<string, string> = {}) => {
    const result = await runScript('restore', archiveWithManifest(work, manifest), dataDir, env);
    expect(result.status).toBe(1);
    return result.output.trim();
  };

  it('refuses a portal running on the folder (its lock file names a live process), touching nothing', async () => {
    const dataDir = path.join(work, 'locked');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'portal.lock'), JSON.stringify({ pid: process.pid, startedAt: '2026-11-26T08:00:00.000Z' }));
    expect(await refused(embedded, dataDir)).toBe(
      `a portal is running on ${dataDir} (pid ${process.pid}, started 2026-11-26T08:00:00.000Z): stop the portal before restoring; nothing was changed`,
    );
    expect(fs.readdirSync(dataDir)).toEqual(['portal.lock']);
  });

  it('refuses a folder that is not empty', async () => {
    const dataDir = path.join(work, 'used');
    fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    expect(await refused(embedded, dataDir)).toMatch(/is not empty: restore into an empty or new folder/);
  });

  it('refuses a backup of a newer portal or PostgreSQL, and an embedded backup toward a server', async () => {
    const dataDir = path.join(work, 'new');
    expect(await refused({ ...embedded, portalVersion: '99.0.0' }, dataDir)).toMatch(
      /portal 99.0.0, newer than this one .* upgrade the portal first/,
    );
    expect(await refused({ ...embedded, postgresVersion: '99.1' }, dataDir)).toMatch(
      /PostgreSQL 99 cluster, newer than the embedded PostgreSQL 17/,
    );
    expect(await refused({ ...embedded, postgresVersion: '16.4' }, dataDir)).toMatch(
      /PostgreSQL 16 cluster; the embedded PostgreSQL is 17/,
    );
    expect(await refused(embedded, dataDir, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/portal' })).toMatch(
      /backup of the embedded PostgreSQL: restore it without DATABASE_URL/,
    );
    expect(await refused({ ...embedded, mode: 'server', pgDumpMajor: 15 }, dataDir)).toMatch(/set DATABASE_URL to the server/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('backup refuses an existing file, a folder without a cluster, and a server without pg_dump', async () => {
    const existing = path.join(work, 'existing.tar.gz');
    fs.writeFileSync(existing, 'keep me');
    expect((await runScript('backup', existing, work)).output).toMatch(/already exists: name a new file/);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    const empty = path.join(work, 'empty');
    expect((await runScript('backup', path.join(work, 'b1.tar.gz'), empty)).output).toMatch(
      /no embedded PostgreSQL cluster in .*is DATA_DIR/,
    );
    const noClient = await runScript('backup', path.join(work, 'b2.tar.gz'), empty, {
      PATH: '/nonexistent',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/portal',
    });
    expect(noClient).toMatchObject({ status: 1, output: expect.stringMatching(/^pg_dump is not installed/) });
    expect(fs.readdirSync(work).filter((f) => /^b\d/.test(f) || f.startsWith('.portal-backup-'))).toEqual([]);
  });

  it('refuses what is not a portal backup, and a missing file', async () => {
    const dataDir = path.join(work, 'other');
    const notBackup = path.join(work, 'other.tar.gz');
    execFileSync('tar', ['-czf', notBackup, '-C', ROOT, 'package.json']);
    expect((await runScript('restore', notBackup, dataDir)).status).toBe(1);
    expect((await runScript('restore', path.join(work, 'absent.tar.gz'), dataDir)).output).toMatch(/absent.tar.gz: no such file/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
