export * from './request-context';
export * from './logger';
export * from './metrics';
export * from './readiness';
export * from './probes';
export * from './shutdown';
export * from './outbound';
export * from './sealed-secrets';
