export * from './transport';
export * from './in-process.transport';
export * from './nats.transport';
export * from './bus.server';
export * from './bus.client';
export * from './bus.module';
export * from './errors';
export * from './outbox';
