import type { FastifyInstance } from 'fastify';

/** This origin only, never framed; inline styles allowed because MUI (emotion) injects <style> tags. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** What every answer carries, API and web app alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * Security headers on every answer. API answers (a caller's data, tokens, file downloads; the few
 * public calls hold nothing worth caching either) are `no-store`; the web app's files keep theirs.
 */
export function useSecurityHeaders(fastify: FastifyInstance, isApi: (url: string) => boolean): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (isApi(request.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
