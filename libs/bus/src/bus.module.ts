import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { BusClient } from './bus.client';
import { PortalExceptionFilter } from './errors';
import { InProcessTransport } from './in-process.transport';
import { NatsTransport } from './nats.transport';
import { BUS_TRANSPORT, type BusTransport } from './transport';

@Injectable()
class TransportCloser implements OnApplicationShutdown {
  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/** The bus for a whole Nest application: one transport, the client, and the error envelope filter. */
@Global()
@Module({})
export class BusModule {
  static forTransport(transport: BusTransport): DynamicModule {
    return {
      module: BusModule,
      providers: [
        { provide: BUS_TRANSPORT, useValue: transport },
        BusClient,
        TransportCloser,
        { provide: APP_FILTER, useClass: PortalExceptionFilter },
      ],
      exports: [BUS_TRANSPORT, BusClient],
    };
  }
}

/** NATS when `NATS_URL` is set, otherwise the in-process transport. */
export async function transportFromEnv(name: string): Promise<BusTransport> {
  const url = process.env.NATS_URL;
  if (!url) return new InProcessTransport();
  return NatsTransport.connect({
    url,
    name,
    namespace: process.env.NATS_NAMESPACE || undefined,
    stream: process.env.NATS_STREAM || undefined,
  });
}
