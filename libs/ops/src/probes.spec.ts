import type { AddressInfo } from 'node:net';
import { busRequestDuration, metricsRegistry, timeBusRequest, watchOutbox, watchPool } from './metrics';
import { isLoopback, metricsAllowed, serveProbes } from './probes';
import { addReadinessCheck, readiness } from './readiness';

describe('metrics access', () => {
  it('takes only the exact METRICS_TOKEN bearer when one is set, from anywhere', () => {
    const env = { METRICS_TOKEN: 's3cret' };
    expect(metricsAllowed('Bearer s3cret', '10.1.2.3', env)).toBe(true);
    expect(metricsAllowed('Bearer s3cre', '127.0.0.1', env)).toBe(false);
    expect(metricsAllowed(undefined, '127.0.0.1', env)).toBe(false);
    expect(metricsAllowed('s3cret', '127.0.0.1', env)).toBe(false);
  });

  it('takes loopback callers only when no token is set', () => {
    expect(metricsAllowed(undefined, '127.0.0.1', {})).toBe(true);
    expect(metricsAllowed(undefined, '::1', {})).toBe(true);
    expect(metricsAllowed(undefined, '::ffff:127.0.0.1', {})).toBe(true);
    expect(metricsAllowed('Bearer anything', '192.168.1.10', {})).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
  });
});

describe('readiness', () => {
  it('is ready when every check passes; a failing, throwing or hanging check makes it unready', async () => {
    const undo = addReadinessCheck('db:test', () => true);
    expect(await readiness()).toMatchObject({ ready: true, checks: { 'db:test': true } });
    const undoThrow = addReadinessCheck('bus', () => Promise.reject(new Error('down')));
    expect(await readiness()).toMatchObject({ ready: false, checks: { 'db:test': true, bus: false } });
    undoThrow();
    // A second check of the same name must pass too (two handles on one database).
    const undoSecond = addReadinessCheck('db:test', () => false);
    expect(await readiness()).toMatchObject({ ready: false, checks: { 'db:test': false } });
    undoSecond();
    undo();
    expect((await readiness()).checks).toEqual({});
  });
});

describe('probe port', () => {
  let port = 0;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = await serveProbes(0, '127.0.0.1');
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });

  it('answers live while a dependency is down, and not-ready with the failing check', async () => {
    let up = false;
    const undo = addReadinessCheck('db:stock', () => up);
    try {
      expect((await get('/health/live')).status).toBe(200);
      const down = await get('/health/ready');
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'unready', checks: { 'db:stock': false } });
      up = true;
      expect((await get('/health/ready')).status).toBe(200);
    } finally {
      undo();
    }
  });

  it('serves the metrics: pool use, outbox lag, bus round trips', async () => {
    const undoPool = watchPool('stock', { totalCount: 4, idleCount: 3, waitingCount: 0 });
    const undoOutbox = watchOutbox('stock', async () => ({ pending: 2, oldestAgeSeconds: 1.5 }));
    const undoBroken = watchOutbox('claims', () => Promise.reject(new Error('database down')));
    busRequestDuration.reset();
    await timeBusRequest('stock.lines.list', async () => 1);
    await expect(
      timeBusRequest('stock.lines.list', () => Promise.reject(Object.assign(new Error('x'), { key: 'serverUnavailable' }))),
    ).rejects.toThrow();
    try {
      const res = await get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(metricsRegistry.contentType);
      const text = await res.text();
      expect(text).toContain('db_pool_connections{service="stock",state="total"} 4');
      expect(text).toContain('db_pool_connections{service="stock",state="idle"} 3');
      expect(text).toContain('outbox_pending_events{service="stock"} 2');
      expect(text).toContain('outbox_lag_seconds{service="stock"} 1.5');
      expect(text).not.toContain('service="claims"');
      expect(text).toContain('bus_request_duration_seconds_count{subject="stock.lines.list",outcome="ok"} 1');
      expect(text).toContain('bus_request_duration_seconds_count{subject="stock.lines.list",outcome="serverUnavailable"} 1');
    } finally {
      undoPool();
      undoOutbox();
      undoBroken();
    }
  });

  it('refuses /metrics without the token when one is set, and unknown paths or methods', async () => {
    process.env.METRICS_TOKEN = 'probe-token';
    try {
      const refused = await get('/metrics');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { key: 'tokenDismiss' } });
      expect((await get('/metrics', { authorization: 'Bearer probe-token' })).status).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
    expect((await get('/nothing')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/health/live`, { method: 'POST' })).status).toBe(404);
  });
});
