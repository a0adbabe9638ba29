import { Logger, Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { BusModule, BusServer, transportFromEnv, type BusTransport } from '@portal/bus';
import { collectProcessMetrics, PortalLogger, serveProbes, stopGracefullyOnSignals } from '@portal/ops';
import { RpcRolesGuard } from './roles';

/** The root module of one service running alone: the bus, the role guard, the service. */
export function serviceRoot(service: Type | DynamicModule, transport: BusTransport): DynamicModule {
  @Module({})
  class ServiceRoot {}
  return {
    module: ServiceRoot,
    imports: [BusModule.forTransport(transport), service],
    providers: [{ provide: APP_GUARD, useClass: RpcRolesGuard }],
  };
}

/**
 * Distributed mode: `node dist/services/<name>/main.js` serves one service on `NATS_URL`, with its
 * probes and metrics on `HEALTH_PORT` when set (GET /health/live, /health/ready, /metrics), logs
 * as LOG_FORMAT says, and a graceful stop on SIGTERM.
 */
export async function runServiceAlone(name: string, service: Type | DynamicModule): Promise<void> {
  Logger.overrideLogger(new PortalLogger(name));
  collectProcessMetrics();
  const logger = new Logger(name);
  if (!process.env.NATS_URL) logger.warn('NATS_URL is not set: serving on an in-process bus nobody else can reach');
  const transport = await transportFromEnv(`portal-${name}`);
  const app = await NestFactory.createMicroservice(serviceRoot(service, transport), {
    strategy: new BusServer(transport),
    bufferLogs: false,
    logger: new PortalLogger(name),
  });
  stopGracefullyOnSignals(app);
  await app.listen();
  logger.log(`service ${name} listening on ${transport.kind} bus`);
  const probePort = process.env.HEALTH_PORT;
  if (probePort) {
    await serveProbes(Number(probePort), process.env.HEALTH_HOST);
    logger.log(`probes and metrics on port ${probePort} (/health/live, /health/ready, /metrics)`);
  }
}
