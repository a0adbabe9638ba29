export * from './claims';
export * from './errors';
