import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { DEMO_CARRIER_SECRETS, signCarrierWebhook } from '@portal/service-tracking';
import { alive, PortalProcess, sleep } from './support/portal-process';

/**
 * The all-in-one mode as a single-machine deployment (issue 22): a 2xx means the data is on disk.
 * The warehouse feed and a carrier stream into a portal of its own (own data folder, embedded
 * PostgreSQL); every PostgreSQL process is killed at once, as a power cut would; the portal answers
 * 503 meanwhile, is restarted on the same folder and must hold every acknowledged order and event
 * exactly once. Then the portal process itself is killed: its PostgreSQL must not stay orphaned.
 */
const describeAllInOne = process.env.API_MODE === 'distributed' ? describe.skip : describe;

/** The portal's last lines without the expected noise of an outage (relays retrying, 503s logged). */
const quietOutput = (portal: PortalProcess) =>
  portal
    .output(30_000)
    .split('\n')
    .filter((l) => !/relay failed|database unreachable|InstanceLoader|Router/.test(l))
    .join('\n');

interface Answer {
  status: number;
  key?: string;
  ms: number;
}

describeAllInOne('all-in-one crash safety', () => {
  const run = randomBytes(3).toString('hex').toUpperCase();
  let dataDir: string;
  let portal: PortalProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
    // Run as root, the embedded server runs as its own user: it must be able to reach the folder.
    fs.chmodSync(dataDir, 0o755);
    portal = await PortalProcess.create(path.join(dataDir, 'data'));
    await portal.start(120_000);
  }, 150_000);

  afterAll(async () => {
    await portal?.stop(5000);
    for (const pid of portal?.postgresPids() ?? []) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const order = (ref: string) => {
    const createdAt = new Date(Date.now() - 3_600_000).toISOString();
    return {
      reference: ref,
      depositorId: 1,
      depositorCode: 'DEMO-A',
      platformId: 1,
      carrier: { code: 'GLS', name: 'GLS' },
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
      createdAt,
      lines: [{ reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 1, quantitySent: 1 }],
      parcels: [{ trackingNumber: `T${ref}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
      statuses: [
        { status: 0, at: createdAt },
        { status: 90, at: createdAt },
      ],
    };
  };

  async function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...headers },
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json().catch(() => ({}))) as { error?: { key?: string } };
      return { status: res.status, key: json.error?.key, ms: Date.now() - started };
    } catch {
      return { status: 0, ms: Date.now() - started };
    }
  }

  /**
   * Eight warehouse clients post orders one by one and a carrier reports each acknowledged order
   * delivered, until `stop()`; answers are recorded with the time they took.
   */
  function stream(prefix: string) {
    let stopped = false;
    let n = 0;
    const acked = new Set<string>();
    const delivered = new Set<string>();
    const answers: (Answer & { at: number })[] = [];
    const feedClient = async () => {
      while (!stopped) {
        const ref = `${prefix}${run}${String(n++).padStart(5, '0')}`;
        const a = await post(`${portal.url}/api/feed/tracking/orders`, JSON.stringify(order(ref)), {
          'X-Api-Key': DEMO_API_KEYS.warehouse,
        });
        answers.push({ ...a, at: Date.now() });
        if (a.status >= 200 && a.status < 300) acked.add(ref);
        else if (a.status === 503 || a.status === 0) await sleep(100);
      }
    };
    const carrierClient = async () => {
      while (!stopped) {
        const ref = [...acked].find((r) => !delivered.has(r));
        if (!ref) {
          await sleep(20);
          continue;
        }
        const body = JSON.stringify({
          events: [{ id: `E-${ref}`, trackingNumber: `T${ref}`, status: 'DELIVERED', at: new Date().toISOString() }],
        });
        const a = await post(`${portal.url}/api/webhooks/carriers/gls`, body, {
          'X-Api-Key': DEMO_API_KEYS.carrier,
          'X-Signature': signCarrierWebhook(DEMO_CARRIER_SECRETS.GLS, body),
        });
        answers.push({ ...a, at: Date.now() });
        if (a.status >= 200 && a.status < 300) delivered.add(ref);
        else await sleep(100);
      }
    };
    const clients = [...Array.from({ length: 8 }, feedClient), carrierClient()];
    return {
      acked,
      delivered,
      answers,
      stop: async () => {
        stopped = true;
        await Promise.all(clients);
      },
    };
  }

  /** Every acknowledged order is stored once, and every acknowledged delivery event is applied once. */
  async function checkStored(prefix: string, acked: Set<string>, delivered: Set<string>): Promise<void> {
    const rows = await portal.sql<{ reference: string; status: number; n: string }>(
      'portal_tracking',
      `SELECT o.reference, o.status, (SELECT count(*) FROM status_history h WHERE h.order_id = o.id AND h.status = 100) AS n
         FROM orders o WHERE o.reference LIKE $1`,
      [`${prefix}${run}%`],
    );
    const stored = new Map(rows.map((r) => [r.reference, r]));
    expect([...acked].filter((r) => !stored.has(r))).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(acked.size);
    const notDelivered = [...delivered].filter((r) => stored.get(r)?.status !== 100 || Number(stored.get(r)?.n) !== 1);
    expect(notDelivered).toEqual([]);
  }

  it('keeps every acknowledged order and carrier event when PostgreSQL dies, and answers 503 meanwhile', async () => {
    const traffic = stream('CK');
    await sleep(3000);
    const pids = portal.postgresPids();
    expect(pids.length).toBeGreaterThan(1);
    const killedAt = Date.now();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await sleep(4000);
    await traffic.stop();
    if (traffic.answers.some((a) => a.status === 0)) throw new Error(`the portal stopped answering:\n${quietOutput(portal)}`);
    const during = traffic.answers.filter((a) => a.at - a.ms > killedAt + 500);
    expect(during.length).toBeGreaterThan(0);
    // While the database is down: 503 serverUnavailable, quickly; never a 500, never a hang.
    expect(during.filter((a) => a.status !== 503 || a.key !== 'serverUnavailable').map((a) => `${a.status} ${a.key}`)).toEqual([]);
    expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(5000);
    expect(traffic.acked.size).toBeGreaterThan(20);

    await portal.stop(15_000);
    await portal.start(60_000);
    await checkStored('CK', traffic.acked, traffic.delivered);
  }, 120_000);

  it('does not leave its PostgreSQL orphaned when the portal process is killed, and loses nothing acknowledged', async () => {
    const traffic = stream('CP');
    await sleep(3000);
    const pids = portal.postgresPids();
    portal.kill('SIGKILL');
    await portal.exited();
    await traffic.stop();
    // The embedded server follows its portal within a few seconds, freeing the port and the folder.
    const until = Date.now() + 10_000;
    while (pids.some(alive) && Date.now() < until) await sleep(200);
    expect(pids.filter(alive)).toEqual([]);
    await portal.start(60_000);
    await checkStored('CP', traffic.acked, traffic.delivered);
  }, 120_000);

  it('refuses a second portal on the same data folder with a clear message, and leaves the first one running', async () => {
    const second = await PortalProcess.create(portal.dataDir);
    await expect(second.start(30_000)).rejects.toThrow(/data folder .* is in use by another running portal \(process \d+/);
    expect((await fetch(`${portal.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
