import { Logger, Module, type INestApplication } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RpcRolesGuard } from '@portal/auth';
import { BusModule, BusServer, InProcessTransport, type BusTransport } from '@portal/bus';
import { Db } from '@portal/db';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { AuthServiceModule, seedAuthDemo } from '@portal/service-auth';
import { configureGateway, fastifyAdapter, GatewayModule } from '@portal/service-gateway';

/** The service modules the all-in-one process hosts, with their demo seeds in dependency order. */
const SERVICES = [
  { name: 'admin', module: AdminServiceModule, seed: seedAdminDemo },
  { name: 'auth', module: AuthServiceModule, seed: seedAuthDemo },
];

export interface PortalOptions {
  port?: number;
  host?: string;
  demoData?: boolean;
  transport?: BusTransport;
}

/**
 * All-in-one: one process hosting the gateway and every service on an in-process bus; each
 * service still has its own database (in the embedded cluster unless DATABASE_URL says otherwise).
 */
export async function startPortal(options: PortalOptions = {}): Promise<INestApplication> {
  const transport = options.transport ?? new InProcessTransport();
  @Module({
    imports: [BusModule.forTransport(transport), ...SERVICES.map((s) => s.module), GatewayModule],
    providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }],
  })
  class PortalRoot {}

  const app = await NestFactory.create<NestFastifyApplication>(PortalRoot, fastifyAdapter(), { bufferLogs: false, rawBody: true });
  await configureGateway(app);
  // The bus side shares the app's global guard and filter (APP_GUARD, APP_FILTER).
  app.connectMicroservice({ strategy: new BusServer(transport) }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  if (options.demoData) {
    // Each service module has its own Db: find it by service name.
    const dbs = app.get(Db, { strict: false, each: true });
    for (const { name, seed } of SERVICES) await seed(dbs.find((db) => db.service === name)!);
  }
  await app.listen(options.port ?? 3000, options.host ?? '0.0.0.0');
  return app;
}

/** Demo data loads unless disabled, and never in production. */
export function demoDataWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV === 'production') return false;
  return !['0', 'false', 'no'].includes(String(env.DEMO_DATA ?? '1').toLowerCase());
}

export function printWelcome(port: number, demo: boolean): void {
  const logger = new Logger('portal');
  const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [`Portal ready on ${url}  (API ${url}/api, OpenAPI ${url}/api/docs)`];
  if (demo) {
    lines.push('Demo logins (password Portal2026):');
    lines.push('  admin  ADMIN, everything');
    lines.push('  alice  every application, depositors DEMO-A and DEMO-B');
    lines.push('  bob    Pack and Go Tracer and My Stocks, DEMO-B only');
    lines.push('  carla  back office: users and depositors only');
  }
  for (const line of lines) logger.log(line);
}
