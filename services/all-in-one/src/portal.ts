import {
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type INestApplication,
  type LoggerService,
  type LogLevel,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RpcRolesGuard } from '@portal/auth';
import { BusModule, BusServer, InProcessTransport, type BusTransport } from '@portal/bus';
import { Db } from '@portal/db';
import { setDemoProgress } from '@portal/ops';
import { AdminServiceModule, seedAdminDemo } from '@portal/service-admin';
import { AlertsServiceModule, ProjectionCatchUp, seedAlertsDemo } from '@portal/service-alerts';
import { AuthServiceModule, seedAuthDemo } from '@portal/service-auth';
import { ClaimsServiceModule, seedClaimsDemo } from '@portal/service-claims';
import { FeverServiceModule, seedFeverDemo } from '@portal/service-fever';
import { ReportsServiceModule, seedReportsDemo } from '@portal/service-reports';
import { HubyServiceModule, seedHubyDemo } from '@portal/service-huby';
import { seedStockDemo, StockServiceModule } from '@portal/service-stock';
import { seedTrackingDemo, TrackingServiceModule } from '@portal/service-tracking';
import { configureGateway, fastifyAdapter, GatewayModule } from '@portal/service-gateway';

export interface DemoOptions {
  /** Multiplies the volumes of the big demo data sets (orders, stock): 1 = full, tests use ~0.02. */
  scale: number;
  now: Date;
}

interface HostedService {
  name: string;
  module: unknown;
  /** `app` for seeds that go through their service's own flow and read other services over the bus. */
  seed: (db: Db, options: DemoOptions, app: INestApplication) => Promise<void>;
  /** Big data sets load after the portal is up, so a first start is usable at once. */
  background?: boolean;
  /** Runs once the background data sets listed before it are loaded (a projection of another service's demo data). */
  afterBackground?: (app: INestApplication) => Promise<void>;
}

/** Tells the background demo loading that the portal is stopping: no next set starts, and what a closing database cut short is not an error. */
@Injectable()
class DemoShutdown implements BeforeApplicationShutdown {
  stopping = false;
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }
}

/** The service modules the all-in-one process hosts, with their demo seeds in dependency order. */
const SERVICES: HostedService[] = [
  { name: 'admin', module: AdminServiceModule, seed: (db) => seedAdminDemo(db) },
  { name: 'auth', module: AuthServiceModule, seed: (db) => seedAuthDemo(db) },
  {
    name: 'tracking',
    module: TrackingServiceModule,
    seed: async (db, options) => void (await seedTrackingDemo(db, options)),
    background: true,
  },
  { name: 'stock', module: StockServiceModule, seed: seedStockDemo, background: true },
  { name: 'huby', module: HubyServiceModule, seed: seedHubyDemo },
  {
    name: 'alerts',
    module: AlertsServiceModule,
    seed: (db) => seedAlertsDemo(db),
    // Tracking's demo orders are written without events: the projection catches up once they are in.
    afterBackground: (app) =>
      app
        .get(ProjectionCatchUp)
        .run()
        .then(() => undefined),
  },
  // After tracking's demo orders (background seeds run in this order): the claims are on them.
  { name: 'claims', module: ClaimsServiceModule, seed: (db, _options, app) => seedClaimsDemo(db, app), background: true },
  { name: 'fever', module: FeverServiceModule, seed: seedFeverDemo, background: true },
  { name: 'reports', module: ReportsServiceModule, seed: seedReportsDemo, background: true },
];

export interface PortalOptions {
  port?: number;
  host?: string;
  /** Load the demo data (never in production, see demoDataWanted). */
  demo?: DemoOptions;
  transport?: BusTransport;
  /** The process's logger (main: JSON or text as LOG_FORMAT says), or the levels Nest's default prints (tests: errors only, no route table at start); Nest's default otherwise. */
  logger?: LoggerService | LogLevel[];
}

/**
 * All-in-one: one process hosting the gateway and every service on an in-process bus; each
 * service still has its own database (in the embedded cluster unless DATABASE_URL says otherwise).
 */
