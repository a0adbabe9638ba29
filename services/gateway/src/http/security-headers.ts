import type { FastifyInstance } from 'fastify';

/**
 * The printer agent on the user's machine (spec §9: Zebra Browser Print, 9100 over http, 9101 over
 * https) and the site's own printer addresses (PRINTER_CONNECT_SOURCES, space-separated CSP sources,
 * e.g. "http://192.168.1.50:9100"): the only places besides this origin the web app may call.
 */
export const PRINTER_AGENT_SOURCES = ['http://localhost:9100', 'https://localhost:9101'];

const printerSources = (extra = process.env.PRINTER_CONNECT_SOURCES ?? ''): string[] => {
  // CSP sources only: no quote, semicolon or comma may reach the header.
  const sources = extra
    .split(/\s+/)
    .filter((s) => /^(https?:\/\/)?(\*\.)?[A-Za-z0-9.-]*[A-Za-z0-9](:(\d{1,5}|\*))?(\/[^\s;,'"]*)?$/.test(s));
  return [...PRINTER_AGENT_SOURCES, ...sources];
};

/**
 * This origin only, never framed; inline styles allowed because MUI (emotion) injects <style> tags;
 * WebAssembly (the ZPL preview's renderer) may compile; the label PDF shows in a blob: frame; calls
 * go to this origin and the printers.
 */
export function contentSecurityPolicy(extraPrinterSources?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${printerSources(extraPrinterSources).join(' ')}`,
    "frame-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** What every answer carries, API and web app alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(),
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
