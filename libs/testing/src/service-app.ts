import type { INestMicroservice, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { RpcRolesGuard } from '@portal/auth';
import { BusClient, BusModule, BusServer, InProcessTransport, type BusTransport } from '@portal/bus';
import type { CallerContext } from '@portal/contracts';
import { dropDatabases, freshDatabaseBase } from './database';

export interface ServiceHarness {
  app: INestMicroservice;
  transport: BusTransport;
  bus: BusClient;
  /** Sends a request as this caller and returns the unwrapped reply (or throws AppError); `timeoutMs` as the gateway gives that subject. */
  call<T>(subject: string, ctx: CallerContext, data?: unknown, timeoutMs?: number): Promise<T>;
  get<T>(type: { prototype: T } | symbol | string): T;
  close(): Promise<void>;
}

/**
 * Starts service modules on their own fresh databases (on the test run's PostgreSQL) behind an
 * in-process bus, the way the all-in-one process hosts them.
 */
export async function startServices(modules: Type[], transport: BusTransport = new InProcessTransport()): Promise<ServiceHarness> {
  const base = freshDatabaseBase();
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = base;
  const moduleRef = await Test.createTestingModule({
    imports: [BusModule.forTransport(transport), ...modules],
    providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }],
  }).compile();
  const app = moduleRef.createNestMicroservice({ strategy: new BusServer(transport) });
  app.useLogger(['error']);
  await app.listen();
  if (previous === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previous;
  const bus = app.get(BusClient);
  return {
    app,
    transport,
    bus,
    call: <T>(subject: string, ctx: CallerContext, data: unknown = {}, timeoutMs?: number) => bus.request<T>(subject, ctx, data, timeoutMs),
    get: <T>(type: { prototype: T } | symbol | string) => app.get<T>(type as Type<T>),
    close: async () => {
      await app.close();
      await dropDatabases(base);
    },
  };
}
