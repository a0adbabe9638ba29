import Fastify, { type FastifyInstance } from 'fastify';
import { contentSecurityPolicy, SECURITY_HEADERS, useSecurityHeaders } from './security-headers';

describe('security headers', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify();
    useSecurityHeaders(fastify, (url) => url.startsWith('/api/'));
    fastify.get('/api/orders', async () => [{ id: 1 }]);
    fastify.get('/api/refused', async (_request, reply) => reply.status(403).send({ error: { key: 'permissionDenied' } }));
    fastify.get('/assets/index-AbC123.js', async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('text/javascript').send('export {}'),
    );
    fastify.get('/', async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html').send('<div id="root">'));
    await fastify.ready();
  });

  afterAll(() => fastify.close());

  it('puts the policy on every answer, API, error and web app alike', async () => {
    for (const url of ['/api/orders', '/api/refused', '/assets/index-AbC123.js', '/']) {
      const res = await fastify.inject({ url });
      expect(res.headers).toMatchObject({
        'content-security-policy': SECURITY_HEADERS['Content-Security-Policy'],
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
      });
    }
  });

  it('allows this origin and the printers only, inline styles for MUI, WebAssembly, blob: frames for label PDFs, and no framing', () => {
    expect(contentSecurityPolicy('')).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self' http://localhost:9100 https://localhost:9101; frame-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; " +
        "form-action 'self'; object-src 'none'",
    );
    // The site's printer addresses join the agent's; anything that would break out of the header is dropped.
    expect(contentSecurityPolicy("http://192.168.1.50:9100 http://127.0.0.1:* 'unsafe-eval' x;script-src *")).toContain(
      "connect-src 'self' http://localhost:9100 https://localhost:9101 http://192.168.1.50:9100 http://127.0.0.1:*; frame-src",
    );
  });

  it('keeps API answers out of every cache and lets the web app keep its own caching', async () => {
    expect((await fastify.inject({ url: '/api/orders' })).headers['cache-control']).toBe('no-store');
    expect((await fastify.inject({ url: '/api/refused' })).headers['cache-control']).toBe('no-store');
    expect((await fastify.inject({ url: '/assets/index-AbC123.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fastify.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });
});
