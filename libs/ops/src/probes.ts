import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { metricsRegistry } from './metrics';
import { readiness } from './readiness';

/**
 * Who may read /metrics: with `METRICS_TOKEN` set, a caller that sends it as a bearer token;
 * without it, only a caller on this machine (loopback), never the open network.
 */
export function metricsAllowed(authorization: string | undefined, remoteAddress: string | undefined, env = process.env): boolean {
  const token = env.METRICS_TOKEN;
  if (token) {
    const given = Buffer.from(String(authorization ?? ''));
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  return isLoopback(remoteAddress);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || v4.startsWith('127.');
}

/** The metrics text of this process, in Prometheus' exposition format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/**
 * A service's own probe port (distributed mode, `HEALTH_PORT`): `GET /health/live`,
 * `GET /health/ready` (503 with the failing checks) and `GET /metrics` (same access rule as the gateway's).
 */
export async function serveProbes(port: number, host = '0.0.0.0'): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void answerProbe(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

async function answerProbe(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const path = (request.url ?? '/').split('?')[0];
  const json = (status: number, body: unknown) =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.method !== 'GET') return json(404, { error: { key: 'pageNotFound', message: 'probes answer GET only' } });
  if (path === '/health/live') return json(200, { status: 'ok' });
  if (path === '/health/ready') {
    const report = await readiness();
    return json(report.ready ? 200 : 503, { status: report.ready ? 'ready' : 'unready', ...report });
  }
  if (path === '/metrics') {
    if (!metricsAllowed(request.headers.authorization, request.socket.remoteAddress))
      return json(401, { error: { key: 'tokenDismiss', message: 'metrics need the METRICS_TOKEN bearer' } });
    const { contentType, body } = await metricsText();
    return void response.writeHead(200, { 'content-type': contentType }).end(body);
  }
  return json(404, { error: { key: 'pageNotFound', message: 'no such probe' } });
}
