import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppError } from '@portal/contracts';
import { httpRequestDuration, metricsAllowed, metricsText, runWithRequestId } from '@portal/ops';
import type { FastifyInstance } from 'fastify';

/** A caller's X-Request-Id is kept when it is a plain token (it ends up in log lines), else one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: `request.id` is the request id every service's log line of this request carries. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The gateway's operations hooks: the request id in an AsyncLocalStorage around each request (and
 * back in the response's X-Request-Id), the latency histogram per route and status, and
 * `GET /metrics` (METRICS_TOKEN bearer when set, else loopback callers only).
 */
export function useOperations(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithRequestId(request.id, done, { safe: isSafe(request.method) });
  });
  // Reading the body leaves the request's async context: enter it again before the handler runs.
  fastify.addHook('preHandler', (request, _reply, done) => runWithRequestId(request.id, done, { safe: isSafe(request.method) }));
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  fastify.get('/metrics', async (request, reply) => {
    if (!metricsAllowed(request.headers.authorization, request.socket.remoteAddress)) {
      const error = new AppError('tokenDismiss', 'metrics need the METRICS_TOKEN bearer');
      return reply.status(error.status).send(error.toBody());
    }
    const { contentType, body } = await metricsText();
    return reply.type(contentType).send(body);
  });
}

/** GET and HEAD change nothing: their bus requests may be asked again of another copy (RequestContext.safe). */
const isSafe = (method: string) => method === 'GET' || method === 'HEAD';