export async function startPortal(options: PortalOptions = {}): Promise<INestApplication> {
  const transport = options.transport ?? new InProcessTransport();
  @Module({
    imports: [BusModule.forTransport(transport), ...(SERVICES.map((s) => s.module) as never[]), GatewayModule],
    providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }, DemoShutdown],
  })
  class PortalRoot {}

  const app = await NestFactory.create<NestFastifyApplication>(PortalRoot, fastifyAdapter(), {
    bufferLogs: false,
    rawBody: true,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await configureGateway(app);
  // The bus side shares the app's global guard and filter (APP_GUARD, APP_FILTER).
  app.connectMicroservice({ strategy: new BusServer(transport) }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  const demo = options.demo;
  const seeds = demo ? seedsOf(app) : [];
  for (const { service, db } of seeds) if (!service.background) await service.seed(db, demo!, app);
  await app.listen(options.port ?? 3000, options.host ?? '0.0.0.0');
  const background = seeds.filter((s) => s.service.background || s.service.afterBackground);
  // The screens say what is still loading (GET /api/health/demo) instead of showing empty tiles.
  for (const { service } of background) if (service.background) setDemoProgress(service.name, 'waiting');
  if (background.length) void seedInBackground(background, demo!, app);
  return app;
}

/** Each service module has its own Db: found by service name. */
function seedsOf(app: INestApplication): { service: HostedService; db: Db }[] {
  const dbs = app.get(Db, { strict: false, each: true });
  return SERVICES.map((service) => ({ service, db: dbs.find((db) => db.service === service.name)! }));
}

/**
 * The background data sets in the list's order; a service's afterBackground runs as soon as the
 * background sets listed before it are in (the alerts' catch-up of tracking's orders does not wait
 * for the claims, the fever readings and the reports).
 */
async function seedInBackground(seeds: { service: HostedService; db: Db }[], demo: DemoOptions, app: INestApplication): Promise<void> {
  const logger = new Logger('demo');
  const shutdown = app.get(DemoShutdown);
  const failed = (what: string, e: unknown) =>
    shutdown.stopping
      ? logger.log(`${what} interrupted: the portal is stopping`)
      : logger.error(`${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  for (const { service, db } of seeds) {
    if (shutdown.stopping) return;
    const started = Date.now();
    if (service.background) {
      setDemoProgress(service.name, 'loading');
      try {
        await service.seed(db, demo, app);
        setDemoProgress(service.name, 'ready');
        logger.log(`${service.name} demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (e) {
        setDemoProgress(service.name, 'failed');
        failed(`${service.name} demo data`, e);
      }
    }
    if (service.afterBackground && !shutdown.stopping)
      await service.afterBackground(app).catch((e: unknown) => failed(`${service.name} after the demo data`, e));
  }
  // Benchmarks and operators wait for this line: from here the portal does only what its users ask.
  if (!shutdown.stopping) logger.log('every demo data set loaded');
}

/** Demo data loads unless disabled, and never in production. */
export function demoDataWanted(env: NodeJS.ProcessEnv = process.env): DemoOptions | undefined {
  if (env.NODE_ENV === 'production') return undefined;
  if (['0', 'false', 'no'].includes(String(env.DEMO_DATA ?? '1').toLowerCase())) return undefined;
  const scale = Number(env.DEMO_SCALE ?? 1);
  return { scale: Number.isFinite(scale) && scale > 0 ? scale : 1, now: new Date() };
}

export function printWelcome(port: number, demo: boolean): void {
  const logger = new Logger('portal');
  const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [`Portal ready on ${url}  (API ${url}/api, OpenAPI ${url}/api/docs)`];
  if (demo) {
    lines.push('Demo logins (password Portal2026):');
    lines.push('  admin  ADMIN, everything');
    lines.push('  alice  every application, depositors DEMO-A and DEMO-B');
    lines.push('  bob    Pack and Go Tracer, My Stocks, My VIP and My DOC, reports without money figures, DEMO-B only');
    lines.push('  carla  back office: users and depositors only');
    lines.push('  denis  tracking and stock, DEMO-A limited to activity ECOM and store MAG-MLV1');
  }
  for (const line of lines) logger.log(line);
}
