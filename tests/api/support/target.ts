import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { withDatabase } from '@portal/db';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import request from 'supertest';
import { startSmtp, type ReceivedMail } from '../../support/smtp';
import { Deployment } from './distributed';

export interface ApiTarget {
  url: string;
  /** The separate processes when the run is distributed (API_MODE=distributed), to stop and restart. */
  deployment?: Deployment;
  /** Where mails arrive (a real SMTP server started by the test). */
  mailbox: ReceivedMail[];
  /** The connection URL of a service's own database, for test set-up a real operator would do by hand. */
  databaseUrl(service: string): string;
  close(): Promise<void>;
}

export interface TargetOptions {
  /**
   * Distributed mode: the deployment this jest worker's files share (tests/support/worker-environment.js)
   * rather than one of the file's own; `close()` leaves it up for the next file. For a file that sets no
   * environment of its own, stops no process, and reads only what it makes or finds (never a count of
   * everything, never a limit per address that another file may have spent). All-in-one: ignored — the
   * app would go on running in the first file's module registry, which jest tears down after it (tried:
   * its database clients lose their sockets).
   */
  shared?: boolean;
}

/**
 * The portal under test, with demo data and its own databases: all-in-one in this process, or,
 * with API_MODE=distributed, gateway, auth and admin as separate processes on NATS.
 */
export async function startTarget(options: TargetOptions = {}): Promise<ApiTarget> {
  if (process.env.API_MODE === 'distributed' && options.shared) return sharedTarget();
  const smtp = await startSmtp();
  if (process.env.API_MODE === 'distributed') {
    const deployment = await Deployment.start(smtp.url);
    return {
      url: deployment.url,
      deployment,
      mailbox: smtp.mails,
      databaseUrl: (service) => deployment.databaseUrl(service),
      close: async () => {
        await deployment.close();
        await smtp.close();
      },
    };
  }
  const base = freshDatabaseBase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-'));
  Object.assign(process.env, {
    WEB_DIST: fakeWebBuild(dataDir),
    DATABASE_URL: base,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://portal.test',
    RATE_LIMIT_MULTIPLIER: '100',
    OUTBOX_INTERVAL_MS: '100',
    HUBY_CARRIER_EVENTS_INTERVAL_MS: '300',
    USAGE_FLUSH_MS: '300',
  });
  const { startPortal } = await import('@portal/service-all-in-one');
  // Errors only, from the start: the route table Nest logs at each start was 250 lines of every file's output.
  const app: INestApplication = await startPortal({
    port: 0,
    host: '127.0.0.1',
    demo: { scale: 0.01, now: new Date() },
    logger: ['error'],
  });
  const address = app.getHttpServer().address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    mailbox: smtp.mails,
    databaseUrl: (service) => serviceDatabaseUrl(base, service),
    close: async () => {
      await app.close();
      await smtp.close();
      await dropDatabases(base);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The worker's shared distributed target, started by the first file that asks. Each file gets the
 * mailbox emptied (mails are told apart by the time they came and their recipient, but a file should
 * not find another's). Its processes are written down for the run's global teardown.
 */
async function sharedTarget(): Promise<ApiTarget> {
  const registry = (globalThis as { __WORKER_SHARED__?: Map<string, unknown> }).__WORKER_SHARED__;
  if (!registry) throw new Error('startTarget({ shared: true }) needs the worker environment (jest.config.js, api-distributed)');
  let pending = registry.get('target') as Promise<ApiTarget> | undefined;
  if (!pending) {
    pending = startTarget().then((target) => {
      const deployment = target.deployment!;
      (registry.get('onExit') as (() => void)[]).push(() => deployment.killNow());
      const file = path.join(os.tmpdir(), `portal-shared-${process.env.PORTAL_TEST_RUN}-${process.pid}.json`);
      fs.writeFileSync(file, JSON.stringify(deployment.leftovers));
      return target;
    });
    registry.set('target', pending);
    // A start that failed is tried again by the next file rather than failing every one.
    pending.catch(() => registry.delete('target'));
  }
  const target = await pending;
  target.mailbox.length = 0;
  return { ...target, close: async () => undefined };
}

/** `<base>_<service>` on the base's server: the database of one service (libs/db naming). */
export function serviceDatabaseUrl(base: string, service: string): string {
  return withDatabase(base, `${new URL(base).pathname.slice(1)}_${service}`);
}

/** A tiny web build (index.html and one hashed asset) for the gateway to serve. */
export function fakeWebBuild(dir: string): string {
  const root = path.join(dir, 'web');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Portail</title><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log("portal");');
  return root;
}

export const DEMO_PASSWORD = 'Portal2026';

/** A supertest parser that keeps the answer's bytes: `.buffer(true).parse(asBytes)`, then `res.body` is a Buffer. */
export function asBytes(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * A call as a well-behaved client makes it: an answer shed by a service's turns (503 with Retry-After,
 * several password checks at once on a loaded machine) is asked again after the time it says, at most twice.
 */
export async function unshed(send: () => request.Test): Promise<request.Response> {
  let res = await send();
  for (let retry = 0; retry < 2 && res.status === 503 && res.headers['retry-after']; retry++) {
    await new Promise((r) => setTimeout(r, Number(res.headers['retry-after']) * 1000 * (1 + Math.random())));
    res = await send();
  }
  return res;
}

/** A logged-in demo user: supertest agent bound to the target with the bearer token. */
export async function loginAs(target: ApiTarget, login: string, password = DEMO_PASSWORD) {
  const res = await unshed(() => request(target.url).post('/api/auth/login').send({ login, password }));
  if (res.status !== 200) throw new Error(`login ${login}: ${res.status} ${JSON.stringify(res.body)}`);
  const token: string = res.body.token;
  const auth = { Authorization: `Bearer ${token}` };
  return {
    token,
    user: res.body.user as { uuid: string; login: string; roles: string[] },
    get: (p: string) => request(target.url).get(p).set(auth),
    post: (p: string, body?: object) =>
      request(target.url)
        .post(p)
        .set(auth)
        .send(body ?? {}),
    put: (p: string, body?: object) =>
      request(target.url)
        .put(p)
        .set(auth)
        .send(body ?? {}),
    delete: (p: string) => request(target.url).delete(p).set(auth),
  };
}
