import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusModule, transportFromEnv } from '@portal/bus';
import { PortalLogger, stopGracefullyOnSignals } from '@portal/ops';
import { GatewayModule } from './gateway.module';
import { configureGateway, fastifyAdapter } from './http/bootstrap';

/** Distributed mode: the gateway alone, talking to the services over NATS. */
async function main(): Promise<void> {
  Logger.overrideLogger(new PortalLogger('gateway'));
  const transport = await transportFromEnv('portal-gateway');
  @Module({ imports: [BusModule.forTransport(transport), GatewayModule] })
  class GatewayRoot {}
  const app = await NestFactory.create<NestFastifyApplication>(GatewayRoot, fastifyAdapter(), {
    bufferLogs: false,
    rawBody: true,
    logger: new PortalLogger('gateway'),
  });
  await configureGateway(app);
  stopGracefullyOnSignals(app, { httpServers: () => [app.getHttpServer()] });
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port, process.env.HOST ?? '0.0.0.0');
  new Logger('gateway').log(`gateway on http://localhost:${port}/api (bus: ${transport.kind})`);
}

void main();
