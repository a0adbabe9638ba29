import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RpcRolesGuard } from '@portal/auth';
import { BusModule, BusServer, InProcessTransport } from '@portal/bus';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { AuthServiceModule, DEMO_PASSWORD, seedAuthDemo } from '@portal/service-auth';
import { dropDatabases, freshDatabaseBase } from '@portal/testing';
import request from 'supertest';
import { GatewayModule } from '../src/gateway.module';
import { configureGateway, fastifyAdapter } from '../src/http/bootstrap';

export interface HttpApp {
  app: NestFastifyApplication;
  url: string;
  /** Each service has its own Db: pick it by service name. */
  dbOf(service: string): Db;
  /** A demo user signed in once (token kept), with requests that carry the bearer token. */
  as(login: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  token: string;
  get(path: string): request.Test;
  post(path: string, body?: object): request.Test;
  put(path: string, body?: object): request.Test;
  delete(path: string): request.Test;
}

/**
 * The gateway over HTTP with auth, admin and the given service and HTTP modules, on an in-process
 * bus and fresh databases, with the admin and auth demo data: what the gateway specs test against.
 */
export async function startHttpApp(modules: (Type | DynamicModule)[]): Promise<HttpApp> {
  const saved = { ...process.env };
  const base = freshDatabaseBase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-http-'));
  Object.assign(process.env, { DATABASE_URL: base, DATA_DIR: dataDir, JWT_SECRET: 'gateway-http-spec', WEB_DIST: dataDir });
  delete process.env.SMTP_URL;
  const transport = new InProcessTransport();
  @Module({
    imports: [BusModule.forTransport(transport), AdminServiceModule, AuthServiceModule, ...modules, GatewayModule],
    providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }],
  })
  class Root {}
  const app = await NestFactory.create<NestFastifyApplication>(Root, fastifyAdapter(), { logger: ['error'], rawBody: true });
  await configureGateway(app);
  // inheritAppConfig: the bus side gets the global RpcRolesGuard and error filter too (without it
  // a hybrid app answers AppErrors as 500 and skips the service-side role check).
  app.connectMicroservice({ strategy: new BusServer(transport) }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  const dbOf = (service: string) => app.get(Db, { each: true }).find((db) => db.service === service)!;
  await seedAdminDemo(dbOf('admin'));
  await seedAuthDemo(dbOf('auth'));
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const tokens = new Map<string, string>();
  const as = async (login: string): Promise<SignedIn> => {
    let token = tokens.get(login);
    if (!token) {
      token = (await request(url).post('/api/auth/login').send({ login, password: DEMO_PASSWORD }).expect(200)).body.token as string;
      tokens.set(login, token);
    }
    const auth = { Authorization: `Bearer ${token}` };
    return {
      token,
      get: (p) => request(url).get(p).set(auth),
      post: (p, body = {}) => request(url).post(p).set(auth).send(body),
      put: (p, body = {}) => request(url).put(p).set(auth).send(body),
      delete: (p) => request(url).delete(p).set(auth),
    };
  };
  return {
    app,
    url,
    dbOf,
    as,
    close: async () => {
      await app.close();
      await dropDatabases(base);
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.env = saved;
    },
  };
}
