import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyAdapter } from '@nestjs/platform-fastify';
import { AppError, holdsNul } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the gateway refuses before any handler runs (issue 9: no input answers 5xx): JSON nested
 * deeper than any call of the portal needs (counted before parsing, so a hostile body never reaches
 * JSON.parse or the validators' recursion), NUL characters (PostgreSQL text cannot hold them), and
 * URLs or headers past Node's limits, answered in the error envelope instead of Node's bare 431.
 */

/** Deepest JSON nesting accepted: the deepest body of the API (a feed order's lines) is under 10. */
export const MAX_JSON_DEPTH = 64;

/** How deep `text` nests, counting only brackets outside strings; stops counting past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

const nulRefused = (where: string) =>
  new AppError('validationFailed', `a NUL character in the ${where}`, undefined, { [where]: 'invalidFormat' });

/**
 * The JSON body parser: depth checked on the raw text, then Fastify's own parser (prototype
 * poisoning refused), then NUL refused — except on machine feeds, whose lines are checked one by
 * one by their service so that one bad line does not refuse the batch. Keeps `rawBody` (webhook
 * signatures).
 */
export function useJsonBodyParser(adapter: FastifyAdapter, isFeed: (url: string) => boolean): void {
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  const parse = fastify.getDefaultJsonParser('error', 'error');
  adapter.useBodyParser('application/json', true, { bodyLimit: fastify.initialConfig.bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new AppError('validationFailed', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, { limit: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request as unknown as FastifyRequest, text, (error, value) => {
      if (error) done(new AppError('validationFailed', 'the body is not valid JSON', undefined, { body: 'invalidFormat' }), undefined);
      else if (!isFeed(request.url) && text.includes('\\u0000') && holdsNul(value)) done(nulRefused('body'), undefined);
      else done(null, value);
    });
  });
}

/** Refuses a NUL character anywhere in the URL (path or query, raw or %00) before routing, where `checked` says so (all by default). */
export function refuseNulInUrls(fastify: FastifyInstance, checked: (url: string) => boolean = () => true): void {
  fastify.addHook('onRequest', async (request) => {
    if ((request.url.includes('\u0000') || /%00/i.test(request.url)) && checked(request.url)) throw nulRefused('query');
  });
}

/**
 * Node answers an over-long URL or header block itself (431, no body) and a malformed request with
 * a bare 400: both now carry the error envelope, with sizeLimitExceeded for sizes.
 */
export function envelopeClientErrors(server: Server): void {
  server.removeAllListeners('clientError');
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG';
    const refusal = tooLarge
      ? new AppError('sizeLimitExceeded', 'request line or headers too large')
      : new AppError('validationFailed', 'malformed HTTP request');
    const status = tooLarge ? (error.code === 'HPE_URI_TOO_LONG' ? 414 : 431) : 400;
    const body = JSON.stringify(refusal.toBody());
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Content types a file upload comes as: the raw bytes of a CSV or XLSX file. */
const RAW_UPLOAD_TYPES = [
  'application/octet-stream',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
];

/**
 * Upload routes receive their body as the request stream, never buffered (an order file of 100,000
 * lines is read line by line); their handler enforces its own size limit. Elsewhere these types
 * stay refused as before (415).
 */
export function useRawUploads(fastify: FastifyInstance, isUpload: (url: string) => boolean): void {
  fastify.addContentTypeParser(RAW_UPLOAD_TYPES, (request, payload, done) => {
    if (isUpload(request.url)) done(null, payload);
    else done(new AppError('unexpectedFileContent', 'this path takes no file'), undefined);
  });
}
