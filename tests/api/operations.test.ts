import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_DATA_SETS } from '@portal/contracts';
import { freePort } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import request from 'supertest';
import { PgGate } from './support/pg-gate';
import { sleep } from '../support/feed-stream';
import { PortalProcess } from './support/portal-process';
import { startTarget, unshed, type ApiTarget } from './support/target';

const ROOT = path.resolve(__dirname, '../..');

/** Operations (issue 19 item 5): liveness apart from readiness, metrics, probes per service, graceful stop. */
describe('operations: health, readiness and metrics at the gateway', () => {
  let target: ApiTarget;
  beforeAll(async () => {
    target = await startTarget();
  }, 90000);
  afterAll(() => target?.close());

  it('answers live and ready, each with its own meaning', async () => {
    const live = await request(target.url).get('/api/health/live').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await request(target.url).get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', ready: true, stopping: false });
    // All-in-one hosts every database (each with its migrations run); a distributed gateway only needs its bus.
    if (target.deployment) expect(ready.body.checks).toEqual({ bus: true });
    else expect(ready.body.checks).toMatchObject({ 'db:auth': true, 'db:tracking': true, 'db:stock': true });
  });

  it('tells the demo data sets still loading, to anyone (the screens say so after an all-in-one start)', async () => {
    const { body } = await request(target.url).get('/api/health/demo').expect(200);
    expect(typeof body.loading).toBe('boolean');
    expect(body.sets.every((s: { name: string }) => (DEMO_DATA_SETS as readonly string[]).includes(s.name))).toBe(true);
    expect(body.loading).toBe(body.sets.some((s: { state: string }) => s.state === 'waiting' || s.state === 'loading'));
    // A distributed gateway loads no demo of its own: nothing to tell.
    if (target.deployment) expect(body).toEqual({ loading: false, sets: [] });
  });

  it('serves Prometheus metrics to a loopback caller: requests per route and status, bus round trips, pools, outbox, process', async () => {
    await request(target.url).get('/api/health/live').expect(200);
    expect(
      (await unshed(() => request(target.url).post('/api/auth/login').send({ login: 'nobody', password: 'wrong-password' }))).status,
    ).toBe(401);
    const res = await request(target.url).get('/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.2",method="POST",route="\/api\/auth\/login",status="401"\} \d+/);
    expect(text).toMatch(/bus_request_duration_seconds_count\{subject="auth.session.login",outcome="loginFailed"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
    if (!target.deployment) {
      expect(text).toMatch(/db_pool_connections\{service="auth",state="total"\} \d+/);
      expect(text).toMatch(/outbox_lag_seconds\{service="tracking"\} [\d.]+/);
      expect(text).toMatch(/outbox_pending_events\{service="tracking"\} \d+/);
    }
  });

  it('carries a request id back in the answer', async () => {
    const res = await request(target.url).get('/api/health/live').set('X-Request-Id', 'ops-trace-1').expect(200);
    expect(res.headers['x-request-id']).toBe('ops-trace-1');
  });

  it('asks for the METRICS_TOKEN bearer when one is set', async () => {
    if (target.deployment) return; // the variable is read by the gateway's own process
    process.env.METRICS_TOKEN = 'scrape-me';
    try {
      const refused = await request(target.url).get('/metrics').expect(401);
      expect(refused.body).toMatchObject({ error: { key: 'tokenDismiss' } });
      await request(target.url).get('/metrics').set('Authorization', 'Bearer not-it').expect(401);
      await request(target.url).get('/metrics').set('Authorization', 'Bearer scrape-me').expect(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});

/** A service started alone (distributed mode) with HEALTH_PORT, its database reached through a gate. */
describe('operations: a service process on its own probe port', () => {
  let gate: PgGate;
  let child: ChildProcess;
  let probe = '';
  const base = freshDatabaseBase();
  const output: string[] = [];

  beforeAll(async () => {
    gate = await PgGate.open(base);
    const port = await freePort();
    probe = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(ROOT, 'dist/services/admin/main.js')], {
      cwd: ROOT,
      // No NATS_URL: the bus is in-process, which the probe reports as connected; the database is the point.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: gate.url(base),
        HEALTH_PORT: String(port),
        HEALTH_HOST: '127.0.0.1',
        LOG_FORMAT: 'json',
        DB_CONNECT_TIMEOUT_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    await until(
      async () => (await fetch(`${probe}/health/ready`).catch(() => null))?.status === 200,
      30000,
      () => output.join(''),
    );
  }, 40000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await gate?.close();
    await dropDatabases(base);
  });

  it('logs one JSON object per line with LOG_FORMAT=json', () => {
    const lines = output.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ service: 'admin', level: expect.any(String) });
  });

  it('answers not-ready (still live) while its database is unreachable, and ready again when it is back', async () => {
    expect(await (await fetch(`${probe}/health/ready`)).json()).toMatchObject({ ready: true, checks: { 'db:admin': true } });
    gate.cut();
    const started = Date.now();
    const down = await fetch(`${probe}/health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ready: false, checks: { 'db:admin': false } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await fetch(`${probe}/health/live`)).status).toBe(200);
    gate.restore();
    await until(
      async () => (await fetch(`${probe}/health/ready`)).status === 200,
      5000,
      () => output.join(''),
    );
  });

  it('serves its own metrics with its pool and outbox', async () => {
    const text = await (await fetch(`${probe}/metrics`)).text();
    expect(text).toMatch(/db_pool_connections\{service="admin",state="idle"\} \d+/);
    expect(text).toMatch(/outbox_pending_events\{service="admin"\} \d+/);
  });
});

/** SIGTERM while a request waits on the database: the request still gets its answer, then the process exits 0. */
describe('operations: graceful shutdown', () => {
  let gate: PgGate;
  let portal: PortalProcess;
  const base = freshDatabaseBase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-'));

  beforeAll(async () => {
    gate = await PgGate.open(base);
    portal = await PortalProcess.create(dataDir, { DATABASE_URL: gate.url(base), DEMO_DATA: '0' });
    await portal.start(90000);
  }, 100000);
  afterAll(async () => {
    await portal?.stop(5000);
    await gate?.close();
    await dropDatabases(base);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains an in-flight slow request, refuses nothing it had taken, and exits cleanly', async () => {
    gate.hold(); // the database is slow: the login below waits on it
    const inFlight = fetch(`${portal.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'nobody', password: 'wrong-password' }),
    });
    await sleep(500);
    const exited = portal.exited();
    portal.kill('SIGTERM');
    await sleep(1300);
    gate.release();
    const answer = await inFlight;
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { key: 'loginFailed' } });
    const stoppedAt = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000); // not held to the 10 s drain bound
    expect(portal.output()).toContain('draining in-flight work');
    expect(portal.output()).not.toContain('still running after');
  }, 30000);
});

async function until(check: () => Promise<boolean>, timeoutMs: number, explain: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`not reached in ${timeoutMs} ms:\n${explain().slice(-3000)}`);
}
