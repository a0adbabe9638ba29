import fs from 'node:fs';
import path from 'node:path';
import { Logger, type INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AppError, CLIENT_KEY_RIGHT_NAMES, CLIENT_KEY_RIGHTS, PUBLIC_TRACKING_PATH } from '@portal/contracts';
import { collectProcessMetrics } from '@portal/ops';
import type { FastifyInstance } from 'fastify';
import { requestIdOf, useOperations } from '../health/operations';
import { envelopeClientErrors, refuseNulInUrls, useJsonBodyParser, useRawUploads } from './hostile-input';
import { LOGO_UPLOAD } from '../admin-reference/admin-reference.dto';
import { DATA_IMPORT_UPLOAD } from '../admin-reference/data-import.controller';
import { CLAIM_ATTACHMENT_UPLOAD } from '../claims/claims.controller';
import { FEVER_PLAN_IMAGE_UPLOAD } from '../fever/fever.controller';
import { PUBLIC_TRACKING_ROUTES } from '../public-tracking/public-tracking.controller';
import { IMPORT_UPLOAD_PATH } from '../huby/import.controller';
import { useSecurityHeaders } from './security-headers';
import { portalValidationPipe } from './validation';

export const API_PREFIX = 'api';
const FEED_BODY_LIMIT = 64 * 1024 * 1024;

export function fastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
    bodyLimit: 5 * 1024 * 1024,
    logger: false,
    // Fastify's own per-request log lines go nowhere (logger off) but still cost a call each way.
    disableRequestLogging: true,
    genReqId: requestIdOf,
  });
}

/** Everything the HTTP side needs besides routes: prefix, validation, OpenAPI, web app, 404s. */
export async function configureGateway(app: NestFastifyApplication): Promise<void> {
  // The recipients' tracking page lives at /suivi/<token>, outside the API (the links in mails stay short).
  app.setGlobalPrefix(API_PREFIX, { exclude: PUBLIC_TRACKING_ROUTES });
  app.useGlobalPipes(portalValidationPipe());
  setupOpenApi(app);
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  useOperations(fastify);
  collectProcessMetrics();
  useJsonBodyParser(app.getHttpAdapter() as FastifyAdapter, (url) => url.startsWith(`/${API_PREFIX}/feed/`));
  // A NUL in a tracking link is one more malformed token: its page answers it like an unknown one.
  refuseNulInUrls(fastify, (url) => !url.startsWith(`${PUBLIC_TRACKING_PATH}/`));
  useRawUploads(fastify, (url) => {
    const path = url.split('?')[0];
    return (
      path === IMPORT_UPLOAD_PATH ||
      DATA_IMPORT_UPLOAD.test(path) ||
      CLAIM_ATTACHMENT_UPLOAD.test(path) ||
      LOGO_UPLOAD.test(path) ||
      FEVER_PLAN_IMAGE_UPLOAD.test(path)
    );
  });
  envelopeClientErrors(fastify.server);
  // Machine feeds send whole snapshots (50,000 stock lines is ~15 MB of JSON); users' calls keep 5 MB.
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith(`/${API_PREFIX}/feed/`)) route.bodyLimit = FEED_BODY_LIMIT;
  });
  useSecurityHeaders(fastify, (url) => url.startsWith(`/${API_PREFIX}/`));
  // Unknown API paths answer the error envelope, never the web app.
  fastify.all(`/${API_PREFIX}/*`, async (_request, reply) => {
    const error = new AppError('pageNotFound', 'no such API path');
    return reply.status(error.status).send(error.toBody());
  });
  await serveWebApp(app, fastify);
}

function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Depositor portal API')
    .setDescription(
      'Logistics customer portal: spec §7 calls and react-admin resources. Errors: { error: { key, message, params, fields } }.',
    )
    .setVersion('1')
    .addBearerAuth()
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A client key of Settings > Intégrations' },
      CLIENT_KEY_SCHEME,
    )
    .build();
  const document = markClientKeyRoutes(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });
}

const CLIENT_KEY_SCHEME = 'clientKey';

/**
 * The operations a depositor's client key may call (CLIENT_KEY_RIGHTS, issue 35): `x-client-key: true`,
 * the right they need, the key as a second way in, and on the first one an example request.
 */
export function markClientKeyRoutes(document: OpenAPIObject): OpenAPIObject {
  let example = true;
  for (const right of CLIENT_KEY_RIGHT_NAMES) {
    for (const route of CLIENT_KEY_RIGHTS[right].routes) {
      const [method, pattern] = route.split(' ');
      const operation = document.paths[pattern.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get' | 'post'];
      // A route the table names but the gateway does not serve opens nothing (api-keys.test.ts compares both).
      if (!operation) {
        new Logger('OpenAPI').warn(`CLIENT_KEY_RIGHTS names ${route}, which the gateway does not serve`);
        continue;
      }
      const extended = operation as typeof operation & Record<string, unknown>;
      extended['x-client-key'] = true;
      extended['x-client-key-right'] = right;
      operation.security = [...(operation.security ?? [{ bearer: [] }]), { [CLIENT_KEY_SCHEME]: [] }];
      if (example) {
        extended['x-codeSamples'] = [
          {
            lang: 'curl',
            label: 'Client key',
            source: `curl -H 'X-Api-Key: pk_client_…' '${pattern.replace(/:(\w+)/g, '{$1}')}?range=%5B0%2C49%5D'`,
          },
        ];
        example = false;
      }
    }
  }
  return document;
}

/** Serves the built web app (web/dist) with an index.html fallback for its browser routes. */
async function serveWebApp(app: NestFastifyApplication, fastify: FastifyInstance): Promise<void> {
  const root = path.resolve(process.env.WEB_DIST ?? path.join(process.cwd(), 'web', 'dist'));
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    new Logger('Gateway').warn(`no web build at ${root}: API only (run npm run build:web)`);
    return;
  }
  await app.register(import('@fastify/static') as never, {
    root,
    wildcard: false,
    index: false,
    // Called with the Fastify reply: hashed assets are immutable, everything else is revalidated.
    setHeaders: (reply: { header(name: string, value: string): void }, file: string) => {
      reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index);
  fastify.get('/*', async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html));
}
